"""A subsection's heading set right under its section's heading, in one style (elsarticle's italic "6.2. Weaknesses"
over "6.2.1. Memory Cost", typeset here): two headings, not one "Weaknesses 6.2.1. Memory Cost" (a new-user trial,
session 19: the letter placed changes in "Section 6.2 Weaknesses 6.2.1. Memory Cost")."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document

pytestmark = pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex (TeX Live) is not installed")

PROSE = ("We evaluate the notation on the tasks of the study and report the time each participant took together with "
         "the share of tasks they completed, for the beginners and for the experienced participants apart. ") * 2


def typeset(tmp_path: Path, cls: str, body: str) -> Path:
    (tmp_path / "main.tex").write_text(
        f"\\documentclass{{{cls}}}\n\\begin{{document}}\n{body}\n\\end{{document}}\n", encoding="utf-8")
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "main.tex"], cwd=tmp_path, capture_output=True,
                         text=True, timeout=180)
    assert (tmp_path / "main.pdf").is_file(), run.stdout[-2000:]
    return tmp_path / "main.pdf"


@pytest.mark.parametrize("cls", ["elsarticle", "article"])  # article sets them bold: read apart before too
def test_a_subsection_heading_under_its_section_heading_is_a_heading_of_its_own(tmp_path: Path, cls: str) -> None:
    if cls == "elsarticle" and not subprocess.run(["kpsewhich", "elsarticle.cls"], capture_output=True,
                                                  text=True).stdout.strip():
        pytest.skip("elsarticle is not installed")
    front = ("\\begin{frontmatter}\\title{A Notation for Types}\\author{Ada Lovelace}\\end{frontmatter}"
             if cls == "elsarticle" else "\\title{A Notation for Types}\\author{Ada Lovelace}\\maketitle")
    body = front + (f"\\section{{Discussion}}\n{PROSE}\n\\subsection{{Strengths}}\n{PROSE}\n"
            f"\\subsection{{Weaknesses}}\n\\subsubsection{{Memory Cost}}\n{PROSE}\n"
            f"\\subsubsection{{Screen Layout}}\n{PROSE}\n\\section{{Related Work}}\n{PROSE}")
    doc = load_document(typeset(tmp_path, cls, body))
    titles = [s.title for s in doc.sections]
    assert titles == ["Discussion", "Strengths", "Weaknesses", "Memory Cost", "Screen Layout", "Related Work"], titles
    assert [s.level for s in doc.sections] == [1, 2, 2, 3, 3, 1]
    space = next(p for p in doc.paragraphs if p.kind is ParagraphKind.BODY and p.section_title == "Memory Cost")
    assert space.text.startswith("We evaluate the notation")
