"""Inline details of PDF text, on pages drawn with PyMuPDF at test time: spaces
at visible gaps between spans, math letters, footnote marks, fractions set
between lines, display equations, caption tails, front-matter labels and
hyphenated compounds."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pymupdf

from engine.document import ParagraphKind
from engine.document.pdf.load import load_pdf
from engine.document.pdf.lines import fold_math, page_lines
from engine.document.pdf.text import join_lines
from tests.pdf_factory import make_paper_pdf, sample_paragraph

SIZE = 10.0
LEAD = 12.0
_FONTS = {name: pymupdf.Font(name) for name in ("tiro", "tiit", "tibo")}


def _width(text: str, font: str = "tiro", size: float = SIZE) -> float:
    return _FONTS[font].text_length(text, fontsize=size)


def _runs(page: pymupdf.Page, x: float, y: float, runs: list[tuple[str, str, float, float]]) -> None:
    """Draw runs of (text, font, size, rise) left to right, each after a gap
    given by its leading spaces' count times a quarter em, with no space drawn."""
    for text, font, size, rise in runs:
        gap = (len(text) - len(text.lstrip(" "))) * 0.3 * SIZE
        x += gap
        page.insert_text((x, y - rise), text.lstrip(" "), fontname=font, fontsize=size)
        x += _width(text.lstrip(" "), font, size)


def _column(page: pymupdf.Page, x: float, y: float, width: float, text: str) -> float:
    """Set ``text`` as justified-left lines in a column; return the next baseline."""
    line: list[str] = []
    for word in text.split():
        if line and _width(" ".join(line + [word])) > width:
            page.insert_text((x, y), " ".join(line), fontname="tiro", fontsize=SIZE)
            y += LEAD
            line = []
        line.append(word)
    if line:
        page.insert_text((x, y), " ".join(line), fontname="tiro", fontsize=SIZE)
        y += LEAD
    return y


def _lines_of(page: pymupdf.Page) -> list[str]:
    data = page.get_text("dict", flags=pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_MEDIABOX_CLIP)
    return [ln.text for ln in page_lines(data, 1).lines]


def test_visible_gap_between_spans_is_a_space_and_touching_spans_stay_one_word() -> None:
    doc = pymupdf.open()
    page = doc.new_page()
    _runs(page, 72, 100, [("Where", "tiro", SIZE, 0), (" i", "tiit", SIZE, 0), (" is the type", "tiro", SIZE, 0)])
    _runs(page, 72, 130, [("Sci", "tiro", SIZE, 0), ("BERT", "tiit", SIZE, 0), (" works", "tiro", SIZE, 0)])
    _runs(page, 72, 160, [("the value", "tiro", SIZE, 0), (" f", "tiit", SIZE, 0), ("(x)", "tiro", SIZE, 0),
                          (" holds", "tiro", SIZE, 0)])
    lines = _lines_of(page)
    assert "Where i is the type" in lines
    assert "SciBERT works" in lines
    assert "the value f(x) holds" in lines


def test_raised_footnote_mark_after_a_word_is_dropped_but_exponents_stay() -> None:
    doc = pymupdf.open()
    page = doc.new_page()
    _runs(page, 72, 100, [("corpus is sourced", "tiro", SIZE, 0), ("1", "tiro", 7.0, 3.5),
                          (" from papers", "tiro", SIZE, 0)])
    _runs(page, 72, 130, [("We use S2ORC,", "tiro", SIZE, 0), ("2", "tiro", 7.0, 3.5),
                          (" a corpus", "tiro", SIZE, 0)])
    _runs(page, 72, 160, [("about 10", "tiro", SIZE, 0), ("6", "tiro", 7.0, 3.5), (" tokens", "tiro", SIZE, 0)])
    lines = _lines_of(page)
    assert "corpus is sourced from papers" in lines
    assert "We use S2ORC, a corpus" in lines
    assert "about 106 tokens" in lines  # a raised digit after a digit is an exponent


