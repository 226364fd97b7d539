"""A list of figures and a list of tables printed after the references (Wiley's manuscript layout): their entries
are no paragraphs of the paper. Read as body, each was a paragraph of a "List of Figures" section, and a reworded
caption gave its edit twice (trial38, a Magnetic Resonance in Medicine paper; in-sample for it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset

pytestmark = pytest.mark.skipif(not has_tex("article.cls"), reason="pdflatex is not installed")

PROSE = ("The ferrymen count the geese that cross the river at dusk, and the count is written on the boathouse wall "
         "so that the next crew can see whether the flocks are growing or shrinking over the season. ")
FIGURE = "Geese counted at dusk from the boathouse over the autumn months of three years"
TABLE = "Crews and the nights they kept the count"
#: The legend of a figure printed only in the supporting information, under the paper's own section of that name.
LEGEND = "Geese counted at dawn from the far bank, for comparison with the dusk counts of the first figure."


def test_entries_of_a_list_of_figures_or_tables_are_not_body(tmp_path: Path) -> None:
    source = ("\\documentclass[11pt]{article}\n\\begin{document}\n\\title{Geese at the Ferry}\\author{Ada Tern}\\maketitle\n"
              "\\section{Counting}\n" + PROSE * 12 + "\n\n"
              "\\begin{figure}[h]\\centering\\rule{4cm}{2cm}\\caption{" + FIGURE + "}\\end{figure}\n"
              "\\begin{table}[h]\\centering\\caption{" + TABLE + "}\\begin{tabular}{cc}a&b\\\\\\end{tabular}"
              "\\end{table}\n" + PROSE * 12 + "\n\\begin{thebibliography}{9}\\bibitem{a} A. Tern, Geese of the river, "
              "1901.\\end{thebibliography}\n\\listoffigures\n\\listoftables\n"
              "\\section*{List of Figures for Supporting Information}\\textbf{Figure S1} " + LEGEND + "\n"
              "\\end{document}\n")
    doc = load_document(typeset(tmp_path, source, runs=2))
    body = [" ".join(p.text.split()) for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert body and all(FIGURE not in t and TABLE not in t for t in body), body  # before: each entry a paragraph
    captions = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.CAPTION]
    assert any(FIGURE in " ".join(t.split()) for t in captions), captions
    assert any(p.kind is ParagraphKind.HEADING and p.text.strip() == "List of Figures" for p in doc.paragraphs)
    assert any(t.endswith(LEGEND) for t in body), body  # the author's own section, with a longer title, is text
