"""A macro in display math that the reader does not know, or reads wrongly, costs at most that display: the
paragraphs after it are read, and where the reader had to repair or drop an environment it says so, naming the
line (engine/document/latex/repair.py; the macro-expansion cause in macros._expand_one)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind
from tests.engine.document.latex_between import body, read_between

BEFORE = "The opening paragraph states the question."
AFTER = "The paragraph after the display carries on."
LAST = "The closing section ends the paper."

#: Math written with mathtools/amsmath macros and environments the reader has no definition for.
MATH = {
    "mathclap": "\\sum_{\\mathclap{1 \\le i \\le n}} x_i",
    "mathllap": "\\mathllap{a} + \\mathrlap{b} = c",
    "smashoperator": "\\smashoperator{\\sum_{i,j \\in S}} x_{ij} + \\smashoperator[r]{\\prod_{k}} y_k",
    "substack": "\\sum_{\\substack{i < n \\\\ j < m}} z_{ij}",
    "underbrace": "\\underbrace{a + b}_{\\text{two}} + \\overbrace{c}^{d}",
    "tag*": "u = v \\tag*{(A1)}",
    "intertext": "p &= q \\\\ \\intertext{where the bound holds} r &= s",
    "shortintertext": "p &= q \\\\ \\shortintertext{so} r &= s",
    "text with math": "f(x) = 0 \\quad \\text{for all $x > 0$}",
    "operator": "\\argmin_{w} \\norm{w}",
    "cases": "g(x) = \\begin{dcases} 1 & x > 0 \\\\ 0 & \\text{else} \\end{dcases}",
}
ENVS = ["align", "align*", "gather", "multline", "flalign", "equation", "eqnarray"]
PREAMBLE = (
    "\\documentclass{article}\n\\usepackage{mathtools}\n"
    "\\DeclareMathOperator*{\\argmin}{arg\\,min}\n\\DeclarePairedDelimiter{\\norm}{\\lVert}{\\rVert}\n"
)


def _read(tmp_path: Path, display: str, preamble: str = PREAMBLE):
    return read_between(tmp_path, display, preamble=preamble, section="Method", before=BEFORE, after=AFTER, last=LAST)


@pytest.mark.parametrize("env", ENVS)
@pytest.mark.parametrize("name", sorted(MATH))
def test_unknown_math_macros_keep_the_rest_of_the_paper(tmp_path: Path, name: str, env: str) -> None:
    doc = _read(tmp_path, f"\\begin{{{env}}}\n{MATH[name]}\n\\end{{{env}}}")
    assert body(doc) == [BEFORE, AFTER, LAST]
    assert [p.kind for p in doc.paragraphs].count(ParagraphKind.EQUATION) == 1
    assert doc.notices == []


def test_alignat_and_inline_math_with_the_same_macros(tmp_path: Path) -> None:
    rows = " \\\\\n".join(MATH[k].replace("&", "") + " & x" for k in ("mathclap", "substack", "tag*"))
    doc = _read(tmp_path, f"\\begin{{alignat}}{{2}}\n{rows}\n\\end{{alignat}}\nInline $\\mathclap{{a}} b$ too.")
    assert body(doc)[0] == BEFORE and body(doc)[-2:] == [AFTER, LAST]
    assert doc.notices == []


def test_a_defined_mathclap_whose_arguments_lie_outside_its_group_is_left_unexpanded(tmp_path: Path) -> None:
    """The plain-TeX definition (``\\def\\mathclap{\\mathpalette\\mathclapinternal}``, a two-argument helper
    setting ``$..$`` in a box) once spliced a ``}`` in as an argument, left a group open inside the align, and the
    align ran on to the end of the document: every paragraph after it was lost without a word."""
    preamble = (
        "\\documentclass{article}\n\\def\\clap#1{\\hbox to 0pt{\\hss#1\\hss}}\n"
        "\\def\\mathclap{\\mathpalette\\mathclapinternal}\n"
        "\\def\\mathclapinternal#1#2{%\n\\clap{$\\mathsurround=0pt#1{#2}$}%\n}\n"
    )
    display = "\\begin{align}\n  a &= \\sum_{\\mathclap{\\{u,v\\} \\in E}} w_{uv} \\label{eq:a}\n\\end{align}"
    doc = _read(tmp_path, display, preamble)
    assert body(doc) == [BEFORE, AFTER, LAST]
    assert doc.notices == []


@pytest.mark.parametrize("env", ["align", "equation", "gather*"])
def test_an_unclosed_brace_in_a_display_costs_only_that_display_with_a_notice(tmp_path: Path, env: str) -> None:
    doc = _read(tmp_path, f"\\begin{{{env}}}\n  x = \\frac{{a}}{{b + \\hat{{c}}\n\\end{{{env}}}")
    assert body(doc) == [BEFORE, AFTER, LAST]
    assert len(doc.notices) == 1 and "main.tex line 9" in doc.notices[0] and f"\\begin{{{env}}}" in doc.notices[0]


def test_math_shifts_crossing_groups_in_a_display_are_dropped_with_a_notice(tmp_path: Path) -> None:
    doc = _read(tmp_path, "\\begin{align}\n  x &= {\\hbox{$y} + z$}\n\\end{align}")
    assert body(doc) == [BEFORE, AFTER, LAST]
    assert len(doc.notices) == 1 and "main.tex line 9" in doc.notices[0]


def test_an_unclosed_brace_in_a_table_or_a_list_keeps_the_text_after_it(tmp_path: Path) -> None:
    table = "\\begin{table}\n\\begin{tabular}{ll}\n\\textbf{a & b \\\\\n\\end{tabular}\n\\caption{Sizes.}\n\\end{table}"
    doc = _read(tmp_path, table)
    assert body(doc) == [BEFORE, AFTER, LAST]
    assert "Table 1: Sizes." in [p.text for p in doc.paragraphs if p.kind is ParagraphKind.CAPTION]
    assert len(doc.notices) == 1 and "main.tex line 10" in doc.notices[0] and "tabular" in doc.notices[0]
    doc = _read(tmp_path, "\\begin{itemize}\n\\item A first point, \\emph{stressed.\n\\end{itemize}")
    assert body(doc)[0] == BEFORE and body(doc)[-2:] == [AFTER, LAST]
    assert "A first point, stressed." in body(doc)
    assert len(doc.notices) == 1 and "itemize" in doc.notices[0]


def test_well_formed_displays_read_as_before_with_no_notice(tmp_path: Path) -> None:
    display = "\\begin{equation}\n  \\left\\{ a \\right. + \\{b\\} \\text{ if $c$ } \\label{e}\n\\end{equation}"
    doc = _read(tmp_path, display)
    assert body(doc) == [BEFORE, AFTER, LAST] and doc.notices == []


@pytest.mark.parametrize("env", ["itemize", "thebibliography"])
def test_a_read_environment_that_overruns_keeps_all_its_text_with_a_notice(tmp_path: Path, env: str) -> None:
    """Math shifts crossing groups with balanced braces: no repair helps, and leaving a list or a bibliography out
    would lose its text, so it is left as parsed (what follows it is read inside it) and the reader says so."""
    item, arg = ("\\item", "") if env == "itemize" else ("\\bibitem{k}", "{9}")
    listing = f"\\begin{{{env}}}{arg}\n{item} Costs {{$5}} and {{more$}} here.\n{item} A second entry.\n\\end{{{env}}}"
    doc = _read(tmp_path, listing)
    words = " ".join(p.text for p in doc.paragraphs)
    assert all(w in words for w in ("Costs", "A second entry.", BEFORE, AFTER, LAST))
    assert len(doc.notices) == 1 and "main.tex line 9" in doc.notices[0] and f"\\begin{{{env}}}" in doc.notices[0]
