"""Pages for the corpus's LaTeX drafts, from their typeset PDFs (issue 34: a comment's "p. 5, line 12").

The revisions corpus reads each submitted draft from its LaTeX source, whose paragraphs carry no page; a reviewer
read a typeset PDF. ``with_pages`` reads the draft's PDF typeset by ``corpus.build_revisions`` (``build.json``'s
``submitted.typeset.pdf``) with Redraft's PDF reader, and gives each LaTeX paragraph the regions (page, box) of
the PDF paragraph that shares the most of its word 3-grams (at least ``MIN_SHARED``), as if the user had opened
the PDF. The PDF the reviewers saw may be paginated differently (a journal's review copy): that is part of what
the benchmark measures. A draft with no typeset PDF keeps its paragraphs as they are.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

#: A LaTeX paragraph takes a PDF paragraph's place when they share at least this many word 3-grams.
MIN_SHARED = 2
_WORD = re.compile(r"[a-z]{2,}")


def typeset_pdf(cache: Path, paper: str) -> Path | None:
    """The submitted draft's PDF typeset by the corpus build, or None."""
    build = cache / paper / "build.json"
    if not build.is_file():
        return None
    pdf = (json.loads(build.read_text()).get("submitted", {}).get("typeset") or {}).get("pdf")
    return cache / paper / pdf if pdf and (cache / paper / pdf).is_file() else None


def _grams(text: str) -> set[tuple[str, ...]]:
    words = _WORD.findall(text.lower())
    return {tuple(words[i:i + 3]) for i in range(len(words) - 2)}


def with_pages(document: Any, pdf_document: Any) -> Any:
    """``document`` whose paragraphs carry the regions of their best-matching paragraph of ``pdf_document``."""
    index: dict[tuple[str, ...], list[int]] = {}
    pdf_paragraphs = [p for p in pdf_document.paragraphs if p.regions]
    for j, p in enumerate(pdf_paragraphs):
        for g in _grams(p.text):
            index.setdefault(g, []).append(j)
    paragraphs = []
    for p in document.paragraphs:
        shared = Counter(j for g in _grams(p.text) for j in index.get(g, ()))
        best = shared.most_common(1)
        if best and best[0][1] >= MIN_SHARED:
            p = dataclasses.replace(p, regions=pdf_paragraphs[best[0][0]].regions)
        paragraphs.append(p)
    return dataclasses.replace(document, paragraphs=paragraphs, page_count=pdf_document.page_count)


def paged(items: list[Any], cache: Path) -> tuple[list[Any], dict[str, str]]:
    """The answered comments (``bench.suggest_places.Answered``) with their drafts paged from the typeset PDFs,
    and per paper what happened (pages read, or why not)."""
    from engine.document.pdf.load import load_pdf

    done: dict[int, Any] = {}
    status: dict[str, str] = {}
    out = []
    for a in items:
        key = id(a.document)
        if key not in done:
            pdf = typeset_pdf(cache, a.paper)
            try:
                done[key] = with_pages(a.document, load_pdf(pdf)) if pdf else a.document
                status[a.paper] = f"{sum(p.page is not None for p in done[key].paragraphs)} of " \
                                  f"{len(done[key].paragraphs)} paragraphs paged" if pdf else "no typeset PDF"
            except Exception as err:  # noqa: BLE001 - a PDF the reader cannot read: the draft keeps no pages
                done[key], status[a.paper] = a.document, f"PDF unreadable: {err}"
        out.append(dataclasses.replace(a, document=done[key]))
    return out, status
