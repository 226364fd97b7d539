"""Placement's second stage out of fold (issue 34, session 31; docs/suggest.md "Session 31: placement's second stage
out of fold"): the rule written before any GPU run, applied to the refold job's draft-paragraph cosines.

    .venv/bin/python -m bench.place_oof --table /tmp/place21/table.pkl [--only ID ...]    # the table (slow), alone
    .venv/bin/python -m bench.place_oof --table T --run OUT/align --prep .gpu/align         # the rule's figures
    .venv/bin/python -m bench.place_oof --table T --run OUT/align --prep .gpu/align --write # ... and what it ships

**The table** is round twelve's (``bench.place_round12.build``) over **every** training revision: per answered
comment, the first stage's features of every candidate paragraph, which are right, its repository, ``tuned`` (the
shipped tuned encoder's cosines: in-sample, that encoder was tuned on all 86) and ``digests`` (each paragraph's texts
as the second stage reads them). **The run** (``bench.align_encoder_gpu``, ``oof_place.npz``): every paper's
comments × its draft's candidate paragraphs, from the fold model that never saw the paper's repository; ``attach``
puts them in each row as ``oof``, after checking every paragraph's digest against the prep's (``data.json``).

**Compared** (``placed``), leave-one-repository-out over the training part's repositories; in every outer fold g the
first stage (``bench.fit_placement.fit`` over the rules' best two) is fitted outside g (outside g and the row's own
repository for a row that trains a second stage), and the card's margin is chosen by round nine's rule under round
thirteen's cap (``place_alternative.choose(..., cap=CAP)``) on the other repositories' out-of-fold scores:

- ``first``: (a) the first stage alone;
- ``shipped``: (b) today's second stage, its weights as shipped, on the shipped encoder's cosines (``tuned``);
- ``shipped_oof``: (b') the same weights on the out-of-fold cosines (the fair account of today's weights);
- ``refit``: (R) the second stage refitted on the rows outside g with the out-of-fold cosines.

``verdict`` is the rule; ``write`` ships what it decided (``reranker.json``: the first stage as shipped, the second
stage and the card's margin replaced, or the second stage removed).
"""

from __future__ import annotations

import argparse
import json
import math
import pickle
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from bench.place_round12 import References as FirstStages  # the first stage over the rules' best two, per held-out set
from bench.place_round12 import _inverse_rank, _rules, _scored

ROOT = Path(__file__).resolve().parents[1]
METHODS = ("first", "shipped", "shipped_oof", "refit")
#: The rule's numbers, written before any GPU run (docs/suggest.md, session 31): the paired bootstrap over
#: repositories, the gain R must show over the first stage alone, the card's two-places bound and its slack.
BOOTSTRAP, SEED = 10000, 31
GAIN_SHARE, GAIN_MIN, TWO_SHARE, CARD_SHARE = 0.005, 6, 0.25, 0.0025


def load_run(run: Path, prep: Path, variant: str = "section") -> dict[str, dict[str, Any]]:
    """Per paper of the run: its comments' and draft paragraphs' ids and digests (the prep's ``place``) and the
    out-of-fold cosines (comments × paragraphs); a paper the run did not score (a fold not run) is left out."""
    data = json.loads((prep / "data.json").read_text())
    out = {}
    with np.load(run / "oof_place.npz") as npz:
        for p in data["papers"]:
            name = f"{variant}|{p['id']}"
            if name not in npz.files:
                continue
            cos = npz[name]
            place = p["place"]
            if cos.shape != (len(p["comment_ids"]), len(place["paragraph_ids"])):
                raise SystemExit(f"error: {name} is {cos.shape}, the prep has {len(p['comment_ids'])} comments × "
                                 f"{len(place['paragraph_ids'])} paragraphs: not the run of this prep")
            out[p["id"]] = {"comments": p["comment_ids"], "paragraphs": place["paragraph_ids"],
                            "digests": place["digests"], "cos": cos.astype(np.float64)}
    return out


