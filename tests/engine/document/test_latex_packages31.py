"""Two packages read as printed (session 31): lineno's commands print no text (a line label's name is not glued to
the next word, as train33 found in three training sources), and a braket-package Dirac bracket takes one argument
(train34). Sources in invented words."""

from __future__ import annotations

from pathlib import Path

from engine.document import load_document

SOURCE = r"""\documentclass{article}
\usepackage{lineno}
\modulolinenumbers[5]
\begin{document}
\linenumbers
\section{Tides}
The lantern tides rise\linelabel{ltone} twice a day, \linelabel{lttwo}and in winter they fall.
\nolinenumbers
\end{document}
"""


def test_line_labels_and_switches_print_nothing(tmp_path: Path) -> None:
    (tmp_path / "main.tex").write_text(SOURCE, encoding="utf-8")
    texts = [p.text for p in load_document(tmp_path / "main.tex").paragraphs]
    assert "The lantern tides rise twice a day, and in winter they fall." in texts, texts
    assert not any("ltone" in t or "lttwo" in t or "[5]" in t for t in texts), texts


BRACKETS = r"""\documentclass{article}
\usepackage{braket}
\begin{document}
\section{Lanterns}
The overlap $\braket{a_i|{\hat W} b_j}$ stays small. The scheme adapts.

A second paragraph about the tides.

\section{Winter}
A third paragraph.
\end{document}
"""


def test_a_one_argument_dirac_bracket_keeps_the_rest_of_the_paper(tmp_path: Path) -> None:
    """pylatexenc's two-argument \\braket had swallowed the closing ``$`` and run the paragraphs together (train34)."""
    (tmp_path / "main.tex").write_text(BRACKETS, encoding="utf-8")
    texts = [p.text for p in load_document(tmp_path / "main.tex").paragraphs]
    assert texts[-1] == "A third paragraph." and "A second paragraph about the tides." in texts, texts
    assert not any("$" in t for t in texts), texts
    assert any("⟨" in t and "⟩" in t and t.endswith("The scheme adapts.") for t in texts), texts
