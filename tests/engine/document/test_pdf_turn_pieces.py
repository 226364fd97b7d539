"""Four ways a paragraph broken at a column or page turn was left in pieces on acmart pages: a footnote carried
over into the next column, set there under the open paragraph and right above the next note (a figure below them
at the column's foot), was read as body and took the paragraph's place; and a continuation that opens with the closing bracket of a citation broken at the turn
("... such as [?" | "] or [? ]. Even so ...") was not joined, as no paragraph opens with a closing bracket; and a
figure's legend typed right under its caption at the top of the next page, in the body font, was taken for the
continuation, so the real continuation after the float was left apart. And (PLOS) a sentence's last words alone at
the top of the next page, right before a display, were read as `other` and left out of their paragraph."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document import Document, Paragraph, ParagraphKind, load_document
from engine.document.model import paragraph_id
from engine.document.paragraph_recall import paragraph_coverage
from tests.pdf_columns import set_column
from tests.pdf_factory import sample_paragraph


def _found_whole(path: Path, paragraph: str) -> Paragraph:
    doc = load_document(path)
    match = paragraph_coverage(Document(paragraphs=[Paragraph(paragraph_id(0), paragraph)]), doc).matches[0]
    assert match.how == "similar" and len(match.candidates) == 1
    return match.candidates[0]


def _set_note(page: pymupdf.Page, x: float, y: float, text: str, mark: str = "", width: float = 230.0) -> float:
    """A footnote in 7 pt lines from baseline ``y`` (its number raised before it, when it has one); the next
    baseline."""
    if mark:
        page.insert_text((x, y - 2.5), mark, fontname="tiro", fontsize=5)
    return set_column(page, x, y, text, width, indent=3.0 if mark else 0.0, size=7, pitch=8.5, gap=0.0)


def test_a_footnote_carried_over_into_the_next_column_is_no_body(tmp_path: Path) -> None:
    head = sample_paragraph(141, 120).rstrip(".") + " and the methods are described below in turn. Then"
    tail = "Sections three to six outline the methods and their uses. " + sample_paragraph(142, 60)
    note = sample_paragraph(143, 40).rstrip(".") + " and the Data Protection"
    run_on = "Act, the central bank guidance and the privacy rules of the union."
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = set_column(page, 60, 100, sample_paragraph(144, 280))
    _set_note(page, 60, 700, note, mark="1")
    y = set_column(page, 322, 100, sample_paragraph(145, 50))
    y = set_column(page, 322, y, head)
    y = _set_note(page, 322, y + 14, run_on)
    _set_note(page, 322, y, sample_paragraph(146, 40), mark="2")
    page.draw_rect(pymupdf.Rect(340, 560, 530, 680), color=(0, 0, 0))  # a figure set at the column's foot
    page.draw_rect(pymupdf.Rect(360, 580, 420, 640), color=(0, 0, 0), fill=(0.5, 0.5, 0.5))
    page.insert_text((322, 700), "Figure 1: An overview of the steps.", fontname="tiro", fontsize=9)
    page = doc.new_page(width=612, height=792)
    y = set_column(page, 60, 100, tail, indent=0)
    set_column(page, 60, y, sample_paragraph(147, 100))
    doc.save(tmp_path / "note.pdf")
    assert _found_whole(tmp_path / "note.pdf", f"{head} {tail}").kind is ParagraphKind.BODY
    read = load_document(tmp_path / "note.pdf")
    assert next(p for p in read.paragraphs if p.text.startswith("Act, the central")).kind is not ParagraphKind.BODY


def test_a_continuation_opening_with_a_closing_bracket_is_joined(tmp_path: Path) -> None:
    head = ("• Change the device settings: " + sample_paragraph(151, 70).rstrip(".")
            + " but few of the options are documented in tools such as [?")
    tail = "] or [? ]. Even so, the documented options do not cover every case. " + sample_paragraph(
        152, 40)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = set_column(page, 60, 100, sample_paragraph(153, 300))
    y = set_column(page, 322, 100, sample_paragraph(154, 240))
    set_column(page, 340, y + 4, head, width=209, indent=-6)
    page = doc.new_page(width=612, height=792)
    y = set_column(page, 78, 100, tail, width=209, indent=0)
    set_column(page, 60, y + 4, sample_paragraph(155, 100))
    doc.save(tmp_path / "bracket.pdf")
    assert _found_whole(tmp_path / "bracket.pdf", f"{head} {tail}").kind is ParagraphKind.BODY


def test_a_legend_under_a_caption_is_no_continuation(tmp_path: Path) -> None:
    head = sample_paragraph(161, 120).rstrip(".") + " in the size of the input that was given. This"
    tail = "bound is quadratic in the size of the input. " + sample_paragraph(162, 60)
    legend = "The upper panel gives the scores of the first instance. " + sample_paragraph(163, 50)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    set_column(page, 60, 100, sample_paragraph(164, 330))
    y = set_column(page, 322, 100, sample_paragraph(165, 240))
    set_column(page, 322, y, head)
    page = doc.new_page(width=612, height=792)
    page.draw_rect(pymupdf.Rect(80, 80, 270, 200), color=(0, 0, 0))  # the figure, set at the top of the column
    page.draw_rect(pymupdf.Rect(100, 100, 160, 160), color=(0, 0, 0), fill=(0.5, 0.5, 0.5))
    page.insert_text((60, 220), "Figure 2: An example of the construction.", fontname="tiro",
                     fontsize=9)
    y = set_column(page, 60, 232, legend, indent=0)
    y = set_column(page, 60, y + 16, tail, indent=0)
    set_column(page, 60, y, sample_paragraph(166, 100))
    doc.save(tmp_path / "legend.pdf")
    assert _found_whole(tmp_path / "legend.pdf", f"{head} {tail}").kind is ParagraphKind.BODY


def test_a_sentence_s_last_words_over_a_display_at_the_top_of_a_page_are_joined(tmp_path: Path) -> None:
    head = sample_paragraph(191, 120).rstrip(".") + " where we take two counting models with their"
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = set_column(page, 72, 100, sample_paragraph(192, 380), width=460)
    set_column(page, 72, y, head, width=460)
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 100), "weight tables (WT)", fontname="tiro", fontsize=10)
    page.insert_text((250, 124), "P(X = x) = exp(-l) / x!", fontname="tiit", fontsize=10)
    set_column(page, 72, 150, "The distance between the two is then given below. " + sample_paragraph(
        193, 60), width=460, indent=0)
    doc.save(tmp_path / "display.pdf")
    assert _found_whole(tmp_path / "display.pdf", f"{head} weight tables (WT)").kind is ParagraphKind.BODY