def attach(table: list[dict[str, Any]], run: dict[str, dict[str, Any]],
           partial: bool = False) -> list[dict[str, Any]]:
    """The table's rows with ``oof``: each paragraph's out-of-fold cosine. A row whose paragraphs' texts differ from
    the prep's stops everything; a paper the run lacks too, unless ``partial`` (a test run: those rows left out)."""
    out, missing = [], set()
    for r in table:
        entry = run.get(r["paper"])
        if entry is None:
            missing.add(r["paper"])
            continue
        where = {pid: j for j, pid in enumerate(entry["paragraphs"])}
        cols = [where.get(pid, -1) for pid in r["ids"]]
        if -1 in cols or [entry["digests"][j] for j in cols] != list(r["digests"]):
            raise SystemExit(f"error: {r['paper']}: the table's paragraphs are not the prep's (build both on one "
                             "tree, from one corpus cache)")
        out.append({**r, "oof": entry["cos"][entry["comments"].index(r["comment"]), cols]})
    if missing and not partial:
        raise SystemExit(f"error: the run has no cosines for {len(missing)} training revisions "
                         f"({', '.join(sorted(missing)[:5])}…)")
    return out


def stage(r: dict[str, Any], first: Any, key: str) -> tuple[np.ndarray, np.ndarray]:
    """The rules' best two's second-stage features [z, tuned cosine, its rank over every candidate] (cosines from
    ``key``: ``tuned`` or ``oof``) with ``first``'s logit z, and their labels."""
    p = _rules(r)[:2]
    t = np.asarray(r[key], dtype=np.float64)
    return np.stack([first.scores(r["x"][p]), t[p], _inverse_rank(t)[p]], axis=1), r["y"][p]


def placed(rows: list[dict[str, Any]], firsts: FirstStages, method: str, second: Any = None) -> dict[tuple, dict]:
    """``method``'s placement of every row (module docstring), leave-one-repository-out: per comment, the first
    and second right, the card (capped margin chosen on the other repositories) and whether it shows two."""
    from bench.place_alternative import CAP, choose
    from bench.place_round11 import fit

    key = "oof" if method in ("shipped_oof", "refit") else "tuned"  # (a) reads no cosine
    groups = sorted({r["group"] for r in rows})
    out = {}
    for g in groups:
        train = [(r["group"], *stage(r, firsts.outside(g, r["group"]), key)) for r in rows if r["group"] != g]
        held = [(r, *stage(r, firsts.outside(g), key)) for r in rows if r["group"] == g]

        def scorer(without: tuple[str, ...]) -> Any:
            if method == "first":
                return lambda xs: xs[:, 0]
            if method in ("shipped", "shipped_oof"):
                return second.logits
            use = [{"xs": x, "ys": y} for h, x, y in train if h not in without]
            return fit(use, "stage2").scores if any(u["ys"].any() for u in use) else None

        inner = []
        for h in groups:
            if h != g and (s := scorer((h,))) is not None:  # an inner fold with nothing to fit on gives no score
                inner += [_scored(s(x), y) for gh, x, y in train if gh == h]
        margin = choose(inner, cap=CAP)
        s = scorer(())
        for r, x, y in held:
            o = _scored(s(x), y)
            two = bool(o["margin"] <= margin)
            out[(r["paper"], r["comment"])] = {**o, "two": two, "card": o["first"] or (two and o["second"]),
                                               "kind": r["kind"], "group": g}
    return out


def bootstrap(ref: dict[tuple, dict], new: dict[tuple, dict], seed: int = SEED) -> tuple[float, float]:
    """The 5th and 95th percentiles of the first-place gain (comments), repositories resampled with replacement."""
    per: Counter = Counter()
    for k, o in ref.items():
        per[o["group"]] += int(new[k]["first"]) - int(o["first"])
    gains = np.array([per[g] for g in sorted(per)], dtype=np.float64)
    draws = np.random.default_rng(seed).integers(0, len(gains), size=(BOOTSTRAP, len(gains)))
    sums = gains[draws].sum(axis=1)
    return float(np.percentile(sums, 5)), float(np.percentile(sums, 95))


def summary(o: dict[tuple, dict]) -> dict[str, float]:
    n = len(o)
    first, card, two = (sum(v[f] for v in o.values()) for f in ("first", "card", "two"))
    return {"n": n, "first": first, "card": card, "two": two, "score": card - 0.1 * two,
            "best2": sum(v["first"] or v["second"] for v in o.values())}


