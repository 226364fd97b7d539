"""Round ten's placement study on the training part (issue 34, docs/suggest.md "Placement, round ten"): where the
first place misses, by what the comment names, and the round's three candidates against the reference.

Every figure is ``bench.fit_placement``'s: the placement model (logistic regression, C = 1.0, the rules' best
``k`` = 2) refitted leave-out grouped by repository, the model's first place right when it is one of the authors'
paragraphs for the comment (``bench.suggest_places``). Only the training part is loaded. The candidates, each
with its settings fixed before it was measured:

- ``lines``: a line named with no page near it ("L. 245") was counted through the manuscript: the paragraph about
  ``WORDS_PER_LINE`` words a line into the text scores 1, the others within half a page of lines (30) score 0.5,
  added to the page scores (``placement.PAGE_BOOST``, the model's ``page``), and the words "line" leave the
  locator's query, as for a page;
- ``named``: when the comment names a part of the paper and the rules' best ``k`` all lie in it, the best
  paragraph outside it takes the ``k``-th place (the model, which sees ``named``, chooses);
- ``neighbours``: a model feature, how far the paragraph lies outside the span between where the same reviewer's
  previous and next comments were located (``between``).

Judged by the round's rule: at least 8 more first places right and a sign test p < 0.10; the best two, the rules
alone and each fine type must not fall by more than 2, 2 and 3.

    .venv/bin/python -m bench.place_round10 --corpus corpus/revisions.json [--pages]
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
#: Words a line of a numbered manuscript holds, about (candidate ``lines``; chosen on the training part, in-sample:
#: the median distance from the estimate to the authors' paragraph, over the comments naming such a line, for 11,
#: 13 and 15 words).
WORDS_PER_LINE = 13
_ALGORITHM = re.compile(r"\b(?:algorithms?|alg\.|listings?|pseudo-?code)\b", re.I)
_EQUATION = re.compile(r"\b(?:eqs?\.?|equations?)\s*\(?\d", re.I)
CANDIDATES = ("reference", "lines", "named", "neighbours")


def manuscript_lines(text: str) -> list[int]:
    """The lines ``text`` names with no page near them (``engine.generate.named.NEAR`` characters), each once; a
    line near "algorithm" or "listing" is the algorithm's and names nothing."""
    from engine.generate.named import _LINE, _PAGE, NEAR

    pages = [(m.start(), m.end()) for m in _PAGE.finditer(text)]
    out: list[int] = []
    for m in _LINE.finditer(text):
        if any(min(abs(m.start() - e), abs(s - m.end())) <= NEAR for s, e in pages):
            continue
        if _ALGORITHM.search(text[max(m.start() - NEAR, 0): m.end() + NEAR]):
            continue
        line = int(m.group(1))
        if line > 0 and line not in out:
            out.append(line)
    return out


def line_scores(lines: list[int], paragraphs: list[Any]) -> np.ndarray:
    """Per paragraph, 0..1: 1 at the word a manuscript line names (``WORDS_PER_LINE`` a line, counted over
    ``paragraphs`` in order), ``named.ON_PAGE`` within half a page of lines of it, 0 elsewhere."""
    from engine.generate.named import LINES_PER_PAGE, ON_PAGE

    out = np.zeros(len(paragraphs))
    if not lines or not paragraphs:
        return out
    words = np.array([len(p.text.split()) for p in paragraphs], dtype=np.float64)
    end = np.cumsum(words)
    start = end - words
    half = LINES_PER_PAGE / 2 * WORDS_PER_LINE
    for line in lines:
        at = min((line - 1) * WORDS_PER_LINE, end[-1] - 1)
        near = (end > at - half) & (start <= at + half)
        out[near] = np.maximum(out[near], ON_PAGE)
        out[int(np.searchsorted(end, at, side="right"))] = 1.0
    return out


