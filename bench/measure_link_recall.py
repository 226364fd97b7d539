"""Session 31 (issue 32): link recall on the training part's grouped folds (docs/figures-align.md, "Session 31: link
recall on the training folds"; the account was committed before any candidate, the rule before any candidate's
figure).

    nice .venv/bin/python -m bench.measure_link_recall account FOLDS.pkl [--out JSON]
    nice .venv/bin/python -m bench.measure_link_recall measure FOLDS.pkl [--out JSON] [--only N1 N3 C]
    nice .venv/bin/python -m bench.measure_link_recall setting FOLDS.pkl --kind N1 [--write MODEL.json]
    nice .venv/bin/python -m bench.measure_link_recall check FOLDS.pkl --cuts MEASURE.json

``FOLDS.pkl``: the shipped state's grouped leave-papers-out folds (``bench.measure_refold``'s
``refold-F28.pkl``: each held-out paper's pairs with the shipped encoder's out-of-fold cosines, its outer fold's
link and answered models and the fold's inner scores). ``account`` counts, over every held-out paper, where the gold
links are missed and where the false links come from (``bench.link_recall``); nothing is fitted. Reads the training
part only. ``measure`` scores the candidates of ``bench.link_candidates`` against the folds as they stand (B0), each
one's cut chosen in every outer fold on the fold's inner scores, and prints the rule's verdict; ``setting`` runs
the same choice once over every paper's out-of-fold scores (what ships: ``--write`` writes N1's as
``resources/models/align/neighbours.json``'s form); ``check``: the engine's step (``engine.align.neighbours``) on
every held-out paper, at its fold's N1 cut from ``measure``'s JSON, shows the bench's N1 links.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
#: The facts the account counts each link by.
FACTS = ("score", "cut by the cap", "rank", "next to a shown link (±1, same section)",
         "next to a right shown link (±1, same section)", "next to a shown link (±2, same section)",
         "comment's links shown", "comment has a right link shown", "comment's gold links", "comment's fine type",
         "comment's status", "unit", "change", "comments it is shown for (others)",
         "comments it is gold for (others)")


def views(fitted, corpus: str):
    """Every held-out paper's ``link_recall.PaperView`` under the shipped status rules."""
    from bench.link_recall import paper_view
    from bench.measure_broad import scored_items
    from engine.cli.eval_align_corpus import corpus_unsure

    items = scored_items(fitted, corpus_unsure(corpus, None, "train"))
    return [paper_view(pp, m, item) for (pp, m, _, _), item in zip(fitted, items)]


def account(fitted, corpus: str) -> dict:
    from bench.link_recall import pair_facts, tally

    vs = views(fitted, corpus)
    records = [r for v in vs for r in pair_facts(v)]
    elsewhere = sum(sum(v.gold_elsewhere) for v in vs)
    out = {"links": {o: sum(r["outcome"] == o for r in records) for o in ("hit", "missed", "false")},
           "gold links to no candidate edit": elsewhere, "by": {}}
    for f in FACTS:
        out["by"][f] = {o: dict(sorted(c.items())) for o, c in tally(records, f).items()}
    # first-stage pairs not shown, by score band: how many are gold, overall and where each condition holds (what a
    # lower threshold of their own would add, and at what precision)
    bands: dict[str, dict[str, list[int]]] = {}
    from bench.link_recall import RATIO_BANDS, band, next_to, ranks

    for v in vs:
        rk = ranks(v.raw, v.mask)
        shown_for = v.shown.sum(axis=0)
        best = v.raw.max(axis=1) if v.raw.size else np.zeros(0)
        for i in range(len(v.comments)):
            has = bool(v.shown[i].any())
            for j in range(len(v.edits)):
                if not v.mask[i, j] or v.shown[i, j]:
                    continue
                b = band(float(v.raw[i, j]) / v.threshold, RATIO_BANDS)
                cond = {"all": True, "next to a shown link (±1)": next_to(v, i, j, v.shown[i]),
                        "next to a shown link (±2)": next_to(v, i, j, v.shown[i], 2),
                        "edit shown for another comment": bool(shown_for[j] > 0),
                        "comment has a link shown": has, "comment has none": not has,
                        "rank ≤ 3 in its row": bool(rk[i, j] <= 3),
                        "≥ 0.5 × its row's best": bool(v.raw[i, j] >= 0.5 * best[i])}
                for name, holds in cond.items():
                    if holds:
                        cell = bands.setdefault(b, {}).setdefault(name, [0, 0])
                        cell[0] += int(v.gold[i, j])
                        cell[1] += 1
    out["unshown first-stage pairs: gold of all"] = bands
    return out


