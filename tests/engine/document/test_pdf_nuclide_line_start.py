"""A nuclide that opens a printed line (mhchem's ``\\ce{_{92}^{235}U}``: the mass number set over the charge
number, and up to its own width left of it) stays in its paragraph. A new-user trial's nuclear-fuel paper read
the words before and after such a nuclide as two paragraphs, the mass number lost between them. Typeset here with
pdflatex; synthetic text."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from engine.document.pdf.load import load_pdf
from tests.optional import has_tex


pytestmark = pytest.mark.skipif(not has_tex("mhchem.sty"), reason="pdflatex with mhchem is not installed")

_FILLER = ("Fuel swelling under irradiation depends on how gas atoms leave their bubbles and return to the "
           "lattice, and on how quickly the bubbles grow during a long reactor cycle. ")


def _typeset(tmp_path: Path, lead: str) -> Path:
    # the paragraph's first line is filled so that the nuclide after ``lead`` opens the second printed line
    body = (f"{lead} \\ce{{_{{92}}^{{235}}U}} yields many fission products, of which two are "
            "followed in this work through every stage of the simulation. " + _FILLER * 3)
    # wide spacing, as a journal's review copy sets it (the trial's elsarticle [review]: 18 pt for 10 pt type): there
    # the mass number is a line of its own in the PDF's text, between the two lines it sits between
    tex = ("\\documentclass{article}\n\\usepackage[version=4]{mhchem}\n\\usepackage[margin=1in]{geometry}\n"
           "\\linespread{1.45}\n"
           "\\begin{document}\n\\section{Energy loss}\n" + _FILLER * 2 + "\n\n" + body + "\n\n" + _FILLER * 2
           + "\n\\end{document}\n")
    (tmp_path / "main.tex").write_text(tex, encoding="utf-8")
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "main.tex"], cwd=tmp_path, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:]
    return tmp_path / "main.pdf"


def _line_start_lead(tmp_path: Path) -> str:
    """Words before the nuclide that end the paragraph's first printed line exactly there."""
    import pymupdf

    for words in range(8, 40):
        lead = " ".join((_FILLER * 2).split()[:words])
        folder = tmp_path / f"try{words}"
        folder.mkdir()
        pdf = _typeset(folder, lead)
        with pymupdf.open(pdf) as doc:
            lines = [ln for b in doc[0].get_text("dict")["blocks"] for ln in b.get("lines", ())]
        left = min(ln["bbox"][0] for ln in lines)
        starts = ["".join(s["text"] for s in ln["spans"]).strip() for ln in lines if ln["bbox"][0] < left + 12]
        if any(t.startswith(("235", "92U")) for t in starts):
            return lead
    pytest.fail("no lead put the nuclide at a line start")


def test_a_nuclide_opening_a_line_stays_in_its_paragraph(tmp_path: Path) -> None:
    lead = _line_start_lead(tmp_path)
    doc = load_pdf(_typeset(tmp_path, lead))
    body = [p.text for p in doc.paragraphs if "fission products" in p.text or p.text.startswith("92U")]
    assert len(body) == 1, body
    assert body[0].startswith(lead.split()[0]) and "235" in body[0] and "92U yields" in body[0]