def verdict(res: dict[str, dict[tuple, dict]]) -> dict[str, Any]:
    """The rule (docs/suggest.md, session 31), on the methods' placements of the same comments: ``ships`` is
    ``refit``, ``stale`` (nothing changes), ``off`` (the second stage removed) or ``doubtful`` (nothing changes)."""
    s = {m: summary(o) for m, o in res.items()}
    n = s["first"]["n"]
    need, slack = max(GAIN_MIN, math.ceil(GAIN_SHARE * n)), math.ceil(CARD_SHARE * n)

    def earns(m: str) -> dict[str, Any]:  # against the first stage alone
        low, _ = bootstrap(res["first"], res[m])
        gain = s[m]["first"] - s["first"]["first"]
        return {"gain": gain, "low": low, "rises": gain >= need and low > 0,
                "card": s[m]["score"] >= s["first"]["score"] - slack and s[m]["two"] <= TWO_SHARE * n}

    r, b = earns("refit"), earns("shipped_oof")
    _, high = bootstrap(res["shipped_oof"], res["refit"])
    r["vs_shipped_oof"] = {"gain": s["refit"]["first"] - s["shipped_oof"]["first"], "high": high,
                           "holds": high >= 0 and s["refit"]["score"] >= s["shipped_oof"]["score"] - slack}
    passes = r["rises"] and r["card"] and r["vs_shipped_oof"]["holds"]
    if passes:
        ships = "refit"
    elif b["rises"] and b["card"]:
        ships = "stale"
    elif r["gain"] <= 0 and b["gain"] <= 0:
        ships = "off"
    else:
        ships = "doubtful"
    return {"n": n, "need": need, "slack": slack, "refit": r, "shipped_oof": b, "ships": ships, "summary": s}


def report(res: dict[str, dict[tuple, dict]], v: dict[str, Any]) -> None:
    labels = {"first": "(a) the first stage alone", "shipped": "(b) shipped weights, shipped encoder (in-sample)",
              "shipped_oof": "(b') shipped weights, out-of-fold cosines", "refit": "(R) refitted, out-of-fold cosines"}
    n = v["n"]
    print(f"{n} answered comments of {len({k[0] for k in res['first']})} training revisions, "
          f"{len({o['group'] for o in res['first'].values()})} repositories, leave-one-repository-out; "
          f"R must gain +{v['need']} with the bootstrap's 5th percentile above 0; card slack {v['slack']}")
    for m in METHODS:
        s = v["summary"][m]
        kinds: Counter = Counter()
        for k, o in res[m].items():
            kinds[o["kind"]] += int(o["first"]) - int(res["first"][k]["first"])
        print(f"  {labels[m]:50} first {s['first']:5} ({100 * s['first'] / n:.1f} %)  best two {s['best2']}  card "
              f"{s['card']} ({100 * s['card'] / n:.1f} %), two shown {s['two']} ({100 * s['two'] / n:.1f} %), "
              f"score {s['score']:.1f}" + ("" if m == "first" else f"  fine types vs (a) {dict(sorted(kinds.items()))}"))
    for m in ("refit", "shipped_oof"):
        e = v[m]
        print(f"  {m} against (a): {e['gain']:+d} first places, bootstrap 5th percentile {e['low']:+.0f}: "
              f"{'rises' if e['rises'] else 'does not rise'}; card {'holds' if e['card'] else 'falls'}")
    h = v["refit"]["vs_shipped_oof"]
    print(f"  refit against (b'): {h['gain']:+d} first places, bootstrap 95th percentile {h['high']:+.0f}: "
          f"{'holds' if h['holds'] else 'falls'}")
    print(f"verdict: {v['ships']}", flush=True)


