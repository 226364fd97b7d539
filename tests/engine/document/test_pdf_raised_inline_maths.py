"""Inline maths raised over its symbols (a vector's arrow, a wide tilde) comes out of the PDF as a fragment of its own
a little off its line's baseline, inside the line's width; it is read into that line, so the paragraph is not cut
there (session 32, pdfgap33: a PLOS dev paper's paragraph was read in pieces, one of them not body). Text we wrote for
this test, set in the PLOS template's page (ragged right, a wide left margin). A paragraph of plain prose after it
stays a paragraph of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import PLOS_ARTICLE, has_tex, typeset

SOURCE = PLOS_ARTICLE + r"""\section*{Paths}
The walk leaves the first station and keeps a record of every stop along the way, so that the later stage can
replay the route. Starting with the whole route $\lbrace\overrightarrow{v_0}\,..., \overrightarrow{v_n}\rbrace$, we cut
the route in half at one of its \emph{stops} $\overrightarrow{v_k}$ in-between and then find the pieces of
$\lbrace\overrightarrow{v_0}\,..., \overrightarrow{v_k}\rbrace$ and $\lbrace\overrightarrow{v_k}\,...,
\overrightarrow{v_n}\rbrace$ before the last stage joins them again. The matrix $M_{i,k}$ is mapped into a new space
$\widetilde{M}_{i,k}$ with the shared parts of every pair, and the score of a pair is read as
$\operatorname{sign}(\widetilde{M}_{i,k} + \widetilde{M}_{j,k})$ for each pair of columns in the table, so that the
whole test costs one addition and one comparison for every pair of columns.

The second paragraph follows the first and tells how the stops were chosen, with no maths at all in it, so that it
reads as plain prose from its first word to its last.
\end{document}
"""


@pytest.mark.skipif(not has_tex("article.cls", "amsmath.sty"), reason="pdflatex is not installed")
def test_a_paragraph_with_arrows_and_wide_accents_is_read_whole(tmp_path: Path) -> None:
    doc = load_document(typeset(tmp_path, SOURCE))
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    first = [t for t in body if t.startswith("The walk leaves the first station")]
    assert len(first) == 1, [p.text[:60] for p in doc.paragraphs]
    text = first[0]
    assert "Starting with the whole route {−→ v0 ..., −→ vn}, we cut the route" in text
    assert "before the last stage joins them again" in text
    assert text.endswith("one addition and one comparison for every pair of columns.")
    # nothing of it is read apart, as a paragraph or an equation of its own
    assert sum("the last stage joins them again" in p.text for p in doc.paragraphs) == 1
    assert not any(p.kind is ParagraphKind.EQUATION for p in doc.paragraphs)
    # the plain paragraph after it is its own
    assert any(t.startswith("The second paragraph follows the first") and t.endswith("to its last.") for t in body)
