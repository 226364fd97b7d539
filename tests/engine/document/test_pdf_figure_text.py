"""Text set inside a figure's frame is figure text; text in a plain shaded box is not (built PDFs)."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document import ParagraphKind
from engine.document.pdf.load import load_pdf

BODY = ("We study the revision of scientific papers after peer review and describe a tool that aligns reviewer "
        "comments with the edits that address them. The tool runs offline on a laptop and reads PDF and Markdown. ") * 3
SMALL = ("Several studies have shown that pre-trained models are not good at reasoning, but their ability can be "
         "increased by making them produce step-by-step reasoning before they answer the question they are given.")


def _paper(path: Path, framed: bool) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    box = pymupdf.Rect(72, 100, 540, 220)
    page.draw_rect(box, color=(0, 0, 0), fill=(0.92, 0.92, 0.92))
    if framed:  # a figure: shapes drawn inside its frame, around the text it shows
        page.draw_rect(pymupdf.Rect(90, 110, 200, 140), color=(0.2, 0.4, 0.8), fill=(0.8, 0.9, 1.0))
        page.draw_line((90, 150), (520, 150), color=(0, 0, 0))
    page.insert_textbox(box + (130, 40, -10, -6), SMALL, fontsize=8, fontname="helv")
    page.insert_textbox(pymupdf.Rect(72, 230, 540, 250), "Figure 1: A figure with text in it.", fontsize=9,
                        fontname="helv")
    y = 270
    for _ in range(3):
        page.insert_textbox(pymupdf.Rect(72, y, 540, y + 120), BODY, fontsize=10, fontname="helv")
        y += 130
    doc.save(path)
    return path


def test_small_text_in_a_figures_frame_is_figure_text_in_a_plain_box_it_is_prose(tmp_path: Path) -> None:
    figure = load_pdf(_paper(tmp_path / "figure.pdf", framed=True))
    boxed = load_pdf(_paper(tmp_path / "boxed.pdf", framed=False))
    kinds = {name: [p.kind for p in d.paragraphs if p.text.startswith("Several studies")]
             for name, d in (("figure", figure), ("boxed", boxed))}
    assert kinds == {"figure": [ParagraphKind.OTHER], "boxed": [ParagraphKind.BODY]}, kinds
    assert sum(p.kind is ParagraphKind.BODY and p.text.startswith("We study") for p in figure.paragraphs) == 3
