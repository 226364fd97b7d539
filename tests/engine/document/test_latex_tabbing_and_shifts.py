"""Two constructs that ran the rest of a paper into one unit of math (crivero1/matlang, session 32, latex33): the
``tabbing`` environment's tab commands read as accents (``\\=$`` took the ``$``: engine/document/latex/tabbing.py),
and a macro whose argument is the closing ``$`` spliced in inside a group (macros._expand_one). Each paper here is
written for the test; its paragraphs must read one by one, with their spaces."""

from __future__ import annotations

from pathlib import Path

from engine.document import ParagraphKind
from tests.engine.document.latex_between import body, read_between
from engine.document.latex.tabbing import tab_spans

BEFORE = "The opening paragraph names the loop."
AFTER = "The paragraph after the program carries on."
LAST = "The closing section sums the work up."


def _read(tmp_path: Path, middle: str, preamble: str = ""):
    return read_between(tmp_path, middle, preamble="\\documentclass{article}\n" + preamble, section="Loops",
                        before=BEFORE, after=AFTER, last=LAST)


#: Three tab stops set right before a math shift: each ``\\=`` read as an accent took one ``$``.
PROGRAM = (
    "\\begin{tabbing}\n"
    "$w := $ \\texttt{loop\\,}\\=$p, Y_1.\\ Y_1 + $\\\\\n"
    "\\> \\texttt{loop\\,}\\=$q, Y_2.\\ Y_2 +$ \\\\\n"
    "\\>\\>\\texttt{loop\\,}\\=$r,\\, Y_3.\\ Y_3 +$ \\\\\n"
    "\\>\\>\\>$(p \\cdot q)$\n"
    "\\end{tabbing}"
)


def test_tab_stops_before_math_keep_the_rest_of_the_paper(tmp_path: Path) -> None:
    doc = _read(tmp_path, f"\\begin{{example}}\nThe program reads:\n{PROGRAM}\nIt stops after three loops.\n\\end{{example}}")
    assert body(doc) == [BEFORE, "The program reads:", "w:= loop p, Y1. Y1 + loop q, Y2. Y2 + loop r, Y3. Y3 + (p ·q)",
                          "It stops after three loops.", AFTER, LAST]
    assert [p.text for p in doc.paragraphs if p.kind is ParagraphKind.HEADING] == ["Loops", "End"]
    assert doc.notices == []


def test_killed_line_and_tabbing_accents(tmp_path: Path) -> None:
    table = ("\\begin{tabbing}\nwidest name \\= value \\kill\n"
             "alpha \\> one \\\\\nbeta \\> tw\\a=o\n\\end{tabbing}")
    doc = _read(tmp_path, table)
    assert body(doc) == [BEFORE, "alpha one beta tw\u014d", AFTER, LAST]  # \\a=o is the macron accent: ō


def test_tab_spans_touch_only_tabbing() -> None:
    text = "r\\=ole \\begin{tabbing}a\\=b\\\\\\>c\\end{tabbing} \\>"
    spans = tab_spans(text)
    assert [(text[s:e], r) for s, e, r in spans] == [("\\=", ""), ("\\>", " ")]  # the accent outside is kept
    killed = "\\begin{tabbing}x \\= y \\kill z\\end{tabbing}"
    assert [(killed[s:e], r) for s, e, r in tab_spans(killed)] == [("x \\= y \\kill", "")]  # the line is not printed


def test_a_closing_math_shift_taken_as_an_argument(tmp_path: Path) -> None:
    preamble = "\\newcommand{\\least}[1]{\\mathsf{least}(#1)}\n"
    doc = _read(tmp_path, "We write $\\least$, which picks the first vector. Given $\\least{u}$, the loop starts.",
                preamble)
    # TeX takes the ``$`` as the argument and prints "least(" in math, then ")" in text: nothing after it lost
    assert body(doc) == [BEFORE, "We write least(), which picks the first vector. Given least(u), the loop starts.",
                          AFTER, LAST]
    assert doc.notices == []
