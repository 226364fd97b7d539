"""trial30: a paper whose ``.latexmkrc`` writes the PDF to ``build/`` (``$out_dir = 'build';``) had no PDF "beside"
its LaTeX, so its pane showed none and the marked-up PDF could not be drawn. Files written for the test."""

from __future__ import annotations

import os
from pathlib import Path

from engine.project.marked_source import pdf_beside


def _paper(folder: Path, rc: str | None = None) -> Path:
    folder.mkdir(parents=True)
    tex = folder / "paper.tex"
    tex.write_text("\\documentclass{article}\\begin{document}Drift of the plover lattice.\\end{document}\n")
    if rc is not None:
        (folder / ".latexmkrc").write_text(rc)
    return tex


def _pdf(path: Path, newer_than: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"%PDF-1.4\n%%EOF\n")
    later = newer_than.stat().st_mtime + 10
    os.utime(path, (later, later))
    return path


def test_the_pdf_in_the_folder_latexmkrc_names_is_found(tmp_path: Path) -> None:
    tex = _paper(tmp_path / "a", "$pdf_mode = 1;\n$out_dir = 'typeset/pdf';\n@default_files = ('paper');\n")
    pdf = _pdf(tmp_path / "a" / "typeset" / "pdf" / "paper.pdf", tex)
    found = pdf_beside(tex)
    assert found is not None and found.path == pdf and not found.older


def test_a_build_folder_without_a_latexmkrc_and_the_pdf_beside_first(tmp_path: Path) -> None:
    tex = _paper(tmp_path / "b")
    assert pdf_beside(tex) is None
    built = _pdf(tmp_path / "b" / "build" / "paper.pdf", tex)
    assert pdf_beside(tex).path == built
    beside = _pdf(tmp_path / "b" / "paper.pdf", tex)
    assert pdf_beside(tex).path == beside  # the one beside the source comes first, as before
