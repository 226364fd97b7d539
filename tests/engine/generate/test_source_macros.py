"""Suggestions written back in LaTeX use the author's own text macros (issue 34, after source19): the reader expands
``\\method`` to "Redraft", so a suggestion read "Redraft" and its LaTeX copy did too; now the copy writes ``\\method``
where every "Redraft" of the draft came from it, and flags the text it cannot map. Synthetic LaTeX written here."""

from __future__ import annotations

from pathlib import Path

from engine.document.latex.load import load_latex
from engine.document.model import Document
from engine.generate.source_syntax import unmapped_flag, write_back

LATEX = r"""\documentclass{article}
\usepackage{amssymb}
\usepackage{xspace}
\newcommand{\method}{\textsc{Redraft}\xspace}
\newcommand{\data}{CorpusX}
\def\eg{e.g.}
\newcommand{\R}{\mathbb{R}}
\newcommand{\dx}{\partial x}
\newcommand{\venue}{Papers}
\newcommand{\unused}{Nothing}
\begin{document}
\section{Introduction}
\method aligns comments with edits on \data{} papers, \eg{} those whose maths lives in $\R^n$.

\section{Method}
We run \method on \venue{} of a journal and on other Papers of a conference, with $\dx$.
\end{document}
"""


def _draft(tmp_path: Path, text: str = LATEX) -> Document:
    (tmp_path / "paper.tex").write_text(text, encoding="utf-8")
    return load_latex(tmp_path / "paper.tex")


def test_the_reader_records_the_authors_text_macros(tmp_path: Path) -> None:
    doc = _draft(tmp_path)
    # name, what it reads as, uses in the body, ends in \xspace; no maths macro (\R, \dx), none unused
    assert doc.macros == (("data", "CorpusX", 1, False), ("eg", "e.g.", 1, False), ("method", "Redraft", 2, True),
                          ("venue", "Papers", 1, False))
    assert Document.from_dict(doc.to_dict()).macros == doc.macros  # kept in a project
    first = next(p for p in doc.paragraphs if p.text.startswith("Redraft aligns"))
    assert "CorpusX papers, e.g. those" in first.text


def test_a_suggestion_is_written_back_with_the_macros_and_typesets_as_it_reads(tmp_path: Path) -> None:
    doc = _draft(tmp_path)
    para = next(p for p in doc.paragraphs if p.text.startswith("Redraft aligns"))
    edit = "Redraft aligns comments with edits on CorpusX papers, e.g. those of Redraft's users."
    out = write_back(edit, para, doc)
    assert out.text == r"\method aligns comments with edits on \data{} papers, \eg{} those of \method's users."
    assert out.unmapped == [] and unmapped_flag(out) is None
    # pasted into the draft, the copy reads as the suggestion did
    (tmp_path / "pasted").mkdir()
    line = next(x for x in LATEX.split("\n") if x.startswith("\\method aligns"))
    pasted = _draft(tmp_path / "pasted", LATEX.replace(line, out.text))
    assert pasted.paragraphs[1].text == edit, [p.text for p in pasted.paragraphs]


def test_text_the_author_also_types_is_left_as_it_reads_and_named(tmp_path: Path) -> None:
    doc = _draft(tmp_path)
    para = next(p for p in doc.paragraphs if p.text.startswith("We run"))
    out = write_back("We run Redraft on Papers of a journal.", para, doc)
    # "Papers" reads from \venue once and is typed once: ambiguous, so left and flagged; "Redraft" is mapped
    assert out.text == r"We run \method on Papers of a journal."
    assert out.unmapped == ["Papers"]
    assert "“Papers”" in unmapped_flag(out).message


def test_two_macros_that_read_the_same_are_ambiguous(tmp_path: Path) -> None:
    doc = _draft(tmp_path, LATEX.replace(r"\newcommand{\unused}{Nothing}", r"\newcommand{\tool}{CorpusX}")
                 .replace("on other Papers", r"on other \tool{} Papers"))
    para = next(p for p in doc.paragraphs if p.text.startswith("Redraft aligns"))
    out = write_back("On CorpusX papers.", para, doc)
    assert out.text == "On CorpusX papers." and out.unmapped == ["CorpusX"]
