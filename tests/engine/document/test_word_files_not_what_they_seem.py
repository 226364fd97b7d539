"""Word files a user gives that are not what their names say (a new-user trial, session 29): a password-protected
``.docx`` (Office wraps it in an OLE2 file with an ``EncryptedPackage`` stream) read "not a Word document"; an old
Word 97-2003 ``.doc`` "unsupported file type"; a Word file named ``.md`` "not a text file (binary content)". Each is
now named for what it is, in one line, exit 2, and no project file is left. The OLE files are stand-ins written
here: the signature and the stream names, no real Word content."""

from __future__ import annotations

from pathlib import Path

import pytest
from docx import Document as WordDocument

from engine.cli.main import main
from engine.document import load_document
from engine.errors import InputError
from engine.reviews import load_reviews

OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def _ole(path: Path, *streams: str) -> Path:
    path.write_bytes(OLE + bytes(504) + b"".join(s.encode("utf-16-le") + bytes(64) for s in streams) + bytes(2048))
    return path


def _word(path: Path) -> Path:
    doc = WordDocument()
    doc.add_heading("Burrows", level=1)
    doc.add_paragraph("We count marsh voles from their burrows alone, at dawn, on the flooded plots.")
    doc.save(str(path))
    return path


@pytest.mark.parametrize("name", ["paper.docx", "paper.doc", "paper.pdf"])
def test_a_password_protected_word_file_is_named_so(tmp_path: Path, name: str) -> None:
    path = _ole(tmp_path / name, "Root Entry", "EncryptionInfo", "EncryptedPackage")
    with pytest.raises(InputError, match=r"is password-protected: open it in Word, clear the password"):
        load_document(path)


@pytest.mark.parametrize("name", ["paper.doc", "paper.docx"])
def test_an_old_word_file_asks_for_docx(tmp_path: Path, name: str) -> None:
    path = _ole(tmp_path / name, "Root Entry", "WordDocument", "1Table")
    with pytest.raises(InputError, match=r"old Word 97-2003 document \(\.doc\): open it in Word and save it as \.docx"):
        load_document(path)


def test_a_word_file_named_markdown_is_named_so(tmp_path: Path) -> None:
    path = _word(tmp_path / "draft.docx").rename(tmp_path / "draft.md")
    with pytest.raises(InputError, match=r"draft\.md is not a text file; it is a Word document: give it with the"):
        load_document(path)


def test_protected_reviews_and_letter_are_named_so(tmp_path: Path) -> None:
    protected = _ole(tmp_path / "reviews.docx", "Root Entry", "EncryptionInfo", "EncryptedPackage")
    with pytest.raises(InputError, match="password-protected"):
        load_reviews(protected)


def test_the_cli_refuses_in_one_line_and_saves_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = _word(tmp_path / "draft.docx")
    reviews = tmp_path / "reviews.txt"
    reviews.write_text("Reviewer 1\n\nPlease report how many burrows were counted on each plot.\n", encoding="utf-8")
    letter = _ole(tmp_path / "letter.docx", "Root Entry", "EncryptionInfo", "EncryptedPackage")
    out = tmp_path / "p.redraft"
    args = ["project", "new", "p", "--old", str(old), "--reviews", str(reviews), "--out", str(out), "--aligner", "bm25"]
    assert main([*args, "--response", str(letter)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("redraft: error: letter.docx is password-protected"), err
    assert not list(tmp_path.glob("*.redraft*")) and not list(tmp_path.glob(".*.building"))
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    assert main(["project", "new", "p", "--old", str(old), "--reviews", str(empty), "--out", str(out)]) == 2
    assert not list(tmp_path.glob("*.redraft*"))
