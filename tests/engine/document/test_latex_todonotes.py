"""todonotes' notes are the authors' notes to each other, in the margin or (with [disable]) not printed at all: never
the paper's text (a new-user trial, session 19: an IEEE journal draft's body read a note's colour option, the initials
and its words, from a \\todo wrapped in the authors' own macro)."""

from __future__ import annotations

from pathlib import Path

from engine.document import ParagraphKind
from engine.document.latex.load import load_latex


def test_todo_notes_and_their_options_are_no_text(tmp_path: Path) -> None:
    (tmp_path / "main.tex").write_text(
        "\\documentclass{article}\n\\usepackage[disable]{todonotes}\n"
        "\\newcommand{\\todoc}[2][]{\\todo[color=blue!30!white,#1]{XY: #2}}\n\\begin{document}\n"
        "\\section{Introduction}\nPlanners compute the actions of a policy for each state they meet. "
        "\\todoc{Maybe cite the survey here.}Sampling makes the cost independent of the number of states."
        "\\todo[inline]{Check the bound.} The bound holds for every policy.\\missingfigure{A plot of the bound.}\n\n"
        "\\listoftodos\n\\end{document}\n", encoding="utf-8")
    doc = load_latex(tmp_path / "main.tex")
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert body == ["Planners compute the actions of a policy for each state they meet. Sampling makes the cost "
                    "independent of the number of states. The bound holds for every policy."], body
