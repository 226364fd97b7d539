"""The LaTeX loader on a real paper: CGO 2018 "Online Iterative Compilation", two versions."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.document import ParagraphKind, load_document

SUBMISSION_SECTIONS = [
    "Introduction",
    "Motivation",
    "Work Efficiency Metric",
    "Online Iterative Compilation Overview",
    "Work Profiling",
    "Experimental Setup",
    "Experimental Results",
    "Related Work",
    "Conclusions",
]
CAMERA_READY_SECTIONS = [
    "Introduction",
    "Motivation",
    "Work Efficiency",
    "Online Iterative Compilation Overview",
    "Experimental Setup",
    "Experimental Results",
    "Related Work",
    "Conclusions",
]


@pytest.fixture(scope="module")
def cgo18(shared_data: Path) -> Path:
    return shared_data / "revision" / "cgo18"


@pytest.mark.shared_data
@pytest.mark.parametrize(
    ("version", "sections", "abstract_end"),
    [
        ("submission", SUBMISSION_SECTIONS, "making our approach suitable for real-world scenarios."),
        ("camera_ready", CAMERA_READY_SECTIONS, "making our approach suitable for real-world scenarios."),
    ],
)
def test_real_paper_title_abstract_sections(cgo18: Path, version: str, sections: list[str], abstract_end: str) -> None:
    doc = load_document(cgo18 / version)  # the folder: main file cgo18mscr.tex is found
    assert Path(doc.source_path).name == "cgo18mscr.tex"
    assert doc.title == "Online Iterative Compilation"  # \title{Online {\IterComp}} with a user macro
    assert doc.abstract.startswith("Iterative compilation can dramatically improve the performance of a program")
    assert doc.abstract.endswith(abstract_end)
    assert "%" not in doc.abstract.replace("60%", "").replace("5%", "")  # comments inside the abstract are gone
    assert [s.title for s in doc.sections if s.level == 1] == sections
    assert [s.number for s in doc.sections if s.level == 1] == [str(i) for i in range(1, len(sections) + 1)]
    body = doc.body()
    assert 60 <= len(body) <= 110
    assert doc.notices == []
    # no LaTeX left in the text: no backslash commands, no braces, no comment text
    for para in doc.paragraphs:
        if para.kind is not ParagraphKind.OTHER:
            assert not re.search(r"\\[a-zA-Z]+|[{}]", para.text), para.text
        assert para.line is not None and para.line >= 1


@pytest.mark.shared_data
def test_real_paper_details(cgo18: Path) -> None:
    doc = load_document(cgo18 / "submission" / "cgo18mscr.tex")
    texts = [p.text for p in doc.paragraphs]
    # user macros with \xspace and \mbox expand in place
    assert any(t.startswith("Oracle-RM measures the actual speedup") for t in texts)
    # citations and resolved references
    assert any("settings [fursin07, chen12b]." in t for t in texts)
    assert any("Sections 6 and 7." in t for t in texts)
    captions = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.CAPTION]
    assert captions[0].startswith("Figure 1: ")
    assert any(c.startswith("Table 1: Benchmark suite") for c in captions)
    assert doc.paragraph(next(p.id for p in doc.paragraphs if p.text.startswith("Selecting good optimization"))).line == 3
    camera = load_document(cgo18 / "camera_ready")
    assert camera.authors[:2] == ["Rodrigo C. O. Rocha", "Pavlos Petoumenos"]
    assert "Lu\u00eds F. W. G\u00f3es" in camera.authors


@pytest.mark.shared_data
def test_cli_extract_on_tex_folder_and_markdown(cgo18: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["extract", str(cgo18 / "submission")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Online Iterative Compilation")
    assert "Work Efficiency Metric" in out
    assert main(["extract", str(cgo18 / "camera_ready" / "cgo18mscr.tex"), "--json"]) == 0
    assert '"title": "Online Iterative Compilation"' in capsys.readouterr().out
    assert main(["extract", str(cgo18 / "rebuttal.md")]) == 0
    assert "Review#107A" in capsys.readouterr().out
