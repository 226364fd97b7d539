"""Markers the typesetting numbers are no edit when two PDFs are compared (docs/figures-align.md, "Session 22"):
a citation or equation number in parentheses renumbered ("(38)" -> "(39)"), a footnote's own number before a URL
("4https" -> "2https"), a supplementary table renumbered ("Table S3" -> "Table S4"), each on PDFs typeset by
pdflatex here. A marker added or removed, and a number outside parentheses, stay edits; the same texts compared as
plain-text documents (not PDFs) keep every change, as a LaTeX diff does."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.align.base import candidate_edits
from engine.document import load_document
from engine.document.model import Document, Paragraph, ParagraphKind
from engine.revision import diff_documents
from tests.optional import has_tex, typeset

pytestmark = pytest.mark.skipif(not has_tex("article.cls", "url.sty"), reason="pdflatex with url.sty is needed")

PROSE = ("The solver keeps a queue of pending nodes and expands the cheapest one until the bound closes, which "
         "we describe in detail together with the pruning rules that keep the queue short in practice. ")


def paper(cite: str, eq: str, table: str, note: str, count: str, extra: str = "") -> str:
    return (
        "\\documentclass{article}\n\\usepackage{url}\n\\begin{document}\n\\section{Method}\n"
        f"{PROSE}The cost model follows earlier work {cite} and its bound is given in {eq}. {PROSE}\n\n"
        f"{PROSE}The settings of every run are listed in Table {table} of the supplement. {PROSE}\n\n"
        f"{PROSE}The archive holds the code.\\footnote{{{note}}} {PROSE}\n\n"
        f"{PROSE}We ran the solver on {count} instances of the benchmark. {extra}{PROSE}\n"
        "\\end{document}\n"
    )


OLD = paper("(38)", "(12)", "S3", "\\url{https://example.org/solver}", "120")


def edits_between(tmp_path: Path, old: str, new: str) -> list:
    (tmp_path / "old").mkdir()
    (tmp_path / "new").mkdir()
    a = load_document(typeset(tmp_path / "old", old))
    b = load_document(typeset(tmp_path / "new", new))
    assert a.source_format == b.source_format == "pdf"
    return candidate_edits(diff_documents(a, b, check_related=False))


def test_renumbered_markers_are_no_edit_between_pdfs(tmp_path: Path) -> None:
    # a footnote added before ours renumbers it; citations and equations renumbered; the count stays
    new = paper("(39)", "(13)", "S4", "\\url{https://example.org/solver}", "120").replace(
        "\\section{Method}\n", "\\section{Method}\nA remark.\\footnote{Another note.}\n\n")
    edits = edits_between(tmp_path, OLD, new)
    changed = " ".join(e.source_text + " " + e.target_text for e in edits)
    assert "cost model" not in changed and "settings of every run" not in changed
    assert "archive holds" not in changed and "example.org" not in changed
    assert any("A remark" in e.target_text for e in edits)  # the footnote's paragraph is a real addition


def test_real_changes_of_the_same_shape_stay_edits(tmp_path: Path) -> None:
    # a number outside parentheses changed, a marker added: both are the authors' edits
    new = paper("(38)", "(12)", "S3", "\\url{https://example.org/solver}", "119", extra="See also (40). ")
    edits = edits_between(tmp_path, OLD, new)
    assert len(edits) == 1
    old_words, new_words = edits[0].changed_words()
    assert "120" in old_words and "119" in new_words and "40" in new_words


def _doc(texts: list[tuple[str, ParagraphKind]]) -> Document:
    paras = [Paragraph(id=f"p{i}", text=t, kind=k, section=("Method",)) for i, (t, k) in enumerate(texts)]
    return Document(paragraphs=paras, source_format="text")


def test_other_sources_keep_every_change() -> None:
    # the same renumbering in documents that are not PDFs (a LaTeX or Markdown source) is still an edit there
    old = _doc([(PROSE + "It follows earlier work (38).", ParagraphKind.BODY),
                ("4https://example.org/solver", ParagraphKind.FOOTNOTE)])
    new = _doc([(PROSE + "It follows earlier work (39).", ParagraphKind.BODY),
                ("2https://example.org/solver", ParagraphKind.FOOTNOTE)])
    assert len(candidate_edits(diff_documents(old, new, check_related=False))) == 2
