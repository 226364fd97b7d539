"""The response letter on the real cgo18 revision (submission.pdf → camera_ready.pdf, the rebuilt
reviews): Markdown, LaTeX, Word and PDF hold every comment in full, the author's responses and only
those, no internal ids or class names, confirmed links first, and locations that exist in the revised
PDF (section numbers and titles it prints, pages where the changed text is, margin line numbers)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import docx
import pymupdf
import pytest
from pylatexenc.latex2text import LatexNodes2Text
from pylatexenc.latexwalker import LatexWalker

from engine.document.text import normalize_text
from engine.jobs import run_job
from engine.letter import build_letter, letter_latex, letter_markdown, write_letter
from engine.letter.content import TO_ANSWER, UNCONFIRMED
from engine.project import Project, ProjectStore, SuggestionRecord
from engine.project.pipeline import build_project
from engine.project.responses import no_change_text
from engine.reviews.model import ACTIONS

REVIEWS = Path(__file__).resolve().parents[2] / "data" / "cgo18_reviews.md"
WRITTEN = "We added Figure 2, which plots the work metric against runtime for 14 held-out benchmarks."
REASON = "The cost model is part of the compiler we release; the paper cites it."
ACCEPTED = "We now state which benchmarks calibrate the cost model and which evaluate it."
PENDING = "This pending response must not reach the letter."


def flat(text: str) -> str:
    return " ".join(normalize_text(text).split())


@pytest.fixture(scope="module")
def cgo18(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Project:
    base = shared_data / "revision" / "cgo18"
    store = ProjectStore.create(tmp_path_factory.mktemp("letter") / "cgo18.redraft", "cgo18")
    run_job(build_project(store, base / "submission.pdf", base / "camera_ready.pdf", REVIEWS, aligner="bm25"))
    project = store.load()
    first, second, third, fourth = (c.id for c in project.comments[:4])
    store.set_response(first, WRITTEN)
    store.set_response(third, no_change_text(REASON))
    store.add_suggestion(SuggestionRecord("s1", second, ACCEPTED, "", ""))
    store.set_suggestion_status("s1", "accepted")
    store.add_suggestion(SuggestionRecord("s2", fourth, PENDING, "", ""))
    # the author confirms the last aligned edit of the first comment, and rejects its first one
    edits = project.linked_edit_ids(first)
    assert len(edits) >= 2
    store.set_link(first, edits[-1], "confirmed")
    store.set_link(first, edits[0], "rejected")
    project = store.load()
    store.close()
    return project


def two_pages(pdf: pymupdf.Document, dpi: int = 90) -> pymupdf.Pixmap:
    """The first two pages side by side, on a grey ground."""
    a, b = (pdf[i].get_pixmap(dpi=dpi) for i in (0, 1))
    gap = 16
    out = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, a.width + b.width + 3 * gap, max(a.height, b.height)
                                                      + 2 * gap), False)
    out.clear_with(0xDD)
    for pix, x in ((a, gap), (b, a.width + 2 * gap)):
        pix.set_origin(x, gap)
        out.copy(pix, pix.irect)
    return out


def _internal_words(project: Project) -> list[str]:
    """What must not appear outside the quoted comments: ids, action classes, statuses, edit classes."""
    ids = [c.id for c in project.comments] + [e.id for e in project.diff.edits]
    return ids + list(ACTIONS) + ["addressed", "major", "minor", "Comment R", "paragraph p0"]


def _without_quotes(text: str, project: Project) -> str:
    for c in project.comments:
        text = text.replace(flat(c.full_text), " ")
    return text


def _check_content(text: str, project: Project) -> None:
    """Every comment in full, the responses given and only those, nothing internal."""
    for c in project.comments:
        assert flat(c.full_text) in text, c.id
    assert flat(WRITTEN) in text and flat(REASON) in text and flat(ACCEPTED) in text
    assert "No change to the paper." in text
    assert PENDING not in text
    assert text.count(TO_ANSWER) == len(project.comments) - 3
    rest = _without_quotes(text, project)
    for word in _internal_words(project):
        assert not re.search(rf"(?<![\w.]){re.escape(word)}(?![\w.])", rest), word


@pytest.mark.shared_data
def test_letter_content_confirmed_first_and_real_locations(cgo18: Project, shared_data: Path) -> None:
    letter = build_letter(cgo18)
    first = letter.reviewers[0].answers[0]
    assert first.changes[0].confirmed and not any(c.confirmed for c in first.changes[1:])
    assert len(first.changes) == len(cgo18.linked_edit_ids(cgo18.comments[0].id))  # the rejected one is gone
    with pymupdf.open(shared_data / "revision" / "cgo18" / "camera_ready.pdf") as pdf:
        pages = [flat(page.get_text()) for page in pdf]
        words = [{w[4] for w in page.get_text("words")} for page in pdf]
    changes = [c for a in letter.answers() for c in a.changes if "submitted version" not in c.where]
    found, with_lines = 0, 0
    for c in changes:
        m = re.match(r"(?:Section (?P<num>[\d.]+) (?P<title>[^,]+)|(?P<plain>[^,]+))?(?:, )?pp?\. (?P<p0>\d+)"
                     r"(?:–(?P<p1>\d+))?(?:, lines? (?P<lines>[\d–, ]+))?$", c.where)
        assert m, c.where
        if m["num"]:
            assert flat(f"{m['num']} {m['title']}") in " ".join(pages), c.where  # the heading it prints
        span = range(int(m["p0"]), int(m["p1"] or m["p0"]) + 1)
        shown = next((t for op, t in c.runs if op != "delete" and len(t.split()) >= 4), "")
        probe = flat(" ".join(shown.replace("…", " ").split()[:4]))
        found += any(probe in pages[p - 1] for p in span)
        if m["lines"]:
            with_lines += 1
            numbers = re.findall(r"\d+", m["lines"])
            assert all(any(n in words[p - 1] for p in span) for n in numbers), c.where  # printed in the margin
    assert with_lines >= 1  # the camera-ready numbers the lines of its first page
    print(f"{found}/{len(changes)} changes found on their pages, {with_lines} with line numbers")
    assert found >= 0.9 * len(changes)


@pytest.mark.shared_data
def test_markdown_and_latex(cgo18: Project, tmp_path: Path) -> None:
    md = letter_markdown(build_letter(cgo18))
    assert md.startswith("# Response to the reviewers") and "## Summary of changes" in md
    assert [ln[3:] for ln in md.splitlines() if ln.startswith("## ")][1:] == list(cgo18.comments_by_reviewer())
    _check_content(flat(re.sub(r"\\(.)", r"\1", md)), cgo18)
    assert f"_({UNCONFIRMED})_" in md

    tex = write_letter(cgo18, tmp_path / "letter.tex").read_text(encoding="utf-8")
    assert tex == letter_latex(build_letter(cgo18))
    nodes, _, _ = LatexWalker(tex, tolerant_parsing=False).get_latex_nodes()  # raises on unbalanced source
    text = flat(LatexNodes2Text().nodelist_to_text(nodes))
    _check_content(text, cgo18)
    assert tex.count("\\subsubsection*{Comment ") == len(cgo18.comments)
    if shutil.which("pdflatex"):
        run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "letter.tex"],
                             cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
        assert run.returncode == 0, run.stdout[-2000:]
        with pymupdf.open(tmp_path / "letter.pdf") as pdf:
            pdf[0].get_pixmap(dpi=60).save(tmp_path / "letter_tex.png")


@pytest.mark.shared_data
def test_word_letter(cgo18: Project, tmp_path: Path) -> None:
    doc = docx.Document(str(write_letter(cgo18, tmp_path / "letter.docx")))
    paragraphs = [p for p in doc.paragraphs]
    text = flat("\n".join(p.text for p in paragraphs))
    _check_content(text, cgo18)
    headings = [p.text for p in paragraphs if p.style.name.startswith("Heading 1")]
    assert headings == ["Summary of changes", *cgo18.comments_by_reviewer()]
    runs = [r for p in paragraphs for r in p.runs]
    assert any(r.bold and r.text.strip() for r in runs if r.font.color and r.font.color.rgb is not None)
    assert any(r.font.strike for r in runs)  # removed text struck through


@pytest.mark.shared_data
def test_pdf_letter_renders(cgo18: Project, tmp_path: Path) -> None:
    """Also the README's screenshot: its first two pages side by side, to $REDRAFT_SCREENSHOTS/letter.png."""
    out = write_letter(cgo18, tmp_path / "letter.pdf")
    with pymupdf.open(out) as pdf:
        assert pdf.page_count >= 5
        _check_content(flat("\n".join(page.get_text() for page in pdf)), cgo18)
        pix = pdf[1].get_pixmap(dpi=80)
        pix.save(tmp_path / "letter.png")
        folder = Path(os.environ.get("REDRAFT_SCREENSHOTS") or tmp_path)
        folder.mkdir(parents=True, exist_ok=True)
        two_pages(pdf).save(folder / "letter.png")
        assert pix.width > 400 and len(set(pix.samples[::97])) > 3  # drawn, not blank
    assert not list(tmp_path.glob(".*partial*"))
