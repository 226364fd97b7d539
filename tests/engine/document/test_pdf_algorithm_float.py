"""A paragraph cut by a page turn where an algorithm float opens the next page (algorithm2e: its caption on top,
its steps below in lower case at several indents) goes on after the float, not into the algorithm's steps."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document import Document, Paragraph, load_document
from engine.document.model import paragraph_id
from engine.document.paragraph_recall import paragraph_coverage
from tests.pdf_columns import set_column
from tests.pdf_factory import sample_paragraph

STEPS = [
    (0, "foreach agent i in N do"), (14, "initialize the network and its target network"),
    (14, "initialize the replay buffer of the agent"), (0, "for episode = 1 to M do"),
    (14, "foreach agent i in N do"), (28, "select an action by the greedy policy"),
    (28, "execute the action and observe the reward"), (28, "update the weights by minimizing the error"),
]


def test_a_paragraph_goes_on_after_an_algorithm_float_not_into_its_steps(tmp_path: Path) -> None:
    head = sample_paragraph(101, 40).rstrip(".") + " to assess the performance of the proposed"
    tail = "training strategies. " + sample_paragraph(102, 50)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = set_column(page, 72, 100, sample_paragraph(103, 420), width=460)
    set_column(page, 72, y, head, width=460)
    page = doc.new_page(width=612, height=792)
    page.insert_text((76, 90), "Algorithm 1: Neighbour-Based Deep Q-Learning", fontname="tibo", fontsize=10)
    y = 106
    for indent, step in STEPS:
        page.insert_text((86 + indent, y), step, fontname="tibo" if step.endswith("do") else "tiro", fontsize=10)
        y += 12
    y = set_column(page, 72, y + 30, tail, width=460, indent=0)
    set_column(page, 72, y, sample_paragraph(104, 80), width=460)
    doc.save(tmp_path / "algo.pdf")
    read = load_document(tmp_path / "algo.pdf")
    match = paragraph_coverage(Document(paragraphs=[Paragraph(paragraph_id(0), f"{head} {tail}")]), read).matches
    assert match and match[0].how == "similar" and len(match[0].candidates) == 1
    assert "foreach" not in match[0].candidates[0].text


def test_a_paragraph_goes_on_past_an_algorithm_float_whose_steps_read_as_math(tmp_path: Path) -> None:
    # the float at the page's foot under the open paragraph (algorithmic): its title line with the first step reads
    # as other, its line numbers as footnotes and its indented steps as equations, the paragraph goes on overleaf
    head = sample_paragraph(105, 40).rstrip(".") + " the counts must add up to the total on each page. For"
    tail = "example a page whose counts fall short is read once more. " + sample_paragraph(106, 40)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = set_column(page, 72, 100, sample_paragraph(107, 520), width=460)
    y = set_column(page, 72, y, head, width=460) + 20
    page.insert_text((76, y), "Algorithm 2 Count the pages", fontname="tiro", fontsize=10)
    steps = [("procedure COUNTPAGES(c, p, d)", "tiro"), ("p(c) = p(c) + d", "symb"),
             ("q(c) = q(c) - d", "symb"), ("r = p(c) / q(c)", "symb"), ("end procedure", "tiro")]
    for number, (step, font) in enumerate(steps, start=1):
        y += 12
        page.insert_text((76, y), f"{number}:", fontname="tiro", fontsize=8)
        page.insert_text((90 if font == "tiro" else 130, y), step, fontname=font, fontsize=10)
    page = doc.new_page(width=612, height=792)
    y = set_column(page, 72, 90, tail, width=460, indent=0)
    set_column(page, 72, y, sample_paragraph(108, 80), width=460)
    doc.save(tmp_path / "algo.pdf")
    read = load_document(tmp_path / "algo.pdf")
    assert any(p.kind.value == "equation" for p in read.paragraphs)  # the page reads as the test means it to
    match = paragraph_coverage(Document(paragraphs=[Paragraph(paragraph_id(0), f"{head} {tail}")]), read).matches
    assert match and match[0].how == "similar" and len(match[0].candidates) == 1


def test_a_paragraph_goes_on_past_an_algorithm_float_that_fills_a_page(tmp_path: Path) -> None:
    head = sample_paragraph(109, 40).rstrip(".") + " to assess the performance of the proposed"
    tail = "training strategies. " + sample_paragraph(110, 50)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = set_column(page, 72, 100, sample_paragraph(111, 420), width=460)
    set_column(page, 72, y, head, width=460)
    page = doc.new_page(width=612, height=792)  # the float alone on its page, its caption on top
    page.insert_text((76, 90), "Algorithm 1: Neighbour-Based Deep Q-Learning", fontname="tibo", fontsize=10)
    y = 106
    for indent, step in STEPS * 4:
        page.insert_text((86 + indent, y), step, fontname="tibo" if step.endswith("do") else "tiro", fontsize=10)
        y += 12
    page = doc.new_page(width=612, height=792)
    y = set_column(page, 72, 90, tail, width=460, indent=0)
    set_column(page, 72, y, sample_paragraph(112, 80), width=460)
    doc.save(tmp_path / "algo.pdf")
    read = load_document(tmp_path / "algo.pdf")
    match = paragraph_coverage(Document(paragraphs=[Paragraph(paragraph_id(0), f"{head} {tail}")]), read).matches
    assert match and match[0].how == "similar" and len(match[0].candidates) == 1
    assert "foreach" not in match[0].candidates[0].text