def test_raised_number_is_an_exponent_after_a_variable_or_where_footnotes_have_other_numbers() -> None:
    # charmcc (svjour3, Times): "at low Q²" and "100 GeV²" read "at low Q", "100 GeV"
    doc = pymupdf.open()
    page = doc.new_page()
    _runs(page, 72, 100, [("at low", "tiro", SIZE, 0), (" Q", "tiit", SIZE, 0), ("2", "tiro", 7.0, 3.5),
                          (" the schemes", "tiro", SIZE, 0)])
    _runs(page, 72, 130, [("scale of 100 GeV", "tiro", SIZE, 0), ("2", "tiro", 7.0, 3.5), (" and", "tiro", SIZE, 0)])
    _runs(page, 72, 160, [("the framework", "tiro", SIZE, 0), ("3", "tiro", 7.0, 3.5), (" is open", "tiro", SIZE, 0)])
    _runs(page, 72, 700, [("3", "tiro", 6.0, 3.0), ("https://example.org/framework", "tiro", 8.0, 0)])
    lines = _lines_of(page)
    assert "at low Q2 the schemes" in lines
    assert "scale of 100 GeV2 and" in lines  # the page's footnote is 3, not 2
    assert "the framework is open" in lines  # its footnote's mark


def test_raised_citation_numbers_after_a_word_are_marks_where_footnotes_have_other_numbers() -> None:
    # AIP's REVTeX cites with raised numbers: "a finite external field²³", "that characterize it²⁴⁻²⁹" (an en dash
    # there; the base-14 font draws none, so a hyphen here)
    doc = pymupdf.open()
    page = doc.new_page()
    _runs(page, 72, 100, [("at a finite external field", "tiro", SIZE, 0), ("23", "tiro", 7.0, 3.5),
                          (". There are", "tiro", SIZE, 0)])
    _runs(page, 72, 130, [("that characterize it", "tiro", SIZE, 0), ("24-29", "tiro", 7.0, 3.5),
                          (", the existence", "tiro", SIZE, 0)])
    _runs(page, 72, 160, [("scale of 100 GeV", "tiro", SIZE, 0), ("2", "tiro", 7.0, 3.5), (" and", "tiro", SIZE, 0)])
    _runs(page, 72, 700, [("3", "tiro", 6.0, 3.0), ("Also at Example University", "tiro", 8.0, 0)])
    lines = _lines_of(page)
    assert "at a finite external field. There are" in lines
    assert "that characterize it, the existence" in lines
    assert "scale of 100 GeV2 and" in lines  # a unit's exponent, as before


def test_math_alphanumerics_fold_to_plain_letters() -> None:
    assert fold_math("𝑃𝑖 and 𝜔(𝑃0) ≤ Δ𝑊") == "Pi and ω(P0) ≤ ΔW"


