"""The word broken by a line-end hyphen, read back from the end of the text (``text._broken_word``), is the one the
regular expression it replaced finds (``([A-Za-z][A-Za-z-]*)-$``, searched from the start), on a real paper's lines
joined as ``join_lines`` joins them and on edge cases."""

from __future__ import annotations

import re
from pathlib import Path

import pymupdf
import pytest

from engine.document.pdf.text import _broken_word, join_lines

BROKEN = re.compile(r"([A-Za-z][A-Za-z-]*)-$")


def _expected(text: str) -> str:
    m = BROKEN.search(text)
    return m.group(1) if m else ""


@pytest.mark.parametrize("text", [
    "", "-", "--", "a-", " a-", "exam-", "an exam-", "state-of-the-", "the state-of-the-", "x--", "a--", "-a-",
    "1-", "a1-", "a 1-", "é-", "café-", "naïve-", "Sci-", "(non-", "co--op-", "a - b-", "word -", "A-B-C-",
])
def test_edge_cases(text: str) -> None:
    assert _broken_word(text) == _expected(text)


@pytest.mark.shared_data
def test_real_paper_lines(shared_data: Path) -> None:
    with pymupdf.open(shared_data / "revision" / "cgo18" / "submission.pdf") as pdf:
        lines = [ln for page in pdf for ln in page.get_text().splitlines() if ln.strip()]
    broken = [i for i, ln in enumerate(lines) if ln.rstrip().endswith("-")]
    assert len(broken) >= 20  # the paper breaks words at line ends
    for start in range(0, len(lines), 8):  # paragraphs of 8 lines, growing as join_lines grows them
        out = ""
        for ln in lines[start:start + 8]:
            out = f"{out} {ln.strip()}".strip()
            assert _broken_word(out) == _expected(out)
    assert join_lines(["an exam-", "ple of it"], {}) == "an example of it"
    assert join_lines(["the state-of-the-", "art model"], {}) == "the state-of-the-art model"
