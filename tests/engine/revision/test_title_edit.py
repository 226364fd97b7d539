"""The title as an edit (issues 32 and 33: a reviewer may ask for a new title, and a title the authors changed was
compared in no format): when the two versions' titles differ in words, the diff has one more edit, section "Title",
after every other edit, so no other edit's id shifts; equal titles add nothing. Each format the readers know a
title in: LaTeX, Markdown, R Markdown, Quarto, Word and PDF, each built here."""

from __future__ import annotations

from pathlib import Path

import docx
import pytest

from engine.document import load_document
from engine.document.model import Document
from engine.revision import EditType, diff_documents
from engine.revision.compare import TITLE_ID, TITLE_SECTION
from tests.pdf_factory import make_paper_pdf

OLD_TITLE = "Fast sparse kernels on GPUs"
NEW_TITLE = "Tiled sparse kernels for GPUs of any size"
BODY = [
    ("Introduction", ["Sparse kernels matter for many workloads in science and engineering, from solvers to graphs.",
                      "We make them faster by tiling the matrix so that each block fits the shared memory."]),
    ("Method", ["The tiling adapts to the sparsity pattern of each matrix and is chosen by a small cost model.",
                "We train the cost model for ten epochs on random matrices of many shapes and densities."]),
]
REVISED = [(h, [p.replace("ten epochs", "twenty epochs") for p in ps]) for h, ps in BODY]


def _latex(title: str, sections: list[tuple[str, list[str]]]) -> str:
    body = "\n".join(f"\\section{{{h}}}\n" + "\n\n".join(ps) + "\n" for h, ps in sections)
    return f"\\documentclass{{article}}\n\\title{{{title}}}\n\\begin{{document}}\n\\maketitle\n{body}\\end{{document}}\n"


def _markdown(title: str, sections: list[tuple[str, list[str]]], yaml: bool) -> str:
    head = f"---\ntitle: \"{title}\"\n---\n\n" if yaml else f"# {title}\n\n"
    level = "#" if yaml else "##"
    return head + "\n".join(f"{level} {h}\n\n" + "\n\n".join(ps) + "\n" for h, ps in sections)


def _word(path: Path, title: str, sections: list[tuple[str, list[str]]]) -> Path:
    d = docx.Document()
    d.add_paragraph(title, style="Title")
    for h, ps in sections:
        d.add_heading(h, level=1)
        for p in ps:
            d.add_paragraph(p)
    d.save(str(path))
    return path


def _write(folder: Path, fmt: str, title: str, sections: list[tuple[str, list[str]]]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    if fmt == "latex":
        (folder / "main.tex").write_text(_latex(title, sections), encoding="utf-8")
        return folder / "main.tex"
    if fmt == "docx":
        return _word(folder / "paper.docx", title, sections)
    if fmt == "pdf":
        make_paper_pdf(folder / "paper.pdf", title=title, sections=sections, numbered=False)
        return folder / "paper.pdf"
    ext = {"markdown": ".md", "rmarkdown": ".Rmd", "quarto": ".qmd"}[fmt]
    (folder / f"paper{ext}").write_text(_markdown(title, sections, yaml=fmt != "markdown"), encoding="utf-8")
    return folder / f"paper{ext}"


def _versions(tmp_path: Path, fmt: str, new_title: str) -> tuple[Document, Document]:
    old = load_document(_write(tmp_path / "old", fmt, OLD_TITLE, BODY))
    new = load_document(_write(tmp_path / "new", fmt, new_title, REVISED))
    return old, new


@pytest.mark.parametrize("fmt", ["latex", "markdown", "rmarkdown", "quarto", "docx", "pdf"])
def test_a_changed_title_is_the_last_edit(tmp_path: Path, fmt: str) -> None:
    old, new = _versions(tmp_path, fmt, NEW_TITLE)
    assert (old.title, new.title) == (OLD_TITLE, NEW_TITLE)
    edits = diff_documents(old, new).edits
    title = edits[-1]
    assert title.section == TITLE_SECTION and title.id == f"e{len(edits):04d}"
    assert (title.source_text, title.target_text) == (OLD_TITLE, NEW_TITLE)
    assert (title.source_ids, title.target_ids) == ((TITLE_ID,), (TITLE_ID,))
    # typed by what changed, not by the count (five words, under the ten of a major paragraph edit): a new word in
    # the title is a major edit
    assert title.type is EditType.MAJOR and title.changed_tokens == 5
    assert [e.section for e in edits].count(TITLE_SECTION) == 1
    # the body's edits are those of the same versions with the title unchanged, ids and all
    same = diff_documents(old, load_document(_write(tmp_path / "same", fmt, OLD_TITLE, REVISED))).edits
    assert [(e.id, e.type, e.source_text, e.target_text) for e in same] == \
        [(e.id, e.type, e.source_text, e.target_text) for e in edits[:-1]]
    assert any(e.type is EditType.MINOR and "twenty" in e.target_text for e in same)


def test_an_equal_title_adds_nothing_and_case_alone_is_minor(tmp_path: Path) -> None:
    old, new = _versions(tmp_path, "latex", OLD_TITLE)
    assert all(e.section != TITLE_SECTION for e in diff_documents(old, new).edits)
    old, new = _versions(tmp_path / "case", "latex", OLD_TITLE.replace("kernels", "Kernels"))
    title = diff_documents(old, new).edits[-1]
    assert title.section == TITLE_SECTION and title.type is EditType.MINOR


def test_no_title_on_one_side_adds_nothing(tmp_path: Path) -> None:
    old, new = _versions(tmp_path, "latex", NEW_TITLE)
    new.title = ""
    assert all(e.section != TITLE_SECTION for e in diff_documents(old, new).edits)


def test_one_new_word_in_the_title_is_major_and_case_alone_is_not(tmp_path: Path) -> None:
    """Issue 32: an area chair reads a narrowed title ("... Linear Inverse Problems") as a substantive change, which
    a count of changed words (one) called minor."""
    old, new = _versions(tmp_path, "latex", OLD_TITLE.replace("on GPUs", "on small GPUs"))
    title = diff_documents(old, new).edits[-1]
    assert title.section == TITLE_SECTION and (title.type, title.changed_tokens) == (EditType.MAJOR, 1)
    old, new = _versions(tmp_path / "case", "latex", OLD_TITLE.upper())
    title = diff_documents(old, new).edits[-1]
    assert title.section == TITLE_SECTION and title.type is EditType.MINOR
