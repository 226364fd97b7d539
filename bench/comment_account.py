"""An account of the training part's reviewer points not found whole, and of the comments that are no point (issue 33).

    nice .venv/bin/python -m bench.comment_account --part train [--scores DIR] [--json OUT] [--show KIND]

Counts only, each rule mechanical (no example read into a rule). It reuses ``bench.comment_points``: every labelled
revision scored once by the default model, the comments rebuilt by today's ``build_comments``, each missed point
given its first cause there (``partial``, ``split-merged``, ``split``, ``none-high``, ``none-low``, ``unread``). Then:

- **How the point lies** (``layout``): the blocks (paragraphs, list items) its sentences lie in: one paragraph, one
  list item, several paragraphs, several list items, or a paragraph and list items (a lead-in over a list); and
  whether a heading or list title (a skipped label unit, a bullet or numbered title) lies between its first and last
  sentence (``cut by a heading``).
- **Skipped sentences** (``skipped``): a sentence of the point that the reader never scores, and why (a quotation, a
  heading or title, a reference entry, the editor's process, the submission instructions, program output, a greeting
  or a pointer).
- **Nothing picked** (``none-*``): what its sentences say, by ``cues.read_cues`` over all of them, first that applies:
  a request word or a request in so many words, a question, an implied change (``IMPLIED``: references, a title, a
  named method with its citation, statistics), a negative or weak word, no cue at all.
- **Partial picks**: where the sentences no comment holds lie against the picked ones (before, after, both, between)
  and the best score among them (under 0.15, 0.15-0.25, 0.25 up).
- **Splits**: within one block or across blocks; whether the comments would hold it merged. Then what splits it
  (``_what_splits``, first that applies): a heading or list title between its first and last sentence; a quoted
  passage (a skipped quotation unit) among or between them; a sub-list (its sentences in two or more list items, or
  a paragraph and the items under it; "inline" when one of them is an item cut out of a sentence at "(a)", "1)");
  a paragraph break (several paragraphs); else one block. And how its pieces read (``_pieces``: each comment's share
  of the point's sentences, in reading order, asks when one of them holds a request word, a request in so many
  words or a question, ``cues.read_cues``): a context sentence cut from its request (the first piece states, a later
  one asks), a request followed by its reason or example (the first asks, every later one states), two requests
  (the first asks and a later one too), statements only.
- **No-point comments**: the editor's letter; a comment that holds a whole point and more (a merge: 60 % of a
  point's words in it, under 60 % of its own in that point); one near a point (45-60 % of its words in one point);
  text the labellers made no point, by its cues (summary, praise, a verdict or summing up, a request, a question, a
  negative word, none).
- **Short points** (``short points``): gold points of one sentence of up to ``SHORT`` words, found or the cause.
- **Diagnostics** (``_diagnostics``): shapes a rule could read, counted on the missed points, no rule applied.

Fit and read examples on ``--part train`` only (docs/corpus.md).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

from bench.comment_points import HIGH, INSIDE, cause, rebuild, scored_revisions
from bench.measure_corpus_comments import match
from engine.reviews.evaluate import COVER, words
from engine.text import sentences

#: A short point: one sentence of at most this many words (``short points``).
SHORT = 8


def _skip_reason(review, u) -> str:
    from engine.reviews import units as U
    from engine.reviews.letters import is_process
    from engine.reviews.parse import EDITOR

    if u.title:
        return "title"
    if U.is_quote(review.text[u.start:u.end]) or U._quoted_line(review.text, u.start):
        return "quotation"
    if U.is_reference(u.text):
        return "reference"
    if review.reviewer == EDITOR and is_process(u.text):
        return "editor process"
    if U._SUBMISSION.search(u.text):
        return "submission"
    if U._PROGRAM.search(u.text):
        return "program"
    if U._SIGNOFF.match(u.text) or U.is_pointer(u.text):
        return "greeting or pointer"
    return "heading or label"


def _sentences(gold: str, rows: list) -> list:
    """(review index, unit index, unit, prob) of the point's sentences, as ``comment_points.cause`` finds them."""
    g = words(gold)
    out = []
    for i, (_, _, units, prob, _) in enumerate(rows):
        for k, u in enumerate(units):
            w = words(u.text)
            if w and len(w & g) / len(w) >= INSIDE:
                out.append((i, k, u, float(prob[k])))
    return out


