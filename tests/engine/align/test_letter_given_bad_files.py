"""The response letter reader given the files users really give (session 26): each bad one is refused in one line
that says what it is and which formats are read; the odd but readable ones (Latin-1, UTF-16, a LaTeX letter split
over ``\\input`` files) are read. Every file is built here."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from engine.align.letter import LETTER_FORMATS, MAX_WORDS, letter_problem, read_letter
from engine.errors import InputError

ANSWER = "We have added the values of the loss weights to Section 3 and say how they were chosen."


def _scan(path: Path) -> None:
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page()
    page.draw_rect(pymupdf.Rect(50, 50, 500, 700), color=(0, 0, 0), fill=(0.4, 0.4, 0.4))  # a page image, no text
    doc.save(str(path))


def _odt(path: Path) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        z.writestr("content.xml", f"<office:document-content><text:p>{ANSWER}</text:p></office:document-content>")
    path.write_bytes(buf.getvalue())


BAD = {  # name: (how it is made, words the one line must hold)
    "empty.txt": (lambda p: p.write_bytes(b""), ["empty (0 bytes)"]),
    "blank.md": (lambda p: p.write_text("\n  \n\t\n"), ["holds no letter text"]),
    "scan.pdf": (_scan, ["no letter text found", "OCR"]),
    "corrupt.pdf": (lambda p: p.write_bytes(b"%PDF-1.4\n" + bytes(range(256)) * 20), ["cannot open corrupt.pdf"]),
    "corrupt.docx": (lambda p: p.write_bytes(b"PK\x03\x04" + b"garbage" * 50), ["cannot read corrupt.docx as a Word"]),
    "binary.txt": (lambda p: p.write_bytes(bytes(range(256)) * 40), ["binary file, not a response letter",
                                                                      LETTER_FORMATS]),
    "unmarked.txt": (lambda p: p.write_bytes(f"Dear editor. {ANSWER}".encode("utf-16-le")),
                     ["UTF-16 text without a byte-order mark", "UTF-8"]),
    "old.doc": (lambda p: p.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(4000)),
                ["old Office document", "not a response letter", LETTER_FORMATS]),
    "letter.odt": (_odt, ["ZIP archive", "OpenDocument", LETTER_FORMATS]),
    "letter.rtf": (lambda p: p.write_text("{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}}\\f0 " + ANSWER + "\\par }"),
                   ["RTF document", LETTER_FORMATS]),
    "split.tex": (lambda p: p.write_text("\\documentclass{article}\\begin{document}\n\\input{reply1}\n"
                                         "\\end{document}\n"), ["holds no letter text", "\\input{reply1}"]),
    "huge.txt": (lambda p: p.write_text((ANSWER + " ") * (MAX_WORDS // 17 + 10)), ["words, more than a response"]),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_bad_letter_file_is_refused_in_one_line(tmp_path: Path, name: str) -> None:
    make, words = BAD[name]
    path = tmp_path / name
    make(path)
    with pytest.raises(InputError) as err:
        read_letter(path)
    line = str(err.value)
    assert "\n" not in line and all(w in line for w in words), line
    assert "reviews" not in line  # the reviews reader's words were said of letters before
    if name not in ("blank.md", "scan.pdf", "corrupt.pdf", "corrupt.docx", "split.tex", "huge.txt", "unmarked.txt"):
        assert letter_problem(path) == line  # the app's glance says the same before any build


def test_a_folder_is_named_as_one(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a folder, not a response letter"):
        read_letter(tmp_path)
    assert "is a folder" in letter_problem(tmp_path) and letter_problem(tmp_path / "gone.md").startswith("no such")


@pytest.mark.parametrize("encoding", ["latin-1", "utf-16", "cp1252"])
def test_letters_in_older_encodings_are_read(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "response.txt"
    path.write_bytes(f"Réponse aux évaluateurs.\n\n{ANSWER}\n".encode(encoding))
    letter = read_letter(path)
    assert letter.text.startswith("Réponse aux évaluateurs") and ANSWER in letter.text
    assert letter_problem(path) == ""


def test_a_letter_split_over_input_files_is_read_and_a_missing_one_noted(tmp_path: Path) -> None:
    (tmp_path / "reply1.tex").write_text(f"\\section*{{Reviewer 1}}\n{ANSWER}\n", encoding="utf-8")
    main = tmp_path / "response.tex"
    main.write_text("\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\nDear editor,\n\n"
                    "\\input{reply1}\n\\input{reply2}\n\\includegraphics{logo}\n\\end{document}\n", encoding="utf-8")
    letter = read_letter(main)
    assert ANSWER in letter.text and "Dear editor" in letter.text
    assert letter.notices == ["\\input{reply2} in response.tex: no such file beside the letter, not read"]


def test_a_big_pdf_letter_with_images_reads_its_text(tmp_path: Path) -> None:
    """A 5 MB letter: its size is a scanned logo, not words."""
    import os

    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page()
    pix = pymupdf.Pixmap(pymupdf.csRGB, 1300, 1300, os.urandom(1300 * 1300 * 3), 0)  # noise: it does not compress
    page.insert_image(pymupdf.Rect(50, 300, 550, 800), pixmap=pix)
    page.insert_textbox(pymupdf.Rect(50, 50, 550, 290), ANSWER, fontsize=11)
    path = tmp_path / "response.pdf"
    doc.save(str(path))
    assert path.stat().st_size > 4_500_000
    assert " ".join(read_letter(path).text.split()) == ANSWER
