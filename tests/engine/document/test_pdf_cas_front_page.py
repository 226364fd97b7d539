"""Elsevier's CAS classes (cas-sc, cas-dc), typeset here: the highlights page before the title page, the title page's
"A R T I C L E  I N F O" column beside the "A B S T R A C T" (a new-user trial, session 19: the abstract was missing
or read from the highlights, the author line and the highlights page's title were section headings, and each
abstract line ran into the keyword on its baseline)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex


pytestmark = pytest.mark.skipif(not has_tex("cas-sc.cls"),
                                reason="pdflatex with Elsevier's CAS classes is not installed")

ABSTRACT = ("We count widgets in warehouses from a few sensors placed on the shelves. The counts are estimated by a "
            "sparse regression whose weights follow the layout of the aisles, and the estimate is checked against "
            "manual stock takes in three warehouses over two years.")
PROSE = ("Warehouses hold many widgets and counting them by hand takes a long time, so managers want an estimate "
         "from sensors that are already installed on the shelves. ")


def typeset(tmp_path: Path, cls: str) -> Path:
    (tmp_path / "main.tex").write_text(
        f"\\documentclass[a4paper,fleqn]{{{cls}}}\n\\begin{{document}}\n"
        "\\shorttitle{Widgets}\\shortauthors{A. Smith et al.}\n"
        "\\title [mode = title]{Counting widgets in large warehouses with sparse sensors}\n"
        "\\author[1]{Alice Smith}\\cormark[1]\\ead{alice@example.org}\n"
        "\\affiliation[1]{organization={University of Nowhere}, city={Town}, country={Country}}\n"
        "\\author[2]{Bob Jones}\n"
        "\\affiliation[2]{organization={Institute of Somewhere}, city={City}, country={Land}}\n"
        "\\cortext[cor1]{Corresponding author}\n"
        f"\\begin{{abstract}}\n{ABSTRACT}\n\\end{{abstract}}\n"
        "\\begin{highlights}\n\\item Sparse sensors are enough to count widgets.\n"
        "\\item A regression follows the aisles of the warehouse.\n\\end{highlights}\n"
        "\\begin{keywords}\nwidgets \\sep warehouses \\sep stock\n\\end{keywords}\n\\maketitle\n"
        f"\\section{{Introduction}}\n{PROSE * 3}\n\n\\section{{Method}}\n{PROSE * 2}\n\\end{{document}}\n",
        encoding="utf-8")
    for _ in range(2):  # the second run sets the front matter the first one measured
        run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "main.tex"], cwd=tmp_path,
                             capture_output=True, text=True, timeout=180)
    assert (tmp_path / "main.pdf").is_file(), run.stdout[-2000:]
    return tmp_path / "main.pdf"


@pytest.mark.parametrize("cls", ["cas-sc", "cas-dc"])
def test_the_title_page_after_the_highlights_page_holds_the_front_matter(tmp_path: Path, cls: str) -> None:
    doc = load_document(typeset(tmp_path, cls))
    assert doc.title == "Counting widgets in large warehouses with sparse sensors"
    assert doc.abstract == ABSTRACT  # before: '' (or, on flik-cola, the highlights)
    assert [s.title for s in doc.sections] == ["Abstract", "Introduction", "Method"]
    headings = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.HEADING]
    assert not any("Smith" in h or "Highlights" in h or "Counting" in h for h in headings), headings
    body = [p for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert body[0].text == ABSTRACT and body[0].section_title == "Abstract"  # diffed as the paper's text
    assert not any("Sparse sensors are enough" in p.text for p in body)  # the highlights are front matter
    assert "Alice Smith" in " ".join(doc.authors)


def test_a_spaced_label_elsewhere_and_an_ordinary_abstract_read_as_before(tmp_path: Path) -> None:
    # an article's abstract under its own "Abstract" label and a one-column first page: no front box, page 1
    (tmp_path / "main.tex").write_text(
        "\\documentclass{article}\n\\begin{document}\n\\title{Counting Widgets}\\author{Alice Smith}\\maketitle\n"
        f"\\begin{{abstract}}\n{ABSTRACT}\n\\end{{abstract}}\n\\section{{Introduction}}\n{PROSE * 3}\n"
        "\\end{document}\n", encoding="utf-8")
    subprocess.run(["pdflatex", "-interaction=nonstopmode", "main.tex"], cwd=tmp_path, capture_output=True,
                   timeout=180)
    doc = load_document(tmp_path / "main.pdf")
    assert doc.title == "Counting Widgets" and doc.abstract == ABSTRACT
    assert [s.title for s in doc.sections] == ["Introduction"]
