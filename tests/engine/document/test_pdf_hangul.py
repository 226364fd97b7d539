"""Korean set without space glyphs (issue 31, the layouts corpus's Korean ACL-style paper, 4% of its
paragraphs found): the words of a line are apart only by gaps between glyphs, so MuPDF's span text runs
them together. The reader puts the spaces back from the glyph gaps (``engine.document.pdf.glyphs``),
also on a justified line whose glyphs are spread apart, and joins a word Korean broke between two
syllables at a line end."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document.pdf.load import load_pdf

SIZE = 10.0
#: Lines of one paragraph (written for this test), each a list of words; the first line's last word "변" and the
#: second's "수를" are one word, "변수를", broken at the line end (Korean wraps between any two syllables).
LINES = [
    "기상 관측 자료는 지역 예보 모형에서 중요한 역할을 하며 지표 온도를 포함하는 관측의 변",
    "수를 정리하는 작업이 반복되어 왔다 그러나 예보 오차가 어떤 조건에 따라 커지는지는 지표",
    "온도를 기준으로 아직 충분히 정리되지 않았다 이 글은 격자 자료 구조에서 모형이 격자의 첫 칸으로 두",
    "지표 온도와 습도 가운데 어느 쪽을 먼저 쓰는지 살펴본다 이를 위해 우리는 관측 쌍을 바탕으로 자료를 두",
    "정리하고 모형이 격자의 첫 칸 위치에서 두 후보 값에 주는 가중치를 비교했다.",
]
TEXT = " ".join(LINES).replace("관측의 변 수를", "관측의 변수를")


def _set_line(page: pymupdf.Page, font: pymupdf.Font, y: float, words: list[str], tracking: float) -> None:
    """Glyph by glyph, ``tracking`` points between the glyphs of a word, a third of the size between words:
    no space character anywhere."""
    x = 72.0
    for word in words:
        for ch in word:
            page.insert_text((x, y), ch, fontname="korea", fontsize=SIZE)
            x += font.text_length(ch, SIZE) + tracking
        x += SIZE / 3 - tracking


def _korean_pdf(path: Path) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    font = pymupdf.Font("korea")
    page.insert_text((72, 80), "1 Introduction", fontname="hebo", fontsize=12)
    y = 110.0
    for i, line in enumerate(LINES):
        _set_line(page, font, y, line.split(), 1.2 if i == 2 else 0.1)  # the third line stretched, as justified
        y += 13.0
    doc.save(path)
    return path


def test_korean_words_get_their_spaces_back(tmp_path: Path) -> None:
    pdf = load_pdf(_korean_pdf(tmp_path / "ko.pdf"))
    body = [p.text for p in pdf.paragraphs if "기상" in p.text]
    assert len(body) == 1
    text = body[0]
    assert text.startswith("기상 관측 자료는 지역 예보 모형에서 중요한 역할을")
    assert "관측의 변수를 정리하는 작업이" in text  # "변" + "수를" joined: "변" is no word of its own
    assert "커지는지는 지표 온도를 기준으로" in text  # "지표" is a word the page uses whole: the space stays
    assert "격자 자료 구조에서 모형이 격자의 첫 칸으로" in text  # the stretched line keeps its words apart
    assert text.split() == TEXT.split()


def test_latin_pages_are_read_as_before(tmp_path: Path) -> None:
    """A page with no Hangul never goes through the glyph reading: its words come from the span text."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 100), "Large language models perform well on code generation.", fontsize=SIZE)
    doc.save(tmp_path / "en.pdf")
    pdf = load_pdf(tmp_path / "en.pdf")
    assert [p.text for p in pdf.paragraphs] == ["Large language models perform well on code generation."]


def test_a_paragraph_without_space_glyphs_on_a_page_of_spaced_korean(tmp_path: Path) -> None:
    """One paragraph set glyph by glyph among paragraphs set with space characters (the layouts corpus's Korean
    paper sets some paragraphs one way and some the other): the page as a whole has spaces enough, yet the run-together
    paragraph gets its spaces back."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    font = pymupdf.Font("korea")
    y = 90.0
    for _ in range(3):  # paragraphs whose words are apart by space characters
        for line in LINES:
            page.insert_text((72, y), line, fontname="korea", fontsize=SIZE)
            y += 13.0
        y += 13.0
    for line in LINES[:2]:
        _set_line(page, font, y, line.split(), 0.1)
        y += 13.0
    doc.save(tmp_path / "mixed.pdf")
    pdf = load_pdf(tmp_path / "mixed.pdf")
    last = [p.text for p in pdf.paragraphs if p.text.startswith("기상")][-1]
    assert last.startswith("기상 관측 자료는 지역 예보 모형에서 중요한 역할을"), last
    assert len(last.split()) >= len(" ".join(LINES[:2]).split()) - 1
