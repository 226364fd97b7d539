"""Where a Korean line ends on a whole word, the next line's first word stays a word of its own (session 30,
pdfgap31: "…에서" + "각각" was joined into one word at a line end, because the line's last word appears nowhere
else inside a line). Text we wrote for this test: the next line's first word, "관측값", is used inside lines
elsewhere, so the page says it is a word; a one-syllable piece at a line end ("변" + "수를") is still joined."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document.pdf.load import load_pdf

LINES = [
    "기상 관측 자료는 예보 모형에서 중요하며 관측값 정리는 늘 반복되어 왔다 관측의 변",
    "수를 정리하는 방법을 다룬다 우리는 관측값 가운데 큰 값을 골라내고 나머지를 격자에서",
    "관측값 하나하나를 격자 칸에 맞추어 나누었다 그리고 두 모형이 관측값 을 읽는 차이를 보았다.",
]


def test_a_whole_word_at_a_line_end_keeps_its_space(tmp_path: Path) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 100.0
    for line in LINES:
        page.insert_text((72, y), line, fontname="korea", fontsize=10.0)
        y += 13.0
    doc.save(tmp_path / "ko.pdf")
    texts = [p.text for p in load_pdf(tmp_path / "ko.pdf").paragraphs]
    assert len(texts) == 1
    assert "격자에서 관측값 하나하나를" in texts[0]
    assert "관측의 변수를 정리하는" in texts[0]