def paper_edges(pp):
    """``link_candidates.next_to`` for the paper's candidate edits (positions among all the diff's units)."""
    from bench.link_candidates import next_to

    position = {e.id: k for k, e in enumerate(pp.paper.diff.edits)}
    section = {e.id: e.section for e in pp.paper.diff.edits}
    return next_to([section[e] for e in pp.edit_ids], [position[e] for e in pp.edit_ids])


def as_paper(pp, edges, raw: np.ndarray, t: float, cap: int):
    from bench.link_candidates import Paper

    near, same = edges
    return Paper(np.asarray(raw, np.float64) / t, pp.mask, pp.labels.astype(bool), near, same, int(cap))


def held_out(fitted):
    """Per outer fold: (the held-out papers' indexes, the fold's model, its inner scores by paper id)."""
    from engine.align.folds import grouped

    pairs = [f[0] for f in fitted]
    for group in grouped(pairs):
        _, m, _, inner = fitted[group[0]]
        yield group, m, {s.comment_ids[0].split("/")[0]: s.matrix for s in inner if s.comment_ids}


def run_candidates(fitted, kinds, limit: int | None = None) -> tuple[dict, dict]:
    """Each candidate's paper rows and shown links on every held-out paper (its fold's cut chosen on the fold's inner
    scores), the same at scores × (1 + 1e-6); and the folds' cuts (rounded to 4 decimals for the report)."""
    from bench.link_candidates import apply, choose

    by_id = {f[0].paper.id: f[0] for f in fitted}
    edges = {pid: paper_edges(pp) for pid, pp in by_id.items()}
    shown = {k: {} for k in kinds}
    cuts = {k: [] for k in kinds}
    for n, (group, m, inner) in enumerate(held_out(fitted)):
        if limit is not None and n >= limit:
            break
        t, cap = float(m.threshold), int(m.max_edits)
        train = [as_paper(by_id[pid], edges[pid], raw, t, cap) for pid, raw in inner.items()]
        for k in kinds:
            cut = choose(train, k)
            cuts[k].append(round(cut, 4))
            for idx in group:
                pp = fitted[idx][0]
                p = as_paper(pp, edges[pp.paper.id], m.probabilities(pp.x, pp.mask), t, cap)
                shown[k][pp.paper.id] = (p, apply(p, k, cut), apply(p, k, cut, 1 + EPS))
        print(f"fold {n + 1}: t {t:.4f} cap {cap} cuts {', '.join(f'{k} {cuts[k][-1]}' for k in kinds)}", flush=True)
    return shown, cuts


EPS = 1e-6


def items_with(base_items, pairs, shown: dict) -> tuple[list, int]:
    """``base_items`` (status scale) with each paper's links as ``shown`` gives them: added links raised to
    ``LINK_P``, dropped ones lowered just under it; and how many rows ``decide`` reads otherwise than ``shown``."""
    from dataclasses import replace

    from engine.align.base import decide
    from engine.align.status import LINK_P

    link32 = np.float32(LINK_P) if np.float32(LINK_P) >= LINK_P else np.nextafter(np.float32(LINK_P), np.float32(1))
    under = np.nextafter(np.float32(LINK_P) if np.float32(LINK_P) < LINK_P else np.float32(LINK_P), np.float32(0))
    out, off = [], 0
    for (s, t, cap, st), pp in zip(base_items, pairs):
        p, got, _ = shown[pp.paper.id]
        matrix = s.matrix.copy()
        if matrix.size:
            add, drop = got & ~p.base, p.base & ~got
            matrix[add] = np.maximum(matrix[add], link32)
            matrix[drop] = np.minimum(matrix[drop], under)
            for i, row in enumerate(decide(matrix, t, cap)):
                off += set(row) != set(np.flatnonzero(got[i]).tolist())
        out.append((replace(s, matrix=matrix), t, cap, st))
    return out, off