def write(rows: list[dict[str, Any]], firsts: FirstStages, ships: str, path: Path | None = None) -> None:
    """Ship what the rule decided: ``refit`` (the second stage fitted on every row, z out of fold, and its card
    margin chosen under the cap on its leave-one-repository-out scores) or ``off`` (no second stage; the first
    stage's margin chosen likewise); the first stage's weights stay as shipped."""
    from bench.fit_placement import MODEL
    from bench.place_alternative import CAP, choose
    from bench.place_round11 import fit
    from engine.generate.rerank import SECOND, PlacementModel
    from engine.models.linear import StandardisedLinear

    path = path or MODEL
    model = PlacementModel.from_dict(json.loads(path.read_text(encoding="utf-8")))
    train = [(r["group"], *stage(r, firsts.outside(r["group"]), "oof")) for r in rows]
    inner = []
    for h in sorted({g for g, _, _ in train}):
        score = ((lambda xs: xs[:, 0]) if ships == "off" else
                 fit([{"xs": x, "ys": y} for g, x, y in train if g != h], "stage2").scores)
        inner += [_scored(score(x), y) for g, x, y in train if g == h]
    margin = choose(inner, cap=CAP)
    meta = dict(model.meta)
    if ships == "off":
        model.second, _ = None, meta.pop("second_stage", None)
    else:
        second = fit([{"xs": x, "ys": y} for _, x, y in train], "stage2")
        model.second = StandardisedLinear(SECOND, second.mean, second.scale, second.coef, second.intercept)
        meta["second_stage"] = {
            "revisions": sorted({r["paper"] for r in rows}), "comments": len(rows),
            "why": "every training revision, each row's tuned cosine from the refold's fold model that never saw its "
                   "repository (bench.align_encoder_gpu, oof_place.npz), its z from the first stage fitted outside "
                   "its repository", "fitted_by": "bench.place_oof --write (session 31)"}
    before, model.margin = model.margin, margin
    two = sum(o["margin"] <= margin for o in inner)
    meta["margin"] = {"rule": "bench.place_alternative.choose, cap 0.25", "chosen_on": f"{len(inner)} comments, "
                      "leave-one-repository-out scores", "two_shown": int(two), "before": before,
                      "by": "bench.place_oof --write"}
    model.meta = meta
    path.write_text(json.dumps(model.to_dict(), indent=1) + "\n")
    print(f"wrote {path}: {ships}, margin {margin:.3f} (two shown for {two} of {len(inner)})")


#: The run's untuned cosines against the engine's at run time: the median difference allowed. The run's weights are
#: float16 and the engine's encoder int8 (median 0.005 on the tiny run); texts without their section path give 0.025.
CHECK_MEDIAN = 0.01


def same_tokens(texts: list[str], ids: list[int], prep: Path) -> bool:
    """Whether ``texts`` tokenise as the prep's texts numbered ``ids`` (``tokens.npz``, remapped by ``used_ids``)."""
    from bench.align_encoder_gpu_prep import MAX_TOKENS
    from bench.crossfit_encoder_gpu_prep import tokenizer

    tokens, used = np.load(prep / "tokens.npz"), np.load(prep / "used_ids.npy")
    starts = np.concatenate([[0], np.cumsum(tokens["lens"])])
    for text, enc, k in zip(texts, tokenizer(MAX_TOKENS).encode_batch(texts), ids):
        stored = used[tokens["flat"][starts[k]:starts[k + 1]].astype(np.int64)]
        if not np.array_equal(stored, np.asarray(enc.ids)):
            return False
    return True


