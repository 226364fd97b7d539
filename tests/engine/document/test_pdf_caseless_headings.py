"""A numbered section title in a script with no capitals ("1 서론", Korean, set a size above the text) is a heading
(session 30, pdfgap31: the layouts corpus's Korean ACL-style paper had none of its 19 section titles read as
headings, because a numbered title had to open with a capital). Text we wrote for this test; a line of the text that
opens with a number stays in its paragraph, and a Latin title that opens in lower case is still no heading."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document import ParagraphKind
from engine.document.pdf.load import load_pdf

BODY = [
    "기상 관측 자료는 지역 예보 모형에서 중요한 역할을 하며 지표 온도를 포함하는 관측의",
    "변수를 정리하는 작업이 반복되어 왔다. 그러나 예보 오차가 어떤 조건에 따라 커지는지는",
    "아직 충분히 정리되지 않았다. 이 글은 격자 자료 구조에서 모형이 쓰는 값을 살펴본다.",
]
NUMBERED_LINE = [
    "이 절에서는 관측 자료를 두 갈래로 나누어 정리하고 그 차이를 비교한다. 우리가 모은 자료는",
    "3 개의 지역에서 얻은 것으로 각 지역의 관측 간격은 서로 다르며 예보 모형의 격자와도",
    "맞지 않는다. 그래서 우리는 자료를 모형의 격자에 맞추어 다시 나누었다.",
]


def _page(path: Path, titles: list[str]) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 80.0
    for title, lines in zip(titles, [BODY, NUMBERED_LINE, BODY]):
        page.insert_text((72, y), title, fontname="korea", fontsize=12.0)
        y += 22.0
        for line in lines:
            page.insert_text((72, y), line, fontname="korea", fontsize=10.0)
            y += 13.0
        y += 14.0
    doc.save(path)
    return path


def test_a_numbered_korean_title_is_a_heading(tmp_path: Path) -> None:
    pdf = load_pdf(_page(tmp_path / "ko.pdf", ["1 서론", "2 관측 자료", "2.1 격자"]))
    headings = [(p.text, p.kind) for p in pdf.paragraphs if p.kind is ParagraphKind.HEADING]
    assert [t for t, _ in headings] == ["서론", "관측 자료", "격자"]
    assert [(s.number, s.title) for s in pdf.sections] == [("1", "서론"), ("2", "관측 자료"), ("2.1", "격자")]
    body = [p.text for p in pdf.paragraphs if p.kind is ParagraphKind.BODY]
    assert any("3 개의 지역에서 얻은 것으로" in t and t.startswith("이 절에서는") for t in body)


def test_a_latin_title_in_lower_case_is_still_no_numbered_heading(tmp_path: Path) -> None:
    """Only letters with no case are let through: "1 introduction" set the same way gets no section number."""
    pdf = load_pdf(_page(tmp_path / "en.pdf", ["1 introduction of data", "2 Data", "3 Grid"]))
    assert [(s.number, s.title) for s in pdf.sections if s.number] == [("2", "Data"), ("3", "Grid")]


def test_a_numbered_title_in_capitals_may_open_with_a_digit(tmp_path: Path) -> None:
    """REVTeX's "IV. 3-STEP PERTURBATION ENERGY" (a training revision): read as an unnumbered heading with its
    number in its title before; a title in mixed case that opens with a digit is still no numbered heading."""
    pdf = load_pdf(_page(tmp_path / "digit.pdf", ["1 서론", "2 3-STEP DATA", "3 3-step data"]))
    assert [(s.number, s.title) for s in pdf.sections if s.number] == [("1", "서론"), ("2", "3-STEP DATA")]
