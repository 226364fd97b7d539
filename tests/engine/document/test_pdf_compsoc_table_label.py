"""The Computer Society's IEEEtran journals number tables in Arabic figures: "TABLE 3" alone on its line, the caption
under it, centred, in the text's case. Read as a heading, the label ended the paragraph that a table set at the top
of the next column had cut, and the caption under it took the paragraph's continuation as its own text (dev paper
faces-pami, sixteenth round)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset


pytestmark = pytest.mark.skipif(not has_tex("IEEEtran.cls"), reason="pdflatex with IEEEtran is not installed")

PROSE = ("the selection adds one feature at a time to the pool and keeps the one that raises the criterion most, "
         "until the criterion stops rising or the pool holds the largest number of features allowed, and ")
# set by hand as an older IEEEtran.cls sets it: the label in the text's size on a line of its own, the caption under it
TABLE = ("\\begin{table}[t]\\centering\\vspace*{12pt}\n{\\normalsize TABLE 3}\\\\[3pt]\n"
         "{\\normalsize Recognition rates on the database for each method}\\\\[4pt]\n"
         "\\begin{tabular}{|c|c|c|}\\hline Rate & fb & fc\\\\ \\hline Ours & 93.9 & 92.3\\\\ \\hline\\end{tabular}"
         "\\end{table}\n")
END = "so the pool stays small and the last words of this paragraph are these."


def test_a_computer_society_table_label_is_a_caption_and_the_cut_paragraph_reads_on(tmp_path: Path) -> None:
    last = ("Last " + PROSE * 30 + "done.\n\n") * 3
    body = (f"\\section{{Introduction}}\nFirst {PROSE * 40}{END}\n\n{TABLE}Then {PROSE * 30}{END}\n\n"
            f"\\section{{Conclusion}}\n{last}")
    source = ("\\documentclass[10pt,journal,compsoc]{IEEEtran}\n\\begin{document}\n\\title{Selecting Features}\n"
              f"\\author{{Ada Lovelace}}\n\\maketitle\n{body}\n\\end{{document}}\n")
    doc = load_document(typeset(tmp_path, source, runs=2))
    captions = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.CAPTION]
    assert captions == ["TABLE 3 Recognition rates on the database for each method"]
    assert not [p for p in doc.paragraphs if p.kind is ParagraphKind.HEADING and "TABLE" in p.text]
    first = next(p for p in doc.paragraphs if p.text.startswith("First"))
    assert first.kind is ParagraphKind.BODY and first.text.endswith(END)  # read on past the table to its own end
    assert not any(p.text.startswith("Recognition") for p in doc.paragraphs)
