""""Here, or here": when the suggestion card offers the placement's second paragraph beside the first (issue 34,
round nine, docs/suggest.md), measured on the training part only, repository-grouped.

The placement model (``engine.generate.rerank``) scores the rules' best two paragraphs; the card shows the second
as an alternative when its score is within a margin of the first's (``placement.ALTERNATIVE_MARGIN``). The margin
is chosen **inside the training folds**, by a rule fixed before any figure was computed:

- for each held-out repository (``bench.fit_placement.folds``), the other repositories' comments are scored out of
  fold (a model per inner repository, fitted on the rest), and the margin ``m`` is the one of their own margins that
  maximises ``right among what the card shows - COST × comments shown two``: an alternative must be the right place
  (the first being wrong) for at least one comment in ``1 / COST`` shown to be worth the author's glance;
- the held-out repository is then placed by a model fitted on the other repositories, and its comments are shown
  two when their margin is at most ``m``.

Prints, pooled over the held-out repositories: the first place right, a right place among what the card shows, and
how often it shows two; beside them "never two" (the first alone) and "always two" (no margin). The margin to ship
is chosen by the same rule on every comment's out-of-fold score (printed last).

Reads the table ``bench.place_table`` wrote (the rules' best two rows of it are what ``bench.fit_placement`` fits
on), or builds the rows with ``bench.fit_placement.rows`` (``--corpus``; slow: the corpus and the encoder).

    .venv/bin/python -m bench.place_alternative --table ~/.cache/redraft/place8/table.pkl
    .venv/bin/python -m bench.place_alternative --corpus corpus/revisions.json
"""

from __future__ import annotations

import argparse
import pickle
from pathlib import Path
from typing import Any

import numpy as np

#: What one alternative shown costs, in right places: fixed before any figure (one right in ten shown).
COST = 0.1
#: At most this share of the comments a margin is chosen on may be shown two places (round thirteen of
#: docs/suggest.md, written before its figures: "here, or here" stays an exception, one card in four at most).
CAP = 0.25


def two_best(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rules' best two candidates of each table row (``bench.place_table``), as ``bench.fit_placement`` fits."""
    out = []
    for r in rows:
        picked = np.argsort(-r["total"], kind="stable")[:2] if "total" in r else np.arange(len(r["x"]))[:2]
        out.append({"paper": r["paper"], "group": r.get("group") or r["paper"], "comment": r["comment"],
                    "x": r["x"][picked], "y": np.asarray(r["y"])[picked]})
    return out


def scored(model: Any, r: dict[str, Any]) -> dict[str, Any]:
    """One comment placed by ``model``: is its first right, its second right, and the margin between them."""
    if len(r["y"]) < 2:
        return {"first": bool(r["y"][0]), "second": False, "margin": np.inf}
    s = model.scores(r["x"])
    order = np.argsort(-s, kind="stable")
    return {"first": bool(r["y"][order[0]]), "second": bool(r["y"][order[1]]),
            "margin": float(s[order[0]] - s[order[1]])}


def out_of_fold(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every row scored by a model fitted on the other repositories' rows."""
    from bench.fit_placement import fit

    out = []
    for held in sorted({r["group"] for r in rows}):
        model = fit([r for r in rows if r["group"] != held])
        out += [{**scored(model, r), "paper": r["paper"], "comment": r["comment"]} for r in rows if r["group"] == held]
    return out


def shown(results: list[dict[str, Any]], margin: float) -> dict[str, int]:
    """What the card shows with ``margin``: the first right, a right one among those shown, and two shown."""
    two = [r["margin"] <= margin for r in results]
    return {"comments": len(results), "first": sum(r["first"] for r in results),
            "shown": sum(r["first"] or (t and r["second"]) for r, t in zip(results, two)), "two": sum(two)}


def choose(results: list[dict[str, Any]], cost: float = COST, cap: float | None = None) -> float:
    """The margin (one of ``results``' own, or -1: never two) that maximises right among shown − cost × two shown;
    the smallest on a tie. ``cap``: only among margins that show two for at most that share of ``results``."""
    candidates = [-1.0] + sorted({r["margin"] for r in results if np.isfinite(r["margin"])})
    if cap is not None:
        candidates = [m for m in candidates if shown(results, m)["two"] <= cap * len(results)]
    gain = [shown(results, m)["shown"] - cost * shown(results, m)["two"] for m in candidates]
    return candidates[int(np.argmax(gain))]


def nested(rows: list[dict[str, Any]], cost: float = COST) -> tuple[list[dict[str, Any]], dict[str, float]]:
    """Each held-out repository placed by a model fitted on the others, shown two at the margin chosen on the others'
    out-of-fold scores; and the margin each fold chose."""
    from bench.fit_placement import fit

    out, margins = [], {}
    for held in sorted({r["group"] for r in rows}):
        train = [r for r in rows if r["group"] != held]
        margins[held] = m = choose(out_of_fold(train), cost)
        model = fit(train)
        for r in rows:
            if r["group"] == held:
                s = scored(model, r)
                out.append({**s, "two": s["margin"] <= m, "paper": r["paper"], "comment": r["comment"]})
    return out, margins


def _line(name: str, c: dict[str, int]) -> str:
    n = c["comments"]
    return (f"  {name:34} first right {c['first']:3} ({100 * c['first'] / n:.1f} %)  right among shown {c['shown']:3} "
            f"({100 * c['shown'] / n:.1f} %)  shows two {c['two']:3} ({100 * c['two'] / n:.1f} %)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--table", help="the pickle bench.place_table wrote")
    ap.add_argument("--corpus", help="build the rows from the corpus instead (bench.fit_placement.rows)")
    ap.add_argument("--cache", help="the corpus cache (default: ~/.cache/redraft/corpus)")
    args = ap.parse_args()
    if args.table:
        rows = two_best(pickle.loads(Path(args.table).expanduser().read_bytes()))
    else:
        from bench.fit_placement import repositories, rows as build

        rows = build(args.corpus or "corpus/revisions.json", args.cache, 2)
        groups = repositories(args.corpus or "corpus/revisions.json")
        rows = [{**r, "group": groups.get(r["paper"]) or r["paper"]} for r in rows]
    results, margins = nested(rows)
    n = len(results)
    print(f"train part, {n} answered comments of {len({r['paper'] for r in rows})} revisions, "
          f"{len(margins)} repositories held out in turn; cost of an alternative shown: {COST}")
    print(_line("the first place alone", shown(results, -1.0)))
    print(_line("always the best two (no margin)", shown(results, np.inf)))
    chosen = {"comments": n, "first": sum(r["first"] for r in results),
              "shown": sum(r["first"] or (r["two"] and r["second"]) for r in results),
              "two": sum(r["two"] for r in results)}
    print(_line("two when close (margin in the folds)", chosen))
    values = sorted(margins.values())
    print(f"  margins the folds chose: median {np.median(values):.3f}, range {values[0]:.3f} to {values[-1]:.3f}")
    print(f"margin to ship (the same rule on every comment's out-of-fold score): {choose(out_of_fold(rows)):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
