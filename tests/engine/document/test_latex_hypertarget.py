"""hyperref's anchors and internal links print their text, never the anchor's name.

The response-letter template that marks each change with a line-number anchor
(``\\hypertarget{llineno:...}{\\linelabel{...}}``, train42's largeeffects-tpb) put the anchor name into the
revised paragraphs, so every marked paragraph read as an edit adding "llineno:rev1:3".
"""

from __future__ import annotations

from engine.document import load_document

PAPER = r"""\documentclass{article}
\usepackage{lineno,hyperref}
\newcommand{\revpoint}[2]{\hypertarget{llineno:rev#1:#2}{\linelabel{rr:rev#1:#2}}}
\begin{document}
We now discuss selection.\revpoint{1}{3} The rest is unchanged.

See \hyperlink{sec:model}{the model section} for the details.

An anchor with text: \hypertarget{here}{this sentence} stays.
\end{document}
"""


def test_anchor_names_are_not_text(tmp_path):
    (tmp_path / "paper.tex").write_text(PAPER, encoding="utf-8")
    texts = [p.text for p in load_document(tmp_path / "paper.tex").paragraphs]
    assert texts[0] == "We now discuss selection. The rest is unchanged."
    assert texts[1] == "See the model section for the details."
    assert texts[2] == "An anchor with text: this sentence stays."
    assert not any("llineno" in t or "sec:model" in t or "here" in t.split() for t in texts)
