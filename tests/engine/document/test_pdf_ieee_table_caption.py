"""IEEEtran's table captions (a journal paper typeset here): "TABLE I" alone on its line, centred over the caption in
small capitals. Read apart, the label was front matter or body and its caption body text, which a paragraph left
open before the table took as its continuation (a new-user trial, session 19: the paragraph's last words, then the
caption's first, in the diff, the paragraph's real end lost)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex


pytestmark = pytest.mark.skipif(not has_tex("IEEEtran.cls"), reason="pdflatex with IEEEtran is not installed")

PROSE = ("The selection adds one feature at a time to the pool and keeps the one that raises the criterion most, "
         "until the criterion stops rising or the pool holds the largest number of features allowed. ")
TABLE = ("\\begin{table}[t]\\centering\\caption{Time taken to train and to classify}\n"
         "\\begin{tabular}{lrr}\\hline Method & Training & Classification\\\\ \\hline GMM & 7.2 & 4.4\\\\\n"
         "Forest & 21.0 & 2.6\\\\ \\hline\\end{tabular}\\end{table}\n")


def test_an_ieee_table_caption_is_one_caption_and_no_paragraph_takes_it(tmp_path: Path) -> None:
    last = "Results show that the method is at least as good as the forest and faster than all of them."
    body = (f"\\section{{Introduction}}\n{PROSE * 40}\n\n{TABLE}\n{PROSE * 14}{last}\n\n"
            f"\\section{{Conclusion}}\n{PROSE * 3}")
    (tmp_path / "main.tex").write_text(
        "\\documentclass[journal]{IEEEtran}\n\\begin{document}\n\\title{Selecting Features}\n"
        f"\\author{{Ada Lovelace}}\n\\maketitle\n{body}\n\\end{{document}}\n", encoding="utf-8")
    for _ in range(2):
        run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "main.tex"], cwd=tmp_path,
                             capture_output=True, text=True, timeout=180)
    assert (tmp_path / "main.pdf").is_file(), run.stdout[-2000:]
    doc = load_document(tmp_path / "main.pdf")
    captions = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.CAPTION]
    assert len(captions) == 1 and captions[0].startswith("TABLE I") and "TIME TAKEN" in captions[0].upper()
    body_text = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert not any("TIME TAKEN TO" in t.upper() for t in body_text)
    assert any(t.endswith(last) for t in body_text)  # the paragraph reads to its own end
    assert doc.authors == ["Ada Lovelace"]  # not "I. Introduction", a heading under the author line


def test_the_ieee_abstract_set_in_the_text_is_in_the_section_abstract(tmp_path: Path) -> None:
    # "Abstract—…" under no heading: the letter placed its changes at a bare "p. 1" and in "Front matter"
    abstract = ("We select features for the classification of large images with a wrapper built on Gaussian mixture "
                "models, whose criterion is updated for each candidate feature at a small cost.")
    (tmp_path / "main.tex").write_text(
        "\\documentclass[journal]{IEEEtran}\n\\begin{document}\n\\title{Selecting Features}\n"
        f"\\author{{Ada Lovelace}}\n\\maketitle\n\\begin{{abstract}}\n{abstract}\n\\end{{abstract}}\n"
        f"\\section{{Introduction}}\n{PROSE * 6}\n\\end{{document}}\n", encoding="utf-8")
    subprocess.run(["pdflatex", "-interaction=nonstopmode", "main.tex"], cwd=tmp_path, capture_output=True,
                   timeout=180)
    doc = load_document(tmp_path / "main.pdf")
    assert doc.abstract.endswith("at a small cost.")
    lead = next(p for p in doc.paragraphs if p.text.startswith("Abstract"))
    assert lead.kind is ParagraphKind.BODY and lead.section == ("Abstract",)
    assert {p.section for p in doc.paragraphs if p.kind is ParagraphKind.BODY} == {("Abstract",), ("INTRODUCTION",)}
