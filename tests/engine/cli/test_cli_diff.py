"""``redraft diff``: plain, JSON, Markdown and HTML output; bad input exits 2 with one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.document.model import Document, ParagraphKind
from engine.revision.synthetic import make_document, make_revision
from tests.pdf_factory import make_scanned_pdf


def write_markdown(doc: Document, path: Path) -> Path:
    lines = [f"# {doc.title}", ""]
    for p in doc.paragraphs:
        lines += [f"## {p.text}" if p.kind is ParagraphKind.HEADING else p.text, ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


@pytest.fixture()
def versions(tmp_path: Path) -> tuple[str, str]:
    rev = make_revision(make_document(24, seed=5), {"minor": 1, "major": 1, "insert": 1, "delete": 1, "move": 1}, seed=6)
    return str(write_markdown(rev.old, tmp_path / "v1.md")), str(write_markdown(rev.new, tmp_path / "v2.md"))


def test_plain_output_lists_changes_and_ends_with_counts(versions, capsys) -> None:
    assert main(["diff", *versions]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1].startswith("25 paragraphs: ")
    assert "1 minor, 1 major, 1 added, 1 deleted, 1 moved" in out[-1]
    text = "\n".join(out)
    assert "[+" in text and "[-" in text


def test_json_output(versions, capsys) -> None:
    assert main(["diff", *versions, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["counts"]["added"] == 1 and data["counts"]["moved"] == 1
    edit = next(e for e in data["edits"] if e["type"] == "minor")
    assert {"id", "type", "source_ids", "target_ids", "source_text", "target_text", "section", "diff", "flags"} <= set(edit)
    assert {s["op"] for s in edit["diff"]} == {"equal", "insert", "delete"}


def test_markdown_output(versions, capsys) -> None:
    assert main(["diff", *versions, "--markdown"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Revision diff")
    assert out.count("\n## e") == 5


def test_html_output(versions, tmp_path, capsys) -> None:
    out_file = tmp_path / "diff.html"
    assert main(["diff", *versions, "--html", str(out_file)]) == 0
    page = out_file.read_text(encoding="utf-8")
    assert "<del class=\"rd-del\">" in page and "<ins class=\"rd-ins\">" in page
    assert capsys.readouterr().out.splitlines()[-1].startswith("25 paragraphs:")


def test_identical_files_say_no_changes(versions, capsys) -> None:
    assert main(["diff", versions[0], versions[0]]) == 0
    assert capsys.readouterr().out.strip() == "no changes (24 paragraphs: no changes)"


def test_unrelated_files_exit_2_unless_forced(tmp_path, capsys) -> None:
    a = write_markdown(make_document(20, seed=1), tmp_path / "a.md")
    b = write_markdown(make_document(20, seed=2), tmp_path / "b.md")
    assert main(["diff", str(a), str(b)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "too different to be versions of one paper" in err
    assert main(["diff", str(a), str(b), "--force"]) == 0
    assert "20 added, 20 deleted" in capsys.readouterr().out


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("missing.pdf", None, "file not found"),
        ("empty.pdf", b"", "empty.pdf is empty"),
        ("fake.pdf", b"not a pdf", "is not a PDF"),
    ],
)
def test_bad_input_is_one_line_exit_2(versions, tmp_path, capsys, name, content, message) -> None:
    bad = tmp_path / name
    if content is not None:
        bad.write_bytes(content)
    assert main(["diff", versions[0], str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("redraft: error: ") and message in err and err.count("\n") == 1


def test_unwritable_html_target(versions, tmp_path, capsys) -> None:
    assert main(["diff", *versions, "--html", str(tmp_path / "no" / "such" / "dir.html")]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_scanned_pdf_exits_2(versions, tmp_path, capsys) -> None:
    scan = make_scanned_pdf(tmp_path / "scan.pdf")
    assert main(["diff", str(scan), versions[1]]) == 2
    err = capsys.readouterr().err
    assert err.startswith("redraft: error: ") and err.count("\n") == 1


@pytest.mark.shared_data
def test_two_unrelated_real_papers_exit_2(shared_data: Path, capsys) -> None:
    pdfs = shared_data / "pdfs"
    assert main(["diff", str(pdfs / "2203.00130v1.pdf"), str(pdfs / "2206.10883v3.pdf")]) == 2
    assert "too different to be versions of one paper" in capsys.readouterr().err


@pytest.mark.shared_data
def test_real_revision_pdf_to_pdf(shared_data: Path, capsys) -> None:
    base = shared_data / "revision" / "cgo18"
    assert main(["diff", str(base / "submission.pdf"), str(base / "camera_ready.pdf")]) == 0
    out = capsys.readouterr().out
    last = out.strip().splitlines()[-1]
    assert "unchanged" in last and "major" in last and "added" in last
    assert "[-80-][+60+]" in out  # "about 80% of the speedup" -> "about 60%"