def _two_paragraph_page(tmp_path: Path, middle: "callable") -> Path:
    """One column: a body paragraph, something drawn by ``middle``, another paragraph."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 60), "A Test Paper About Layout", fontname="tibo", fontsize=16)
    page.insert_text((72, 90), "1 Introduction", fontname="tibo", fontsize=12)
    y = _column(page, 72, 110, 468, sample_paragraph(3, 90))
    y = middle(page, y + 4)
    _column(page, 72, y + 4, 468, sample_paragraph(4, 90))
    path = tmp_path / "page.pdf"
    doc.save(path)
    return path


def test_inline_fraction_between_lines_stays_in_its_paragraph(tmp_path: Path) -> None:
    def middle(page: pymupdf.Page, y: float) -> float:
        first = "Given this, the worst case relative error caused by removing a probe is e(P) ="
        page.insert_text((72, y), first, fontname="tiro", fontsize=SIZE)
        # \frac{w(P)}{m} starting the next line: numerator and denominator set small
        page.insert_text((72, y + 0.45 * LEAD), "w(P)", fontname="tiit", fontsize=7)
        page.insert_text((74, y + LEAD + 3), "m", fontname="tiit", fontsize=7)
        rest = ". By repeating the process for all graphs we bound the final error of the method."
        page.insert_text((74.5 + _width("m", "tiit", 7), y + LEAD), rest, fontname="tiro", fontsize=SIZE)
        return y + 2 * LEAD

    doc = load_pdf(_two_paragraph_page(tmp_path, middle))
    kinds = [p.kind for p in doc.paragraphs]
    assert ParagraphKind.EQUATION not in kinds
    text = next(p.text for p in doc.paragraphs if "worst case relative error" in p.text)
    assert "By repeating the process" in text
    assert "w(P) m. By repeating" in text


def test_centred_formula_and_numbered_formula_are_equations(tmp_path: Path) -> None:
    def middle(page: pymupdf.Page, y: float) -> float:
        formula = "Work Efficiency = W / t"
        page.insert_text((306 - _width(formula) / 2, y + 6), formula, fontname="tiro", fontsize=SIZE)
        page.insert_text((72, y + 6 + 2 * LEAD), "where W is the work done in a period of time t.",
                         fontname="tiro", fontsize=SIZE)
        numbered = "S = 2 J C / (J + C)"
        yy = y + 6 + 4 * LEAD
        page.insert_text((306 - _width(numbered) / 2, yy), numbered, fontname="tiro", fontsize=SIZE)
        page.insert_text((540 - _width("(3)"), yy), "(3)", fontname="tiro", fontsize=SIZE)
        return yy + 2 * LEAD

    doc = load_pdf(_two_paragraph_page(tmp_path, middle))
    by_text = {p.text: p.kind for p in doc.paragraphs}
    assert by_text["Work Efficiency = W / t"] is ParagraphKind.EQUATION
    assert any(k is ParagraphKind.EQUATION and t.startswith("S = 2 J C") for t, k in by_text.items())
    assert by_text["where W is the work done in a period of time t."] is ParagraphKind.BODY


def test_keywords_line_is_front_matter(tmp_path: Path) -> None:
    path = tmp_path / "kw.pdf"
    make_paper_pdf(path, abstract=sample_paragraph(0, 70), keywords="Iterative Compilation, Profiling",
                   sections=[("Introduction", [sample_paragraph(1, 80)])])
    doc = load_pdf(path)
    kw = next(p for p in doc.paragraphs if p.text.startswith("Keywords"))
    assert kw.kind is ParagraphKind.OTHER
    assert "Keywords" not in doc.abstract


def test_caption_tail_under_a_wide_figure_is_not_a_continuation(tmp_path: Path) -> None:
    """A paragraph open at the foot of page 1's right column goes on below page 2's
    figure; the short last line of the figure's full-width caption stays with it."""
    doc = pymupdf.open()
    opening = sample_paragraph(5, 400).rstrip(".")
    p1 = doc.new_page()
    p1.insert_text((72, 60), "A Test Paper About Floats", fontname="tibo", fontsize=16)
    y = _column(p1, 72, 100, 224, sample_paragraph(6, 280))
    words = opening.split()
    # fill the right column with the opening paragraph, cut mid-sentence
    y, cut = 100.0, 0
    line: list[str] = []
    while cut < len(words) and y < 720:
        if line and _width(" ".join(line + [words[cut]])) > 224:
            p1.insert_text((316, y), " ".join(line), fontname="tiro", fontsize=SIZE)
            y, line = y + LEAD, []
        line.append(words[cut])
        cut += 1
    p1.insert_text((316, y), " ".join(line), fontname="tiro", fontsize=SIZE)
    rest = " ".join(words[cut:]) + " frequency estimates are then compared."
    p2 = doc.new_page()
    for i, label in enumerate(("1.0", "0.8", "0.6", "0.4")):
        p2.insert_text((90, 80 + 14 * i), label, fontname="tiro", fontsize=7)
    p2.draw_rect(pymupdf.Rect(100, 72, 520, 130), width=0.5)
    caption = ("Correlation coefficients between the work metric and the execution time of the "
               "unoptimized version")
    _runs(p2, 72, 150, [("Figure 2.", "tibo", SIZE, 0), ("  " + caption, "tiro", SIZE, 0)])
    p2.insert_text((72, 150 + LEAD), "for each benchmark.", fontname="tiro", fontsize=SIZE)
    y = _column(p2, 72, 200, 224, rest)
    y = _column(p2, 72, y + 4, 224, sample_paragraph(7, 120))
    _column(p2, 316, 200, 224, sample_paragraph(8, 250))
    path = tmp_path / "floats.pdf"
    doc.save(path)
    loaded = load_pdf(path)
    para = next(p for p in loaded.paragraphs if p.text.startswith(opening[:40]))
    assert para.text.endswith("frequency estimates are then compared.")
    assert "for each benchmark" not in para.text
    cap = next(p for p in loaded.paragraphs if p.text.startswith("Figure 2."))
    assert cap.kind is ParagraphKind.CAPTION
    assert cap.text.endswith("unoptimized version for each benchmark.")


def test_complete_word_before_a_line_end_hyphen_keeps_it() -> None:
    vocab: Counter[str] = Counter()
    assert join_lines(["were automatically-", "detected in text"], vocab) == "were automatically-detected in text"
    assert join_lines(["a publicly-", "available corpus"], vocab) == "a publicly-available corpus"
    assert join_lines(["a well-", "known result"], vocab) == "a well-known result"
    # the old rules still hold
    assert join_lines(["an exam-", "ple of it"], vocab) == "an example of it"
    assert join_lines(["it is high-", "ly rated"], vocab) == "it is highly rated"
    assert join_lines(["when supply-", "ing data"], vocab) == "when supplying data"
    assert join_lines(["a poly-", "nomial"], vocab) == "a polynomial"
