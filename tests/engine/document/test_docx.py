"""Word ``.docx`` drafts and reviews, built here with python-docx: the same models as the
other formats, the same review guards, and a one-line refusal (exit 2) for a bad file."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import docx
import pytest

from engine.cli.main import main
from engine.document import ParagraphKind, load_document
from engine.errors import InputError
from engine.reviews import extract_comments, load_reviews

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"


def make_paper(path: Path) -> Path:
    d = docx.Document()
    d.add_heading("Fast Sparse Kernels on GPUs", 0)
    d.add_heading("Abstract", 1)
    d.add_paragraph("We make sparse kernels faster on GPUs by tiling the matrix.")
    d.add_heading("1 Introduction", 1)
    d.add_paragraph("Sparse kernels matter for many workloads in science and engineering.")
    d.add_paragraph("a tiling that adapts to the sparsity pattern", style="List Bullet")
    d.add_heading("4.2 Training", 2)
    d.add_paragraph("We train the cost model for ten epochs on random matrices.")
    table = d.add_table(rows=2, cols=2)
    for (r, c), text in {(0, 0): "Kernel", (0, 1): "GFLOP/s", (1, 0): "Ours", (1, 1): "91.2"}.items():
        table.cell(r, c).text = text
    d.add_paragraph("Table 1: throughput on the SuiteSparse matrices.", style="Caption")
    d.save(path)
    return path


def make_reviews(path: Path) -> Path:
    d = docx.Document()
    d.add_paragraph("Dear authors, the reviews of your submission follow.")
    d.add_paragraph("Reviewer 1: The paper is clear and well motivated. Please add a comparison with "
                    "cuSPARSE on larger matrices. The evaluation lacks error bars.")
    d.add_heading("Reviewer 2", 1)
    d.add_paragraph("The related work misses the tiling of Smith et al.; please discuss it.", style="List Number")
    d.add_paragraph("Why is the cost model trained for only ten epochs? Please explain.", style="List Number")
    d.save(path)
    return path


def test_docx_paper_loads_like_markdown(tmp_path: Path) -> None:
    doc = load_document(make_paper(tmp_path / "paper.docx"))
    assert doc.source_format == "docx" and doc.title == "Fast Sparse Kernels on GPUs"
    assert doc.abstract == "We make sparse kernels faster on GPUs by tiling the matrix."
    assert [(s.title, s.level, s.number) for s in doc.sections] == [("Introduction", 1, "1"), ("Training", 2, "4.2")]
    body = doc.body()
    assert [p.text for p in body][1:] == [
        "Sparse kernels matter for many workloads in science and engineering.",
        "a tiling that adapts to the sparsity pattern",
        "We train the cost model for ten epochs on random matrices."]
    assert body[-1].section == ("Introduction", "Training")
    table = next(p for p in doc.paragraphs if p.kind is ParagraphKind.OTHER)
    assert table.text.splitlines() == ["Kernel | GFLOP/s", "Ours | 91.2"]
    assert any(p.kind is ParagraphKind.CAPTION and p.text.startswith("Table 1") for p in doc.paragraphs)


def test_docx_footnotes_are_read(tmp_path: Path) -> None:
    """python-docx writes no footnotes: add the part by hand, as Word writes it."""
    src = make_paper(tmp_path / "plain.docx")
    notes = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
             '<w:footnotes xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
             '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
             '<w:footnote w:id="1"><w:p><w:r><w:t>Code at example.org/kernels.</w:t></w:r></w:p></w:footnote>'
             '</w:footnotes>')
    out = tmp_path / "notes.docx"
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(out, "w") as zout:
        for item in zin.infolist():
            data = zin.read(item)
            if item.filename == "[Content_Types].xml":
                data = data.replace(b"</Types>", b'<Override PartName="/word/footnotes.xml" ContentType="application/'
                                    b'vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"/></Types>')
            if item.filename == "word/_rels/document.xml.rels":
                data = data.replace(b"</Relationships>", b'<Relationship Id="rIdFn" Type="http://schemas.openxml'
                                    b'formats.org/officeDocument/2006/relationships/footnotes" '
                                    b'Target="footnotes.xml"/></Relationships>')
            zout.writestr(item, data)
        zout.writestr("word/footnotes.xml", notes)
    doc = load_document(out)
    assert [p.text for p in doc.paragraphs if p.kind is ParagraphKind.FOOTNOTE] == ["Code at example.org/kernels."]


def test_docx_reviews_split_by_reviewer(tmp_path: Path) -> None:
    reviews = load_reviews(make_reviews(tmp_path / "reviews.docx"))
    assert [r.reviewer for r in reviews] == ["Reviewer 1", "Reviewer 2"]
    assert reviews[0].source == "docx" and "cuSPARSE" in reviews[0].text
    assert any("skipped the text before the first review" in n for n in reviews[0].notices)
    comments = extract_comments(reviews)
    texts = {c.reviewer: [] for c in comments}
    for c in comments:
        texts[c.reviewer].append(c.text)
    assert any("cuSPARSE" in t for t in texts["Reviewer 1"])
    assert any("Smith" in t for t in texts["Reviewer 2"])


def test_docx_reviews_go_through_the_guard(tmp_path: Path) -> None:
    d = docx.Document()
    d.add_paragraph("sample value score total")  # a table of numbers, refused as it is in a .txt
    for i in range(40):
        d.add_paragraph(f"{i} {i * 3.5} {i % 7} 0x{i:02x}")
    d.save(tmp_path / "numbers.docx")
    with pytest.raises(InputError, match="not prose"):
        load_reviews(tmp_path / "numbers.docx")


def test_cli_extract_and_comments_read_docx(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["extract", str(make_paper(tmp_path / "paper.docx")), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["title"] == "Fast Sparse Kernels on GPUs" and len(data["paragraphs"]) >= 6
    assert main(["comments", str(make_reviews(tmp_path / "reviews.docx"))]) == 0
    out = capsys.readouterr().out
    assert "Reviewer 1" in out and "Reviewer 2" in out and "cuSPARSE" in out


@pytest.mark.parametrize("content", [b"", PNG, b"PK\x03\x04 truncated zip"], ids=["empty", "png", "corrupt-zip"])
@pytest.mark.parametrize("command", ["extract", "comments"])
def test_bad_docx_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         content: bytes, command: str) -> None:
    bad = tmp_path / "paper.docx"
    bad.write_bytes(content)
    assert main([command, str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "paper.docx" in err and "Traceback" not in err
