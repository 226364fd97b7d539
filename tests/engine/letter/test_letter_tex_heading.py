"""The .tex letter's "Where the paper changed." stays with the list of changes under it, wherever the page breaks
(session 26: compiled, it stood alone at the foot of page 1 with its list on page 2, set tight under the response).
The letter's own preamble, compiled with pdflatex; the text is made up here."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pymupdf
import pytest

from engine.letter.text_formats import _PREAMBLE

pytestmark = pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")

HEAD = "Where the paper changed."
ITEM = "Revised: Section 2 Methods, p. 3, lines 40--52"


def _document(space_pt: int) -> str:
    response = "We rewrote the paragraph on the sampling scheme and added the missing parameters. " * 3
    return "\n".join([_PREAMBLE, "\\begin{document}", f"\\vspace*{{{space_pt}pt}}",
                      f"\\noindent\\textbf{{Response.}} {response}", "",
                      f"\\rdhead{{{HEAD}}}", "\\begin{itemize}", f"  \\item {ITEM}\\\\",
                      "  The new text of the paragraph, with \\textbf{added words} and \\sout{removed ones}.",
                      "\\end{itemize}", "\\end{document}"])


def test_the_heading_of_the_changes_never_ends_a_page(tmp_path: Path) -> None:
    together = []
    for space in range(560, 660, 6):  # the response pushed down the page until the heading meets its foot
        folder = tmp_path / str(space)
        folder.mkdir()
        (folder / "letter.tex").write_text(_document(space), encoding="utf-8")
        run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "letter.tex"], cwd=folder,
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stdout[-2000:]
        pages = [" ".join(p.get_text().split()) for p in pymupdf.open(folder / "letter.pdf")]
        head = next(i for i, t in enumerate(pages) if HEAD in t)
        item = next(i for i, t in enumerate(pages) if "Revised: Section 2 Methods" in t)
        together.append(head == item)
        if head == 0 and item == 0:  # the response and the heading on one page: set apart from the response
            page = pymupdf.open(folder / "letter.pdf")[0]
            response_foot = max(b[3] for b in page.get_text("blocks") if "parameters" in b[4])
            heading_top = page.search_for(HEAD)[0].y0
            assert heading_top - response_foot > 6
    assert all(together)
