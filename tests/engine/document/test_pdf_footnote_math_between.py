"""A paragraph cut at a page's foot reads on past the footnotes under it when they hold math: Elsevier's
corresponding-author mark set alone before the e-mail line ("∗" | "Email address: ..."), or a display inside a
footnote. Read as math of the text, either ended the paragraph there, and its continuation on the next page stood
as a paragraph of its own (dev papers ptf-paper and reviewbb0nu2023, sixteenth round)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset


PROSE = ("the selection adds one feature at a time to the pool and keeps the one that raises the criterion most, "
         "until the criterion stops rising or the pool holds the largest number of features allowed, and ")
END = "so the pool stays small and the last words of this paragraph are these."


def _typeset(tmp_path: Path, source: str):
    return load_document(typeset(tmp_path, source, runs=2))


@pytest.mark.skipif(not has_tex("elsarticle.cls"), reason="pdflatex with elsarticle is not installed")
def test_a_paragraph_reads_on_past_an_elsevier_corresponding_author_mark(tmp_path: Path) -> None:
    doc = _typeset(tmp_path, (
        "\\documentclass[preprint,3p]{elsarticle}\n\\begin{document}\n\\begin{frontmatter}\n"
        "\\title{Selecting Features}\n\\author{Ada Lovelace\\corref{cor1}}\n\\ead{ada@example.org}\n"
        "\\cortext[cor1]{}\n\\address{Analytical Engine Works, London}\n"
        "\\begin{abstract}\nWe select features.\n\\end{abstract}\n\\end{frontmatter}\n"
        f"\\section{{Introduction}}\nFirst {PROSE * 14}{END}\n\nThen {PROSE * 12}{END}\n\n"
        + ("Last " + PROSE * 12 + "done.\n\n") * 6 + "\\end{document}\n"))
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert [t.split()[0] for t in body] == ["We", "First", "Then"] + ["Last"] * 6  # on past the page's foot
    assert body[2].endswith(END)


@pytest.mark.skipif(not has_tex("article.cls"), reason="pdflatex is not installed")
def test_a_paragraph_reads_on_past_a_footnote_with_a_display(tmp_path: Path) -> None:
    note = ("\\footnote{The pool's size follows from the features kept and the time allowed, through the "
            "relationship\\[ P = \\frac{B}{C_F}\\, k\\, \\rho, \\] where B is the budget in hours.}")
    doc = _typeset(tmp_path, (
        "\\documentclass[11pt]{article}\n\\begin{document}\n\\section{Introduction}\n"
        f"First {PROSE * 17}{END}\n\nThen {PROSE}{note} {PROSE * 5}{END}\n\n"
        + ("Last " + PROSE * 8 + "done.\n\n") * 4 + "\\end{document}\n"))
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert [t.split()[0] for t in body] == ["First", "Then"] + ["Last"] * 4  # no piece cut off at a page's foot
    assert body[1].endswith(END) and all(t.endswith("done.") for t in body[2:])
