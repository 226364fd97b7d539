"""An elsarticle manuscript typeset for review (``review``: double spaced, line numbers in the margin, ``parskip``'s
unindented paragraphs), as a journal's area chair gets it (a new-user trial, session 22): its italic subsection
headings ("2.1. Model", "Appendix A.1. Data") are headings, not the first words of the paragraph under them; a
figure's point label, a bold letter with a subscript drawn beside a plot, is no section heading (the trial's paper
put its section 3.3 under "Bk"); a table set small whose cells open with digits is one table, not a footnote per
cell."""

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



TABLE = r"""\begin{table}[h]\centering\small
\caption{Edge frequencies of the first band gap for each support.}
\begin{tabular}{lcccc}
\hline
Support & 10 & 20 & 30 & 40 \\
\hline
""" + "".join(f"{name} & {a}.12 & {a + 1}.48 & {a + 2}.91 & {a + 3}.07 \\\\\n"
              for name, a in (("Clamped", 12), ("Simple", 31), ("Free", 55), ("Mixed", 78))) + r"""\hline
\end{tabular}
\end{table}
"""


def test_a_small_table_of_numbers_is_one_table_not_footnotes(tmp_path: Path) -> None:
    """A table set small (``\\small``) whose cells open with digits: its cells were footnotes (small text opening with a
    number), one compared paragraph each (the trial's manuscript: 121 of them); now one table block, no footnote."""
    doc = load_document(typeset(tmp_path, SOURCE.replace("\\appendix", TABLE + PROSE + "\n\\appendix")))
    notes = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.FOOTNOTE]
    assert not any(any(ch.isdigit() for ch in t) and len(t.split()) <= 5 for t in notes), notes
    table = [p for p in doc.paragraphs if "Clamped" in p.text]
    assert len(table) == 1 and table[0].kind is ParagraphKind.OTHER and "78.12" in table[0].text, table