@contextmanager
def with_lines() -> Iterator[None]:
    """``placement.rule_scores`` with candidate ``lines``: a manuscript line travels as a page-0 pointer (page 0
    names no page), takes the words "line" out of the query and scores ``line_scores`` beside the pages."""
    import engine.generate.named as named

    pointers, scores, strip = named.page_pointers, named.page_scores, named.without_pointers

    def page_pointers(text: str) -> list[Any]:
        return pointers(text) + [named.PagePointer(0, n) for n in manuscript_lines(text)]

    def page_scores(ptrs: list[Any], paragraphs: list[Any], frame: Any = None) -> np.ndarray:
        real = [p for p in ptrs if p.page > 0]
        return np.maximum(scores(real, paragraphs, frame), line_scores([p.line for p in ptrs if p.page == 0],
                                                                       paragraphs))

    def without_pointers(text: str) -> str:
        return named._LINE.sub(" ", strip(text))

    named.page_pointers, named.page_scores, named.without_pointers = page_pointers, page_scores, without_pointers
    try:
        yield
    finally:
        named.page_pointers, named.page_scores, named.without_pointers = pointers, scores, strip


def named_order(parts: Any, k: int) -> np.ndarray:
    """Candidate ``named``: the rules' order, the best paragraph outside a named part at place ``k`` when the
    first ``k`` all lie in it."""
    order = np.argsort(-parts.total, kind="stable")
    if k < 2 or not parts.named.any() or parts.named.all() or not parts.named[order[:k]].all():
        return order
    outside = int(order[~parts.named[order]][0])
    return np.concatenate([order[:k - 1], [outside], [j for j in order[k - 1:] if j != outside]]).astype(order.dtype)


def between(index: dict[str, int], n: int, previous: list[str], following: list[str]) -> np.ndarray:
    """Candidate ``neighbours``: per candidate paragraph (``index``: id → place among the ``n``), −(how far it lies
    outside the span from the first located paragraph of the reviewer's previous comment to the next one's) / (n −
    1); a missing neighbour leaves its side open; zeros when neither is located."""
    lo = index.get(previous[0]) if previous else None
    hi = index.get(following[0]) if following else None
    if lo is None and hi is None:
        return np.zeros(n)
    lo, hi = 0 if lo is None else lo, n - 1 if hi is None else hi
    j = np.arange(n)
    return -np.maximum(np.maximum(lo - j, j - hi), 0) / max(n - 1, 1)


def cues(text: str) -> list[str]:
    """What a comment names, for the table of misses: a section name or number, a figure, a table, an equation, a
    quoted passage, a page, a manuscript line ("nothing" when none)."""
    from engine.align.cues import quoted_passages
    from engine.align.localize import references
    from engine.generate.named import page_pointers

    names, numbers, floats = references(text)
    out = [name for name, hit in (
        ("section name", bool(names)), ("section number", bool(numbers)),
        ("figure", any(k == "figure" for k, _ in floats)), ("table", any(k == "table" for k, _ in floats)),
        ("equation", bool(_EQUATION.search(text))), ("quote", bool(quoted_passages(text))),
        ("page", bool(page_pointers(text))), ("manuscript line", bool(manuscript_lines(text)))) if hit]
    return out or ["nothing"]


def located(manifest: str, cache: str | None, pages: bool) -> list[tuple[Any, list[str], list[str], list[str]]]:
    """Per answered training comment: the item, its located paragraph ids (the answered comments of a revision
    located together, as ``bench.fit_placement``) and those of its reviewer's previous and next comments (every
    comment of the revision located)."""
    from bench.suggest_corpus import load_papers
    from bench.suggest_places import answered
    from engine.align.localize import localize
    from engine.models.factory import open_model

    encoder = open_model("encoder")
    papers = load_papers(manifest, cache, "train")
    out = []
    for paper in papers:
        items = list(answered([paper]))
        if not items:
            continue
        if pages:
            from bench.draft_pages import paged
            from corpus.build_revisions import default_out

            items = paged(items, Path(cache).expanduser() if cache else default_out())[0]
        doc = items[0].document
        mine = {c.id: [pid for pid, _ in loc.paragraphs] for c, loc in
                zip(paper.comments, localize(paper.comments, doc, encoder, 3))}
        order = {c.id: [d.id for d in paper.comments if d.reviewer == c.reviewer] for c in paper.comments}
        for a, loc in zip(items, localize([a.comment for a in items], doc, encoder, 3)):
            same = order[a.comment.id]
            t = same.index(a.comment.id)
            previous = mine[same[t - 1]] if t > 0 else []
            following = mine[same[t + 1]] if t + 1 < len(same) else []
            out.append((a, [pid for pid, _ in loc.paragraphs], previous, following))
        print(f"  {paper.id}: {len(items)} answered comments", flush=True)
    return out


