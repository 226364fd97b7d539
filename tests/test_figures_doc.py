"""docs/figures.md (written by `make figures`) is what the tests pin and what the README quotes.

The figures themselves are recomputed by the tests that pin them (each fails when its figure drops); this file
checks that the page, the pins and the README agree, and that the page was written on the current lock file.
"""

from __future__ import annotations

import re
from pathlib import Path

from bench.figures import FIGURES, lock_stamp

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "figures.md"


def _tables() -> dict[str, list[list[str]]]:
    """Each figure's table rows (cells without Markdown emphasis), by the figure's title."""
    tables: dict[str, list[list[str]]] = {}
    title = ""
    for line in PAGE.read_text("utf-8").splitlines():
        if line.startswith("## "):
            title = line[3:]
            tables[title] = []
        elif line.startswith("| ") and title and not line.startswith("|---"):
            tables[title].append([c.strip().strip("*") for c in line.strip("|").split("|")])
    return {t: rows[1:] for t, rows in tables.items()}  # the header row dropped


def test_the_page_has_every_figure_and_was_written_on_this_lock_file() -> None:
    text = PAGE.read_text("utf-8")
    assert f"`uv.lock` sha256 `{lock_stamp()}`" in text, "run `make figures` after changing uv.lock"
    tables = _tables()
    for figure in FIGURES:
        assert tables.get(figure.title), figure.title
        assert figure.command in text and figure.blind in text


def test_the_alignment_pins_are_the_page_figures() -> None:
    from tests.engine.align import test_align_crosspaper as pins

    rows = {(r[0], r[1]): r for r in _tables()["Comment↔edit links, cross-paper, on the PDFs as users give them"]}
    for paper in ("cgo18", "icassp20"):
        method, scored, p, r, f1, counted, agreement = rows[("evidence", paper)]
        assert float(f1) == pins.REPORTED_F1[paper] and float(p) == pins.REPORTED_P[paper]
        assert counted == "{:.1f} / {:.1f}".format(*pins.COUNTED[paper])
        assert float(agreement) == pins.STATUS_AGREEMENT[paper]
        assert float(rows[("hybrid", paper)][4]) == pins.HYBRID_F1[paper]
    extracted = {r[1]: r for r in _tables()["The same, with the comment types the extractor gives (as in the app)"]}
    for paper, (precision, f1) in pins.EXTRACTED_TYPES.items():
        assert (float(extracted[paper][2]), float(extracted[paper][4])) == (precision, f1)


def test_the_readme_quotes_the_page() -> None:
    """Every number in the README's figures table is on the page."""
    readme = (ROOT / "README.md").read_text("utf-8")
    table = readme.split("## How well it works", 1)[1].split("\n## ", 1)[0]
    numbers = set(re.findall(r"\d+\.\d+", table))
    assert numbers, "the README quotes no figure"
    page = PAGE.read_text("utf-8")
    assert {n for n in numbers if n not in page} == set()
