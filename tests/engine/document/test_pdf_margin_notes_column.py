"""A one-column page with a column of notes in its wide left margin beside the text, typeset here (MDPI's first
page sets the citation, the dates, the publisher's note and the licence so; trial36: read as one column, each note's
line fell between two lines of the introduction, which came out as one-line paragraphs, and "Received:" ran into the
text on its baseline)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex

pytestmark = pytest.mark.skipif(not has_tex("geometry.sty"), reason="pdflatex with geometry is not installed")

FIRST = ("Lanterns of marrow are sorted by their glow before the winter market, and the sorting takes the growers "
         "of the valley most of an autumn week, because every lantern is held up to the light by hand. ")
SECOND = ("We propose a sorting table that weighs each lantern and reads its glow from below, so that a grower "
          "only lifts the lanterns the table cannot place, which are few in a dry year and more in a wet one. ")
NOTES = ("\\textbf{Citation:} Ostrand, P.; Vell, Q. Sorting marrow lanterns. \\textit{Lanterns} \\textbf{2031}, "
         "\\textit{4}, 12.\\par\\medskip Received:\\par Accepted:\\par Published:\\par\\medskip "
         "\\textbf{Copyright:} \\copyright~2031 by the authors. Submitted for possible open access publication "
         "under the terms of a licence that lets anyone read it.")


def typeset(tmp_path: Path) -> Path:
    (tmp_path / "main.tex").write_text(
        "\\documentclass[10pt]{article}\n"
        "\\usepackage[a4paper,left=58mm,right=16mm,top=25mm,bottom=25mm,marginparwidth=40mm,marginparsep=6mm]"
        "{geometry}\n\\reversemarginpar\\pagestyle{empty}\n\\begin{document}\n"
        "\\section*{Introduction}\n"
        f"\\marginpar{{\\scriptsize\\raggedright {NOTES}}}{FIRST * 4}\n\n{SECOND * 4}\n\\end{{document}}\n",
        encoding="utf-8")
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "main.tex"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=180)
    assert (tmp_path / "main.pdf").is_file(), run.stdout[-2000:]
    return tmp_path / "main.pdf"


def test_the_text_beside_a_column_of_margin_notes_reads_whole(tmp_path: Path) -> None:
    doc = load_document(typeset(tmp_path))
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    # before: cut into one-line paragraphs between the notes' lines; the notes read after the text (as body here, as
    # "other" on MDPI's page, whose notes are its title page's)
    assert body[:2] == [" ".join((FIRST * 4).split()), " ".join((SECOND * 4).split())], body
    notes = [p.text for p in doc.paragraphs if "Received" in p.text or "Copyright" in p.text]
    assert notes and all("glow" not in t for t in notes), notes  # before: "Accepted: up to the light by hand. …"
    assert "Received:" in notes and notes[-1].endswith("lets anyone read it."), notes  # read after the text
