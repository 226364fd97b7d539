"""Round eight's placement studies on the training part (issue 34, docs/suggest.md): where the ceiling is, and
whether a learned first stage over many paragraphs beats round seven's placement.

Reads the table ``bench.place_table`` wrote (every candidate paragraph of every answered training comment). Every
model is scored repository-grouped leave-out (``engine.align.folds.group_of``: a repository's revisions held out
together), with its settings fixed here in advance (nothing is tuned on the figures it prints):

- ``reference``: round seven's placement (``bench.fit_placement``'s logistic regression over the rules' best two);
- ``hgb``: a gradient-boosted pointwise classifier (scikit-learn ``HistGradientBoostingClassifier``) over the
  rules' best ``--pool`` paragraphs, with the placement model's features, ``place_table.EXTRA`` and one-hot section
  role × the comment's fine type; the paragraph it scores highest is the placement;
- ``logistic``: the same features, a standardised logistic regression.

The ceiling: per comment, the rank (by the rules) of the first right paragraph, and the share with a right one in
the top k (an oracle that picks it), the located three, the same top-level section as the reference's choice, and
comments answered by insertions alone. Gains are judged by the round's decision rule: at least 13 more right of
517 and an exact sign test on the comments that differ at p < 0.05.

    .venv/bin/python -m bench.place_study --table ~/.cache/redraft/place8/table.pkl [--pool 20]
"""

from __future__ import annotations

import argparse
import pickle
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from bench.place_table import ROLES

KINDS = ("experiment", "explanation", "clarification", "result", "edit", "typo", "criticism")


def group(r: dict[str, Any]) -> str:
    return r.get("group") or r["paper"]


def rules_order(r: dict[str, Any]) -> np.ndarray:
    return np.argsort(-r["total"], kind="stable")


def reference(rows: list[dict[str, Any]], k: int = 2) -> dict[tuple, int]:
    """Round seven's placement, leave-out by repository: the chosen paragraph's index per comment."""
    from bench.fit_placement import fit

    small = []
    for r in rows:
        picked = rules_order(r)[:k]
        small.append({**r, "x": r["x"][picked], "y": r["y"][picked], "picked": picked})
    out = {}
    for held in sorted({group(r) for r in small}):
        model = fit([r for r in small if group(r) != held])
        for r in small:
            if group(r) == held:
                out[r["paper"], r["comment"]] = int(r["picked"][int(np.argmax(model.scores(r["x"])))]) \
                    if len(r["picked"]) > 1 else int(r["picked"][0])
    return out


#: What only the build's located paragraphs and the rules built on them give: left out of a locator's ranker.
LOCATED = ("rule_gap", "rule_rank", "located", "next_to_located", "located_distance", "same_section_as_located")


def base_order(r: dict[str, Any]) -> np.ndarray:
    """The lexical locator's order (BM25 with the locator's reference and quote boosts; no encoder, no located
    bonus, no rules: ``placement.rule_scores``'s ``base`` without an encoder)."""
    return np.argsort(-r["x"][:, r["features"].index("base")], kind="stable")


def design(r: dict[str, Any], picked: np.ndarray, locator: bool = False) -> np.ndarray:
    """The study's features of the ``picked`` paragraphs of one comment (``locator``: without ``LOCATED``)."""
    x, extra = r["x"][picked], r["extra"][picked]
    if locator:
        x = x[:, [k for k, f in enumerate(r["features"]) if f not in LOCATED]]
        extra = extra[:, [k for k, f in enumerate(r["extra_names"]) if f not in LOCATED]]
    roles = np.array([[r["roles"][j] == name for name in ROLES] for j in picked], dtype=float)
    kind = np.array([r["kind"] == k for k in KINDS], dtype=float)
    cross = (roles[:, :, None] * kind[None, None, :]).reshape(len(picked), -1)
    rank = np.arange(len(picked), dtype=float)[:, None]
    return np.hstack([x, extra, roles, np.repeat(kind[None], len(picked), 0), cross,
                      1.0 / (1.0 + rank)])


def _model(name: str) -> Any:
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    if name == "hgb":
        return HistGradientBoostingClassifier(max_iter=200, learning_rate=0.05, max_leaf_nodes=15,
                                              min_samples_leaf=40, l2_regularization=1.0, random_state=0)
    return make_pipeline(StandardScaler(), LogisticRegression(C=1.0, max_iter=5000, class_weight="balanced"))


def learned(rows: list[dict[str, Any]], name: str, pool: int, locator: bool = False) -> dict[tuple, np.ndarray]:
    """Per comment, the ``pool`` paragraphs (the rules' best; ``locator``: the locator's best, ranked without what
    the located paragraphs give) in the learned model's order, leave-out by repository; the model fits on the
    other repositories' comments whose pool holds a right paragraph."""
    first = base_order if locator else rules_order
    picks = {(r["paper"], r["comment"]): first(r)[:pool] for r in rows}
    xs = {key: design(r, picks[key], locator) for r in rows for key in [(r["paper"], r["comment"])]}
    out = {}
    for held in sorted({group(r) for r in rows}):
        fit_rows = [r for r in rows if group(r) != held and r["y"][picks[r["paper"], r["comment"]]].any()]
        x = np.vstack([xs[r["paper"], r["comment"]] for r in fit_rows])
        y = np.concatenate([r["y"][picks[r["paper"], r["comment"]]] for r in fit_rows]).astype(int)
        model = _model(name).fit(x, y)
        for r in rows:
            if group(r) == held:
                key = (r["paper"], r["comment"])
                s = model.predict_proba(xs[key])[:, 1]
                out[key] = picks[key][np.argsort(-s, kind="stable")]
    return out


