"""A first page whose left third is a column of small author notes beside a box of abstract not quite twice as wide,
under a title across the page, as Wiley's New Journal Design sets it. The notes' column ended past 30 % of the page
and the box was 1.84 times as wide, so ``side_column`` left the page as one column: each note's line fell between two
lines of the abstract, whose first paragraph was lost to "other" lines and whose second lost its first line (trial38,
a Magnetic Resonance in Medicine paper; in-sample for it). The title block's short lines (a "FULL PAPER" kicker, the
author's name), set larger than the notes, are no notes."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import load_document
from tests.optional import has_tex, typeset

pytestmark = pytest.mark.skipif(not has_tex("geometry.sty"), reason="pdflatex with geometry is not installed")

AIM = ("Aim: Kilns of river clay crack when they are fired too fast, and the potters of the delta lose a firing in "
       "five to the cracks; we ask how slowly a kiln must be warmed to keep its walls whole through the season.")
WAY = ("Way: Twelve kilns were warmed at four rates over a dry month and a wet one, and the cracks in their walls were "
       "counted at dawn after each firing by two potters who did not know the rates.")
NOTES = ("\\textsuperscript{1}Guild of Delta Potters, Old Quay, Lowmarsh\\par\\medskip\\textbf{Letters}\\par "
         "Ines Marrow, Guild of Delta Potters, Old Quay Street, Lowmarsh, Delta Province\\par "
         "Post: the kiln yard by the ferry landing")
BODY = ("The potters of the delta fire their kilns twice a month, and a kiln that cracks takes the pots inside it "
        "with it, so the warming rate is the first thing a potter learns and the last thing she trusts. ")


def test_the_abstract_beside_a_third_of_a_page_of_notes_reads_whole(tmp_path: Path) -> None:
    source = ("\\documentclass[10pt]{article}\n\\usepackage[paperwidth=485pt,paperheight=697pt,left=40pt,right=46pt,"
              "top=40pt,bottom=40pt]{geometry}\n\\pagestyle{empty}\\begin{document}\n"
              "\\noindent{\\bfseries FIELD NOTE}\\par\\vspace{2em}\n"
              "\\noindent{\\LARGE\\bfseries Warming rates for kilns of river clay in the wet season}\\par"
              "\\vspace{2em}\\noindent{\\large\\bfseries Ines Marrow}\\par\\vspace{2em}\n"
              "\\noindent\\begin{minipage}[t]{126pt}\\fontsize{7}{10}\\selectfont\\raggedright " + NOTES +
              "\\end{minipage}\\hfill\\begin{minipage}[t]{232pt}\\fontsize{8}{10.5}\\selectfont " + AIM + "\\par "
              + WAY + "\\par " + WAY.replace("Way", "Then") + "\\par\\bigskip Keywords: kilns; clay; firing\\end{minipage}\n"
              "\\par\\bigskip\\noindent\\hspace*{14pt}\\fontsize{8}{10}\\selectfont Word count: 4210\n"
              "\\newpage\\normalsize\\section{Introduction}\n" + BODY * 8 + "\n\\end{document}\n")
    doc = load_document(typeset(tmp_path, source))
    texts = [" ".join(p.text.split()) for p in doc.paragraphs]
    # before: "Aim: ..." lost in one-line pieces between the notes' lines, "Way: ..." without its first line
    assert AIM in texts and WAY in texts, texts[:14]
