"""Do responses land on the right comment in a second round of reviews?

For each comment of a real review file, a second round is made by deleting that
comment's text from the file; the reviews are extracted again and the first
round's comments matched to the second's, as ``redraft project round --reviews``
does (``engine.project.rounds.match_comments``). The truth comes from where each
comment's text sits in the file: an old comment's counterpart is the new comment
of the same reviewer whose text overlaps it once the deletion is accounted for;
the deleted comment (and any comment overlapping it) has none and must be dropped.

Counted over every deletion: responses carried to the right comment, to a wrong
one, and dropped although their comment is still there; deleted comments whose
response was dropped. Baseline: carrying by comment id (R1.3 to R1.3), what a
project rebuilt from the new reviews would do with its stored responses.
Nothing here was tuned on these files (``MATCH`` comes from the comment corrections).

    .venv/bin/python -m bench.bench_rounds [--data ../shared/data]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bench.shared_data import shared_data_folder

ROOT = Path(__file__).resolve().parents[1]


def canonical(texts: list[tuple[str, str]]) -> str:
    """Reviews written back as one file, one ``#`` heading per reviewer."""
    return "\n\n".join(f"# {name}\n\n{text}" for name, text in texts)


def located(texts: list[tuple[str, str]]):
    """Comments of ``texts`` and each one's (review index, start, end) in its review's text."""
    from engine.reviews import extract_comments, parse_reviews

    reviews = parse_reviews(canonical(texts), source="markdown")
    assert [(r.reviewer, r.text) for r in reviews] == texts, "the reviews do not read back as written"
    comments = extract_comments(reviews)
    index = {name: i for i, (name, _) in enumerate(texts)}
    return comments, {c.id: (index[c.reviewer], *c.span) for c in comments if c.span != (0, 0)}


def score(raw: str, name: str) -> dict[str, list[int]]:
    from engine.project.rounds import match_comments
    from engine.reviews import parse_reviews

    texts = [(r.reviewer, r.text) for r in parse_reviews(raw, source="markdown")]
    old, old_at = located(texts)
    tally = {"text": [0, 0, 0, 0, 0], "id": [0, 0, 0, 0, 0]}  # right, wrong, lost, gone dropped, gone total
    rounds = 0
    for gone in old:
        if gone.id not in old_at:
            continue
        rounds += 1
        k, a, b = old_at[gone.id]
        second = list(texts)
        second[k] = (texts[k][0], texts[k][1][:a] + texts[k][1][b:])
        new, new_at = located(second)
        truth: dict[str, str | None] = {}
        for c in old:
            if c.id not in old_at:
                continue
            i, s, e = old_at[c.id]
            if i == k and s < b and a < e:
                truth[c.id] = None  # the deleted comment (or one that overlapped it)
                continue
            if i == k and s >= b:
                s, e = s - (b - a), e - (b - a)
            truth[c.id] = next((n for n, (j, ns, ne) in new_at.items() if j == i and ns < e and s < ne), None)
        by_id = {c.id: c.id for c in old if c.id in {n.id for n in new}}
        for method, found in (("text", match_comments(old, new)), ("id", by_id)):
            t = tally[method]
            for cid, want in truth.items():
                got = found.get(cid)
                if want is None:
                    t[4] += 1
                    t[3] += got is None
                elif got == want:
                    t[0] += 1
                elif got is None:
                    t[2] += 1
                else:
                    t[1] += 1
    print(f"{name}: {len(old)} comments, {rounds} second rounds (one comment deleted in each)")
    for method, (right, wrong, lost, dropped, gone_total) in tally.items():
        kept_total = right + wrong + lost
        print(f"  match by {method:4}: right {right}/{kept_total} ({100 * right / max(kept_total, 1):.1f}%), "
              f"wrong {wrong}, lost {lost}; deleted comments' responses dropped {dropped}/{gone_total}")
    return tally


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=shared_data_folder())
    args = ap.parse_args()
    files = [("cgo18 (tests/data/cgo18_reviews.md)", ROOT / "tests" / "data" / "cgo18_reviews.md"),
             ("icassp20 (revision/icassp20/reviews.md)", args.data / "revision" / "icassp20" / "reviews.md")]
    for name, path in files:
        score(path.read_text(encoding="utf-8"), name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
