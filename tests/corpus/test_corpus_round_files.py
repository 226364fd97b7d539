"""Two corpus-build leftovers (session 31, pdfgap32). A snapshot's ``latexmkrc`` that moves the PDF elsewhere
(``$out_dir``) made a build that produced its PDF read "failed": no rc file of a snapshot runs now (``-norc``, as
``corpus.build_layouts`` does). A paper whose main file ``\\input``s a round file the builder leaves out (the response
letter) stopped at the missing file: such a file is stood in by an empty one, and the build log says so. Sources we
wrote for these tests."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from corpus.build_revisions import stand_in_left_out, typeset

needs_latexmk = pytest.mark.skipif(not shutil.which("latexmk"), reason="latexmk is not installed")
PAPER = ("\\documentclass{article}\n\\begin{document}\nWe draw random walks of fixed length from uniformly chosen "
         "seed nodes.\n%s\n\\end{document}\n")


@needs_latexmk
def test_a_snapshots_latexmkrc_does_not_move_the_pdf(tmp_path: Path) -> None:
    folder = tmp_path / "revised"
    folder.mkdir()
    (folder / "paper.tex").write_text(PAPER % "", encoding="utf-8")
    (folder / ".latexmkrc").write_text("$pdf_mode = 1;\n$out_dir = 'build';\n", encoding="utf-8")
    result = typeset(folder, "paper.tex", [], timeout=120)
    assert result["status"] == "ok" and result["pdf"] == "revised/paper.pdf", result
    assert (folder / "paper.pdf").is_file() and not (folder / "build").exists()


def test_only_the_left_out_files_the_paper_inputs_are_stood_in(tmp_path: Path) -> None:
    folder = tmp_path / "revised"
    (folder / "paper").mkdir(parents=True)
    (folder / "paper" / "main.tex").write_text(PAPER % "\\input{response}\n% \\input{cover}\n\\include{sec/a}",
                                               encoding="utf-8")
    left = ["paper/response.tex", "paper/cover.tex", "reviews.txt", "paper/sec/a.tex"]
    assert stand_in_left_out(folder, "paper/main.tex", left) == ["paper/response.tex", "paper/sec/a.tex"]
    assert (folder / "paper" / "response.tex").read_text(encoding="utf-8").startswith("% stand-in")
    assert not (folder / "paper" / "cover.tex").exists()  # named only in a comment
    assert stand_in_left_out(folder, "paper/main.tex", []) == []  # nothing left out: nothing written


@needs_latexmk
def test_a_paper_that_inputs_its_left_out_letter_still_typesets(tmp_path: Path) -> None:
    folder = tmp_path / "revised"
    folder.mkdir()
    (folder / "main.tex").write_text(PAPER % "\\input{reply.tex}", encoding="utf-8")
    failed = typeset(folder, "main.tex", [], timeout=120)
    assert failed["pdf"] is None and failed["status"] == "failed"  # the missing input stops it, as before
    assert stand_in_left_out(folder, "main.tex", ["reply.tex"]) == ["reply.tex"]
    assert typeset(folder, "main.tex", [], timeout=120)["status"] == "ok"
