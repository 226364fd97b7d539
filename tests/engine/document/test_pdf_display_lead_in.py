"""A few words that lead from one display into the next ("In matrix terms,") stand on a line of their own at the
column's edge; for their few words the reader called them other, so what an author changes there never reached the
comment-edit step. Set in the text's size and weight right above a display, they are body text (dev papers
thermodynamic-geometry, gmmreport, tro-paper-popp, sixteenth round)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset


pytestmark = pytest.mark.skipif(not has_tex("article.cls"), reason="pdflatex is not installed")

PROSE = ("The selection adds one feature at a time to the pool and keeps the one that raises the criterion most, "
         "until the criterion stops rising or the pool holds the largest number of features allowed. ")


def _display(formula: str) -> str:
    # a display as wide as a paper's, numbered
    tail = "+ \\lambda \\, \\lVert w \\rVert^2 - \\mu \\sum_{j=1}^{n} c_j"
    return f"\\begin{{equation}} {formula} {tail} \\end{{equation}}\n"


def test_words_leading_into_a_display_are_body_and_a_figure_label_is_not(tmp_path: Path) -> None:
    first, vector, analogy = (_display(f) for f in ("J(S) = \\sum_{i \\in S} w_i x_i", "J(S) = w^\\top x_S",
                                                    "K(S) = v^\\top x_S"))
    body = (f"{PROSE * 3}The criterion of a pool $S$ is\n{first}In matrix terms,\n{vector}and, likewise,\n{analogy}"
            f"{PROSE * 3}\n\n"
            "\\begin{figure}[h]\\centering\\fbox{\\begin{minipage}{0.5\\textwidth}\\centering Pool size\\\\[6pt]"
            "$n = 1, 2, 3$\\end{minipage}}\\caption{The pool.}\\end{figure}\n"
            f"{PROSE * 2}")
    source = f"\\documentclass[11pt]{{article}}\n\\begin{{document}}\n\\section{{Method}}\n{body}\n\\end{{document}}\n"
    doc = load_document(typeset(tmp_path, source, runs=2))
    kinds = {p.text: p.kind for p in doc.paragraphs}
    assert kinds.get("In matrix terms,") is ParagraphKind.BODY
    assert kinds.get("and, likewise,") is ParagraphKind.BODY
    assert kinds.get("Pool size") is not ParagraphKind.BODY  # centred in a figure, no lead-in
