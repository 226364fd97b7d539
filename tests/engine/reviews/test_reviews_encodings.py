"""Reviews in the encodings people's tools write (Notepad's "Unicode", Word's Windows-1252 export, a UTF-8
byte-order mark, CRLF line ends) give the same comments, character for character, as the UTF-8 file."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.document import load_document
from engine.errors import InputError
from engine.reviews import extract_comments, load_reviews, parse_reviews

#: Curly apostrophes and quotes, en and em dashes, accented letters: all in Windows-1252.
REVIEWS = (
    "Reviewer 1\n\n"
    "The authors\u2019 method is promising, but the evaluation in Section 4 is too narrow \u2013 only two datasets.\n"
    "Please add a comparison with the \u201cstrong baseline\u201d of Table 2 and report the variance over runs.\n"
    "The related work should cite the na\u00efve Bayes approach of Dupr\u00e9 et al.\n\n"
    "Reviewer 2\n\n"
    "The paper\u2019s main claim \u2014 that the model generalises \u2014 is not supported by the experiments.\n"
    "The authors should clarify how the hyper-parameters were chosen (pages 5\u20136).\n"
    "Figure 3 is hard to read; please enlarge the axis labels.\n"
)

#: name -> the bytes a tool writes.
ENCODINGS = {
    "utf-8 with BOM": codecs.BOM_UTF8 + REVIEWS.encode("utf-8"),
    "utf-16 LE with BOM, CRLF": codecs.BOM_UTF16_LE + REVIEWS.replace("\n", "\r\n").encode("utf-16-le"),
    "utf-16 BE with BOM": codecs.BOM_UTF16_BE + REVIEWS.encode("utf-16-be"),
    "utf-32 LE with BOM": codecs.BOM_UTF32_LE + REVIEWS.encode("utf-32-le"),
    "windows-1252": REVIEWS.encode("cp1252"),
    "windows-1252, CRLF": REVIEWS.replace("\n", "\r\n").encode("cp1252"),
    "utf-8, CRLF": REVIEWS.replace("\n", "\r\n").encode("utf-8"),
}


def _texts(comments: list) -> list[tuple[str, str, str]]:
    return [(c.reviewer, c.context, c.text) for c in comments]


@pytest.fixture(scope="module")
def expected() -> list[tuple[str, str, str]]:
    comments = _texts(extract_comments(parse_reviews(REVIEWS, "text")))
    assert len(comments) >= 4
    joined = " ".join(c + " " + t for _, c, t in comments)
    assert "authors\u2019 method" in joined and "\u2013" in joined and "\u201cstrong baseline\u201d" in joined
    return comments


@pytest.mark.parametrize("encoding", list(ENCODINGS))
def test_each_encoding_gives_the_utf8_comments(tmp_path: Path, encoding: str,
                                                expected: list[tuple[str, str, str]]) -> None:
    path = tmp_path / ("reviews.md" if "16" in encoding else "reviews.txt")
    path.write_bytes(ENCODINGS[encoding])
    reviews = load_reviews(path)
    assert [r.reviewer for r in reviews] == ["Reviewer 1", "Reviewer 2"]
    text = "\n".join(r.text for r in reviews)
    assert "\r" not in text and "\ufeff" not in text and not any("\x80" <= c <= "\x9f" for c in text)
    assert _texts(extract_comments(reviews)) == expected
    guessed = [n for r in reviews for n in r.notices if "not UTF-8" in n]
    assert bool(guessed) == encoding.startswith("windows-1252")
    assert all("Windows-1252" in n for n in guessed)


@pytest.mark.parametrize("encoding", ["utf-16 LE with BOM, CRLF", "utf-16 BE with BOM", "windows-1252"])
def test_redraft_comments_prints_the_exact_text(tmp_path: Path, encoding: str, expected: list[tuple[str, str, str]],
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "reviews.txt"
    path.write_bytes(ENCODINGS[encoding])
    assert main(["comments", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(c["reviewer"], c["context"], c["text"]) for c in out["comments"]] == expected
    assert main(["comments", str(path)]) == 0
    printed = capsys.readouterr().out
    assert "The authors\u2019 method" in printed and "\u201cstrong baseline\u201d" in printed
    assert "\\x92" not in printed and "\x92" not in printed


def test_c1_controls_never_reach_the_text() -> None:
    """Windows-1252 bytes decoded as Latin-1 upstream (a paste from such a tool): U+0092 is the apostrophe."""
    pasted = REVIEWS.replace("\u2019", "\x92").replace("\u2013", "\x96").replace("Figure 3", "Figure\x81 3")
    reviews = parse_reviews(pasted, "text")
    assert _texts(extract_comments(reviews)) == _texts(extract_comments(parse_reviews(REVIEWS, "text")))


def test_binary_files_are_still_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    noise = tmp_path / "noise.txt"
    noise.write_bytes(codecs.BOM_UTF16_LE + bytes(range(256)) * 8)  # a mark, then no text
    with pytest.raises(InputError, match="binary file, not reviews"):
        load_reviews(noise)
    assert main(["comments", str(noise)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "binary file" in err and "Traceback" not in err


def test_drafts_in_utf16_and_windows_1252(tmp_path: Path) -> None:
    text = "# A title\n\nThe model\u2019s accuracy \u2013 94% \u2013 is \u201chigh\u201d.\n"
    for name, data in (("le.md", codecs.BOM_UTF16_LE + text.encode("utf-16-le")),
                       ("be.txt", codecs.BOM_UTF16_BE + text.encode("utf-16-be")),
                       ("cp.md", text.replace("\n", "\r\n").encode("cp1252"))):
        (tmp_path / name).write_bytes(data)
        doc = load_document(tmp_path / name)
        assert "The model\u2019s accuracy \u2013 94% \u2013 is \u201chigh\u201d." in [p.text for p in doc.paragraphs]


def test_latex_inputenc_is_honoured(tmp_path: Path) -> None:
    """A file declaring latin9 is read as ISO 8859-15 (0xA4 is the euro sign), not guessed as Windows-1252."""
    body = "\\documentclass{article}\n\\usepackage[latin9]{inputenc}\n\\begin{document}\nIt costs 5\u20ac.\n" \
           "\\end{document}\n"
    main_tex = tmp_path / "main.tex"
    main_tex.write_bytes(body.encode("iso8859-15"))
    doc = load_document(main_tex)
    assert any("5\u20ac" in p.text for p in doc.paragraphs)
    commented = body.replace("\\usepackage[latin9]", "% \\usepackage[latin9]")
    main_tex.write_bytes(commented.replace("\u20ac", "\u2019").encode("cp1252"))
    doc = load_document(main_tex)
    assert any("5\u2019" in p.text for p in doc.paragraphs)
