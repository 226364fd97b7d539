"""A reference list that a float interrupts stays a reference list (docs/figures-align.md, "Session 22"): on a PDF
typeset by pdflatex here, a table set between two runs of bibliography entries has bold row labels that read as
unnumbered headings; the entries after it are still references (before the fix they read as body text, so a
diff with a version whose list was not interrupted called every one of them added). A section after the
references (an appendix) still ends the list."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset

pytestmark = pytest.mark.skipif(not has_tex("article.cls"), reason="pdflatex is needed")

PROSE = ("We normalise the images of every patient against a common reference, fit each pharmacokinetic model to "
         "the curves of the enhanced voxels, and compare the parameters before and after the normalisation. ")

ENTRY = ("\\noindent\\hangindent=1.5em {name}, A., Brown, B., {year}. A study of contrast agents in tissue {n}. "
         "J. Imag. {n}, 1--9.\n")

TABLE = (  # not a float: set where it is written, between two entries
    "\\begin{center}\\begin{tabular}{lcc}\n"
    "\\multicolumn{3}{l}{\\textbf{First model}}\\\\\na & 0.41 & 0.44\\\\\nb & 0.52 & 0.57\\\\\n"
    "\\multicolumn{3}{l}{\\textbf{Second model}}\\\\\na & 0.63 & 0.61\\\\\nb & 0.38 & 0.35\\\\\n"
    "\\end{tabular}\\end{center}\n"
)

NAMES = ["Adams", "Baker", "Clark", "Davis", "Evans", "Fisher", "Green", "Hughes", "Irwin", "Jones", "Kelly", "Lewis"]
TOPICS = ["the arterial input", "the time offsets", "the dispersion of the bolus", "the semi-quantitative features"]


def paper(appendix: bool) -> str:
    entries = [ENTRY.format(name=n, year=1990 + i, n=i + 1) for i, n in enumerate(NAMES)]
    prose = "".join(f"{PROSE}Here we turn to {t}, paragraph {k + 1}. {PROSE}\n\n" for k, t in enumerate(TOPICS))
    return (
        "\\documentclass{article}\n\\begin{document}\n\\section{Methods}\n" + prose
        + "\\section*{References}\n" + "\n".join(entries[:6]) + "\n" + TABLE + "\n".join(entries[6:])
        + ("\\appendix\n\\section{Proofs}\n" + PROSE + "\n" if appendix else "")
        + "\\end{document}\n"
    )


def test_entries_after_a_table_are_references(tmp_path: Path) -> None:
    doc = load_document(typeset(tmp_path, paper(appendix=True)))
    for name in NAMES:
        kinds = {p.kind for p in doc.paragraphs if f"{name}, A.," in p.text}
        assert kinds == {ParagraphKind.REFERENCE}, (name, kinds)
    # the appendix after the list ends it: its prose is body again
    assert any(p.kind is ParagraphKind.BODY and p.section and "Proofs" in p.section[-1] for p in doc.paragraphs)
