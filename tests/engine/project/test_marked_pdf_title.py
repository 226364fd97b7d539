"""The title's edit on the marked-up revised PDF (issue 32): no paragraph region holds the title, so it was listed
among the changes not found on the page; it is now marked where the title is printed on page 1 (its new words
highlighted, a caret where words went), on a PDF typeset here by pdflatex and on one typeset by the test factory."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from engine.jobs import run_job
from engine.project import ProjectStore
from engine.project.marked_pdf import write_marked_pdf
from engine.project.marked_words import title_boxes
from engine.project.pipeline import build_project
from engine.revision.compare import is_title_edit
from tests.optional import has_tex, typeset
from tests.pdf_factory import make_paper_pdf

OLD_TITLE = "Fast sparse kernels on graphics processors"
NEW_TITLE = "Tiled sparse kernels for graphics processors of any size"
BODY = [
    ("Introduction", ["Sparse kernels matter for many workloads in science and engineering, from solvers to graphs, "
                      "and fast sparse kernels on graphics processors are the subject of this paper.",
                      "We make them faster by tiling the matrix so that each block fits the shared memory."]),
    ("Method", ["The tiling adapts to the sparsity pattern of each matrix and is chosen by a small cost model.",
                "We train the cost model for ten epochs on random matrices of many shapes and densities."]),
]
REVISED = [(h, [p.replace("ten epochs", "twenty epochs") for p in ps]) for h, ps in BODY]
REVIEWS = "# Reviews\n\n## Reviewer 1\n\nThe title should say that the sparse kernels are tiled.\n"


def _latex(title: str, sections) -> str:
    body = "\n".join(f"\\section{{{h}}}\n" + "\n\n".join(ps) + "\n" for h, ps in sections)
    return (f"\\documentclass{{article}}\n\\title{{{title}}}\n\\author{{A. Author}}\n\\date{{}}\n\\begin{{document}}\n"
            f"\\maketitle\n{body}\\end{{document}}\n")


def _versions(tmp_path: Path, fmt: str) -> tuple[Path, Path]:
    (tmp_path / "old").mkdir()
    (tmp_path / "new").mkdir()
    if fmt == "latex":
        (tmp_path / "old" / "main.tex").write_text(_latex(OLD_TITLE, BODY), encoding="utf-8")
        typeset(tmp_path / "new", _latex(NEW_TITLE, REVISED))  # the revised PDF beside its source
        return tmp_path / "old" / "main.tex", tmp_path / "new" / "main.tex"
    make_paper_pdf(tmp_path / "old" / "paper.pdf", title=OLD_TITLE, sections=BODY, numbered=False)
    make_paper_pdf(tmp_path / "new" / "paper.pdf", title=NEW_TITLE, sections=REVISED, numbered=False)
    return tmp_path / "old" / "paper.pdf", tmp_path / "new" / "paper.pdf"


@pytest.mark.parametrize("fmt", [
    pytest.param("latex", marks=pytest.mark.skipif(not has_tex("article.cls"), reason="needs pdflatex")), "pdf"])
def test_the_title_edit_is_marked_where_the_title_is_printed(tmp_path: Path, fmt: str) -> None:
    old, new = _versions(tmp_path, fmt)
    (tmp_path / "reviews.md").write_text(REVIEWS, encoding="utf-8")
    store = ProjectStore.create(tmp_path / "p.redraft", "p")
    project = run_job(build_project(store, old, new, tmp_path / "reviews.md", aligner="bm25"))
    store.close()
    title = project.diff.edits[-1]
    assert is_title_edit(title) and title.target_text == NEW_TITLE
    result = write_marked_pdf(project, tmp_path / "marked.pdf", summary=False)
    assert title.id not in result.not_located
    with pymupdf.open(tmp_path / "marked.pdf") as doc:
        page = doc[0]
        line = [w for w in page.get_text("words") if w[4] in ("Tiled", "graphics")]
        tiled, graphics = line[0], line[1]  # the title's words, the first on the page (above the body's)
        assert tiled[4] == "Tiled" and graphics[4] == "graphics" and abs(tiled[1] - graphics[1]) < 2
        mine = [a for a in page.annots() if (a.info.get("subject") or "").startswith(f"{title.id} ")]
        marked = [pymupdf.Quad(a.vertices[i:i + 4]).rect for a in mine if a.type[1] == "Highlight"
                  for i in range(0, len(a.vertices), 4)]  # one rectangle per highlighted run
        carets = [a for a in mine if a.type[1] == "Caret"]
        assert any((r + (-1, -1, 1, 1)).contains(pymupdf.Rect(tiled[:4])) for r in marked)  # a new word, highlighted
        assert not any(r.intersects(pymupdf.Rect(graphics[:4])) for r in marked)  # a kept word, not
        assert carets and "Fast" in carets[0].info["content"]  # "Fast" went: a caret holds it
        assert all(r.y1 <= tiled[3] + 40 for r in marked)  # on the title's lines, not in the body


def test_a_title_not_printed_on_the_first_pages_is_not_placed(tmp_path: Path) -> None:
    make_paper_pdf(tmp_path / "paper.pdf", title="Dense solvers", sections=BODY, numbered=False)
    with pymupdf.open(tmp_path / "paper.pdf") as doc:
        words = lambda n: doc[n].get_text("words")  # noqa: E731
        assert title_boxes(words, doc.page_count, "Quantum annealing of spin glasses in two dimensions") == []
        found = title_boxes(words, doc.page_count, "Dense solvers")
        assert [w[4] for w in found] == ["Dense", "solvers"] and found[0][8] == 0
