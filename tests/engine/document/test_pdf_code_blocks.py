"""Code listings and an algorithm's numbered steps are not prose (docs/figures-align.md, "Session 22"): on PDFs
typeset by pdflatex here, a listing set in a typewriter font and ``algorithmic``'s steps ("1: ...") read as
``other``, so a change to the code is no prose edit between two PDFs; a paragraph with inline code, a footnote
holding a URL and the prose around them stay text, and a change to that prose is still an edit."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.align.base import candidate_edits
from engine.document import ParagraphKind, load_document
from engine.revision import diff_documents
from tests.optional import has_tex, typeset

pytestmark = pytest.mark.skipif(not has_tex("article.cls", "algorithmic.sty", "algorithm.sty", "url.sty"),
                                reason="pdflatex with the algorithms bundle and url.sty is needed")

PROSE = ("The package builds a model from nodes, runs the variational updates until the bound stops rising, and "
         "reports the posterior of every variable, which we show on a small mixture of two clusters. ")


def paper(code: str, step: str, words: str) -> str:
    return (
        "\\documentclass{article}\n\\usepackage{url}\n\\usepackage{algorithm}\n\\usepackage{algorithmic}\n"
        "\\begin{document}\n\\section{Usage}\n"
        f"{PROSE}The call \\texttt{{S.run()}} runs the updates.\\footnote{{\\url{{https://example.org/pkg}}}} "
        f"{PROSE}\n\n\\begin{{verbatim}}\nfrom toolkit import Solver, Normal\nmu = Normal(0, 1e-3, shape=(2,))\n"
        f"S = Solver(data, mu)\nS.run(steps={code})\nprint(mu)\n\\end{{verbatim}}\n\n"
        "\\begin{algorithm}\\caption{Variational updates}\\begin{algorithmic}[1]\n"
        "\\STATE initialise every node from its prior\n\\WHILE{the bound rises}\n"
        f"\\STATE update each node in turn {step}\n\\STATE compute the lower bound\n\\ENDWHILE\n"
        "\\RETURN the posterior of every node\n\\end{algorithmic}\\end{algorithm}\n\n"
        f"{PROSE}The results are {words} than those of the sampler. {PROSE}\n\\end{{document}}\n"
    )


def test_listing_and_algorithm_read_as_other(tmp_path: Path) -> None:
    doc = load_document(typeset(tmp_path, paper("200", "", "close")))
    kinds = {p.kind for p in doc.paragraphs if "S.run(steps" in p.text or "Normal(0" in p.text}
    assert kinds == {ParagraphKind.OTHER}
    steps = [p for p in doc.paragraphs if "initialise every node" in p.text or "compute the lower bound" in p.text]
    assert steps and {p.kind for p in steps} == {ParagraphKind.OTHER}
    body = [p for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert any("S.run() runs the updates" in p.text for p in body)  # inline code: prose
    assert any("example.org" in p.text and p.kind is ParagraphKind.FOOTNOTE for p in doc.paragraphs)


def test_code_changes_are_no_prose_edit(tmp_path: Path) -> None:
    (tmp_path / "old").mkdir()
    (tmp_path / "new").mkdir()
    old = load_document(typeset(tmp_path / "old", paper("200", "", "close")))
    new = load_document(typeset(tmp_path / "new", paper("500", "with damping", "much closer")))
    edits = candidate_edits(diff_documents(old, new, check_related=False))
    assert len(edits) == 1  # the prose edit only
    assert "much" in edits[0].changed_words()[1]
