"""A paragraph inside a theorem-like environment or a proof knows which ("Lemma 2.2", "Proof of Lemma 2.2", "Proof"):
the LaTeX reader records it as ``Paragraph.part`` (numbered as the source's ``\\newtheorem``s number it; a class's
own environment by its title), and it survives the project's round trip (round fourteen of docs/suggest.md)."""

from __future__ import annotations

from engine.document.latex.load import load_latex
from engine.document.model import Document

SOURCE = r"""\documentclass{article}
\usepackage{amsthm}
\newtheorem{theorem}{Theorem}[section]
\newtheorem{lemma}[theorem]{Lemma}
\begin{document}
\section{Setting}
The blorf spaces are introduced here with their quimble maps and nothing else.
\section{Results}
\begin{theorem}\label{thm:main}
Every quimble map of a blorf space has a zintered fixed point.
\end{theorem}
\begin{lemma}\label{lem:aux}
A zintered point is unique when the blorf space is frobbed.
\end{lemma}
\begin{proof}
Take two zintered points and frob the space between them.

Then the quimble map sends one onto the other, as wanted.
\end{proof}
The next paragraph is plain text about the frobbing of blorf spaces.
\begin{proof}
A proof set apart from its statement, about the main theorem.
\end{proof}
\begin{remark}
A remark the class would define, here undeclared.
\end{remark}
\end{document}
"""


def _parts(doc: Document) -> dict[str, str]:
    return {p.text.split()[0] + " " + p.text.split()[1]: p.part for p in doc.body()}


def test_statements_and_proofs_are_named_as_printed(tmp_path):
    (tmp_path / "main.tex").write_text(SOURCE)
    doc = load_latex(tmp_path / "main.tex")
    parts = _parts(doc)
    assert parts["The blorf"] == ""
    assert parts["Every quimble"] == "Theorem 2.1"
    assert parts["A zintered"] == "Lemma 2.2"
    assert parts["Take two"] == "Proof of Lemma 2.2"
    assert parts["Then the"] == "Proof of Lemma 2.2"
    assert parts["The next"] == ""
    assert parts["A proof"] == "Proof"  # not next to its statement: which one is not known
    assert parts["A remark"] == "Remark"


def test_the_part_survives_the_round_trip(tmp_path):
    (tmp_path / "main.tex").write_text(SOURCE)
    doc = load_latex(tmp_path / "main.tex")
    again = Document.from_dict(doc.to_dict())
    assert [p.part for p in again.paragraphs] == [p.part for p in doc.paragraphs]
    assert "part" not in next(p for p in doc.to_dict()["paragraphs"] if p["text"].startswith("The blorf"))