def measure(fitted, corpus: str, kinds, limit: int | None = None) -> dict:
    from bench.link_candidates import changeable, grid_range
    from bench.measure_broad import scored_items
    from bench.measure_carry_align import bootstrap, pooled, spread
    from engine.align.corpus_eval import figures
    from engine.align.folds import group_of
    from engine.cli.eval_align_corpus import corpus_unsure

    pairs = [f[0] for f in fitted]
    groups: dict[str, list[str]] = {}
    for pp in pairs:
        groups.setdefault(group_of(pp.paper), []).append(pp.paper.id)
    base_items = scored_items(fitted, corpus_unsure(corpus, None, "train"))
    shown, cuts = run_candidates(fitted, kinds, limit)
    done = set(shown[kinds[0]])  # every paper, or a dry run's
    keep = [k for k, pp in enumerate(pairs) if pp.paper.id in done]
    pairs, base_items = [pairs[k] for k in keep], [base_items[k] for k in keep]
    groups = {g: [i for i in ids if i in done] for g, ids in groups.items() if set(ids) & done}
    per = {"B0": {s.comment_ids[0].split("/")[0]: figures(s, t, cap, st) for s, t, cap, st in base_items}}
    result: dict = {"cuts": cuts}
    ref = pooled(per["B0"], list(per["B0"]))
    print(f"B0 | {summary_line(ref)} | per repository F1 {spread(per['B0'], groups, 'F1')}", flush=True)
    result["B0"] = ref
    for k in kinds:
        items, off = items_with(base_items, pairs, shown[k])
        per[k] = {s.comment_ids[0].split("/")[0]: figures(s, t, cap, st) for s, t, cap, st in items}
        r = pooled(per[k], list(per[k]))
        ci = bootstrap(per[k], per["B0"], groups, keys=("F1", "hit@1", "found"))
        tot = {key: sum(v[key] for v in per[k].values()) for key in ("tp", "fp", "hit1", "found", "answered")}
        b = {key: sum(v[key] for v in per["B0"].values()) for key in ("tp", "fp", "hit1", "found", "answered")}
        hit_fall = 100 * (b["hit1"] - tot["hit1"]) / b["answered"]
        found_fall = 100 * (b["found"] - tot["found"]) / b["answered"]
        changed = moved_n = could = 0
        for p, got, got_p in shown[k].values():
            changed += int((got != p.base).sum())
            moved_n += int((got != got_p).sum())
            could += sum(len(changeable(p, i, k, *grid_range(k))) for i in range(p.score.shape[0]))
        wrong, wrong0 = r["wrong addressed"] or 0.0, ref["wrong addressed"] or 0.0
        passed = (r["F1"] > ref["F1"] and ci["F1"][0] > 0 and hit_fall <= 0.5 and found_fall <= 0.5
                  and wrong <= 10.0 and wrong - wrong0 <= 1.0 and moved_n <= 0.01 * max(could, 1))
        print(f"{k} | {summary_line(r)} | per repository F1 {spread(per[k], groups, 'F1')} | links right "
              f"{tot['tp'] - b['tp']:+d}, wrong {tot['fp'] - b['fp']:+d} ({changed} pairs changed; rows read "
              f"otherwise by decide: {off}) | cuts {min(cuts[k])}–{max(cuts[k])} (median "
              f"{float(np.median(cuts[k])):.3f}) | minus B0, 90 % over {len(groups)} repositories: {ci}; hit@1 fall "
              f"{hit_fall:.2f}, found fall {found_fall:.2f} | moved at 1e-6: {moved_n} of {could} | "
              f"{'passes' if passed else 'fails'}", flush=True)
        result[k] = r | {"bootstrap": ci, "hit@1 fall": hit_fall, "found fall": found_fall, "passes": passed,
                         "moved": [moved_n, could], "right added": tot["tp"] - b["tp"],
                         "wrong added": tot["fp"] - b["fp"], "decide differs": off}
    passing = {k: result[k]["bootstrap"]["F1"][0] for k in kinds if result[k]["passes"]}
    order = {"N1": 0, "C": 1, "N3": 2}
    ships = max(sorted(passing, key=order.get), key=lambda k: passing[k]) if passing else None
    print(f"ships: {ships or 'nothing'}", flush=True)
    result["ships"] = ships
    return result


def summary_line(r: dict) -> str:
    return (f"P {r['P']} R {r['R']} F1 {r['F1']} | hit@1 {r['hit@1']} hit@3 {r['hit@3']} | found {r['found']} | "
            f"wrong {r['wrong addressed']} % ({r['addressed calls']}) | U {r['unanswered called found']}")


