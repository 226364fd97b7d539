"""Round eleven's placement study on the training part (issue 34, docs/suggest.md "Placement, round eleven"): a
ranker over the rules' best five trained across repositories, and two new signals, against the reference.

Only the training part is loaded (``bench.suggest_corpus.load_papers(..., "train")``); drafts unpaged (this
session's corpus cache has no typeset PDFs). One table per answered comment over every candidate paragraph
(``bench.place_table.comment_rows``: the placement model's ``FEATURES`` and the study's ``EXTRA``), plus
``NEW``:

- ``between``: how far the paragraph lies outside the span from where the same reviewer's previous comment was
  located to where the next one was (``bench.place_round10.between``);
- ``others``: log(1 + how many of the revision's other comments, any reviewer, were located at the paragraph, top 3);
- ``sentence_words``: the comment's best sentence-level match, the most distinct comment tokens
  (``engine.align.text.tokens``) any one sentence of the paragraph holds, over the most of any candidate (exact
  integer counts);
- ``cosine_pool_rank``: the base encoder's sentence cosine (``EXTRA``'s ``cosine``) ranked inside the pool.

The reference is ``bench.fit_placement``'s (logistic regression, C = 1.0, balanced, the rules' best two, the shipped
``FEATURES``), refitted leave-out grouped by repository. The candidates, settings fixed before measuring:

- ``pairwise5``: a pairwise ranker over the rules' best 5: logistic regression (C = 1.0, no intercept) on the
  standardised feature differences of every (right, wrong) pair of a comment's pool, both orders, each comment
  weighing 1 in all; features ``bench.place_study.design`` (``FEATURES``, ``EXTRA``, role one-hot, role × fine
  type, the rules' rank in the pool) and ``NEW``; a paragraph scores w · z, ties in the rules' order;
- ``pairwise3``: the same over the rules' best 3;
- ``signals2``: the reference's model with ``sentence_words`` and ``others`` added (pointwise, the rules' best two).

"What the card shows" is round nine's rule (``bench.place_alternative``): the second place shown when the model's
score gap is within a margin chosen inside each fold on the other repositories' out-of-fold scores
(right among shown − 0.1 × shown two).

    .venv/bin/python -m bench.place_round11 --corpus corpus/revisions.json --table /tmp/place12/table.pkl [--describe]

(one thread for BLAS, ``OMP_NUM_THREADS=1``, keeps the nested card's 2,500 small fits quick on a loaded machine)
"""

from __future__ import annotations

import argparse
import pickle
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
NEW = ("between", "others", "sentence_words", "cosine_pool_rank")
CANDIDATES = ("reference", "pairwise5", "pairwise3", "signals2")
POOL = {"reference": 2, "pairwise5": 5, "pairwise3": 3, "signals2": 2}


def sentence_words(comment: str, texts: list[str]) -> np.ndarray:
    """Per paragraph, the most distinct tokens of ``comment`` one of its sentences holds (integers)."""
    from engine.align.text import tokens
    from engine.text import sentences

    want = set(tokens(comment))
    out = np.zeros(len(texts), dtype=np.int64)
    for j, t in enumerate(texts):
        out[j] = max((len(want & set(tokens(s))) for s, _, _ in sentences(t)), default=0)
    return out


def build(manifest: str, cache: str | None) -> list[dict[str, Any]]:
    """The table: per answered training comment, ``bench.place_table.comment_rows`` with ``new`` (``NEW`` but
    the pool rank, which depends on the pool) and the group."""
    from bench.fit_placement import repositories
    from bench.place_round10 import between
    from bench.place_table import comment_rows
    from bench.suggest_corpus import load_papers
    from bench.suggest_places import answered
    from engine.align.localize import candidates, localize
    from engine.models.factory import open_model

    encoder = open_model("encoder")
    groups = repositories(manifest)
    out = []
    for paper in load_papers(manifest, cache, "train"):
        items = list(answered([paper]))
        if not items:
            continue
        doc = items[0].document
        section_text: dict[tuple, str] = {}
        for p in candidates(doc):
            key = tuple(p.section[:1])
            section_text[key] = section_text.get(key, "") + " " + p.text
        mine = {c.id: [pid for pid, _ in loc.paragraphs] for c, loc in
                zip(paper.comments, localize(paper.comments, doc, encoder, 3))}
        order = {c.id: [d.id for d in paper.comments if d.reviewer == c.reviewer] for c in paper.comments}
        for a, loc in zip(items, localize([a.comment for a in items], doc, encoder, 3)):
            row = comment_rows(a, doc, [doc.paragraph(pid) for pid, _ in loc.paragraphs], encoder, section_text)
            if row is None:
                continue
            same = order[a.comment.id]
            t = same.index(a.comment.id)
            previous = mine[same[t - 1]] if t > 0 else []
            following = mine[same[t + 1]] if t + 1 < len(same) else []
            index = {pid: j for j, pid in enumerate(row["ids"])}
            n = len(row["ids"])
            hits = Counter(pid for cid, pids in mine.items() if cid != a.comment.id for pid in pids)
            words = sentence_words(a.comment.full_text, [doc.paragraph(pid).text for pid in row["ids"]])
            row["new"] = np.stack([between(index, n, previous, following),
                                   np.log1p([hits.get(pid, 0) for pid in row["ids"]]),
                                   words / max(int(words.max()), 1)], axis=1)
            row["group"] = groups[a.paper]
            out.append(row)
        print(f"  {paper.id}: {len(items)} answered comments", flush=True)
    return out