def _layout(inside: list, rows: list) -> tuple[str, bool]:
    blocks = sorted({(i, u.block, u.is_item) for i, _, u, _ in inside})
    items = {b for b in blocks if b[2]}
    if len(blocks) == 1:
        shape = "one list item" if items else "one paragraph"
    elif not items:
        shape = "several paragraphs"
    elif len(items) == len(blocks):
        shape = "several list items"
    else:
        shape = "a paragraph and list items"
    cut = False
    i0 = inside[0][0]
    ks = [k for i, k, _, _ in inside if i == i0]
    units = rows[i0][2]
    for k in range(min(ks) + 1, max(ks)):
        if units[k].skip and _skip_reason(rows[i0][0], units[k]) in ("title", "heading or label"):
            cut = True
    return shape, cut


def _what_it_says(inside: list) -> str:
    from engine.reviews.cues import read_cues

    cs = [read_cues(u.text) for _, _, u, _ in inside]
    if any(c.request or c.explicit for c in cs):
        return "a request word"
    if any(c.question for c in cs):
        return "a question"
    if any(c.implied for c in cs):
        return "an implied change (references, title, named method, statistics)"
    if any(c.negative or c.weak for c in cs):
        return "criticism (a negative or weak word)"
    return "no cue (a statement)"


def _held(built: list, review, u) -> list[int]:
    return [n for n, (r, _, _, c) in enumerate(built)
            if r is review and (c.span[0] <= u.start and u.end <= c.span[1] or u.text in (c.context or ""))]


def _partial(inside: list, built: list, rows: list) -> tuple[str, str]:
    held = [bool(_held(built, rows[i][0], u)) for i, _, u, _ in inside]
    ks = [n for n, h in enumerate(held) if h]
    lo, hi = min(ks), max(ks)
    free = [n for n, h in enumerate(held) if not h]
    if not free:  # its sentences all held: the words missing lie in no sentence of it (skipped, or a unit mostly other)
        return "none left out (words outside its sentences)", "-"
    where = {("before" if n < lo else "after" if n > hi else "between") for n in free}
    place = "before and after" if {"before", "after"} <= where else "/".join(sorted(where))
    best = max(inside[n][3] for n in free)
    band = "under 0.15" if best < 0.15 else "0.15-0.25" if best < 0.25 else "0.25 up"
    return place, band


def _no_point(comment, gold_words: list, review) -> str:
    from engine.reviews.cues import read_cues
    from engine.reviews.parse import EDITOR

    own = words(comment.text)
    if review.reviewer == EDITOR:
        return "the editor's letter"
    if any(g and len(own & g) / len(g) >= COVER for g in gold_words):
        return "holds a whole point and more (merged)"
    best = max((len(own & g) / len(own) for g in gold_words), default=0.0) if own else 0.0
    if best >= 0.45:
        return "near one point (45-60 % of its words in it)"
    c = read_cues(comment.text)
    for name, hit in (("unlabelled: a summary", c.summary), ("unlabelled: praise", c.praise),
                      ("unlabelled: a verdict or summing up", c.verdict),
                      ("unlabelled: a request", c.request or c.explicit), ("unlabelled: a question", c.question),
                      ("unlabelled: a negative or weak word", c.negative or c.weak)):
        if hit:
            return name
    return "unlabelled: no cue"


def _inline(review, u) -> bool:
    """An item the reader cut out of a sentence ("... and (b) give ..."): text stands before it on its line."""
    line_start = review.text.rfind("\n", 0, u.start) + 1
    before = review.text[line_start:u.start]
    return bool(u.is_item and u.lead_in and re.search(r"[A-Za-z]{3,}.*(?:\(\w{1,3}\)|\b\w{1,2}\))\s*$", before))


def _what_splits(inside: list, rows: list, shape: str, heading: bool) -> str:
    if heading:
        return "a heading or list title between its pieces"
    i0 = inside[0][0]
    ks = [k for i, k, _, _ in inside if i == i0]
    review, units = rows[i0][0], rows[i0][2]
    if any(units[k].skip and _skip_reason(review, units[k]) == "quotation" for k in range(min(ks), max(ks) + 1)):
        return "a quoted passage of the paper among its sentences"
    if shape in ("several list items", "a paragraph and list items"):
        inline = any(_inline(rows[i][0], u) for i, _, u, _ in inside)
        return "a sub-list: items cut out of one sentence (inline)" if inline else "a sub-list: list items"
    if shape == "several paragraphs":
        return "a paragraph break inside the point"
    return "nothing between: one paragraph or item"


def _pieces(inside: list, built: list, rows: list) -> str:
    from engine.reviews.cues import read_cues

    by: dict[int, list] = {}
    for i, _, u, _ in inside:
        for n in _held(built, rows[i][0], u):
            by.setdefault(n, []).append(u.text)
    order = sorted(by, key=lambda n: built[n][3].span[0])
    asks = []
    for n in order:
        cs = [read_cues(t) for t in by[n]]
        asks.append(any(c.request or c.explicit or c.question for c in cs))
    if not asks[0] and any(asks[1:]):
        return "context cut from its request"
    if asks[0] and not any(asks[1:]):
        return "request, then its reason or example"
    if asks[0]:
        return "two requests"
    return "statements only"


