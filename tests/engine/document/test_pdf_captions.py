"""Captions the PDF reader must tell from body text, on pages drawn with PyMuPDF at test time:
Springer's bold "Fig. 3" label with no stop after its number (svjour3, sn-jnl), and PLOS's bold
title line above a legend set in the body font. Read as body, either was taken for the
continuation of a paragraph left open at the foot of the column before it."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document import ParagraphKind
from engine.document.pdf.load import load_pdf
from tests.pdf_factory import sample_paragraph

SIZE = 10.0
LEAD = 12.0
WIDTH = 440.0
_FONTS = {name: pymupdf.Font(name) for name in ("tiro", "tibo")}


def _width(text: str, font: str = "tiro") -> float:
    return _FONTS[font].text_length(text, fontsize=SIZE)


def _lines(text: str, indent: float = 0.0) -> list[str]:
    """``text`` cut into lines of the column's width, the first one ``indent`` points narrower."""
    lines: list[str] = []
    line: list[str] = []
    for word in text.split():
        room = WIDTH - (indent if not lines else 0.0)
        if line and _width(" ".join(line + [word])) > room:
            lines.append(" ".join(line))
            line = []
        line.append(word)
    return lines + [" ".join(line)] if line else lines


def _set(page: pymupdf.Page, y: float, text: str, lead: str | None = None) -> float:
    """Set ``text`` as left-aligned lines from baseline ``y``, after a bold ``lead`` run if given;
    return the next baseline."""
    indent = _width(lead, "tibo") + 0.3 * SIZE if lead else 0.0
    if lead:
        page.insert_text((72, y), lead, fontname="tibo", fontsize=SIZE)
    for i, line in enumerate(_lines(text, indent)):
        page.insert_text((72 + (indent if i == 0 else 0.0), y), line, fontname="tiro", fontsize=SIZE)
        y += LEAD
    return y


def _open_paragraph(doc: pymupdf.Document) -> tuple[str, str]:
    """Page 1: a title, a paragraph, and a paragraph cut mid-sentence at the foot of the page.
    Returns the cut paragraph's opening words and the rest of it."""
    page = doc.new_page()
    page.insert_text((72, 60), "A Test Paper About Captions", fontname="tibo", fontsize=16)
    y = _set(page, 100, sample_paragraph(1, 120)) + 4
    lines = _lines(sample_paragraph(2, 600).rstrip("."))
    room = int((740 - y) // LEAD)
    for line in lines[:room]:
        page.insert_text((72, y), line, fontname="tiro", fontsize=SIZE)
        y += LEAD
    return lines[0][:40], " ".join(lines[room:]) + " and the estimates are then compared."


def _figure(page: pymupdf.Page) -> None:
    for i, label in enumerate(("1.0", "0.5", "0.0")):
        page.insert_text((80, 80 + 14 * i), label, fontname="tiro", fontsize=7)
    page.draw_rect(pymupdf.Rect(100, 70, 500, 120), width=0.5)


def test_springer_bold_label_without_a_stop_is_a_caption(tmp_path: Path) -> None:
    doc = pymupdf.open()
    opening, rest = _open_paragraph(doc)
    page = doc.new_page()
    _figure(page)
    legend = ("The relative strange and gluon uncertainties at the higher scale of the original and the "
              "profiled sets, each drawn against its own baseline")
    y = _set(page, 140, legend, lead="Figure 12")
    y = _set(page, y + 14, rest)
    _set(page, y + 4, sample_paragraph(3, 80))
    path = tmp_path / "springer.pdf"
    doc.save(path)
    paras = load_pdf(path).paragraphs
    cap = next(p for p in paras if p.text.startswith("Figure 12"))
    assert cap.kind is ParagraphKind.CAPTION
    para = next(p for p in paras if p.text.startswith(opening))
    assert para.text.endswith("the estimates are then compared.")
    assert "strange and gluon" not in para.text


def test_plos_bold_title_keeps_its_legend(tmp_path: Path) -> None:
    doc = pymupdf.open()
    opening, rest = _open_paragraph(doc)
    page = doc.new_page()
    _figure(page)
    legend = ("Cumulative distribution of the logarithm of mean outgoing weights. Dashed lines are means "
              "obtained by shuffling the weights, and shaded areas show one standard deviation over the "
              "runs. Single runs were used for the diffusive case, and all the other panels show data of "
              "one trial each. The insets repeat the analysis for the inhibitory population, whose "
              "weights were held fixed, and the grey curves give the values expected of a random network "
              "of the same size and density, as in the panels of the figure before.")
    page.insert_text((72, 140), "Fig 3. Presence of strongly influential neurons.", fontname="tibo", fontsize=SIZE)
    y = _set(page, 140 + LEAD, legend)
    y = _set(page, y + 14, rest)
    _set(page, y + 4, sample_paragraph(4, 80))
    path = tmp_path / "plos.pdf"
    doc.save(path)
    paras = load_pdf(path).paragraphs
    cap = next(p for p in paras if p.text.startswith("Fig 3."))
    assert cap.kind is ParagraphKind.CAPTION
    assert cap.text.endswith("as in the panels of the figure before.")
    para = next(p for p in paras if p.text.startswith(opening))
    assert para.text.endswith("the estimates are then compared.")
    assert "Cumulative distribution" not in para.text
