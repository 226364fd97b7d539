"""No text is lost: every word of a synthetic paper's body comes back, in
order, and nothing else lands in the body (headers, page and line numbers,
footnotes stay out of it)."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from engine.document.model import ParagraphKind
from engine.document.pdf.load import load_pdf
from engine.document.pdf.layout import column_gutters, page_segments
from engine.document.pdf.lines import Line, PageText
from engine.revision.synthetic import TextMaker
from tests.pdf_factory import make_paper_pdf, sample_paragraph

HEADINGS = ["Introduction", "Related Work", "Method", "Experiments", "Analysis", "Conclusion"]


def _words(texts: list[str]) -> list[str]:
    """The words, hyphens left out: whether "maic-" + "end" is one word or a
    compound is a guess for made-up words (the hyphenation tests cover it)."""
    return [w for t in texts for w in re.sub(r"\s+", " ", t.replace("-", "")).split()]


def _body_words(path: Path) -> list[str]:
    doc = load_pdf(path)
    return _words([p.text for p in doc.body() if p.section[:1] != ("Abstract",)])


def _first_difference(got: list[str], want: list[str]) -> str:
    i = next((k for k, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
    return f"at word {i}: got {' '.join(got[i:i + 8])!r}, want {' '.join(want[i:i + 8])!r}"


def _random_paper(seed: int) -> tuple[dict, list[tuple[str, list[str]]]]:
    """Options and sections of one random paper; paragraphs of 1 to 6 sentences."""
    rng = random.Random(seed)
    maker = TextMaker(seed)
    sections = []
    for title in HEADINGS[: rng.randint(2, len(HEADINGS))]:
        paragraphs = []
        for _ in range(rng.randint(1, 5)):
            n = rng.choice([1, 2, 3, 4, 6])
            paragraphs.append(" ".join(maker.sentence() for _ in range(n)))
        sections.append((title, paragraphs))
    options = {
        "columns": rng.choice([1, 2]),
        "running_header": rng.choice([None, "Preprint. Under review.", "Proceedings of a Workshop 2024"]),
        "page_numbers": rng.random() < 0.7,
        "line_numbers": rng.random() < 0.4,
        "footnotes": {1: "Code and data: an anonymous repository."} if rng.random() < 0.4 else None,
        "body_size": rng.choice([9.5, 10.0, 10.5, 11.0]),
        "abstract": sample_paragraph(seed, 60) if rng.random() < 0.6 else None,
    }
    return options, sections


@pytest.mark.parametrize("seed", [*range(12), 43])  # 43: one page, one line in the right column
def test_random_papers_keep_every_body_word(seed: int, tmp_path: Path) -> None:
    options, sections = _random_paper(seed)
    path = tmp_path / "paper.pdf"
    make_paper_pdf(path, sections=sections, **options)
    got = _body_words(path)
    want = _words([t for _, paragraphs in sections for t in paragraphs])
    assert got == want, (options, _first_difference(got, want))


def test_short_continuation_in_the_last_column_is_kept(tmp_path: Path) -> None:
    # the last paragraph runs over into the right column of the last page by
    # two lines: too little text there for the page alone to show two columns
    last = sample_paragraph(4, 96)
    sections = [
        ("Introduction", [sample_paragraph(1, 300), sample_paragraph(2, 300)]),
        ("Method", [sample_paragraph(3, 300), last]),
    ]
    layout = make_paper_pdf(tmp_path / "paper.pdf", sections=sections, columns=2)
    where = Counter(layout.placements[last])
    assert where == {(2, 1): 13, (2, 2): 2}, where
    doc = load_pdf(tmp_path / "paper.pdf")
    assert [p.text for p in doc.body()][-1] == last
    assert [len(p.regions) for p in doc.body()][-1] == 2


def _line(x0: float, y: float, text: str, x1: float) -> Line:
    return Line(page=1, x0=x0, y0=y - 9, x1=x1, y1=y + 3, text=text, size=10.0, bold=False, baseline=y,
                sizes={10.0: len(text)})


def test_sparse_right_column_is_still_a_column() -> None:
    left = [_line(72, 80 + 12 * i, f"left column line number {i} of the page", 296) for i in range(12)]
    right = [_line(316, 80 + 12 * i, f"right column line {i} ends", 540) for i in range(2)]
    full = PageText(1, 612, 792, left + [_line(316, 80 + 12 * i, f"right column line {i} text", 540) for i in range(12)])
    gutters = column_gutters([full])
    assert len(gutters) == 1 and 296 < gutters[0] < 316
    # a full left column beside two lines: the page shows its gutter by itself
    segments = page_segments(PageText(2, 612, 792, left + right))
    assert [s.col for s in segments] == [0, 1]
    assert [ln.text for ln in segments[1].lines] == [ln.text for ln in right]
    # too few lines to tell alone (each right line would be glued to a left
    # one): the page borrows the paper's gutter
    short = left[:4] + right[:1]
    assert len(page_segments(PageText(3, 612, 792, list(short)))) == 1
    assert [s.col for s in page_segments(PageText(3, 612, 792, list(short)), gutters)] == [0, 1]
    # a one-column page does not take the gutter: its lines cross it
    wide = PageText(4, 612, 792, [_line(72, 80 + 12 * i, "a full width line " * 4, 540) for i in range(12)] + right)
    assert [s.col for s in page_segments(wide, gutters)] == [0]


def test_numbers_continuing_the_line_count_are_dropped(tmp_path: Path) -> None:
    # review line numbers: a one-page paper whose right column holds three
    # lines, too few numbers there to show a column of line numbers by itself
    options, sections = _random_paper(7)
    assert options["columns"] == 2 and options["line_numbers"]
    make_paper_pdf(tmp_path / "paper.pdf", sections=sections, **options)
    doc = load_pdf(tmp_path / "paper.pdf")
    assert not [p.text for p in doc.paragraphs if re.search(r"\b(49|50|51)\b", p.text)]


def test_header_printed_once_stays_out_of_the_body(tmp_path: Path) -> None:
    # a two-page paper: the running header is on page 2 only, so it does not repeat
    options, sections = _random_paper(11)
    layout = make_paper_pdf(tmp_path / "paper.pdf", sections=sections, **options)
    assert layout.page_count == 2 and options["running_header"] == "Preprint. Under review."
    doc = load_pdf(tmp_path / "paper.pdf")
    assert not [p.text for p in doc.body() if "Preprint" in p.text]
    assert [p.kind for p in doc.paragraphs if p.text == "Preprint. Under review."] == [ParagraphKind.OTHER]
