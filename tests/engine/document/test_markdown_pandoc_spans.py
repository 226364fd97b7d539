"""Pandoc's own Markdown (what ``pandoc paper.tex -t markdown`` writes, and what R Markdown authors type to mark a
revision): a link's attributes and bracketed spans. An author's trial, session 32: the converted paper read
"Figure 2{reference-type="ref"", and the revision, each changed paragraph wrapped in ``[…]{style="color: red"}``,
kept the brackets and ``]{style="color: red"}`` in its text, so a suggestion quoted them. Text in invented words."""

from __future__ import annotations

from pathlib import Path

from engine.document import load_document
from engine.revision import diff_documents

SUBMITTED = """---
title: Burrow lattices of marsh voles
---

# Counting burrows

The burrows are mapped in Figure [2](#fig:map){reference-type="ref" reference="fig:map"}, as in [@quill2011].

We count the burrows by hand on each levee. Write to [reed@fens.example](reed@fens.example){.uri} for the maps.
"""

REVISED = SUBMITTED.replace(
    "We count the burrows by hand on each levee.",
    "[We count the burrows by hand on each levee and by drone on the [wide]{.smallcaps} ones "
    "[@tarn2015].]{style=\"color: red\"}")


def _paper(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_link_attributes_and_spans_read_as_the_text_they_mark(tmp_path: Path) -> None:
    old = load_document(_paper(tmp_path / "old.md", SUBMITTED))
    new = load_document(_paper(tmp_path / "new.md", REVISED))
    first, second = (p.text for p in old.paragraphs if p.kind.value == "body")
    assert first == "The burrows are mapped in Figure 2, as in [quill2011]."
    assert second.startswith("We count the burrows by hand on each levee. Write to reed@fens.example for the maps")
    changed = next(p.text for p in new.paragraphs if "drone" in p.text)
    assert changed.startswith("We count the burrows by hand on each levee and by drone on the wide ones [tarn2015].")
    assert not any(c in t for t in (first, second, changed) for c in "{}") and "]" not in changed.split("[tarn2015]")[1]
    edit = next(e for e in diff_documents(old, new).edits if e.changed)
    assert "style" not in edit.target_text and "drone" in edit.target_text


def test_braces_that_are_no_attributes_stay(tmp_path: Path) -> None:
    doc = load_document(_paper(tmp_path / "p.md", "# A\n\nThe set {x = 1} holds one vole, ]{.x} alone.\n"))
    assert [p.text for p in doc.paragraphs if p.kind.value == "body"] == ["The set {x = 1} holds one vole, ] alone."]
