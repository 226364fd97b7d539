"""Section and subsection titles of a PRL-style REVTeX letter (bold, a point under the text, centred in the column,
unnumbered) are headings (session 30, pdfgap31: a dev paper of the layouts corpus had 2 of its 13 titles read as
headings, the known names only). Text we wrote for this test. A bold line of the same size that is not centred, and
a short centred line of the text's weight, stay as they were."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset

TEXT = ("The sample was cooled slowly and its resistance was read at every tenth of a kelvin on the way down, "
        "so that the transition could be placed within a narrow window of the measured range. ")
PARA = TEXT * 3


def _source(body: str) -> str:
    return ("\\documentclass[aps,reprint,prl]{revtex4-2}\n\\begin{document}\n\\title{A Letter Written for a Test}\n"
            "\\author{A. Writer}\\affiliation{Some Institute}\n\\begin{abstract}" + TEXT + "\\end{abstract}\n"
            "\\maketitle\n" + body + "\n\\end{document}\n")


@pytest.mark.skipif(not has_tex("revtex4-2.cls"), reason="REVTeX is not installed")
def test_prl_section_and_subsection_titles_are_headings(tmp_path: Path) -> None:
    body = "\n\n".join([
        "\\section{Introduction}", PARA,
        "\\section{Cooling the Second Sample}", PARA,
        "\\subsection{Reading the Resistance}", PARA, PARA,
        "\\section{Where the Transition Lies Within the Measured Range of Probes}", PARA,
        "{\\small\\bfseries Cooling rates compared}\\par\n" + PARA,
        "\\begin{center}\\small in kelvin\\end{center}\n" + PARA,
    ])
    doc = load_document(typeset(tmp_path, _source(body)))
    headings = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.HEADING]
    assert headings == ["INTRODUCTION", "COOLING THE SECOND SAMPLE", "Reading the Resistance",
                        "WHERE THE TRANSITION LIES WITHIN THE MEASURED RANGE OF PROBES"]
    assert [s.level for s in doc.sections if s.title.startswith(("COOLING", "Reading"))] == [1, 2]
    body_text = " ".join(p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY)
    assert body_text.count("The sample was cooled slowly") >= 15
