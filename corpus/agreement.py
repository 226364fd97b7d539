"""``python -m corpus.agreement [--first DIR] [--second DIR] [--only ID ...]``: how far two readers of the checked
part agree, per revision and pooled.

The first reader's labels are ``corpus/labels/ID.json``; the second reader's, written independently with the same
rules, are ``corpus/labels/second/ID.json`` (a folder that ``corpus.labels`` never reads: it globs only
``labels/*.json``). Three figures:

* **comments matched**: a comment of one reader matches one of the other's when their line spans in ``reviews.md``
  share at least half the lines of the longer span; pairs are made one to one (``scipy``'s assignment, largest
  shares first). With ``--text-only``, only lines of the built ``reviews.md`` that hold reviewer text count: blank
  lines, ``## Reviewer`` headings, lines starting with ``%`` (notes the authors left in a reviews file, such as
  ``% change 3``) and lines holding only a LaTeX group's brace (``}``, or ``\\textit{`` opening a quoted point, as a
  letter's quoted blocks leave them) are left out of both spans, so two readers who cut the same point with or
  without such a line still match.
* **``answered``** on the matched comments: raw agreement and Cohen's kappa (``scikit-learn``) over the four values
  (``edit``, ``response only``, ``outside the units``, ``claimed, no edit found``), and over two (answered by an
  edit or not).
* **links** on the matched comments: precision, recall and F1 of the second reader's (comment, edit) pairs against
  the first reader's (F1 is symmetric; P and R swap if the readers do), with both strengths and with ``high`` only.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from scipy.optimize import linear_sum_assignment
from sklearn.metrics import cohen_kappa_score

from corpus.labels import LABELS

SECOND = LABELS / "second"
BRACE_ONLY = re.compile(r"(\\[A-Za-z]+\*?\s*)?[{}]+")  # "}", "{", "\textit{": a group's edge, no reviewer words
MIN_SHARE = 0.5


@dataclass
class Agreement:
    """Counts for one revision (or pooled); figures are computed from them."""

    first: int = 0  # comments of each reader
    second: int = 0
    matched: int = 0
    answered: list[tuple[str, str]] = field(default_factory=list)  # (first, second) on matched comments
    # per strength ("all", "high"): links both readers made, the first's, the second's
    links: dict[str, list[int]] = field(default_factory=lambda: {"all": [0, 0, 0], "high": [0, 0, 0]})

    def add(self, other: Agreement) -> None:
        self.first += other.first
        self.second += other.second
        self.matched += other.matched
        self.answered += other.answered
        for k, v in other.links.items():
            self.links[k] = [a + b for a, b in zip(self.links[k], v)]

    def raw(self, binary: bool = False) -> float:
        pairs = _binary(self.answered) if binary else self.answered
        return sum(a == b for a, b in pairs) / len(pairs) if pairs else math.nan

    def kappa(self, binary: bool = False) -> float:
        pairs = _binary(self.answered) if binary else self.answered
        if not pairs or len({x for p in pairs for x in p}) < 2:
            return math.nan  # one value only: kappa is undefined
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            return float(cohen_kappa_score([a for a, _ in pairs], [b for _, b in pairs]))

    def prf(self, strength: str = "all") -> tuple[float, float, float]:
        both, first, second = self.links[strength]
        p = both / second if second else math.nan
        r = both / first if first else math.nan
        f = 2 * both / (first + second) if first + second else math.nan
        return p, r, f


def _binary(pairs: list[tuple[str, str]]) -> list[tuple[bool, bool]]:
    return [(a == "edit", b == "edit") for a, b in pairs]


def _span(c: dict, text: set[int] | None = None) -> set[int]:
    a, b = c["lines"]
    lines = set(range(a, b + 1))
    return (lines & text or lines) if text is not None else lines


def text_lines(reviews_md: str) -> set[int]:
    """Numbers (from 1) of the lines of a built ``reviews.md`` that hold reviewer text."""
    return {n for n, line in enumerate(reviews_md.split("\n"), 1)
            if line.strip() and not line.lstrip().startswith(("%", "## ")) and not BRACE_ONLY.fullmatch(line.strip())}


def match_comments(first: list[dict], second: list[dict], text: set[int] | None = None) -> list[tuple[dict, dict]]:
    """One-to-one pairs of comments whose spans share at least half the lines of the longer span (counting only
    ``text`` lines when given)."""
    if not first or not second:
        return []
    share = np.zeros((len(first), len(second)))
    for i, a in enumerate(first):
        for j, b in enumerate(second):
            sa, sb = _span(a, text), _span(b, text)
            share[i, j] = len(sa & sb) / max(len(sa), len(sb))
    rows, cols = linear_sum_assignment(share, maximize=True)
    return [(first[i], second[j]) for i, j in zip(rows, cols) if share[i, j] >= MIN_SHARE]


def edit_resolver(cache: Path, rid: str) -> Callable[[str], str]:
    """An edit key (``<engine id>:<text hash>``) -> the rebuilt diff's engine id, found as ``corpus.labels.to_gold``
    finds a link's edit: the key itself, else its text under a shifted id, else its id (the text changed since
    labelling). The first reader's files are re-anchored after each reader fix, the second readers' are not, so
    without it a link both readers made can differ by its hash alone (agree17, session 25)."""
    from corpus.labels import EditIndex
    from corpus.manifest import load_manifest
    from corpus.units import load_built

    entry = next(e for e in load_manifest()["revisions"] if e["id"] == rid)
    index = EditIndex(load_built(cache, entry).edits)

    def resolve(key: str) -> str:
        edit, _ = index.find(key)
        return edit.id if edit is not None else key.partition(":")[0]

    return resolve


def compare(first: dict, second: dict, text: set[int] | None = None,
            resolve: Callable[[str], str] | None = None) -> Agreement:
    """Agreement of two label records of one revision (spans counted on ``text`` lines only, when given; edit keys
    read through ``resolve``, when given)."""
    resolve = resolve or (lambda key: key)
    out = Agreement(first=len(first["comments"]), second=len(second["comments"]))
    pairs = match_comments(first["comments"], second["comments"], text)
    out.matched = len(pairs)
    out.answered = [(a["answered"], b["answered"]) for a, b in pairs]
    for strength, kept in (("all", ("high", "medium")), ("high", ("high",))):
        sets = []
        for rec, side in ((first, 0), (second, 1)):
            name = {p[side]["id"]: k for k, p in enumerate(pairs)}  # a matched comment's pair number
            sets.append({(name[x["comment"]], resolve(x["edit"])) for x in rec["links"]
                         if x["comment"] in name and x["strength"] in kept})
        out.links[strength] = [len(sets[0] & sets[1]), len(sets[0]), len(sets[1])]
    return out


def _fmt(x: float, pct: bool = True) -> str:
    if math.isnan(x):
        return "n/a"
    return f"{100 * x:.1f}" if pct else f"{x:.2f}"


def table(rows: list[tuple[str, Agreement]]) -> str:
    head = ("| revision | comments (1st / 2nd) | matched | answered agree % | kappa | edit-or-not agree % | kappa "
            "| links 1st / 2nd / both | P | R | F1 | high: 1st / 2nd / both | F1 (high) |")
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for name, a in rows:
        al, hi = a.links["all"], a.links["high"]
        p, r, f = a.prf("all")
        lines.append(f"| {name} | {a.first} / {a.second} | {a.matched} | {_fmt(a.raw())} | {_fmt(a.kappa(), False)} "
                     f"| {_fmt(a.raw(True))} | {_fmt(a.kappa(True), False)} | {al[1]} / {al[2]} / {al[0]} "
                     f"| {_fmt(p)} | {_fmt(r)} | {_fmt(f)} | {hi[1]} / {hi[2]} / {hi[0]} | {_fmt(a.prf('high')[2])} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m corpus.agreement")
    ap.add_argument("--first", default=str(LABELS), help="first reader's label folder (default: corpus/labels)")
    ap.add_argument("--second", default=str(SECOND), help="second reader's folder (default: corpus/labels/second)")
    ap.add_argument("--only", nargs="*", help="revision ids")
    ap.add_argument("--text-only", action="store_true",
                    help="match spans on reviewer-text lines of the built reviews.md only (needs --cache)")
    ap.add_argument("--edits-now", action="store_true",
                    help="compare links by the rebuilt diff's edits (needs --cache), not by the keys as written")
    ap.add_argument("--cache", help="built corpus (default: corpus.build_revisions' cache), for --text-only and "
                    "--edits-now")
    args = ap.parse_args(argv)
    first, second = Path(args.first), Path(args.second)
    if not second.is_dir() or not first.is_dir():
        print(f"corpus.agreement: no label folder {second if not second.is_dir() else first}", file=sys.stderr)
        return 2
    ids = sorted(f.stem for f in second.glob("*.json")
                 if (first / f.name).exists() and (not args.only or f.stem in args.only))
    if not ids:
        print(f"corpus.agreement: no revision labelled in both {first} and {second}", file=sys.stderr)
        return 2
    cache = None
    if args.text_only or args.edits_now:
        from corpus.build_revisions import default_out

        cache = Path(args.cache) if args.cache else default_out()
        missing = [rid for rid in ids if not (cache / rid / "reviews.md").is_file()]
        if missing:
            print(f"corpus.agreement: no built reviews.md for {missing[0]} in {cache}", file=sys.stderr)
            return 2
    rows, pooled = [], Agreement()
    try:
        for rid in ids:
            text = text_lines((cache / rid / "reviews.md").read_text(encoding="utf-8")) if args.text_only else None
            resolve = edit_resolver(cache, rid) if args.edits_now else None
            a = compare(*(json.loads((d / f"{rid}.json").read_text(encoding="utf-8")) for d in (first, second)),
                        text=text, resolve=resolve)
            rows.append((rid, a))
            pooled.add(a)
    except (KeyError, ValueError, TypeError) as err:
        print(f"corpus.agreement: {rid}: not a label record ({err})", file=sys.stderr)
        return 2
    print(table(rows + [("pooled", pooled)]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
