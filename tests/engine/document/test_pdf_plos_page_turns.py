"""PLOS's layout, typeset here (the text ragged right with a small indent, tables set out into the wide left margin
with ``adjustwidth``; round twenty's PLOS dev papers): a table's notes set under it in the margin were read as the
continuation of the paragraph the table cut at a page turn, and the real continuation, under the notes at the text's
edge, was left a paragraph of its own; and a paragraph cut at a page turn right after a sentence's end went on, on
the next page, as a new paragraph (not indented, in capitals: ragged-right text never reaches the column's edge, so a
full last line was not seen, though the line had no room left for the next word)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset

RUNS = "The samplers were run on each model with three chains, and their running means were compared. " * 6
CUT = "The rates of the reactions differ between the two models in the direction the cancer cells favour. "
PLOS = ("\\documentclass[10pt,letterpaper]{article}\n\\usepackage[top=0.85in,left=2.75in,footskip=0.75in]{geometry}\n"
        "\\usepackage{changepage}\n\\usepackage[aboveskip=1pt,labelfont=bf,labelsep=period,"
        "justification=raggedright,singlelinecheck=off]{caption}\n"
        "\\raggedright\n\\setlength{\\parindent}{0.5cm}\n\\textwidth 5.25in\n\\begin{document}\n")
NOTES = "Summary of each model with the solver it was run with and the version of that solver, and what it reports."
TABLE = ("\\begin{table}[t]\n\\begin{adjustwidth}{-2.25in}{0in}\n\\caption{{\\bf Models and their solvers.}}\n"
         "\\begin{tabular}{lll}\nModel & Solver & Version \\\\\nfirst & simplex & 2.1 \\\\\n"
         "second & interior & 3.0 \\\\\nthird & barrier & 1.4 \\\\\n\\end{tabular}\n"
         f"\\begin{{flushleft}} {NOTES}\n\\end{{flushleft}}\n\\end{{adjustwidth}}\n\\end{{table}}\n")
LAST = "into the lines set under the table, which hold the rest of its sentence and another one."
#: (not the opening paragraph's words: a page whose first lines repeat the page before's would lose them as a running head)
CLOSING = "A closing paragraph says what the models have in common and where the two of them part ways. " * 4
NEEDS = pytest.mark.skipif(not has_tex("geometry.sty", "changepage.sty", "caption.sty"),
                           reason="pdflatex with geometry, changepage and caption is not installed")


def _body(path: Path) -> list:
    return [p for p in load_document(path).paragraphs if p.kind is ParagraphKind.BODY]


@NEEDS
def test_a_tables_notes_in_the_margin_are_no_continuation(tmp_path: Path) -> None:
    source = (PLOS + "\\section*{Results}\n" + "\n\n".join([RUNS] * 4) + "\n\n" + CUT * 19 + "The table sets its rows under the caption, "
              "and the paragraph runs on past it " + TABLE + LAST + "\n\n" + RUNS + "\n\\end{document}\n")
    doc = load_document(typeset(tmp_path, source))
    captions = [p for p in doc.paragraphs if p.kind is ParagraphKind.CAPTION]
    assert captions[0].text == "Table 1. Models and their solvers." and {r.page for r in captions[0].regions} == {2}
    assert any(p.text.endswith(NOTES) for p in captions)  # the notes go with the table (its cells before them)
    body = [p for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    cut = [p for p in body if p.text.startswith(CUT)]
    assert len(cut) == 1 and cut[0].text.endswith("runs on past it " + LAST)
    assert {r.page for r in cut[0].regions} == {1, 2}
    assert not any("Summary of each model" in p.text for p in body)
    assert body[-1].text == RUNS.strip() and len(body) == 6


def _turn(tmp_path: Path, count: int, tied: str, between: str, opener: str = "Notwithstanding") -> Path:
    """A paragraph whose page-ending line ends with ``tied`` (words tied into one unbreakable run), then ``between``
    and a sentence opening with ``opener`` on the next page."""
    source = (PLOS + "\n\n".join([RUNS] * 4) + "\n\n" + CUT * count + tied.replace(" ", "~") + between
              + opener + " the turn of the page, this paragraph goes on with its last sentence.\n\n"
              + CLOSING + "\n\\end{document}\n")
    return typeset(tmp_path, source)


@NEEDS
def test_a_ragged_line_with_no_room_left_runs_on_past_a_page_turn(tmp_path: Path) -> None:
    tied = "and so the last line of the page is filled with the words of this one sentence."
    body = _body(_turn(tmp_path, 20, tied, " "))
    cut = [p for p in body if p.text.startswith(CUT)]
    assert len(cut) == 1 and {r.page for r in cut[0].regions} == {1, 2}  # the layout this test is about
    assert tied in cut[0].text and cut[0].text.endswith("goes on with its last sentence.")
    assert len(body) == 6


@NEEDS
def test_a_ragged_line_with_room_left_ends_its_paragraph(tmp_path: Path) -> None:
    """A page turn after a line with room left for the next paragraph's first word (set without an indent,
    ``\\noindent``): two paragraphs, as before."""
    tied = "and so the last line of the page ends right here."
    body = _body(_turn(tmp_path, 21, tied, "\n\n\\noindent ", "So"))
    cut = [p for p in body if p.text.startswith(CUT)]
    assert len(cut) == 1 and cut[0].text.endswith(tied) and {r.page for r in cut[0].regions} == {1}
    following = [p for p in body if p.text.startswith("So the turn")]
    assert len(following) == 1 and {r.page for r in following[0].regions} == {2}  # the layout this test is about
    assert len(body) == 7
