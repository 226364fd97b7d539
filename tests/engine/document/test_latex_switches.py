"""A paper's own switch that nothing turns on (``\\newif\\ifdraft`` with no ``\\drafttrue``) is false: the draft
notes a macro prints only under it are not the paper's text, whichever file declares the switch and uses it."""

from __future__ import annotations

from pathlib import Path

from engine.document import ParagraphKind
from engine.document.latex.load import load_latex

NOTE = "Representational view looks at context as tangible and stable, but it misses this"
TEXT = "The representational view describes context as delineable and stable."
PREAMBLE = (
    "\\documentclass{article}\n\\newif\\ifdraft\n{switch}"
    "\\newcommand{\\boldification}[1]{\\ifdraft\\indent\\textbf{#1}\\\\\\indent\\else\\relax\\fi}\n"
    "\\begin{document}\n\\section{Introduction}\n\\input{intro}\n\\end{document}\n"
)
INTRO = (
    f"\\boldification{{{NOTE}}}\n\n{TEXT}\n\n"
    "\\ifdraft\nA draft-only paragraph.\n\\else\nThe final paragraph.\n\\fi\n"
)


def _body(tmp_path: Path, switch: str) -> list[str]:
    (tmp_path / "intro.tex").write_text(INTRO, encoding="utf-8")
    main = tmp_path / "main.tex"
    main.write_text(PREAMBLE.replace("{switch}", switch), encoding="utf-8")
    return [p.text for p in load_latex(main).paragraphs if p.kind is ParagraphKind.BODY]


def test_a_switch_never_turned_on_keeps_its_else_branch_only(tmp_path: Path) -> None:
    assert _body(tmp_path, "") == [TEXT, "The final paragraph."]


def test_a_switch_turned_on_keeps_the_draft_text(tmp_path: Path) -> None:
    """(Both branches of a switch that is turned on stay, as for any other ``\\if``: which one prints is not read.)"""
    body = " ".join(_body(tmp_path, "\\drafttrue\n"))
    assert NOTE in body and "A draft-only paragraph." in body
