"""``redraft extract`` on PDFs: the outline, the JSON shape, and clean failures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli.main import main
from tests.pdf_factory import make_encrypted_pdf, make_paper_pdf, make_scanned_pdf, sample_paragraph

ROOT = Path(__file__).resolve().parents[3]
SECTIONS = [
    ("Introduction", [sample_paragraph(81, 120), sample_paragraph(82, 80)]),
    ("Method", [sample_paragraph(83, 300)]),
]
ABSTRACT = sample_paragraph(80, 60)


@pytest.fixture()
def paper(tmp_path: Path) -> Path:
    make_paper_pdf(tmp_path / "paper.pdf", title="A Paper for the Command Line", abstract=ABSTRACT,
                   sections=SECTIONS, columns=2, running_header="Under review", line_numbers=True)
    return tmp_path / "paper.pdf"


def test_extract_json_shape(paper: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["extract", str(paper), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["title"] == "A Paper for the Command Line"
    assert data["abstract"] == ABSTRACT
    assert data["sections"] == [
        {"title": "Abstract", "level": 1}, {"title": "Introduction", "level": 1}, {"title": "Method", "level": 1},
    ]
    paragraphs = data["paragraphs"]
    assert paragraphs and all({"id", "section", "text", "page", "bbox", "kind"} <= set(p) for p in paragraphs)
    body = [p for p in paragraphs if p["kind"] == "body"]
    assert [p["text"] for p in body] == [ABSTRACT] + [t for _, ps in SECTIONS for t in ps]
    assert body[1]["section"] == "Introduction" and body[-1]["section"] == "Method"
    for p in paragraphs:
        assert isinstance(p["page"], int) and len(p["bbox"]) == 4
    assert [p["id"] for p in paragraphs] == [f"p{i:04d}" for i in range(1, len(paragraphs) + 1)]


def test_extract_outline(paper: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["extract", str(paper)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("A Paper for the Command Line\n")
    assert "Introduction" in out and "Method" in out and "[p0001 other p.1]" in out
    assert "Under review" not in out


def test_extract_encrypted_with_password(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    make_encrypted_pdf(tmp_path / "locked.pdf", "pw", sections=SECTIONS)
    assert main(["extract", str(tmp_path / "locked.pdf")]) == 2
    assert capsys.readouterr().err == "redraft: error: locked.pdf is encrypted; pass --password\n"
    assert main(["extract", str(tmp_path / "locked.pdf"), "--password", "pw", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["paragraphs"]


@pytest.mark.parametrize("kind", ["scanned", "not_pdf", "empty", "missing", "corrupt"])
def test_bad_input_exits_2_with_one_line(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "bad.pdf"
    if kind == "scanned":
        make_scanned_pdf(path)
    elif kind == "not_pdf":
        path.write_text("hello")
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "corrupt":
        path.write_bytes(b"%PDF-1.5\n" + b"\x00garbage" * 100)
    proc = subprocess.run(
        [sys.executable, "-m", "engine.cli.main", "extract", str(path), "--json"],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("redraft: error: ")
    assert "Traceback" not in proc.stderr
