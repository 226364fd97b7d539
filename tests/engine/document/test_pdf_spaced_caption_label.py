"""A caption's label set in letter-spaced capitals, as Wiley's New Journal Design sets "FIGURE 1" (``\\textls``): the
PDF's text spells it "FIGUR E 1" or "F I G U R E 1". Not read as a label, the figures' captions at the end of a
manuscript were body paragraphs, and the first ran on from the list of tables before it (trial38, a Magnetic
Resonance in Medicine paper; in-sample for that paper)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset

pytestmark = pytest.mark.skipif(not has_tex("microtype.sty"), reason="pdflatex with microtype is not installed")

PROSE = ("The bowls of brine were set out along the wall of the salt house and left for a day, so that the salt could "
         "stand in crusts along their rims before the keepers weighed it. ")
FIRST = "The bowls of brine set out in rows. B) The same bowls a day later, with crusts along their rims."
SECOND = "Brine strengths of the bowls, weighed at dawn and at dusk."


def _float(label: str, number: int, caption: str) -> str:
    return ("\\begin{figure}[p]\\centering\\rule{5cm}{4cm}\\par\\medskip\\raggedright\n"
            f"{{\\bfseries\\textls[150]{{{label}}}~{number}}}\\quad {caption}\n\\end{{figure}}\n")


def test_letter_spaced_figure_and_table_labels_open_captions(tmp_path: Path) -> None:
    source = ("\\documentclass[10pt]{article}\n\\usepackage[T1]{fontenc}\\usepackage{microtype}\n"
              "\\begin{document}\n\\section{Salt}\n" + PROSE * 6 + "\n\n" + PROSE * 5 + "Last words.\n\\clearpage\n"
              + _float("FIGURE", 1, "A) " + FIRST) + _float("TABLE", 2, SECOND) + "\\end{document}\n")
    doc = load_document(typeset(tmp_path, source))
    captions = [" ".join(p.text.split()) for p in doc.paragraphs if p.kind is ParagraphKind.CAPTION]
    assert len(captions) == 2, [(p.kind, p.text[:60]) for p in doc.paragraphs]
    assert captions[0].endswith(FIRST) and captions[1].endswith(SECOND), captions
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert body[-1].endswith("Last words.") and not any("bowls a day later" in t for t in body), body