def model_file(cut: float, fitted) -> dict:
    """``neighbours.json``: N1's cut (4 decimals) and where it came from, with the folds' own cuts' range."""
    from bench.link_candidates import choose

    folds = []
    by_id = {f[0].paper.id: f[0] for f in fitted}
    for _, m, inner in held_out(fitted):
        t, cap = float(m.threshold), int(m.max_edits)
        folds.append(choose([as_paper(by_id[p], paper_edges(by_id[p]), raw, t, cap) for p, raw in inner.items()],
                            "N1"))
    return {"format": "redraft-align-neighbours", "version": 1, "factor": round(cut, 4), "reach": 1,
            "meta": {"revisions": len(fitted), "repositories": len(folds),
                     "rule": "docs/figures-align.md, session 31, link recall on the training folds (N1)",
                     "chosen on": "every training revision's out-of-fold raw link probabilities over its fold's "
                                  "threshold (/tmp/s30/refold/folds/refold-F28.pkl)",
                     "fold cuts": [round(min(folds), 4), round(max(folds), 4)]}}


def engine_check(fitted, cuts: list[float]) -> tuple[int, int]:
    """Pairs where the engine's N1 (``neighbour_links`` on the status scale, then ``decide``) and the bench's
    (``link_candidates.apply``) differ over every held-out paper, and the pairs the engine added."""
    from bench.link_candidates import apply
    from bench.measure_broad import scored_items
    from engine.align.base import candidate_edits, decide
    from engine.align.neighbours import neighbour_links, next_to
    from engine.align.status import LINK_P

    items = scored_items(fitted, set())
    differ = added_n = 0
    for n, (group, m, _) in enumerate(held_out(fitted)):
        t, cap = float(m.threshold), int(m.max_edits)
        for idx in group:
            pp = fitted[idx][0]
            raw = m.probabilities(pp.x, pp.mask)
            bench = apply(as_paper(pp, paper_edges(pp), raw, t, cap), "N1", cuts[n])
            edits = {e.id: e for e in candidate_edits(pp.paper.diff)}
            near = next_to([edits[e] for e in pp.edit_ids], pp.paper.diff)
            out, added = neighbour_links(items[idx][0].matrix, raw, pp.mask, near, t, LINK_P, cap, cuts[n])
            got = np.zeros(out.shape, bool)
            for i, row in enumerate(decide(out, LINK_P, cap) if out.size else []):
                got[i, row] = True
            differ += int((got != bench).sum())
            added_n += int(added.sum())
    return differ, added_n


def setting(fitted, kind: str) -> float:
    """The candidate's cut chosen once over every paper's out-of-fold scores (each over its own fold's threshold)."""
    from bench.link_candidates import choose

    papers = [as_paper(pp, paper_edges(pp), m.probabilities(pp.x, pp.mask), float(m.threshold), int(m.max_edits))
              for pp, m, _, _ in fitted]
    return choose(papers, kind)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.measure_link_recall")
    ap.add_argument("step", choices=("account", "measure", "setting", "check"))
    ap.add_argument("folds")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--out")
    ap.add_argument("--only", nargs="+", default=["N1", "N3", "C"], choices=["N1", "N3", "C"])
    ap.add_argument("--kind", choices=["N1", "N3", "C"], help="setting: the candidate")
    ap.add_argument("--write", help="setting (N1): write the model file here")
    ap.add_argument("--cuts", help="check: measure's JSON (its N1 cuts per outer fold)")
    ap.add_argument("--limit", type=int, help="measure, a dry run: only the first N outer folds' papers")
    a = ap.parse_args(argv)
    if not Path(a.folds).is_file():
        print(f"error: no such file: {a.folds}", file=sys.stderr)
        return 2
    fitted = pickle.loads(Path(a.folds).read_bytes())
    if a.step == "setting":
        if not a.kind:
            print("error: setting needs --kind", file=sys.stderr)
            return 2
        cut = setting(fitted, a.kind)
        print(f"{a.kind}: cut {cut:.6f} × the link threshold", flush=True)
        if a.write and a.kind == "N1":
            Path(a.write).write_text(json.dumps(model_file(cut, fitted), indent=1) + "\n")
            print(f"wrote {a.write}", flush=True)
        return 0
    if a.step == "check":
        if not a.cuts or not Path(a.cuts).is_file():
            print("error: check needs --cuts MEASURE.json", file=sys.stderr)
            return 2
        differ, added = engine_check(fitted, json.loads(Path(a.cuts).read_text())["cuts"]["N1"])
        print(f"engine vs bench, N1: {differ} pairs differ; the engine added {added}", flush=True)
        return 0 if not differ else 1
    got = account(fitted, a.corpus) if a.step == "account" else measure(fitted, a.corpus, a.only, a.limit)
    text = json.dumps(got, indent=1, ensure_ascii=False)
    if a.out:
        Path(a.out).write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
