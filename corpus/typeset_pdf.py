"""Typesetting a fetched paper under a time limit, and keeping only a finished PDF in the cache.

``latexmk`` runs pdflatex in a process of its own: a time limit that stops latexmk alone leaves pdflatex writing
the PDF, and a PDF written part way (no cross-reference table, no ``%%EOF``) opens with no pages. That is how
shadowing-jcp's submitted ``main_els.pdf`` (18.7 MB, typesetting stopped at 240 s) came to be kept as "pdf with
errors" and shown by the app as an empty document beside its LaTeX. Now the whole process group is stopped at the
limit, and a PDF is kept only when it is finished: it ends with ``%%EOF`` and opens with pages without MuPDF
having to repair it; another is removed, so the cache never holds it.
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path


def run_latexmk(cmd: list[str], cwd: Path, timeout: float, env: dict[str, str]) -> tuple[int | str, str]:
    """Run ``cmd`` in its own process group: (exit code or ``"timeout"``, its output). At the limit the whole group
    is stopped (latexmk and the pdflatex or bibtex it runs), so nothing writes the PDF afterwards."""
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                            start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.communicate()
        return "timeout", ""
    return proc.returncode, out.decode("utf-8", "replace")


def finished_pdf(path: Path) -> bool:
    """Whether ``path`` is a finished PDF: it ends with ``%%EOF`` and opens with at least one page, unrepaired."""
    import pymupdf

    try:
        if path.stat().st_size == 0:
            return False
        with path.open("rb") as f:
            f.seek(max(0, path.stat().st_size - 2048))
            if b"%%EOF" not in f.read():
                return False
        shown = pymupdf.TOOLS.mupdf_display_errors()
        pymupdf.TOOLS.mupdf_display_errors(False)  # a broken PDF's repair notes: the answer says it
        try:
            with pymupdf.open(path) as doc:
                return doc.page_count > 0 and not doc.is_repaired
        finally:
            pymupdf.TOOLS.mupdf_display_errors(shown)
    except (OSError, RuntimeError, ValueError):
        return False


def keep_finished(pdf: Path) -> bool:
    """Whether ``pdf`` is there and finished; one that is not is removed (a half-written PDF is never cached)."""
    if not pdf.is_file():
        return False
    if finished_pdf(pdf):
        return True
    pdf.unlink(missing_ok=True)
    return False


def copy_atomically(source: Path, target: Path) -> None:
    """``source`` copied to ``target`` through a temporary file beside it: a reader sees the old file or the new
    one, never part of it."""
    part = target.with_name(f".{target.name}.part")
    try:
        with source.open("rb") as src, part.open("wb") as dst:
            while block := src.read(1 << 20):
                dst.write(block)
        os.replace(part, target)
    finally:
        part.unlink(missing_ok=True)