def sign_test(base: list[bool], new: list[bool]) -> tuple[int, int, float]:
    from scipy.stats import binomtest

    gained = sum(n and not b for b, n in zip(base, new))
    lost = sum(b and not n for b, n in zip(base, new))
    p = binomtest(gained, gained + lost).pvalue if gained + lost else 1.0
    return gained, lost, float(p)


def ceiling(rows: list[dict[str, Any]], ref: dict[tuple, int]) -> None:
    n = len(rows)
    ranks = []
    for r in rows:
        right = np.flatnonzero(r["y"][rules_order(r)])
        ranks.append(int(right[0]) if right.size else None)
    print(f"ceiling, {n} answered comments (a right paragraph among the rules' best k; an oracle picks it):")
    for k in (1, 2, 3, 5, 10, 20, 50):
        hits = sum(x is not None and x < k for x in ranks)
        print(f"  top {k:2}: {hits:3} ({100 * hits / n:.1f} %)")
    print(f"  any candidate: {sum(x is not None for x in ranks)} (the rest: no right paragraph among the candidates)")
    located = sum(bool(set(r["located"]) & {r["ids"][j] for j in np.flatnonzero(r["y"])}) for r in rows)
    print(f"  among the three located: {located} ({100 * located / n:.1f} %)")
    misses = [r for r in rows if not r["y"][ref[r["paper"], r["comment"]]]]
    groups: Counter = Counter()
    for r in misses:
        chosen = ref[r["paper"], r["comment"]]
        right = np.flatnonzero(r["y"])
        rank = ranks[rows.index(r)]
        if r["insertion_only"]:
            groups["answered by insertions alone"] += 1
        elif set(r["located"]) & {r["ids"][j] for j in right}:
            groups["a right one among the three located"] += 1
        elif rank is not None and rank < 5:
            groups["a right one in the rules' top 5 (not located)"] += 1
        elif any(r["sections"][j].split(" / ")[0] == r["sections"][chosen].split(" / ")[0] for j in right):
            groups["same top-level section as a right one, not in top 5"] += 1
        elif right.size == 0:
            groups["no right paragraph among the candidates"] += 1
        else:
            groups["another section, not in top 5"] += 1
    print(f"the reference's {len(misses)} misses, first group that fits:")
    for name, count in groups.most_common():
        print(f"  {name}: {count}")
    roles = Counter(r["roles"][j] for r in misses for j in np.flatnonzero(r["y"])[:1])
    print("  the misses' first right paragraph by section role:", dict(roles.most_common()))
    print("by fine type: comments, the reference right, an oracle over the rules' top 2 / top 5:")
    hit = [bool(r["y"][ref[r["paper"], r["comment"]]]) for r in rows]
    for kind in KINDS:
        mine = [k for k, r in enumerate(rows) if r["kind"] == kind]
        top = [sum(ranks[k] is not None and ranks[k] < t for k in mine) for t in (2, 5)]
        print(f"  {kind:13} {len(mine):3} {sum(hit[k] for k in mine):3} {top[0]:3} {top[1]:3}")
    chosen, right, wanted = Counter(), Counter(), Counter()
    for r in rows:
        c = ref[r["paper"], r["comment"]]
        chosen[r["roles"][c]] += 1
        right[r["roles"][c]] += bool(r["y"][c])
        wanted.update({r["roles"][j] for j in np.flatnonzero(r["y"])})
    print("by section role: the reference chose it / right when it did / comments with a right paragraph there:")
    for name in ROLES:
        print(f"  {name:10} {chosen[name]:3} {right[name]:3} {wanted[name]:3}")
    inserted = [r for r in rows if r["insertion_only"]]
    print(f"answered by insertions alone: {len(inserted)}, the reference right for "
          f"{sum(bool(r['y'][ref[r['paper'], r['comment']]]) for r in inserted)}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--table", required=True)
    ap.add_argument("--pool", type=int, default=20, help="the rules' best paragraphs the learned models rank")
    ap.add_argument("--models", default="hgb,logistic")
    args = ap.parse_args()
    rows = pickle.loads(Path(args.table).expanduser().read_bytes())
    n = len(rows)
    ref = reference(rows)
    ref_right = [bool(r["y"][ref[r["paper"], r["comment"]]]) for r in rows]
    rules_right = [bool(r["y"][rules_order(r)[0]]) for r in rows]
    print(f"train, {n} answered comments, repository-grouped leave-out: rules {sum(rules_right)}, "
          f"reference (round seven) {sum(ref_right)} ({100 * sum(ref_right) / n:.1f} %)")
    ceiling(rows, ref)
    located = [bool(set(r["located"][:1]) & {r["ids"][j] for j in np.flatnonzero(r["y"])}) for r in rows]
    base = [bool(r["y"][base_order(r)[0]]) for r in rows]
    print(f"the first located paragraph alone: {sum(located)}; the lexical locator alone (BM25 and its boosts, "
          f"the page words out of its query): {sum(base)}")
    for name in filter(None, args.models.split(",")):
        locator = name.endswith("-locator")
        order = learned(rows, name.removesuffix("-locator"), args.pool, locator)
        right = [bool(r["y"][order[r["paper"], r["comment"]][0]]) for r in rows]
        two = sum(bool(r["y"][order[r["paper"], r["comment"]][:2]].any()) for r in rows)
        gained, lost, p = sign_test(ref_right, right)
        where = "the lexical locator's" if locator else "the rules'"
        print(f"{name} over {where} best {args.pool}: {sum(right)} "
              f"({100 * sum(right) / n:.1f} %), a right one in its top 2: {two}; against the reference +{gained} "
              f"-{lost}, sign test p = {p:.3f}")
        if locator:
            gained, lost, p = sign_test(located, right)
            print(f"  against the first located paragraph +{gained} -{lost}, sign test p = {p:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
