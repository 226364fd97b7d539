"""A word broken at a line's end never ends a paragraph: when the next line is set apart (a fraction raised in an
exponent widens the gap under the broken word), the block that opens under it in lower case at the column's edge
carries the paragraph on ("... precision pa-" | "rameter in ..."; dev paper fourier-integral, sixteenth round)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset


pytestmark = pytest.mark.skipif(not has_tex("revtex4-2.cls"), reason="pdflatex with REVTeX 4.2 is not installed")

PROSE = ("the selection adds one feature at a time to the pool and keeps the one that raises the criterion most, "
         "until the criterion stops rising or the pool holds the largest number of features allowed, and ")
END = "so the pool stays small and the last words of this paragraph are these."
# the word is broken by hand where TeX would have broken it, so the test does not hang on TeX's line breaking
MIDDLE = ("where $\\beta = \\frac{1}{2\\rho^2}$ is the smoothing filter's own precision pa-\\linebreak rameter in "
          "$g_\\beta(u) = e^{-u^2\\beta} = e^{-\\frac{u^2}{2\\rho^2}}$, and so ")


def test_a_paragraph_cut_under_a_broken_word_is_one_paragraph(tmp_path: Path) -> None:
    source = ("\\documentclass[aps,prl,twocolumn]{revtex4-2}\n\\begin{document}\n\\title{Selecting}\n\\maketitle\n"
              f"First {PROSE * 3}{END}\n\nThen {PROSE * 2}{MIDDLE}{PROSE * 2}{END}\n\n"
              + ("Last " + PROSE * 3 + "done.\n\n") * 4 + "\\end{document}\n")
    doc = load_document(typeset(tmp_path, source, runs=2))
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert [t.split()[0] for t in body] == ["First", "Then"] + ["Last"] * 4
    assert "precision parameter in" in body[1] and body[1].endswith(END)
