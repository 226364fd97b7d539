"""A paragraph whose full lines mix two scripts at two sizes (Latin at 10.9 pt with Hangul at 9.85 pt, each line's
size that of the script with more characters) keeps its short last line when that line is set in the other size
(session 30, pdfgap31: the layouts corpus's Korean paper had list items cut before their last line). Text we wrote
for this test. A short line at a smaller size under full lines that do not set that size stays a block of its own."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document.pdf.load import load_pdf

LATIN, HANGUL = 10.9, 9.85
#: Two full lines (the same words twice, so that both end at the same right edge), each Latin then Hangul.
FULL = ("Model A 3.2 1B and Model B 7B read ", "모델의 토크나이저에서 첫 칸")
LAST = "각각 단일 토큰으로 처리되는가?"


def _page(path: Path, hangul_in_full_lines: bool) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    helv, korea = pymupdf.Font("helv"), pymupdf.Font("korea")
    writer = pymupdf.TextWriter(page.rect)
    y = 100.0
    for _ in range(2):
        _, end = writer.append((72, y), FULL[0], font=helv, fontsize=LATIN)
        if hangul_in_full_lines:
            writer.append(end, FULL[1], font=korea, fontsize=HANGUL)
        else:  # the same line's end in Latin, at the Latin size
            writer.append(end, "of their first runs", font=helv, fontsize=LATIN)
        y += 16.0
    writer.append((72, y), LAST, font=korea, fontsize=HANGUL)
    writer.write_text(page)
    doc.save(path)
    return path


def test_the_short_last_line_in_the_other_script_stays_in_its_paragraph(tmp_path: Path) -> None:
    pdf = load_pdf(_page(tmp_path / "mixed.pdf", True))
    texts = [p.text for p in pdf.paragraphs]
    assert len(texts) == 1, texts
    assert texts[0].startswith("Model A 3.2 1B") and texts[0].endswith("처리되는가?")


def test_a_smaller_short_line_under_lines_of_one_size_is_apart(tmp_path: Path) -> None:
    pdf = load_pdf(_page(tmp_path / "plain.pdf", False))
    texts = [p.text for p in pdf.paragraphs]
    assert len(texts) == 2, texts
    assert texts[1] == LAST
