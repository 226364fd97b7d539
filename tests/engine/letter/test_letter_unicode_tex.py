"""Unicode in the ``.tex`` letter. From a new-user trial: a reviewer's combining accent (L̂) came out as a bold "?".
Every character now reaches the page: combining accents as LaTeX accent commands, accented letters, Greek and
symbols as pylatexenc writes them, and a character no LaTeX command spells (CJK) as itself under XeLaTeX, its code
point under pdfLaTeX. The letter of the demo paper, with a review and a response that hold such characters, is
compiled by the local TeX Live (skipped where there is none) and its text read back."""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from pathlib import Path

import pymupdf
import pytest

from engine.letter import write_letter
from engine.letter.unicode_tex import combining_accents, to_latex
from engine.project import Project
from tests.engine.letter.demo_reviews import demo_store_with_point

#: L̂ (no precomposed form), e + a combining acute (é in NFC), ü, Greek, x̃, a Polish name, and CJK.
REVIEW = "- The estimator L\u0302 of Müller should be compared with the e\u0301tude by Łódź's group (α = 0.05, Ω) on x\u0303."
RESPONSE = "We compare L\u0302 with Müller's estimator at α = 0.05; the reviewer's 中文 term is defined."


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    store = demo_store_with_point(tmp_path_factory.mktemp("unicode_tex"), REVIEW)
    comment = next(c for c in store.load().comments if "Müller" in c.text)
    store.set_response(comment.id, RESPONSE)
    project = store.load()
    store.close()
    return project


def test_characters_become_latex_commands_not_question_marks() -> None:
    assert to_latex("L\u0302") == "{{\\^{L}}}"
    assert to_latex("e\u0301") == "{\\'e}"  # NFC first: é
    assert to_latex("i\u0302") == "{\\^\\i}" and to_latex("x\u0303\u0308") == '{{\\"{\\~{x}}}}'
    assert to_latex("中") == "\\rdchar{4E2D}{中}"
    assert combining_accents()["\u0302"] == "^" and combining_accents()["\u0327"] == "c"
    for text in (REVIEW, RESPONSE):
        assert "?" not in to_latex(text)


def _compile(engine: str, folder: Path) -> str:
    run = subprocess.run([engine, "-interaction=nonstopmode", "-halt-on-error", "letter.tex"], cwd=folder,
                         capture_output=True, text=True, timeout=180, check=False)
    assert run.returncode == 0, run.stdout[-2000:]
    with pymupdf.open(folder / "letter.pdf") as pdf:
        text = "\n".join(page.get_text() for page in pdf)
    return unicodedata.normalize("NFC", " ".join(text.split()))


@pytest.mark.parametrize("engine", ["pdflatex", "xelatex"])
def test_the_letter_compiles_and_prints_every_character(project: Project, tmp_path: Path, engine: str) -> None:
    if not shutil.which(engine):
        pytest.skip(f"no {engine} here")
    tex = write_letter(project, tmp_path / "letter.tex").read_text(encoding="utf-8")
    assert "\\bfseries ?" not in tex  # pylatexenc's mark for a character it cannot write
    text = _compile(engine, tmp_path)
    if engine == "pdflatex" and any(chr(k) in text for k in range(1, 32)):
        # TeX Live 2022's T1 fonts (Debian 12) give the accents and Ł no Unicode names: the letter compiled and prints
        # them, but they read back from the PDF as T1 slot codes (the circumflex as 0x02), so nothing below can be read
        pytest.skip("this TeX Live's T1 fonts have no Unicode names for accents: the PDF's text cannot be read back")
    assert text.count("[U+") in (0, 2)  # only the two CJK characters, where no font holds them
    # pdfLaTeX sets an accent over a letter as two glyphs, the accent first
    assert "L\u0302" in text or "\u02c6L" in text
    for word in ("Müller", "étude", "Łódź", "α = 0.05", "Ω"):
        assert word in text, word
    assert "x\u0303" in text or "\u02dcx" in text
    if engine == "xelatex" and "[U+" not in text:  # a font with CJK was found
        assert "中文" in text
    else:  # no 8-bit font holds CJK: its code points, not a "?"
        assert "[U+4E2D][U+6587]" in text
