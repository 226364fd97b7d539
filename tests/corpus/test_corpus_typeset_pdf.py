"""A typesetting stopped at its time limit leaves no PDF in the cache (shadowing-jcp's submitted main_els.pdf was kept
half written and the app showed it as an empty document): the whole process group stops, and only a finished PDF
is kept; the layouts cache copies one in atomically."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from corpus.build_revisions import typeset
from corpus.typeset_pdf import copy_atomically, finished_pdf, keep_finished

needs_latexmk = pytest.mark.skipif(not shutil.which("latexmk"), reason="latexmk is not installed")
#: Pages shipped out for ever: pdflatex is writing the PDF when the time limit comes.
ENDLESS = ("\\documentclass{article}\n\\begin{document}\n"
           "\\def\\more{Page after page of text that never ends.\\newpage\\more}\\more\n\\end{document}\n")
SHORT = "\\documentclass{article}\n\\begin{document}\nOne finished page.\n\\end{document}\n"


@needs_latexmk
def test_a_typesetting_stopped_at_its_limit_leaves_no_pdf(tmp_path: Path) -> None:
    folder = tmp_path / "submitted"
    folder.mkdir()
    (folder / "paper.tex").write_text(ENDLESS, encoding="utf-8")
    start = time.monotonic()
    result = typeset(folder, "paper.tex", [], timeout=8)
    assert result["exit"] == "timeout" and result["pdf"] is None and result["status"] == "failed", result
    assert not (folder / "paper.pdf").exists()  # removed: half written, it opens with no pages
    time.sleep(1.5)
    assert not (folder / "paper.pdf").exists()  # and nothing goes on writing it: pdflatex was stopped too
    assert time.monotonic() - start < 30


@needs_latexmk
def test_a_finished_pdf_is_kept_and_a_cut_one_is_not(tmp_path: Path) -> None:
    folder = tmp_path / "revised"
    folder.mkdir()
    (folder / "paper.tex").write_text(SHORT, encoding="utf-8")
    result = typeset(folder, "paper.tex", [], timeout=120)
    pdf = folder / "paper.pdf"
    assert result["status"] == "ok" and finished_pdf(pdf) and keep_finished(pdf)

    cut = tmp_path / "cut.pdf"
    data = pdf.read_bytes()
    cut.write_bytes(data[: len(data) // 2])  # what a stopped pdflatex leaves: no cross-references, no %%EOF
    assert not finished_pdf(cut) and not keep_finished(cut) and not cut.exists()
    empty = tmp_path / "empty.pdf"
    empty.write_bytes(b"")
    assert not keep_finished(empty) and not empty.exists()
    assert not keep_finished(tmp_path / "absent.pdf")

    target = tmp_path / "cache" / "paper.pdf"
    target.parent.mkdir()
    target.write_bytes(b"old")
    copy_atomically(pdf, target)
    assert target.read_bytes() == data and [p.name for p in target.parent.iterdir()] == ["paper.pdf"]
