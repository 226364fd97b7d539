"""What is not a review is refused: images (also renamed .md), binaries, empty text, text that is not prose;
an author response (a rebuttal) is recognised and stops the CLI unless --force."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.errors import InputError
from engine.reviews import load_reviews, parse_reviews
from engine.reviews.guard import author_response, check_text

CGO18_REVIEWS = Path(__file__).resolve().parents[2] / "data" / "cgo18_reviews.md"


def _png(path: Path) -> Path:
    """A real 8x8 grey PNG."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\x00" + bytes(range(0, 256, 32)) for _ in range(8))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, 8, 0, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
    return path


@pytest.mark.parametrize("name", ["figure.png", "reviews.md", "reviews.txt"])
def test_png_is_refused_whatever_its_name(tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = _png(tmp_path / name)
    with pytest.raises(InputError, match="PNG image, not reviews"):
        load_reviews(path)
    assert main(["comments", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "PNG image" in err and "Traceback" not in err


def test_a_refusal_names_every_reviews_format_the_table_accepts(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """The message once said "text, Markdown, JSON or PDF" while LaTeX and Word reviews were read: it now lists
    the formats of ``engine.inputs.REVIEW_FORMATS``, each of which loads."""
    from engine.inputs import REVIEW_FORMATS

    assert main(["comments", str(_png(tmp_path / "reviews.txt"))]) == 2
    err = capsys.readouterr().err
    names = dict.fromkeys(f.name for f in REVIEW_FORMATS.values())
    assert {"LaTeX", "Word (.docx)", "PDF", "Markdown"} <= set(names)
    assert all(name in err for name in names), err
    assert "JSON or PDF" not in err and err.count("\n") == 1


def test_binary_and_archive_are_refused(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_bytes(bytes(range(256)) * 8)
    (tmp_path / "b.txt").write_bytes(b"PK\x03\x04" + b"\x00" * 100)
    with pytest.raises(InputError, match="binary file"):
        load_reviews(tmp_path / "a.md")
    with pytest.raises(InputError, match="ZIP archive"):
        load_reviews(tmp_path / "b.txt")


@pytest.mark.parametrize("text, why", [
    ("", "empty"), ("   \n\n  ", "empty"), ("ok fine", "fewer than three words"),
    ("sample value score total\n" + "\n".join(f"{i} {i * 3.5} {i % 7} 0x{i:02x}" for i in range(40)), "not prose"),
])
def test_empty_and_non_prose_text_is_refused(text: str, why: str) -> None:
    with pytest.raises(InputError, match=why):
        parse_reviews(text)


def test_real_reviews_pass_the_checks() -> None:
    text = CGO18_REVIEWS.read_text(encoding="utf-8")
    check_text(text)
    assert author_response(text) is None
    assert len(parse_reviews(text, "markdown")) == 4


@pytest.mark.shared_data
def test_rebuttal_triggers_the_author_response_warning(shared_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rebuttal = shared_data / "revision" / "cgo18" / "rebuttal.md"
    message = author_response(rebuttal.read_text(encoding="utf-8"))
    assert message and "author response" in message
    assert main(["comments", str(rebuttal)]) == 2
    err = capsys.readouterr().err
    assert "author response" in err and "--force" in err and err.count("\n") == 1
    assert main(["comments", str(rebuttal), "--force", "--json"]) == 0  # --force goes on, with the note kept
    assert "author response" in capsys.readouterr().err


@pytest.mark.shared_data
def test_disapere_rebuttals_flagged_and_reviews_not(shared_data: Path) -> None:
    """Measured on DISAPERE dev (88 reviews and their rebuttals): no review is taken for a response."""
    import json

    reviews = rebuttals = flagged = wrong = 0
    for line in (shared_data / "disapere" / "dev.jsonl").read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        reviews += 1
        wrong += author_response(r["text"]) is not None
        text = (r.get("rebuttal") or {}).get("text", "")
        if text.strip():
            rebuttals += 1
            flagged += author_response(text) is not None
    assert wrong == 0
    assert flagged / rebuttals >= 0.7, (flagged, rebuttals)


@pytest.mark.shared_data
def test_project_new_and_align_refuse_a_rebuttal_without_force(shared_data: Path, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    cgo = shared_data / "revision" / "cgo18"
    out = tmp_path / "x.redraft"
    assert main(["project", "new", "x", "--old", str(cgo / "submission.pdf"), "--reviews", str(cgo / "rebuttal.md"),
                 "--out", str(out)]) == 2
    assert not out.exists()  # nothing saved
    assert main(["align", "--old", str(cgo / "submission.pdf"), "--new", str(cgo / "camera_ready.pdf"),
                 "--reviews", str(cgo / "rebuttal.md")]) == 2
    err = capsys.readouterr().err
    assert err.count("author response") == 2 and "Traceback" not in err


def test_a_project_whose_reviews_yield_no_comment_says_how_to_add_them(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Praise only: the project is built (the draft is real) and the author is told how to add the requests."""
    draft = Path(__file__).resolve().parents[3] / "resources" / "demo" / "draft_v1.md"
    reviews = tmp_path / "praise.md"
    reviews.write_text("# Reviewer 1\n\nThe paper is clearly written and the idea is neat.\n", encoding="utf-8")
    out = tmp_path / "praise.redraft"
    assert main(["project", "new", "praise", "--old", str(draft), "--reviews", str(reviews), "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert "0 comment(s)" in captured.out and out.is_file()
    assert "no request was found in praise.md" in captured.err and "project comment" in captured.err
    assert main(["project", "comment", str(out), "add", "--reviewer", "Reviewer 1", "--text",
                 "Please report the wall-clock latency on a real device."]) == 0
    assert "R1.h1" in capsys.readouterr().out


_LATEX_RESPONSE = r"""\documentclass{letter}
\signature{A. Author}
\begin{document}
\begin{letter}{The Action Editor}
\opening{Dear Editor,}
We would like to thank the reviewers for their
careful reading of our manuscript. We addressed every point
below.

\textbf{Reviewer 1:}
\begin{itemize}
\item \textit{The experiments use a single data set, which makes the
  claims hard to trust.}\\ Two more data sets are now in Section 5.
\item \textit{Figure 2 is hard to read.}\\ Its axes are larger.
\end{itemize}
\closing{Sincerely,}
\end{letter}
\end{document}
"""

_LATEX_REVIEW = r"""\documentclass{article}
\begin{document}
\section*{Review}
The paper proposes a sampler for imbalanced data. The experiments use a
single data set, which makes the claims hard to trust.
\begin{itemize}
\item Please add two more data sets, for instance from the UCI archive.
\item Figure 2 is hard to read: enlarge its axes.
\end{itemize}
I thank the editor for the chance to review this work.
\end{document}
"""


def test_a_latex_author_response_is_refused_unless_forced(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A trial gave a LaTeX reply letter as the reviews: it read as nine comments, exit 0."""
    assert "LaTeX reply letter" in (author_response(_LATEX_RESPONSE) or "")
    path = tmp_path / "response.tex"
    path.write_text(_LATEX_RESPONSE, encoding="utf-8")
    assert main(["comments", str(path)]) == 2
    assert "author response" in capsys.readouterr().err
    assert main(["comments", "--force", str(path)]) == 0


def test_a_review_written_in_latex_is_not_a_response() -> None:
    assert author_response(_LATEX_REVIEW) is None


def test_a_folder_given_as_the_reviews_names_the_file_to_give(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A folder of one file per reviewer is not read as one set: one line names the files in it and says to give
    one file (CLI exit 2, no traceback; the project build says the same for a path typed as the reviews)."""
    from engine.project.pipeline import reviews_source

    folder = tmp_path / "reviews"
    folder.mkdir()
    (folder / "reviewer1.md").write_text("# Reviewer 1\n\nPlease report the variance over five seeds.\n",
                                         encoding="utf-8")
    (folder / "notes.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    with pytest.raises(InputError, match=r"is a folder, not a reviews file.*holds reviewer1\.md$"):
        load_reviews(folder)
    with pytest.raises(InputError, match="is a folder"):
        reviews_source(str(folder))  # a folder typed where pasted text may go is not taken for the text
    assert main(["comments", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "reviewer1.md" in err and "Traceback" not in err
    draft = Path(__file__).resolve().parents[3] / "resources" / "demo" / "draft_v1.md"
    out = tmp_path / "x.redraft"
    assert main(["project", "new", "x", "--old", str(draft), "--reviews", str(folder), "--out", str(out)]) == 2
    assert "is a folder" in capsys.readouterr().err and not out.exists()
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(InputError, match="holds no Markdown, text, .* file$"):
        load_reviews(empty)