def rows(data: list[tuple[Any, list[str], list[str], list[str]]], candidate: str, k: int,
         groups: dict[str, str]) -> list[dict[str, Any]]:
    """``bench.fit_placement``'s rows for ``candidate`` (``CANDIDATES``), with each comment's kind and cues."""
    from engine.generate.placement import rule_scores
    from engine.generate.rerank import candidate_features

    out = []
    for a, loc, previous, following in data:
        doc = a.document
        paragraphs = [doc.paragraph(pid) for pid in loc]
        if candidate == "lines":
            with with_lines():
                parts = rule_scores(a.comment, doc, paragraphs)
        else:
            parts = rule_scores(a.comment, doc, paragraphs)
        if parts is None:
            continue
        order = (named_order(parts, k) if candidate == "named" else np.argsort(-parts.total, kind="stable"))[:k]
        x = candidate_features(a.comment, parts, order, a.position)
        if candidate == "neighbours":
            index = {p.id: j for j, p in enumerate(parts.paragraphs)}
            x = np.hstack([x, between(index, len(parts.paragraphs), previous, following)[order][:, None]])
        out.append({"paper": a.paper, "group": groups[a.paper], "comment": a.comment.id, "x": x,
                    "y": np.array([parts.paragraphs[j].id in a.targets for j in order]), "kind": parts.kind,
                    "cues": cues(a.comment.full_text), "insertion": all(not e.source_ids for e in a.edits)})
    return out


def outcomes(data: list[dict[str, Any]]) -> dict[tuple[str, str], tuple[bool, bool, bool]]:
    """Per comment, out of fold: (the rules' first right, the model's first right, a right one in its best two)."""
    from bench.fit_placement import fit, folds

    out = {}
    for papers, train in folds(data):
        model = fit(train)
        for r in data:
            if r["paper"] in papers:
                best = np.argsort(-model.scores(r["x"]), kind="stable")
                out[r["paper"], r["comment"]] = (bool(r["y"][0]), bool(r["y"][best[0]]), bool(r["y"][best[:2]].any()))
    return out


def main() -> int:
    from bench.fit_placement import repositories
    from bench.place_study import sign_test

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(ROOT / "corpus/revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: ~/.cache/redraft/corpus)")
    ap.add_argument("--pages", action="store_true", help="page the drafts from their typeset PDFs")
    ap.add_argument("--k", type=int, default=2)
    args = ap.parse_args()
    data = located(args.corpus, args.cache, args.pages)
    groups = repositories(args.corpus)
    table = {name: rows(data, name, args.k, groups) for name in CANDIDATES}
    got = {name: outcomes(t) for name, t in table.items()}
    ref, keys = got["reference"], list(got["reference"])
    n = len(keys)
    print(f"train, {n} answered comments of {len({p for p, _ in keys})} revisions, repository-grouped leave-out, "
          f"k = {args.k}{'' if args.pages else ', drafts unpaged'}:")
    for name in CANDIDATES:
        o = got[name]
        rules, model, two = (sum(o[key][i] for key in keys) for i in range(3))
        line = f"  {name:10} rules {rules:4}  model {model:4} ({100 * model / n:.1f} %)  best two {two:4}"
        if name != "reference":
            gained, lost, p = sign_test([ref[key][1] for key in keys], [o[key][1] for key in keys])
            kinds = Counter()
            for r in table[name]:
                key = (r["paper"], r["comment"])
                kinds[r["kind"]] += int(o[key][1]) - int(ref[key][1])
            line += f"  +{gained} -{lost} p = {p:.3f}  worst fine type {min(kinds.values(), default=0):+d}"
        print(line)
    print("the reference by what the comment names (a comment counts under each cue): comments, model right, a "
          "right one in the best two")
    tally: dict[str, list[int]] = {}
    for r in table["reference"]:
        key = (r["paper"], r["comment"])
        for cue in [*r["cues"], f"kind: {r['kind']}", "insertions only" if r["insertion"] else "changes",
                    "all"]:
            t = tally.setdefault(cue, [0, 0, 0])
            t[0], t[1], t[2] = t[0] + 1, t[1] + ref[key][1], t[2] + ref[key][2]
    for cue, (count, right, two) in sorted(tally.items(), key=lambda kv: -kv[1][0]):
        print(f"  {cue:18} {count:5} {right:5} ({100 * right / count:5.1f} %) {two:5}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
