"""A figure drawn with bold labels in a large size, alone on a float page: the labels are the figure's text, not
section titles, so the paragraph left open at the foot of the page before reads on past the float page (session 33,
pdfgap34: a PLOS dev paper's full-page figures had their labels read as headings, which cut the paragraph before them
and opened sections of their own). A heading over legends alone on its page, as a supporting-information section sets
them, stays a heading. PDFs typeset by pdflatex in the test, from synthetic words."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import PLOS_ARTICLE, has_tex, typeset

pytestmark = pytest.mark.skipif(not has_tex("article.cls", "geometry.sty", "amsmath.sty"),
                                reason="pdflatex with geometry.sty and amsmath.sty is needed")

FIGURE = r"""\begin{figure}[p]
\centering
{\bfseries\Large Stable state\par}\vspace{1cm}
\begin{tabular}{ccc}\small left & \small middle & \small right\\ \small 0.1 & \small 0.5 & \small 0.9\end{tabular}\par
\vspace{1cm}
{\bfseries\Large Moving wave\par}\vspace{1cm}
\begin{tabular}{ccc}\small space & \small time & \small rate\\ \small 10 & \small 20 & \small 30\end{tabular}\par
\vspace{9cm}
\caption{{\bf Two regimes of the model.} The upper panel shows the stable state and the lower one the wave.}
\end{figure}
"""

LEGENDS = "".join(rf"""\begin{{figure}}[h]
\caption{{{{\bf Supporting view {k}.}} The same runs seen from the side, with the mean marked on each.}}
\end{{figure}}
""" for k in (1, 2))


def _paper(supporting: bool) -> tuple[str, str]:
    """Two paragraphs, a float page's figure placed before the third, which runs on past the page's foot (so past
    the float page); then a short paragraph; the supporting information's heading and legends alone on a last page."""
    rng = random.Random(3)
    vocab = ["".join(rng.choice("bdfgklmnprstvz") + rng.choice("aeiou") for _ in range(rng.randint(1, 3)))
             for _ in range(90)]

    def words(n: int) -> str:
        return " ".join(rng.choice(vocab) for _ in range(n))

    cut = words(420).capitalize() + " and the last words of this paragraph close it here."
    tail = (r"\clearpage\section*{Supporting information}" + "\n" + LEGENDS) if supporting else ""
    source = (PLOS_ARTICLE + "\\section*{Methods}\n" + words(150).capitalize() + ".\n\n" + words(150).capitalize()
              + ".\n\n" + FIGURE + cut + "\n\n" + words(80).capitalize() + ".\n\n" + tail + "\\end{document}\n")
    return source, cut


def test_a_float_page_of_labels_does_not_cut_the_paragraph_before_it(tmp_path: Path) -> None:
    source, cut = _paper(supporting=False)
    doc = load_document(typeset(tmp_path, source))
    pages = {p.page for p in doc.paragraphs if "Two regimes of the model" in p.text}
    assert pages == {2}, "the figure is no longer alone on the second page"
    whole = [p for p in doc.paragraphs if p.text.startswith(cut[:40])]
    assert len(whole) == 1 and whole[0].kind is ParagraphKind.BODY
    assert whole[0].text.endswith("close it here."), whole[0].text[-80:]
    assert whole[0].text.split() == cut.split()
    headings = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.HEADING]
    assert "Stable state" not in headings and "Moving wave" not in headings
    assert [s.title for s in doc.sections if "Stable" in s.title or "Moving" in s.title] == []


def test_a_heading_over_legends_alone_on_its_page_stays(tmp_path: Path) -> None:
    source, cut = _paper(supporting=True)
    doc = load_document(typeset(tmp_path, source))
    heading = [p for p in doc.paragraphs if p.text == "Supporting information"]
    assert len(heading) == 1 and heading[0].kind is ParagraphKind.HEADING
    assert sum(p.kind is ParagraphKind.CAPTION and "Supporting view" in p.text for p in doc.paragraphs) == 2
    assert not any(p.kind is ParagraphKind.BODY and len(p.text.split()) > 14 for p in doc.paragraphs
                   if p.page == heading[0].page)
