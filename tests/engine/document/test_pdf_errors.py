"""Unusable PDFs give one-line ``InputError`` messages, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import load_document
from engine.document.pdf.load import load_pdf
from engine.errors import InputError
from tests.pdf_factory import (
    make_encrypted_pdf,
    make_paper_pdf,
    make_scanned_pdf,
    make_zero_page_pdf,
    sample_paragraph,
)

SECTIONS = [("Introduction", [sample_paragraph(5, 80), sample_paragraph(6, 60)])]


def _error(path: Path, password: str | None = None) -> str:
    with pytest.raises(InputError) as info:
        load_pdf(path, password=password)
    message = str(info.value)
    assert "\n" not in message and len(message) < 200
    return message


def test_not_a_pdf(tmp_path: Path) -> None:
    path = tmp_path / "notes.pdf"
    path.write_text("just some notes, not a PDF at all\n")
    assert "not a PDF" in _error(path)
    with pytest.raises(InputError, match="not a PDF"):
        load_document(path)


def test_a_word_document_named_as_a_pdf_is_named_for_what_it_is(tmp_path: Path, capsys) -> None:
    """A hurried author renames draft.docx to draft.pdf: the one line says it is a Word document and what to do."""
    import docx

    from engine.cli.main import main

    word = docx.Document()
    word.add_paragraph("Our draft, written in Word, on the cost of late trains.")
    path = tmp_path / "draft.pdf"
    word.save(str(path))
    with pytest.raises(InputError) as info:
        load_document(path)
    assert "\n" not in str(info.value) and "Word document" in str(info.value) and ".docx" in str(info.value)
    assert main(["extract", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "Word document" in err and "Traceback" not in err


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.pdf"
    path.write_bytes(b"")
    assert _error(path) == "empty.pdf is empty"


def test_missing_file(tmp_path: Path) -> None:
    assert "not found" in _error(tmp_path / "nope.pdf")


@pytest.mark.parametrize(
    "data",
    [b"%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> garbage <<<<\n", b"%PDF-1.4\n" + bytes(range(256)) * 8],
)
def test_corrupt_pdf(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "broken.pdf"
    path.write_bytes(data)
    message = _error(path)
    assert "broken.pdf" in message and ("corrupt" in message or "no pages" in message)


def test_truncated_pdf(tmp_path: Path) -> None:
    make_paper_pdf(tmp_path / "whole.pdf", sections=SECTIONS)
    data = (tmp_path / "whole.pdf").read_bytes()
    path = tmp_path / "cut.pdf"
    path.write_bytes(data[: len(data) // 3])
    with pytest.raises(InputError, match="cut.pdf"):
        load_pdf(path)


def test_zero_pages(tmp_path: Path) -> None:
    assert "has no pages" in _error(make_zero_page_pdf(tmp_path / "zero.pdf"))


def test_scanned_pdf_without_text_layer(tmp_path: Path) -> None:
    message = _error(make_scanned_pdf(tmp_path / "scan.pdf"))
    assert message == "scan.pdf has no text layer (scanned?); run OCR first, e.g. ocrmypdf"


def test_encrypted_pdf(tmp_path: Path) -> None:
    path = tmp_path / "locked.pdf"
    make_encrypted_pdf(path, "s3cret", sections=SECTIONS)
    assert _error(path) == "locked.pdf is encrypted; pass --password"
    assert _error(path, password="wrong") == "wrong password for locked.pdf"
    doc = load_pdf(path, password="s3cret")
    assert [p.text for p in doc.body()] == SECTIONS[0][1]
    assert load_document(path, password="s3cret").page_count == doc.page_count
