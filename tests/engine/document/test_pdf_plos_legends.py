"""PLOS's layout, typeset here (a wide left margin that legends are set out into with ``adjustwidth``, the text
ragged right with a small paragraph indent; round eleven's PLOS dev paper): a figure's legend with one panel to a
line ("D, E) ...") read each line as a paragraph, and the paragraph the figure cut at a page turn took one as its
continuation while its real continuation, under the legend at the text's edge, was lost (the page's left edge was
the legend's, so neither that edge nor the next paragraph's indent was seen). And IEEEtran's unnumbered italic
subsection (``\\subsection*``), read as a line of other text."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from engine.document.pdf.blocks import text_left
from engine.document.pdf.layout import Segment
from engine.document.pdf.lines import Line
from tests.optional import has_tex, typeset


def _typeset(tmp_path: Path, source: str) -> Path:
    return typeset(tmp_path, source)


RUNS = "The samplers were run on each model with three chains, and their running means were compared. " * 6
CUT = "The rates of the reactions differ between the two models in the direction the cancer cells favour. " * 19
LAST = "which hold the rest of its sentence and another one."
PLOS = ("\\documentclass[10pt,letterpaper]{article}\n\\usepackage[top=0.85in,left=2.75in,footskip=0.75in]{geometry}\n"
        "\\usepackage{changepage}\n\\usepackage[aboveskip=1pt,labelfont=bf,labelsep=period,"
        "justification=raggedright,singlelinecheck=off]{caption}\n\\renewcommand{\\figurename}{Fig}\n"
        "\\raggedright\n\\setlength{\\parindent}{0.5cm}\n\\textwidth 5.25in\n\\begin{document}\n")
LEGEND = ("\\begin{figure}[t]\n\\begin{adjustwidth}{-2.25in}{0in}\n\\rule{1in}{1.5in}\n"
          "\\caption{{\\bf Reaction rates in three models.}\n\\\\A, B, C) Reactions of the first pathway.\n"
          "\\\\D, E) Reduction and oxidation (D and E).\n\\\\F) The biomass objective of the model.}\n"
          "\\end{adjustwidth}\n\\end{figure}\n")


@pytest.mark.skipif(not has_tex("geometry.sty", "changepage.sty", "caption.sty"),
                    reason="pdflatex with geometry, changepage and caption is not installed")
def test_a_legend_set_into_the_margin_at_a_page_turn(tmp_path: Path) -> None:
    source = (PLOS + "\\section*{Results}\n" + "\n\n".join([RUNS] * 4) + "\n\n" + CUT
              + "The legend sets its panels one to a line, and the paragraph runs on past it " + LEGEND
              + f"into the lines set under the figure, {LAST}\n\n{RUNS}\n\\end{{document}}\n")
    doc = load_document(_typeset(tmp_path, source))
    captions = [p for p in doc.paragraphs if p.kind is ParagraphKind.CAPTION]
    assert len(captions) == 1 and {r.page for r in captions[0].regions} == {2}  # the layout this test is about
    assert captions[0].text.startswith("Fig 1. Reaction rates") and captions[0].text.endswith("of the model.")
    assert "D, E) Reduction" in captions[0].text
    body = [p for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    cut = [p for p in body if p.text.startswith("The rates of the reactions")]
    assert len(cut) == 1 and cut[0].text.endswith("runs on past it into the lines set under the figure, " + LAST)
    assert {r.page for r in cut[0].regions} == {1, 2}
    assert not any("Reduction and oxidation" in p.text or "biomass objective" in p.text for p in body)
    assert body[-1].text == RUNS.strip()  # the next paragraph, indented under it, is a paragraph of its own
    assert len(body) == 6


@pytest.mark.skipif(not has_tex("IEEEtran.cls"), reason="pdflatex with IEEEtran is not installed")
def test_an_unnumbered_italic_ieee_subsection_is_a_heading(tmp_path: Path) -> None:
    prose = "The robot explores the building and counts the people it sees on each of its visits to a room. " * 9
    source = ("\\documentclass[journal]{IEEEtran}\n\\begin{document}\n\\title{Exploring for Activities}\n"
              "\\author{Ada Lovelace}\n\\maketitle\n\\section{Introduction}\n" + prose + "\n\n"
              "\\subsection{Counting Models}\n" + prose + "\n\n\\subsection*{Exploration Evaluation}\n" + prose
              + "\n\n\\section{Conclusion}\n" + prose + "\n\\end{document}\n")
    doc = load_document(_typeset(tmp_path, source))
    headings = [(p.text, p.section) for p in doc.paragraphs if p.kind is ParagraphKind.HEADING]
    assert ("Exploration Evaluation", ("INTRODUCTION", "Exploration Evaluation")) in headings
    assert [t for t, _ in headings] == ["INTRODUCTION", "Counting Models", "Exploration Evaluation", "CONCLUSION"]
    assert sum(p.kind is ParagraphKind.BODY for p in doc.paragraphs) == 4


def _line(x0: float, y: float, text: str) -> Line:
    return Line(page=1, x0=x0, y0=y - 8, x1=x0 + 300, y1=y + 2, text=text, size=10.0, bold=False, baseline=y)


def test_the_texts_edge_is_taken_only_far_from_the_pages() -> None:
    """``text_left``: where most long lines start 162 pt right of a legend set out into the margin, that is the
    text's edge; a list indented 48 pt (good-enough-practices-in-scientific-computing's page of numbered items, whose
    indent must still read as an indent) leaves the segment's own edge."""
    long = "a line of text long enough to count"
    plos = Segment(1, 0, [_line(36, 100, "Fig 4. A legend set out into the margin of the page")]
                   + [_line(198, 112 + 12 * i, long) for i in range(8)], left=36, right=576)
    assert text_left(plos) == 198
    items = Segment(1, 0, [_line(197, 100, long), _line(210, 112, "5. " + long)]
                    + [_line(245, 124 + 12 * i, long) for i in range(6)], left=197, right=576)
    assert text_left(items) == 197
