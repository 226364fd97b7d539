"""A paper in several LaTeX files: a line number names its file (an author's trial, session 33: a conference paper
whose main file \\inputs fifteen section files read "draft line 5" and "3 Task Bench · line 72", lines of files the
author could not tell)."""

from __future__ import annotations

from pathlib import Path

from engine.document import load_document
from engine.document.model import Paragraph, line_place, several_files

MAIN = r"""\documentclass{article}
\begin{document}
\section{Introduction}
Our glimmer sorter orders the quent tiles before the frobble pass runs.

\input{sections/method}
\end{document}
"""
METHOD = r"""\section{Method}

The frobble pass folds every quent tile twice and keeps the brighter half.
"""


def _paper(folder: Path, split: bool) -> Path:
    main = folder / "paper.tex"
    if split:
        (folder / "sections").mkdir()
        (folder / "sections" / "method.tex").write_text(METHOD, encoding="utf-8")
        main.write_text(MAIN, encoding="utf-8")
    else:
        main.write_text(MAIN.replace(r"\input{sections/method}", METHOD), encoding="utf-8")
    return main


def _para(doc, words: str) -> Paragraph:
    return next(p for p in doc.paragraphs if words in p.text)


def test_a_paper_in_two_files_names_the_file_of_each_line(tmp_path: Path) -> None:
    doc = load_document(_paper(tmp_path, split=True))
    assert several_files(doc.paragraphs)
    assert line_place(_para(doc, "folds every quent"), True) == "sections/method.tex, line 3"
    assert line_place(_para(doc, "glimmer sorter"), True) == "paper.tex, line 4"


def test_a_paper_in_one_file_keeps_the_bare_line(tmp_path: Path) -> None:
    doc = load_document(_paper(tmp_path, split=False))
    assert not several_files(doc.paragraphs)
    para = _para(doc, "folds every quent")
    assert line_place(para, several_files(doc.paragraphs)) == f"line {para.line}"


def test_no_line_no_place() -> None:
    assert line_place(Paragraph("p0001", "From a PDF."), True) == ""