def _diagnostics(gold: str, inside: list, built: list, rows: list) -> dict[str, bool]:
    """Shapes a rule could read, counted on the missed points (no rule applied): the point opens on a page or line
    key (``keyed.keyed``); a comment would hold it if the words of the headings, titles and labels among its
    sentences counted; the first sentence a comment holds leans on the one before (``segment.leans``)."""
    from engine.reviews.keyed import keyed
    from engine.reviews.segment import leans

    g = words(gold)
    first = inside[0][2]
    held = [n for i, _, u, _ in inside for n in _held(built, rows[i][0], u)]
    labels = set().union(*(words(u.text) for i, _, u, _ in inside if u.skip and (u.title or not u.is_item)
                           and _skip_reason(rows[i][0], u) in ("title", "heading or label")))
    with_labels = any(len(g & (words(built[n][3].text + " " + (built[n][3].context or "")) | labels)) / len(g) >= COVER
                      for n in set(held)) if labels and g else False
    lean = next((u for i, _, u, _ in inside if _held(built, rows[i][0], u)), None)
    return {"opens on a page or line key": keyed(first.text),
            "found if its headings' words counted": with_labels,
            "first held sentence leans on the one before": lean is not None and lean is not first and leans(lean.text)}


def _size(n: int) -> str:
    return "up to 40 words" if n <= 40 else "41-80 words" if n <= 80 else "81-120 words" if n <= 120 else "over 120 words"


def _blocks(gold: list, rows: list, built: list, tally: Counter) -> None:
    """Blocks (a paragraph or list item, by the words of its sentences) that hold two comments or more, sorted by
    how many points lie wholly in them (one point, two or more, none) and their size: what a rule that reads a
    short block as one point would join."""
    points_in: Counter = Counter()
    for g in gold:
        inside = _sentences(g, rows)
        spots = {(i, u.block) for i, _, u, _ in inside}
        if len(spots) == 1:
            points_in[spots.pop()] += 1
    for i, (review, _, units, _, _) in enumerate(rows):
        size: Counter = Counter()
        for u in units:
            if not u.skip:
                size[u.block] += len(u.text.split())
        held: Counter = Counter()
        for r, us, _, c in built:
            if r is review:
                first = next((u for u in us if u.start >= c.span[0]), None)
                last = next((u for u in reversed(us) if u.end <= c.span[1]), None)
                if first is not None and last is not None and first.block == last.block:
                    held[first.block] += 1
        for b, n in held.items():
            if n >= 2:
                k = points_in[(i, b)]
                tally[f"{_size(size[b])}: {'one point' if k == 1 else 'two points or more' if k > 1 else 'no point'}"] += 1


def _lists(gold: list, rows: list, built: list, tally: Counter) -> None:
    """Lists under a lead-in (a sentence ending on ":" of over ``units.LABEL_WORDS`` words, a unit of its own) whose
    lead-in and items two comments or more hold: by whether a comment holds the lead-in, the longest item (up to 30
    words, more) and how many points lie wholly in the lead-in and its items (none, one, two or more)."""
    from engine.reviews.units import LABEL_WORDS

    spots = [{(i, k) for i, k, _, _ in _sentences(g, rows)} for g in gold]
    for i, (review, _, units, _, _) in enumerate(rows):
        leads: dict[str, list[int]] = {}
        for k, u in enumerate(units):
            if u.is_item and u.lead_in.rstrip().endswith(":") and len(u.lead_in.split()) > LABEL_WORDS:
                leads.setdefault(u.lead_in, []).append(k)
        for lead, ks in leads.items():
            own = [k for k, u in enumerate(units) if not u.is_item or u.lead_in != lead]
            head = [k for k in own if units[k].text.strip() and units[k].text.strip() in lead and k < ks[0]]
            if not head:
                continue  # an inline list: its lead-in is no unit of its own
            members = {(i, k) for k in head[-1:] + ks}
            holders = {n for n, (r, us, _, c) in enumerate(built) if r is review and any(
                c.span[0] <= units[k].start and units[k].end <= c.span[1] for k in head[-1:] + ks)}
            if len(holders) < 2:
                continue
            lead_held = any(r is review and c.span[0] <= units[head[-1]].start and units[head[-1]].end <= c.span[1]
                            for r, _, _, c in built)
            size: Counter = Counter()
            for k in ks:
                size[units[k].block] += len(units[k].text.split())
            longest = "items up to 30 words" if max(size.values()) <= 30 else "an item over 30 words"
            whole = sum(1 for sp in spots if sp and sp <= members)
            points = "no point" if whole == 0 else "one point" if whole == 1 else "two points or more"
            tally[f"lead-in {'a comment' if lead_held else 'in no comment'}, {longest}: {points}"] += 1


