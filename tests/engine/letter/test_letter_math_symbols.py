"""A response letter that quotes a maths paper compiles (session 24, trial21): the paper's "∅ ≠ I ⊊ [n]", quoted in
the letter, became ``\\varnothing`` and ``\\subsetneq``, which the letter's preamble did not define, and pdfLaTeX
stopped on them. The demo paper's letter, with a review and a response written for the test holding such symbols, is
compiled by the local TeX Live (skipped where there is none) and read back."""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from pathlib import Path

import pymupdf
import pytest

from engine.letter import write_letter
from engine.letter.unicode_tex import to_latex
from engine.project import Project
from tests.engine.letter.demo_reviews import demo_store_with_point

REVIEW = "- For all ∅ ≠ I ⊊ [n] the bound x ≲ y should hold; please state it for ℋ and for ⅓ of the cases."
RESPONSE = "We now state it for every ∅ ≠ I ⊊ [n] (Lemma 2), with x ≲ y, for ℋ and for ⅓ of the cases."


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    store = demo_store_with_point(tmp_path_factory.mktemp("math_tex"), REVIEW)
    comment = next(c for c in store.load().comments if "⊊" in c.text)
    store.set_response(comment.id, RESPONSE)
    project = store.load()
    store.close()
    return project


def test_the_symbols_are_written_as_the_commands_the_preamble_loads() -> None:
    tex = to_latex("∅ ⊊ ≲ ℋ ⅓")
    for command in ("\\varnothing", "\\subsetneq", "\\lesssim", "\\mathscr", "\\textfrac"):
        assert command in tex


@pytest.mark.parametrize("engine", ["pdflatex", "lualatex", "xelatex"])
def test_a_letter_quoting_maths_compiles(project: Project, tmp_path: Path, engine: str) -> None:
    if not shutil.which(engine):
        pytest.skip(f"no {engine} here")
    write_letter(project, tmp_path / "letter.tex")
    run = subprocess.run([engine, "-interaction=nonstopmode", "-halt-on-error", "letter.tex"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stdout[-2000:]
    with pymupdf.open(tmp_path / "letter.pdf") as pdf:
        text = unicodedata.normalize("NFC", " ".join("\n".join(page.get_text() for page in pdf).split()))
    assert "We now state it for every" in text and "(Lemma 2)" in text
    assert "⊊" in text or "\u228a" in text  # the symbol itself, drawn from the maths fonts
