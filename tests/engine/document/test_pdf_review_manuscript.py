"""An elsarticle manuscript typeset for review (``review``: double spaced, line numbers in the margin, ``parskip``'s
unindented paragraphs), as a journal's
area chair gets it (a new-user trial, session 22): its italic subsection headings ("2.1. Model", "Appendix A.1.
Data") are headings, not the first words of the paragraph under them, and a figure's point label, a bold letter with
a subscript drawn beside a plot, is no section heading (the trial's paper put its section 3.3 under "Bk")."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset

pytestmark = pytest.mark.skipif(not has_tex("elsarticle.cls", "lineno.sty", "parskip.sty"),
                                reason="elsarticle, lineno or parskip is not installed")

PROSE = ("We study how the plate bends under a point load and compare the measured deflection with the model for "
         "each of the three supports, reporting the error at every load step. ") * 3

LABEL = "{\\large\\textbf{B}\\textsubscript{\\textbf{t}}}"

SOURCE = f"""\\documentclass[review]{{elsarticle}}
\\usepackage{{lineno,parskip}}
\\linenumbers
\\begin{{document}}
\\begin{{frontmatter}}\\title{{Bending of Thin Plates}}\\author{{Ada Lovelace}}\\end{{frontmatter}}
\\section{{Introduction}}
{PROSE}
\\section{{Method}}
\\subsection{{Plate model}}
{PROSE}
\\begin{{figure}}[h]\\centering
\\rule{{4cm}}{{1.5cm}}\\par\\medskip
{LABEL}\\par\\medskip
\\rule{{4cm}}{{1.5cm}}
\\caption{{The plate's first two modes.}}
\\end{{figure}}
\\subsection{{Boundary conditions for clamped and simply supported edges}}
{PROSE}
\\section{{Results}}
{PROSE}
\\appendix
\\section{{Supplementary data}}
{PROSE}
\\subsection{{Measured deflections}}
{PROSE}
\\end{{document}}
"""


def test_review_copy_subsections_are_headings_and_a_point_label_is_not(tmp_path: Path) -> None:
    doc = load_document(typeset(tmp_path, SOURCE))
    titles = [s.title for s in doc.sections]
    for title in ("Plate model", "Boundary conditions for clamped and simply supported edges",
                  "Measured deflections"):
        assert title in titles, titles
    assert not any(len(t) <= 3 for t in titles), titles  # "Bt" was a section
    model = next(p for p in doc.paragraphs if p.kind is ParagraphKind.BODY and p.section_title == "Plate model")
    assert model.text.startswith("We study how the plate bends")
    boundary = [p for p in doc.paragraphs if p.kind is ParagraphKind.BODY
                and p.section_title.startswith("Boundary conditions")]
    assert boundary and boundary[0].text.startswith("We study")
    appendix = next(p for p in doc.paragraphs if p.kind is ParagraphKind.BODY
                    and p.section_title == "Measured deflections")
    assert appendix.text.startswith("We study")