def _asks_references(text: str) -> bool:
    """A sentence of ``text`` that asks (a request word, a request in so many words) and names references or
    citations (``bench.score_encoder_oof.CITES``)."""
    from bench.score_encoder_oof import CITES
    from engine.reviews.cues import read_cues
    from engine.text import sentences

    return any(CITES.search(s) and (read_cues(s).request or read_cues(s).explicit) for s, _, _ in sentences(text, review=True))


def account(data: dict, show: str | None = None) -> dict:
    tallies: dict[str, Counter] = {k: Counter() for k in ("cause", "layout", "heading cut", "skipped", "nothing picked",
                                                          "partial: where", "partial: best left out", "split",
                                                          "split: what splits", "split: how the pieces read",
                                                          "split: both", "blocks", "lists", "types",
                                                          "types: a request for references",
                                                          "no point", "diagnostics", "short points")}
    total = Counter()
    for rid, (gold, rows, cut) in data.items():
        built = rebuild(rows, cut)
        m = match(gold, [c.to_dict() for *_, c in built])
        for key in ("gold", "found", "comments", "no_point"):
            total[key] += m[key]
        for g in gold:  # a point of one sentence of up to 8 words ("Number all equations."): found, or why not
            if len(g.split()) <= SHORT and len(sentences(g, review=True)) == 1:
                tallies["short points"]["missed: " + cause(g, built, rows) if g in m["missed"] else "found"] += 1
        for g in m["missed"]:
            why = cause(g, built, rows)
            tallies["cause"][why] += 1
            inside = _sentences(g, rows)
            if not inside:
                continue
            shape, heading = _layout(inside, rows)
            for name, hit in _diagnostics(g, inside, built, rows).items():
                tallies["diagnostics"][f"{why}: {name}"] += hit
            tallies["layout"][f"{why}: {shape}"] += 1
            tallies["heading cut"][why] += heading
            for i, _, u, _ in inside:
                if u.skip:
                    tallies["skipped"][_skip_reason(rows[i][0], u)] += 1
            if why.startswith("none"):
                says = _what_it_says(inside)
                tallies["nothing picked"][f"{why}: {says}"] += 1
                if show == "none":
                    print(f"{rid} [{says}]: {' '.join(g.split())[:300]}")
            elif why == "partial":
                place, band = _partial(inside, built, rows)
                tallies["partial: where"][place] += 1
                tallies["partial: best left out"][band] += 1
                if show == "partial":
                    print(f"{rid} [{place}, {band}]: {' '.join(g.split())[:300]}")
            elif why.startswith("split"):
                tallies["split"][f"{why}: {'one block' if shape.startswith('one') else shape}"] += 1
                splits, pieces = _what_splits(inside, rows, shape, heading), _pieces(inside, built, rows)
                tallies["split: what splits"][splits] += 1
                tallies["split: how the pieces read"][pieces] += 1
                tallies["split: both"][f"{splits} / {pieces}"] += 1
                if show == "split":
                    print(f"{rid} [{why}, {splits}, {pieces}]: {' '.join(g.split())[:300]}")
        _blocks(gold, rows, built, tallies["blocks"])
        _lists(gold, rows, built, tallies["lists"])
        for *_, c in built:  # the labels say no kind: the types given to the comments that ask for references
            tallies["types"][c.fine_type] += 1
            if _asks_references(c.text):
                tallies["types: a request for references"][c.fine_type] += 1
        gw = [words(x) for x in gold]
        for (review, _, _, c), stray in zip(built, [not o or not any(len(o & g) / len(o) >= COVER for g in gw)
                                                      for o in (words(c.text) for *_, c in built)]):
            if stray:
                kind = _no_point(c, gw, review)
                tallies["no point"][kind] += 1
                if show == "stray":
                    print(f"{rid} [{kind}]: {' '.join(c.text.split())[:300]}")
    return {"revisions": len(data), **total, **{k: dict(v.most_common()) for k, v in tallies.items()}}


def main(argv: list[str] | None = None) -> int:
    from corpus.build_revisions import default_out

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--part", choices=("train",), required=True)
    ap.add_argument("--cache", type=Path, default=None, help="the built corpus (default: corpus.build_revisions')")
    ap.add_argument("--scores", type=Path, default=Path("/tmp/redraft-comment-points"))
    ap.add_argument("--show", choices=("none", "partial", "split", "stray"), help="print these points or comments")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    got = account(scored_revisions(args.part, args.cache or default_out(), args.scores), args.show)
    if args.json:
        args.json.write_text(json.dumps(got, indent=1), encoding="utf-8")
    print(json.dumps(got, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
