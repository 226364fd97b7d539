"""A map's axis label set large under its tick labels in degrees ("47.0°W ... 44.0°W" over "Longitude") was read as
an unnumbered section heading, and every edit of the section's next subsections was placed under "Longitude" (a
training revision's PDF, docs/figures-align.md, "Session 23"). The PDFs are typeset in the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset

TEXT = ("Samples were drawn at the site every month for ten years, and the profiles were measured at several "
        "fixed depths on each visit. ") * 3

TICKS = " \\hfill ".join(f"{x:.1f}$^\\circ$W" for x in (47.0, 46.5, 46.0, 45.5, 45.0, 44.5, 44.0))
MAP = ("\\begin{figure}[h]\\centering\\rule{0.8\\textwidth}{0.5pt}\\\\[2pt]\n"
       f"\\parbox{{0.8\\textwidth}}{{\\scriptsize {TICKS}}}\\\\[-1pt]\n{{\\large Longitude}}\n"
       "\\caption{A map of the study area.}\\end{figure}\n")

pytestmark = pytest.mark.skipif(not has_tex("article.cls"), reason="pdflatex is not installed")


def test_an_axis_label_under_degree_ticks_is_no_heading(tmp_path: Path) -> None:
    source = ("\\documentclass[11pt]{article}\n\\begin{document}\n\\title{A site}\\author{A. Author}\\date{}"
              "\\maketitle\n\\section{Materials and Methods}\n"
              "\\subsection{Study site}\n" + TEXT + "\n\n" + MAP + TEXT + "\n\n\\subsection{Data analysis}\n" + TEXT
              + "\n\n\\section{Results}\n" + TEXT + "\n\\end{document}\n")
    doc = load_document(typeset(tmp_path, source))
    titles = [s.title for s in doc.sections]
    assert "Longitude" not in titles
    assert titles[-4:] == ["Materials and Methods", "Study site", "Data analysis", "Results"]
    body = [p for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert [p.text for p in body] == [TEXT.strip()] * 4  # the prose, word for word
    assert [p.section for p in body] == [("Materials and Methods", "Study site")] * 2 + [
        ("Materials and Methods", "Data analysis"), ("Results",)]


def test_a_heading_after_a_row_of_numbers_stays_a_heading(tmp_path: Path) -> None:
    """A section heading set after a table's last row of numbers, with a heading's room above it, is kept."""
    table = ("\\begin{center}\\begin{tabular}{cccc}Depth & 10.0 & 20.0 & 30.0\\\\ 5.5 & 6.5 & 7.5 & 8.5\\end{tabular}"
             "\\end{center}\n")
    source = ("\\documentclass[11pt]{article}\n\\begin{document}\n\\title{A site}\\author{A. Author}\\date{}"
              "\\maketitle\n\\section{Results}\n" + TEXT + "\n\n" + table
              + "\\section*{Discussion}\n" + TEXT + "\n\\end{document}\n")
    doc = load_document(typeset(tmp_path, source))
    assert [s.title for s in doc.sections][-1] == "Discussion"
    body = [p for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert body[-1].text == TEXT.strip() and body[-1].section == ("Discussion",)
