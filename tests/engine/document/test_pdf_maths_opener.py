"""A paragraph broken at a column turn whose second part opens with a maths symbol ("∆T then grows ...": TeX's capital
delta comes out as U+2206, the increment sign, which is no letter) is one paragraph (session 30, pdfgap31: a REVTeX
dev paper's paragraph was cut in two at a page turn this way). Text we wrote for this test. After a closed sentence,
a block opening with a symbol at the next column's top stays a paragraph of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset

FILL = ("The flux through the wall was measured at every station along the channel, and the readings were kept for "
        "the later fits of the model. ") * 3


def _source(tail: str) -> str:
    return ("\\documentclass[twocolumn]{article}\n\\begin{document}\n\\section{Transport}\n" + FILL + "\n\n"
            "The gradient of the field sets how fast the heat moves across the layer, and in the thin limit the "
            "whole transport is carried by " + tail + "\\vadjust{\\pagebreak}\\linebreak "
            "$\\Delta T$ then grows with the thickness of the layer and with the conductivity of the wall, and "
            "$\\nabla T$ follows the same law.\n\nThe second run used a thicker wall and the same stations.\n"
            "\\end{document}\n")


@pytest.mark.skipif(not has_tex("article.cls"), reason="pdflatex is not installed")
def test_a_continuation_opening_with_a_maths_symbol_is_joined(tmp_path: Path) -> None:
    doc = load_document(typeset(tmp_path, _source("it;")))
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    joined = [t for t in body if t.startswith("The gradient of the field")]
    assert len(joined) == 1 and "carried by it; ΔT then grows with the thickness" in joined[0]
    assert joined[0].endswith("∇T follows the same law.")
    assert not any(t.startswith("ΔT") for t in body)


@pytest.mark.skipif(not has_tex("article.cls"), reason="pdflatex is not installed")
def test_after_a_closed_sentence_the_symbol_opens_its_own_block(tmp_path: Path) -> None:
    doc = load_document(typeset(tmp_path, _source("it.")))
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert any(t.endswith("carried by it.") for t in body)
    assert any(t.startswith("ΔT then grows") for t in body)
