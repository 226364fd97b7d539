"""The demo's two drafts as LaTeX files, each typeset beside itself by latexmk (pdflatex): a small real LaTeX + PDF
pair for the tests of where LaTeX paragraphs are on their typeset pages (engine and app)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from engine.letter.text_formats import tex_escape

DEMO = Path(__file__).resolve().parents[3] / "resources" / "demo"
needs_latexmk = pytest.mark.skipif(shutil.which("latexmk") is None, reason="latexmk (TeX Live) is not installed")


def typeset_demo(folder: Path, name: str) -> Path:
    """``folder/name.tex`` from the demo's ``name.md`` (headings as sections), and ``name.pdf`` typeset beside it."""
    folder.mkdir(parents=True, exist_ok=True)
    body = (DEMO / f"{name}.md").read_text(encoding="utf-8").split("---", 2)[2]
    tex = ["\\documentclass{article}", "\\title{Learned Early Exits for Streaming Speech Recognition}",
           "\\begin{document}", "\\maketitle"]
    for block in (b.strip() for b in body.split("\n\n") if b.strip()):
        heading = re.match(r"#+\s*(?:\d+\s+)?(.*)", block)
        tex.append(f"\\section{{{tex_escape(heading.group(1))}}}" if heading else tex_escape(block))
    source = folder / f"{name}.tex"
    source.write_text("\n\n".join(tex + ["\\end{document}"]) + "\n", encoding="utf-8")
    run = subprocess.run(["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error", source.name],
                         cwd=folder, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:]
    return source
