"""lineno's commands print no text: a line label's name is not glued to the next word, the numbering switches leave
nothing behind (train33 found labels read as words in three training sources). Sources in invented words."""

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
