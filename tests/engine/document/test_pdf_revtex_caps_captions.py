"""REVTeX's rmp and preprint styles label a caption in capitals with no stop after its number ("FIG. 4 Sizes of the
graphs ...", "TABLE I Runs of the model ..."): read as body text (or, low on a page, as a footnote), a
training revision's captions were compared as prose and lost the place a comment's "Figure 4" names
(docs/figures-align.md, "Session 23"). The PDFs are typeset in the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset

TEXT = ("We measured the sizes of the graphs for each sample of the collection and compared them with those of "
        "the reference, which agree closely. ") * 4


@pytest.mark.skipif(not has_tex("revtex4-1.cls"), reason="pdflatex with revtex4-1 is not installed")
def test_revtex_rmp_captions_in_capitals_are_captions(tmp_path: Path) -> None:
    source = ("\\documentclass[aps,rmp,preprint,10pt]{revtex4-1}\n\\begin{document}\n\\title{Graphs}\n"
              "\\author{A. Author}\\affiliation{A Place}\n\\maketitle\n\\section{Results}\n" + TEXT + "\n\n"
              "\\begin{figure}[h]\\centering\\rule{0.4\\textwidth}{0.5pt}\n"
              "\\caption{Sizes of the graphs. We compare five samples and their sizes.}\n"
              "\\end{figure}\n\n" + TEXT + "\n\n"
              "\\begin{table}[h]\\caption{Runs of the model. Settings of the five runs used here.}\n"
              "\\begin{tabular}{ll}one & two\\\\ three & four\\end{tabular}\\end{table}\n\n" + TEXT
              + "\n\\end{document}\n")
    doc = load_document(typeset(tmp_path, source))
    captions = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.CAPTION]
    assert any(c.startswith("FIG. 1 Sizes of the graphs.") for c in captions)
    assert any(c.startswith("TABLE I Runs of the model.") for c in captions)
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert not any("FIG. 1" in t or "TABLE I" in t for t in body)
    assert body.count(TEXT.strip()) == 3  # the prose around the floats, word for word


def test_a_figure_named_in_running_text_stays_body(tmp_path: Path) -> None:
    """Prose that opens with a figure's name ("Fig. 4 shows ...", "Table 2 lists ...") is not a caption."""
    para = "Fig. 4 shows the sizes of the graphs. Table 2 lists the samples. " + TEXT
    source = ("\\documentclass[aps,rmp,preprint,10pt]{revtex4-1}\n\\begin{document}\n\\section{Results}\n"
              + TEXT + "\n\n" + para + "\n\n" + "Table 2 lists the samples. " + TEXT + "\n\\end{document}\n")
    doc = load_document(typeset(tmp_path, source))
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert body == [TEXT.strip(), para.strip(), ("Table 2 lists the samples. " + TEXT).strip()]
    assert not any(p.kind is ParagraphKind.CAPTION for p in doc.paragraphs)
