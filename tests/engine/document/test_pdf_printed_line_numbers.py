"""Printed line numbers are not the paper's text (session 26, lineno21): a review copy typeset with lineno, every
line or every 5th, in the left or right margin, in both margins of a two-column page, or in the gutter (REVTeX's
``linenumbers`` numbers its right column there, and the reader glued those numbers into the paragraphs,
fused to the words), reads as the same words as the copy without numbers; a year, "Table 3", a table's column of row
numbers and an equation's number stay. Every PDF is typeset here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.document import load_document
from tests.optional import has_tex, typeset

pytestmark = pytest.mark.skipif(not has_tex("lineno.sty", "revtex4-2.cls"), reason="lineno or REVTeX is not installed")

WORDS = ("stopping power measured across the thin foil agrees with theory within stated uncertainty while "
         "screening of outer shells changes the low energy region markedly and the detector keeps its "
         "calibration through every run of beam time").split()


def _prose(k: int, n: int = 70) -> str:
    return " ".join(WORDS[(k * 7 + i) % len(WORDS)] for i in range(n)) + "."


BODY = "\n\n".join([
    "\\section{Introduction}",
    _prose(0),
    f"In 2019 we measured 12 samples, as Table 3 shows. {_prose(1)}",
    _prose(2),
    "\\section{Method}",
    _prose(3),
    "\\begin{equation} E = m + c \\label{eq:one} \\end{equation}",
    _prose(4),
    "\\begin{table}[h]\\centering\\begin{tabular}{rl}"
    + "".join(f"{k} & run{'abcdef'[k - 1]} \\\\ " for k in range(1, 7))
    + "\\end{tabular}\\caption{Runs.}\\end{table}",
    _prose(5),
    "\\section{Results}",
    *(_prose(k) for k in range(6, 16)),  # three pages or more: a review copy numbers every page
])

LAYOUTS = {
    "left-every-line": ("\\documentclass{article}\\usepackage{lineno}\\linenumbers", ""),
    "right-every-5th": ("\\documentclass{article}\\usepackage{lineno}\\rightlinenumbers\\modulolinenumbers[5]"
                        "\\linenumbers", ""),
    "two-columns-both-margins": ("\\documentclass[twocolumn]{article}\\usepackage{lineno}\\linenumbers", ""),
    "revtex-gutter": ("\\documentclass[aps,pra,twocolumn,linenumbers]{revtex4-2}",
                      "\\title{Stopping Power}\\author{A. Author}\\maketitle"),
}


def _source(layout: str, numbered: bool = True) -> str:
    head, front = LAYOUTS[layout]
    if not numbered:
        head = head.replace(",linenumbers", "").replace("\\linenumbers", "")
    return f"{head}\n\\begin{{document}}\n{front}\n{BODY}\n\\end{{document}}\n"


def _typeset(folder: Path, source: str) -> Path:
    folder.mkdir()
    return typeset(folder, source, runs=2)


def _text(pdf: Path) -> str:
    return " ".join(p.text for p in load_document(pdf).paragraphs)


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_printed_line_numbers_leave_the_text(layout: str, tmp_path: Path) -> None:
    numbered = _text(_typeset(tmp_path / "numbered", _source(layout)))
    plain = _text(_typeset(tmp_path / "plain", _source(layout, numbered=False)))
    assert not re.search(r"[a-z]\d|\d[a-z]", numbered.replace("run", "")), numbered
    assert "In 2019 we measured 12 samples, as Table 3 shows." in numbered
    assert numbered.split() == plain.split()
    for kept in ("(1)", "1 runa 2 runb 3 runc 4 rund 5 rune 6 runf"):  # an equation's number, a table's rows
        assert kept in numbered