def _order(r: dict[str, Any]) -> np.ndarray:
    return np.argsort(-r["total"], kind="stable")


def design(r: dict[str, Any], picked: np.ndarray, candidate: str) -> np.ndarray:
    """The candidate's features of the ``picked`` paragraphs of one comment."""
    from bench.place_study import design as study_design

    if candidate in ("reference", "signals2"):
        x = r["x"][picked]
        return np.hstack([x, r["new"][picked][:, 1:3]]) if candidate == "signals2" else x
    cos = r["extra"][picked][:, r["extra_names"].index("cosine")]
    rank = np.empty(len(picked))
    rank[np.argsort(-cos, kind="stable")] = np.arange(len(picked))
    return np.hstack([study_design(r, picked), r["new"][picked], (1.0 / (1.0 + rank))[:, None]])


class Linear:
    """A standardised linear scorer (the form the shipped placement model has)."""

    def __init__(self, mean: np.ndarray, scale: np.ndarray, coef: np.ndarray, intercept: float) -> None:
        self.mean, self.scale, self.coef, self.intercept = mean, scale, coef, intercept

    def scores(self, x: np.ndarray) -> np.ndarray:
        return ((x - self.mean) / self.scale) @ self.coef + self.intercept


def _standard(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    mean, scale = x.mean(axis=0), x.std(axis=0)
    return mean, np.where(scale > 1e-6, scale, 1.0)


def fit(train: list[dict[str, Any]], candidate: str) -> Linear:
    """``candidate``'s model on ``train`` (rows with ``xs``/``ys``: the pool's features and labels)."""
    from sklearn.linear_model import LogisticRegression

    use = [r for r in train if r["ys"].any()]
    x = np.concatenate([r["xs"] for r in use])
    mean, scale = _standard(x)
    if not candidate.startswith("pairwise"):  # bench.fit_placement.fit's settings
        y = np.concatenate([r["ys"] for r in use]).astype(int)
        lr = LogisticRegression(C=1.0, max_iter=5000, class_weight="balanced", random_state=0)
        lr.fit((x - mean) / scale, y)
        return Linear(mean, scale, lr.coef_[0].astype(np.float64), float(lr.intercept_[0]))
    diffs, labels, weights = [], [], []
    for r in use:
        z = (r["xs"] - mean) / scale
        right, wrong = np.flatnonzero(r["ys"]), np.flatnonzero(~r["ys"])
        if not len(wrong):
            continue
        d = (z[right][:, None, :] - z[wrong][None, :, :]).reshape(-1, z.shape[1])
        w = 1.0 / (2 * len(d))
        diffs += [d, -d]
        labels += [np.ones(len(d)), np.zeros(len(d))]
        weights += [np.full(len(d), w), np.full(len(d), w)]
    lr = LogisticRegression(C=1.0, fit_intercept=False, max_iter=5000, random_state=0)
    lr.fit(np.vstack(diffs), np.concatenate(labels).astype(int), sample_weight=np.concatenate(weights))
    return Linear(mean, scale, lr.coef_[0].astype(np.float64), 0.0)


def pools(table: list[dict[str, Any]], candidate: str) -> list[dict[str, Any]]:
    out = []
    for r in table:
        picked = _order(r)[:POOL[candidate]]
        out.append({"paper": r["paper"], "group": r["group"], "comment": r["comment"], "kind": r["kind"],
                    "xs": design(r, picked, candidate), "ys": np.asarray(r["y"])[picked]})
    return out


def _scored(model: Linear, r: dict[str, Any]) -> dict[str, Any]:
    if len(r["ys"]) < 2:
        return {"first": bool(r["ys"][0]), "second": False, "margin": np.inf}
    s = model.scores(r["xs"])
    order = np.argsort(-s, kind="stable")
    return {"first": bool(r["ys"][order[0]]), "second": bool(r["ys"][order[1]]),
            "margin": float(s[order[0]] - s[order[1]])}


def out_of_fold(rows: list[dict[str, Any]], candidate: str) -> list[dict[str, Any]]:
    out = []
    for held in sorted({r["group"] for r in rows}):
        model = fit([r for r in rows if r["group"] != held], candidate)
        out += [{**_scored(model, r), "key": (r["paper"], r["comment"]), "kind": r["kind"]}
                for r in rows if r["group"] == held]
    return out


def card(rows: list[dict[str, Any]], candidate: str) -> dict[tuple, bool]:
    """Round nine's card, nested: per comment, a right place among what the card shows."""
    from bench.place_alternative import choose

    out = {}
    for held in sorted({r["group"] for r in rows}):
        train = [r for r in rows if r["group"] != held]
        m = choose(out_of_fold(train, candidate))
        model = fit(train, candidate)
        for r in rows:
            if r["group"] == held:
                s = _scored(model, r)
                out[r["paper"], r["comment"]] = s["first"] or (s["margin"] <= m and s["second"])
    return out


def describe(table: list[dict[str, Any]]) -> None:
    """Descriptive, after the candidates were measured (no choice made from it): how far the reference's first lies
    from the nearest right paragraph, how many right paragraphs the rules' best 5 hold, and how often each feature
    alone picks a right one among the best 5 (ties in the rules' order)."""
    rows = pools(table, "reference")
    by = {(r["paper"], r["comment"]): r for r in table}
    bands: Counter = Counter()
    for held in sorted({r["group"] for r in rows}):
        model = fit([r for r in rows if r["group"] != held], "reference")
        for r in rows:
            if r["group"] == held:
                t = by[r["paper"], r["comment"]]
                j = int(_order(t)[:2][int(np.argmax(model.scores(r["xs"])))])
                right = np.flatnonzero(t["y"])
                d = int(np.abs(right - j).min()) if len(right) else -1
                top = [s.split(" / ")[0] for s in t["sections"]]
                bands["none right" if d < 0 else "0" if d == 0 else "1-2" if d <= 2 else "3-10" if d <= 10 else ">10"] += 1
                if d > 0:
                    bands["a miss in a right paragraph's top-level section"] += any(top[i] == top[j] for i in right)
    print("  the reference's first, paragraphs from the nearest right one:", dict(bands))
    print("  right paragraphs among the rules' best 5:",
          dict(sorted(Counter(int(t["y"][_order(t)[:5]].sum()) for t in table).items())))
    have = [t for t in table if t["y"][_order(t)[:5]].any()]
    names = [*table[0]["features"], *table[0]["extra_names"], *NEW[:3]]
    hits = {}
    for f, name in enumerate(names):
        hits[name] = sum(bool(t["y"][p][int(np.argmax(np.hstack([t["x"], t["extra"], t["new"]])[p][:, f]))])
                         for t in have for p in [_order(t)[:5]])
    print(f"  {len(have)} comments with a right one in the best 5; a random pick right "
          f"{sum(t['y'][_order(t)[:5]].mean() for t in have):.0f}; one feature alone:",
          ", ".join(f"{k} {v}" for k, v in sorted(hits.items(), key=lambda kv: -kv[1])))


def main() -> int:
    from bench.place_study import sign_test

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(ROOT / "corpus/revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: ~/.cache/redraft/corpus)")
    ap.add_argument("--table", required=True, help="the table's pickle (built when missing)")
    ap.add_argument("--no-card", action="store_true", help="skip the nested card figure (slow)")
    ap.add_argument("--describe", action="store_true", help="only the descriptive figures (``describe``)")
    args = ap.parse_args()
    path = Path(args.table).expanduser()
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pickle.dumps(build(args.corpus, args.cache)))
    table = pickle.loads(path.read_bytes())
    if args.describe:
        describe(table)
        return 0
    n = len(table)
    bm25 = sum(bool(r["y"][int(np.argmax(r["x"][:, r["features"].index("bm25")]))]) for r in table)
    rules = sum(bool(r["y"][_order(r)[0]]) for r in table)
    print(f"train, {n} answered comments of {len({r['paper'] for r in table})} revisions, "
          f"{len({r['group'] for r in table})} repositories, drafts unpaged; BM25 first {bm25} ({100 * bm25 / n:.1f} %),"
          f" rules' first {rules}")
    got = {}
    for name in CANDIDATES:
        rows = pools(table, name)
        got[name] = {o["key"]: o for o in out_of_fold(rows, name)}
        o = got[name]
        first, two = sum(v["first"] for v in o.values()), sum(v["first"] or v["second"] for v in o.values())
        any_right = sum(bool(r["ys"].any()) for r in rows)
        line = f"  {name:10} first {first:4} ({100 * first / n:.1f} %)  best two {two:4}  pool {any_right:4}"
        if not args.no_card:
            shown = sum(card(rows, name).values())
            line += f"  card {shown:4} ({100 * shown / n:.1f} %)"
        if name != "reference":
            ref, keys = got["reference"], list(got["reference"])
            gained, lost, p = sign_test([ref[k]["first"] for k in keys], [o[k]["first"] for k in keys])
            kinds: Counter = Counter()
            for k in keys:
                kinds[o[k]["kind"]] += int(o[k]["first"]) - int(ref[k]["first"])
            line += f"  +{gained} -{lost} p = {p:.3f}  fine types {dict(sorted(kinds.items()))}"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
