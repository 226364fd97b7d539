"""SIAM's classes run each numbered section title, bold, into its first line and close it with a stop ("1.
Introduction. We ...", "2.1. Boundary terms. We take ..."): read as one paragraph, three training
revisions' PDFs had no section at all (docs/figures-align.md, "Session 23"). The PDFs here are typeset in the test;
the text after the title stays its paragraph's, word for word."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset

TEXT = ("The marching scheme was run over forty stations of the channel, and the error settled to a steady level "
        "after the first few of them. ") * 3

pytestmark = pytest.mark.skipif(not has_tex("article.cls"), reason="pdflatex is not installed")


def _run_in(title: str, text: str = TEXT) -> str:
    return f"\\par\\noindent\\textbf{{{title}}} {text}\n\n"


def _body(doc) -> list:
    return [p for p in doc.paragraphs if p.kind is ParagraphKind.BODY]


def test_a_numbered_bold_title_closed_by_a_stop_and_run_into_its_text_is_a_heading(tmp_path: Path) -> None:
    source = ("\\documentclass[11pt]{article}\n\\begin{document}\n" + _run_in("1. Introduction.") + TEXT + "\n\n"
              + _run_in("2. Model equations.") + _run_in("2.1. Boundary terms.")
              + _run_in("2.2. Discrete scheme.") + _run_in("3. Conclusion.") + "\\end{document}\n")
    doc = load_document(typeset(tmp_path, source))
    assert [s.title for s in doc.sections] == ["Introduction", "Model equations", "Boundary terms",
                                               "Discrete scheme", "Conclusion"]
    assert [s.number for s in doc.sections] == ["1", "2", "2.1", "2.2", "3"]
    body = _body(doc)
    assert len(body) == 6 and all(p.text == TEXT.strip() for p in body)  # not a word of the text lost
    assert [p.section for p in body] == [("Introduction",), ("Introduction",), ("Model equations",),
                                         ("Model equations", "Boundary terms"),
                                         ("Model equations", "Discrete scheme"), ("Conclusion",)]


def test_bold_run_in_words_that_are_no_numbered_title_stay_in_their_paragraph(tmp_path: Path) -> None:
    """A bold run-in label with no number ("Proof." / "Remark."), a bold list number alone and a numbered bold run
    of more than ten words are no heading: their words stay in the compared text."""
    long = "1. We kept every sample of the forty stations and dropped none of them here."
    source = ("\\documentclass[11pt]{article}\n\\begin{document}\n\\section{Introduction}\n" + TEXT
              + "\n\n\\section{Methods}\n" + _run_in("Remark.") + _run_in("2.") + _run_in(long) + "\\end{document}\n")
    doc = load_document(typeset(tmp_path, source))
    assert [s.title for s in doc.sections][-1] == "Methods"
    body = [p.text for p in _body(doc) if p.section == ("Methods",)]
    assert body == ["Remark. " + TEXT.strip(), "2. " + TEXT.strip(), long + " " + TEXT.strip()]
