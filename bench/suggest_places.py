"""Placement of suggested edits, scored against the authors' own edits on the revisions corpus (issue 34).

For each comment the authors answered (a gold or distant link in ``corpus/labels``), the paragraphs of the
submitted draft (the LaTeX source as Redraft reads it, ``engine.document.latex``) where the authors edited for it:
every source paragraph of a linked edit, and for an insertion (an edit with no source paragraph) the paragraph
after which they inserted, give or take one: the last body paragraph or caption at or before the insertion
point, the one before it and the first one after it. A placement is right when its paragraph is one of them.

The placements, on the same comments:

- ``bm25``: what ``redraft suggest`` did before issue 34 (BM25 of the comment over the body paragraphs, the best);
- ``located``: what ``redraft project suggest`` and the app did (the build's located paragraphs,
  ``engine.align.localize`` with the embedded encoder: the first);
- ``rules``: ``engine.generate.placement.place`` given those located paragraphs, its rules alone (no model);
- ``placement``: the same with the shipped placement model choosing among the rules' best (the project's path;
  on the training part this is in-sample: ``bench.fit_placement`` gives its leave-papers-out figure);
- ``placement+encoder``: the same with the encoder fused into the locator's scores (``redraft suggest``'s path).

Beside ``placement`` (the first place, the issue's figure), what the suggestion card shows (round nine): the first
place and, when the placement model scores its second close (``placement.ALTERNATIVE_MARGIN``), the second as an
alternative; right when either is one of the authors' paragraphs, and how often two are shown.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine.align.localize import candidates
from engine.document.model import Document
from engine.reviews.model import ReviewComment

METHODS = ("bm25", "located", "rules", "placement", "placement+encoder")


@dataclass
class Answered:
    """One answered comment: its paper, the submitted draft and where the authors edited for it."""

    paper: str
    comment: ReviewComment
    document: Document
    targets: set[str]
    edits: list[Any]
    #: The comment's place among its reviewer's comments, 0..1 (``engine.generate.placement.place``'s ``position``).
    position: float | None = None


def edit_targets(diff: Any, gold: set[str]) -> set[str]:
    """The draft paragraphs where the authors edited for a comment whose linked edits are ``gold`` (ids)."""
    old = diff.old
    place = candidates(old)
    position = {p.id: i for i, p in enumerate(old.paragraphs)}
    place_at = [position[p.id] for p in place]
    out: set[str] = set()
    for k, e in enumerate(diff.edits):
        if e.id not in gold:
            continue
        if e.source_ids:
            out |= set(e.source_ids)
            continue
        after = next((position[f.source_ids[-1]] for f in reversed(diff.edits[:k]) if f.source_ids), -1)
        before = [i for i, at in enumerate(place_at) if at <= after]
        later = [i for i, at in enumerate(place_at) if at > after]
        if before:
            out |= {place[before[-1]].id} | ({place[before[-1] - 1].id} if before[-1] > 0 else set())
        if later:
            out.add(place[later[0]].id)
    return out


def answered(papers: list[Any]) -> Iterator[Answered]:
    """The answered comments of gold papers (``engine.align.gold.GoldPaper``), in order."""
    from engine.generate.placement import review_position

    for paper in papers:
        for c in paper.comments:
            gold = paper.gold.get(c.id) or set()
            if gold:
                edits = [e for e in paper.diff.edits if e.id in gold]
                yield Answered(paper.id, c, paper.diff.old, edit_targets(paper.diff, gold), edits,
                               review_position(c, paper.comments))


def bm25_first(comment: ReviewComment, document: Document) -> str | None:
    """The placement ``redraft suggest`` made before issue 34: the body paragraph of best BM25 score."""
    import numpy as np

    from engine.align.bm25 import bm25_matrix

    body = document.body()
    if not body:
        return None
    return body[int(np.argmax(bm25_matrix([comment.full_text], [p.text for p in body])[0]))].id


def placements(items: list[Answered], encoder: Any) -> list[dict[str, Any]]:
    """Per answered comment: each method's paragraph, and whether it is right."""
    from engine.align.localize import localize
    from engine.generate.placement import place

    rows = []
    by_doc: dict[int, dict[str, Any]] = {}
    for a in items:  # locate per paper at once, as the build does
        by_doc.setdefault(id(a.document), {"doc": a.document, "items": []})["items"].append(a)
    located = {}
    for group in by_doc.values():
        locs = localize([a.comment for a in group["items"]], group["doc"], encoder, 3)
        for a, loc in zip(group["items"], locs):
            located[a.paper, a.comment.id] = [group["doc"].paragraph(pid) for pid, _ in loc.paragraphs]
    for a in items:
        found = located[a.paper, a.comment.id]
        placed = place(a.comment, a.document, found, position=a.position)
        chosen = {
            "bm25": bm25_first(a.comment, a.document),
            "located": found[0].id if found else None,
            "rules": place(a.comment, a.document, found, reranker=None).paragraph,
            "placement": placed.paragraph,
            "placement+encoder": place(a.comment, a.document, found, encoder, position=a.position).paragraph,
        }
        chosen = {k: (v.id if hasattr(v, "id") else v) for k, v in chosen.items()}
        second = placed.alternative.id if placed.alternative else None
        rows.append({"paper": a.paper, "comment": a.comment.id, "targets": sorted(a.targets),
                     "located": [p.id for p in found], "chosen": chosen,
                     "right": {k: v in a.targets for k, v in chosen.items()},
                     "shown": {"second": second, "right": chosen["placement"] in a.targets or second in a.targets}})
    return rows


def placement_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Right placements per method: pooled, and per paper."""
    out: dict[str, Any] = {"comments": len(rows), "papers": {}}
    for m in METHODS:
        right = sum(r["right"][m] for r in rows)
        out[m] = {"right": right, "share": round(100 * right / len(rows), 1) if rows else None}
    shown = [r["shown"] for r in rows if "shown" in r]
    right, two = sum(s["right"] for s in shown), sum(s["second"] is not None for s in shown)
    out["shown"] = {"right": right, "share": round(100 * right / len(shown), 1) if shown else None, "two": two,
                    "two_share": round(100 * two / len(shown), 1) if shown else None}
    for r in rows:
        paper = out["papers"].setdefault(r["paper"], {"comments": 0, **dict.fromkeys(METHODS, 0)})
        paper["comments"] += 1
        for m in METHODS:
            paper[m] += r["right"][m]
    return out