def check(run: Path, prep: Path, corpus: str, cache: str | None, ids: list[str]) -> bool:
    """For the training revisions ``ids``: the prep's draft paragraphs are the ones placement reads at run time
    (``rerank.tuned_pieces`` of ``localize.candidates``, token for token), and the run's untuned cosines
    (``base|PAPER``) are the engine's embedded encoder's over them (``embed.sentence_cosines``, as
    ``rerank.tuned_cosines``), up to the weights' precision (``CHECK_MEDIAN``)."""
    from bench.align_encoder_gpu_prep import place_pieces
    from bench.suggest_corpus import load_papers
    from engine.align.embed import sentence_cosines
    from engine.models.factory import open_model

    entries = {p["id"]: p for p in json.loads((prep / "data.json").read_text())["papers"]}
    encoder, ok = open_model("encoder"), True
    with np.load(run / "oof_place.npz") as npz:
        for paper in load_papers(corpus, cache, "train", ids):
            entry = entries[paper.id]
            pids, pieces = place_pieces(paper)
            texts = [c.full_text for c in paper.comments] + [t for p in pieces for t in p]
            numbers = entry["comments"] + [t for p in entry["place"]["paragraphs"] for t in p]
            same = (pids == entry["place"]["paragraph_ids"] and len(texts) == len(numbers)
                    and same_tokens(texts, numbers, prep))
            diff = np.abs(sentence_cosines(encoder, texts[:len(paper.comments)], pieces) - npz[f"base|{paper.id}"])
            good = same and float(np.median(diff)) <= CHECK_MEDIAN
            print(f"  {paper.id}: {len(paper.comments)} comments × {len(pids)} paragraphs, texts "
                  f"{'token for token' if same else 'DIFFERENT'}; untuned cosines against the engine's: median "
                  f"{np.median(diff):.4f}, p90 {np.percentile(diff, 90):.4f}, max {diff.max():.4f}: "
                  f"{'ok' if good else 'NOT the run time'}")
            ok &= good
    print(f"check: {'the drafts as at run time' if ok else 'NOT the run time'} (median tolerance {CHECK_MEDIAN})")
    shipped = ROOT / "bench" / "data" / "align_encoder_oof.npz"
    if (run / "oof.npz").is_file() and shipped.is_file():  # descriptive: are the fold models session 30's again?
        with np.load(run / "oof.npz") as new, np.load(shipped) as old:
            both = [k for k in new.files if k.startswith("section|") and k in old.files
                    and new[k].shape == old[k].shape]
            diff = np.concatenate([np.abs(new[k] - old[k]).ravel() for k in both]) if both else np.zeros(1)
        print(f"the pairs' out-of-fold cosines against the shipped ones ({shipped.name}, {len(both)} revisions): "
              f"median difference {np.median(diff):.4f}, max {diff.max():.4f}")
    return ok


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.place_oof", description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(ROOT / "corpus/revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: ~/.cache/redraft/corpus)")
    ap.add_argument("--table", help="the table's pickle (built when missing)")
    ap.add_argument("--only", nargs="+", metavar="ID", help="build the table of these training revisions alone")
    ap.add_argument("--run", help="the GPU run's folder (oof_place.npz)")
    ap.add_argument("--prep", help="the folder the run was prepared in (data.json)")
    ap.add_argument("--partial", action="store_true", help="a test run: leave out the papers it did not score")
    ap.add_argument("--write", action="store_true", help="ship what the rule decides (reranker.json)")
    ap.add_argument("--baselines", action="store_true", help="without a run: only (a) and (b), today's state")
    ap.add_argument("--check", nargs="+", metavar="ID", help="only compare the run's untuned cosines of these "
                    "revisions with the engine's at run time")
    a = ap.parse_args(argv)
    if a.check:
        if not (a.run and a.prep):
            ap.error("--check needs --run and --prep")
        return 0 if check(Path(a.run), Path(a.prep), a.corpus, a.cache, a.check) else 2
    if not a.table:
        ap.error("--table is required")
    path = Path(a.table).expanduser()
    if not path.exists():
        from bench.place_round12 import build

        train = [r["id"] for r in json.loads(Path(a.corpus).read_text(encoding="utf-8"))["revisions"]
                 if r["part"] == "train"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pickle.dumps(build(a.corpus, a.cache, train, only=a.only)))
    from engine.generate.rerank import shipped_model

    if not a.run:
        if a.baselines:  # (a) and (b) need no run: today's state, (b) in-sample
            table = pickle.loads(path.read_bytes())
            firsts = FirstStages(table)
            for m in ("first", "shipped"):
                o = summary(placed(table, firsts, m, shipped_model().second))
                print(f"  {m:8} first {o['first']} of {o['n']} ({100 * o['first'] / o['n']:.1f} %)  best two "
                      f"{o['best2']}  card {o['card']}, two shown {o['two']} ({100 * o['two'] / o['n']:.1f} %), "
                      f"score {o['score']:.1f}", flush=True)
        return 0
    if not a.prep:
        ap.error("--run needs --prep")
    for f in (Path(a.run) / "oof_place.npz", Path(a.prep) / "data.json"):
        if not f.is_file():
            print(f"error: no such file: {f}", file=sys.stderr)
            return 2
    table = pickle.loads(path.read_bytes())
    rows = attach(table, load_run(Path(a.run), Path(a.prep)), a.partial)
    firsts = FirstStages(table)  # the first stage reads no cosine: every row of the table (all of them but in a test)
    res = {m: placed(rows, firsts, m, shipped_model().second) for m in METHODS}
    v = verdict(res)
    report(res, v)
    if a.write:
        if v["ships"] in ("refit", "off") and not a.partial:
            write(rows, firsts, v["ships"])
        else:
            print(f"nothing written ({'a partial run' if a.partial else v['ships']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
