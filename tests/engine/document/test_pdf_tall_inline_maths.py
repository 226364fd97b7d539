"""Inline maths taller than a line (a sum with its limits beside a fraction, a square root over a fraction) leaves
pieces on baselines of their own between two lines (the sum's sign with its upper limit, the radical with the
numerator), and TeX sets the lines around it farther apart than the text's pitch. Those pieces are read into their
line and that wider gap is no paragraph break (session 32, pdfgap33: a PLOS and a REVTeX dev paper's paragraphs were
read in pieces there). Text we wrote for this test. The plain paragraph after each stays a paragraph of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import PLOS_ARTICLE, has_tex, typeset

PLAIN = ("The second paragraph tells how the queries were drawn, with no maths at all in it, so that it reads as plain "
         "prose from its first word to its last, and runs over a few lines of the page.")

SUM = PLOS_ARTICLE + r"""\section*{Scores}
The mean inverse place looks at where the one right answer stands in the list that the tool gives back for a query.
The inverse place is one over the place of the right item in the list for that query. The mean score is the mean
inverse place over all of the queries: $S = \frac{1}{Q}\sum_{q=1}^{Q}\frac{1}{r_q}$. Unlike the share found in the
first places, which looks at nothing under a given place, this score is based on the whole list of items.

PLAIN
\end{document}
""".replace("PLAIN", PLAIN)

ROOT = r"""\documentclass[aps,prd,twocolumn,reprint]{revtex4-2}
\usepackage{amsmath}
\begin{document}
\title{A drift chamber}
\author{A. Writer}
\affiliation{Nowhere Institute}
\maketitle
\section{Drift}
While the charges drift in the gas they spread along and across the field, and the time they arrive at the plates
is tied to where they were made. The spread of the arrival points at the plate is close to
$\sqrt{\frac{2DZ}{\mu E}}$ where $D$ is the spread coefficient, $\mu$ the mobility and $E$ the drift field of the
chamber. Moreover, the charges spread once more while they are multiplied near the plate, so that the light seen by
the camera is tied to the first point with an error that grows with the distance from the plate, and the width of
each light spot grows with that distance too.

PLAIN
\end{document}
""".replace("PLAIN", PLAIN)


def _body(doc) -> list[str]:
    return [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]


def _one(doc, start: str, end: str) -> str:
    found = [t for t in _body(doc) if t.startswith(start)]
    assert len(found) == 1, [p.text[:60] for p in doc.paragraphs]
    assert found[0].endswith(end), found[0]
    return found[0]


@pytest.mark.skipif(not has_tex("article.cls", "amsmath.sty"), reason="pdflatex is not installed")
def test_an_inline_sum_with_fractions_stays_in_its_paragraph(tmp_path: Path) -> None:
    doc = load_document(typeset(tmp_path, SUM))
    text = _one(doc, "The mean inverse place looks at", "this score is based on the whole list of items.")
    assert "over all of the queries: S = 1" in text and "Unlike the share found" in text
    assert sum("over all of the queries" in p.text for p in doc.paragraphs) == 1
    _one(doc, "The second paragraph tells how", "a few lines of the page.")


@pytest.mark.skipif(not has_tex("revtex4-2.cls", "amsmath.sty"), reason="REVTeX 4.2 is not installed")
def test_a_square_root_over_a_fraction_does_not_cut_its_paragraph(tmp_path: Path) -> None:
    doc = load_document(typeset(tmp_path, ROOT))
    text = _one(doc, "While the charges drift in the gas", "grows with that distance too.")
    assert "is close to" in text and "2DZ" in text and "where D is the spread coefficient" in text
    assert not any(p.kind is ParagraphKind.EQUATION for p in doc.paragraphs)
    _one(doc, "The second paragraph tells how", "a few lines of the page.")


PRODUCT = r"""\documentclass{llncs}
\usepackage{amsmath}
\begin{document}
\section{Keys}
The public key is short and can be checked in time linear in its length, so that the reader of the chain need not
store more than a few group elements for every account it keeps. (Note that the weights
$\mathcal{L}_i(X)=\prod_{j\in[0,n],j\ne i} \frac{X-j}{i-j}$ are taken over the points $[0,n]$, not over the points
$[n]$.) The check key is made of one group element for every point of the range, and it is kept by the reader from the
start of the chain to its end, so that the check costs one product of pairings.

PLAIN
\end{document}
""".replace("PLAIN", PLAIN)


@pytest.mark.skipif(not has_tex("llncs.cls", "amsmath.sty"), reason="llncs is not installed")
def test_a_product_with_its_limit_and_a_fraction_does_not_cut_its_line(tmp_path: Path) -> None:
    # the product's limit and the fraction's denominator, folded into the line, close the gap between its two halves
    doc = load_document(typeset(tmp_path, PRODUCT))
    text = _one(doc, "The public key is short", "the check costs one product of pairings.")
    assert "(Note that the weights" in text and "are taken over the points [0, n], not over the points [n].)" in text
    assert not any(t.startswith("are taken over the points") for t in _body(doc))
    _one(doc, "The second paragraph tells how", "a few lines of the page.")
