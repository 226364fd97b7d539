"""Line numbers in a margin that a wide float reaches into: the PLOS template sets its tables (and often figures) out
into its wide left margin, so on such a page the text no longer starts right of the line numbers, and a paper
numbered on the left (``lineno`` without ``[right]``) kept its numbers in its paragraphs and headings from the first
wide table on (session 31, pdfgap32: found on a PLOS-shaped page we typeset). A number counts as the margin's when
it stands beyond its own row's text and beyond where the page's lines usually start. A table's own numbered rows
inside the text are not taken for line numbers. Text we wrote for this test."""

from __future__ import annotations

import re
from pathlib import Path

import pymupdf
import pytest

from engine.document import ParagraphKind, load_document
from engine.document.pdf.line_numbers import number_words
from tests.optional import has_tex, typeset

PROSE = ("The sample was cooled slowly and its resistance was read at every tenth of a kelvin on the way down, so "
         "that the transition could be placed within a narrow window of the measured range. ")
CELLS = ["cooling rate per minute", "probe current in microamperes", "resistance at the lowest reading",
         "crystal cut along the long axis", "second crystal from the same growth", "the mean of three readings"]


def _source(rows: str, wide: bool = True) -> str:
    cols, inch = ("{|p{2in}|p{2in}|p{2in}|}", "-2.25in") if wide else ("{|r|p{1.5in}|p{1.5in}|}", "0in")
    table = ("\\begin{table}[!ht]\n\\begin{adjustwidth}{" + inch + "}{0in}\n"
             "\\caption{{\\bf Readings of the samples.}}\n"
             "\\begin{tabular}" + cols + "\n\\hline\n" + rows + "\\end{tabular}\n\\end{adjustwidth}\n"
             "\\end{table}\n")
    sections = "\n".join(f"\\section{{Cooling run {n}}}\n{PROSE * 4}\n\n{PROSE * 3}\n\n{table}\n{PROSE * 5}\n"
                         for n in ("one", "two", "three", "four"))
    return ("\\documentclass[10pt,letterpaper]{article}\n\\usepackage[top=0.85in,left=2.75in,footskip=0.75in]"
            "{geometry}\n\\usepackage{changepage}\n\\usepackage{lineno}\n\\textwidth 5.25in\n\\textheight 8.75in\n"
            "\\begin{document}\n\\linenumbers\n" + sections + "\\end{document}\n")


def _rows(cells: list[list[str]]) -> str:
    return "".join(" & ".join(row) + " \\\\ \\hline\n" for row in cells)


@pytest.mark.skipif(not has_tex("changepage.sty", "lineno.sty"), reason="changepage or lineno is not installed")
def test_left_line_numbers_beside_wide_tables_leave_the_text(tmp_path: Path) -> None:
    rows = _rows([[CELLS[i % 6], CELLS[(i + 2) % 6], CELLS[(i + 4) % 6]] for i in range(8)])
    doc = load_document(typeset(tmp_path, _source(rows)))
    texts = [p.text for p in doc.paragraphs if not p.text.startswith("Table")]
    assert not [t for t in texts if re.search(r"\b\d{1,3}\b", t)]  # no line number left in the text
    prose = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY and p.text.startswith("The sample")]
    assert len(prose) >= 9 and all(t.endswith("measured range.") for t in prose)
    headings = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.HEADING]
    assert headings[-3:] == ["Cooling run two", "Cooling run three", "Cooling run four"]


@pytest.mark.skipif(not has_tex("changepage.sty", "lineno.sty"), reason="changepage or lineno is not installed")
def test_a_tables_numbered_rows_in_the_text_are_not_line_numbers(tmp_path: Path) -> None:
    rows = _rows([[str(i), CELLS[i % 6], CELLS[(i + 3) % 6]] for i in range(1, 9)])
    pdf = typeset(tmp_path, _source(rows, wide=False))
    with pymupdf.open(pdf) as doc:
        for page in doc:
            found = [int(w[4]) for w in number_words(page.get_text("words"))]
            assert found and len(found) == len(set(found))  # the margin's numbers, each once; no row label
    text = " ".join(p.text for p in load_document(pdf).paragraphs)
    assert all(re.search(rf"\b{i}\b", text) for i in range(1, 9))  # the table's row labels stay in its text
