"""acmart's ``manuscript`` format prints a page number under the first page's permission block: the block, read as
body text, took the run-on of the page's last paragraph from the next page, so that paragraph was found in neither
piece (session 31, pdfgap32; two dev papers of the layouts corpus read the block as body). Small text closing the
first page's column is its notes even with a page number below it; text set at the body's size there is not. Text
we wrote for this test."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset

TEXT = ("The sample was cooled slowly and its resistance was read at every tenth of a kelvin on the way down, "
        "so that the transition could be placed within a narrow window of the measured range. ")
LONG = ("A second sample cut from the same crystal was cooled at twice the rate, and its resistance followed the "
        "first one to within the scatter of the readings, which were taken with the same probe and the same current. ")


def _source(options: str, body: str) -> str:
    return ("\\documentclass[" + options + "]{acmart}\n\\setcopyright{acmlicensed}\\copyrightyear{2024}\\acmYear{2024}"
            "\\acmDOI{XXXXXXX.XXXXXXX}\n\\begin{document}\n\\title{A Paper Written for a Test}\n\\author{A. Writer}"
            "\\affiliation{\\institution{Some Institute}\\city{Town}\\country{Land}}\n\\begin{abstract}" + TEXT
            + "\\end{abstract}\n\\maketitle\n" + body + "\n\\end{document}\n")


@pytest.mark.skipif(not has_tex("acmart.cls"), reason="acmart is not installed")
def test_the_permission_block_above_a_page_number_is_a_note(tmp_path: Path) -> None:
    # paragraphs enough to run from the first page onto the second, the last of page 1 cut at the page's foot
    paras = [TEXT * 3, LONG * 4, TEXT * 4, LONG * 6, TEXT * 2]
    doc = load_document(typeset(tmp_path, _source("manuscript", "\\section{Introduction}\n" + "\n\n".join(paras))))
    notes = [p for p in doc.paragraphs if p.text.startswith("Permission to make digital")]
    assert notes and all(p.kind is not ParagraphKind.BODY for p in notes)
    assert all("Copyright" not in p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY)
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    for para in paras:  # each paragraph whole, the one cut by the page turn included
        assert para.strip() in body
