"""Session 33 (issue 32): the letter that still loses answered comments on new papers (docs/figures-align.md,
"Session 33: the letter that still loses answered comments on new papers"). Training part only.

    nice env OMP_NUM_THREADS=1 .venv/bin/python -m bench.measure_letter_keep account PAIRS --only ID [ID ...]
    ... judge PAIRS --only ID [ID ...] [--out JSON]   (the rule's rows on revisions no shipped model saw)
    ... band PAIRS --only <the 34> [--write]          (K2's band; --write: into answered-letter.json)
    ... folds /tmp/letter30/pairs86.pkl [--letter30 /tmp/letter30] [--out JSON]   (condition 4: the 86's folds)

``account`` (counts, decides nothing): on revisions no shipped model saw (the shipped encoder's cosines in
``PAIRS``, as ``bench.measure_unseen_train pairs`` builds them; the shipped ``learned.json``, ``answered.json`` and
``answered-letter.json``; the letters as the app reads them), the answered comments found without the letter and
lost with it, by what the letter's answer says (``measure_letter_found.answer_class``), how the letter quoted the
comment, whether its best link and the no-letter model were sure; and the unanswered comments the letter stops
flagging, the same way. ``judge``: the pooled rows of the no-letter state, today's letter path and each candidate
(``keep_found`` and ``K2_PARTLY`` here), per revision beside.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
FOUND = ("addressed", "partly")
#: K2: the letter model's "partly" band, set on the account set (session 32's 34) by ``learn_answered.
#: held_found_band`` (its found at A0's, the shipped models, the letters the app reads); shipped since session 33
#: (letter33), the band was 0.7461 before.
K2_PARTLY = 0.5557
#: The rule's limits (written before any figure on the judging set): found may fall at most this (points) from the
#: no-letter state; wrong "addressed" at most MAX_WRONG % and at most WRONG_RISE points above the no-letter state.
FOUND_FALL, MAX_WRONG, WRONG_RISE = 1.0, 10.0, 1.0
ROWS = {"N": "a0", "T": "al", "K1": "K1", "K2": "K2"}


def keep_found(no_letter: np.ndarray, with_letter: np.ndarray, letter_rows: np.ndarray) -> np.ndarray:
    """K1: each comment's answered probability (status scale) with the letter read: ``with_letter`` (the letter
    model's), raised to just above ``status.PARTLY_P`` where ``no_letter`` (the no-letter model's, status scale)
    reaches ``PARTLY_P`` and the letter's answer does not decline or defer (``letter_rows``: comments ×
    ``letter.FEATURES``). The letter may lower a comment to "partly (check)", not below, unless the answer declines."""
    from engine.align.letter import FEATURES as LETTER_FEATURES
    from engine.align.status import PARTLY_P

    with_letter = np.asarray(with_letter, dtype=np.float32)
    if not with_letter.size:
        return with_letter.copy()
    partly = np.nextafter(np.float32(PARTLY_P), np.float32(1))  # float32 0.35 is just under 0.35
    declines = np.asarray(letter_rows)[:, LETTER_FEATURES.index("letter_decline")] > 0
    keep = (np.asarray(no_letter) >= PARTLY_P) & ~declines
    return np.where(keep, np.maximum(with_letter, partly), with_letter).astype(np.float32)


def k2_band(rows: list[dict]) -> float:
    """K2's "partly" band: ``learn_answered.held_found_band`` on ``rows``' comments of the letters the app reads, the
    shipped models' raw probabilities (the letter model's found at the no-letter model's)."""
    from engine.align.answered import shipped_answered
    from engine.align.learn_answered import held_found_band

    a0, al = shipped_answered(), shipped_answered(letter=True)
    got = [r for r in rows if r["read"]]
    p0, pl, y, shown = (np.concatenate([r[k] for r in got]) for k in ("raw0", "rawl", "answered", "shown"))
    return held_found_band(pl, y, shown, al.bands, p0, a0.bands["partly"])


def write_band(band: float, ids: list[str]) -> Path:
    """``answered-letter.json`` with its "partly" band ``band`` (weights and "addressed" band unchanged), the
    revisions it was set on in ``meta.band_on`` (``measure_unseen_train.seen_by_shipped`` refuses them)."""
    from engine.align.answered import AnsweredModel
    from engine.resources import resource

    path = Path(str(resource("models", "align", "answered-letter.json")))
    model = AnsweredModel.from_dict(json.loads(path.read_text(encoding="utf-8")))
    model.bands = dict(model.bands) | {"partly": band}
    model.meta = dict(model.meta) | {"band_on": ids, "partly_rule": dict(model.meta.get("partly_rule", {})) | {
        "unseen": "lowered to held_found's band on revisions no shipped model saw (session 33, letter33, K2)"}}
    path.write_text(json.dumps(model.to_dict(), indent=1) + "\n", encoding="utf-8")
    return path


class _Scale:
    """An answered model stand-in whose probabilities are already on the status scale."""

    bands: dict = {}

    @staticmethod
    def status_scale(p):
        return p


def comment_rows(pairs, cache: Path) -> list[dict]:
    """Per revision: its comments' status-scale answered probabilities with no letter (``a0``) and with the letter
    model (``al``; A0's where the app does not read the letter), the letter's answers, the link matrix, read."""
    from engine.align.answered import shipped_answered
    from engine.align.learn import scored
    from engine.align.learn_answered import answered_rows
    from engine.align.learned import shipped_model
    from engine.cli.eval_align_corpus import corpus_letters
    from engine.project.response import quotes_enough

    m, a0, al = shipped_model(), shipped_answered(), shipped_answered(letter=True)
    letters = corpus_letters([pp.paper for pp in pairs], str(cache))
    out = []
    for pp in pairs:
        found = letters.get(pp.paper.id) or [None] * len(pp.paper.comments)
        read = quotes_enough(sum(f is not None for f in found), len(found))
        s = scored(pp, m)
        x0, y, shown = answered_rows(pp, s.matrix, m.threshold)
        xl, _, _ = answered_rows(pp, s.matrix, m.threshold, found)
        p0 = a0.status_scale(a0.probabilities(x0))
        raw0, raw_l = a0.probabilities(x0), al.probabilities(xl)
        pl = al.status_scale(raw_l) if read else p0
        k2 = replace(al, bands=dict(al.bands) | {"partly": K2_PARTLY}).status_scale(raw_l) if read else p0
        extra = xl[:, x0.shape[1]:]
        k1 = keep_found(p0, pl, extra) if read else p0
        out.append({"pp": pp, "scored": s, "model": m, "found": found, "read": read, "extra": extra,
                    "a0": p0.astype(np.float32), "al": pl.astype(np.float32), "K1": k1.astype(np.float32),
                    "K2": k2.astype(np.float32), "answered": y, "shown": shown, "raw0": raw0, "rawl": raw_l})
    return out


def statuses_of(rows: list[dict], key: str) -> tuple[dict[str, dict], dict[str, str], dict[str, float]]:
    """Per-revision counts (``corpus_eval.figures``) and each comment's status under ``rows[k][key]`` (status scale),
    through the app's steps (``eval_align_corpus.results_inputs``: listed corrections, sure links, neighbours)."""
    from engine.align.config import DEFAULTS
    from engine.align.corpus_eval import figures
    from engine.cli.eval_align_corpus import results_inputs

    fitted = [(r["pp"], r["model"], _Scale()) for r in rows]
    raw = [replace(r["scored"], answered=r[key]) for r in rows]
    items = results_inputs(fitted, raw, [r["pp"] for r in rows], DEFAULTS["evidence"])["learned"]
    per, st, best = {}, {}, {}
    for (s, t, cap, status_of), r in zip(items, rows):
        per[r["pp"].paper.id] = figures(s, t, cap, status_of)
        for i, cid in enumerate(s.comment_ids):
            row = s.matrix[i] if s.matrix.size else np.zeros(0)
            st[cid] = status_of(row, float(s.answered[i]))
            best[cid] = float(row.max()) if row.size else 0.0
    return per, st, best


def pooled(per: dict[str, dict], ids=None) -> dict[str, float]:
    ids = list(per) if ids is None else ids
    c = Counter()
    for i in ids:
        c.update(per[i])
    return {"found": round(100 * c["found"] / max(c["answered"], 1), 1), "found n": c["found"],
            "answered": c["answered"], "wrong": round(100 * c["wrong"] / max(c["addressed"], 1), 1),
            "calls": c["addressed"], "U": round(100 * c["unanswered found"] / max(c["unanswered"], 1), 1),
            "U n": c["unanswered found"], "unanswered": c["unanswered"]}


def how_quoted(answer) -> str:
    if answer is None:
        return "not quoted"
    return "quoted whole (cover >= 0.9)" if answer.cover >= 0.9 else "quoted in part (cover 0.3-0.9)"


def account(rows: list[dict], cache: Path) -> None:
    from bench import measure_letter_extracted as mlx
    from bench.measure_letter_found import answer_class
    from engine.align.status import ADDRESSED_P

    labels = REPO / "corpus" / "labels"
    per0, st0, best = statuses_of(rows, "a0")
    perl, stl, _ = statuses_of(rows, "al")
    p0, pl = pooled(per0), pooled(perl)
    print(f"{len(rows)} revisions; letters not read as the app: "
          f"{', '.join(r['pp'].paper.id for r in rows if not r['read']) or 'none'}")
    print(f"no letter: found {p0['found']} % ({p0['found n']} of {p0['answered']}), wrong {p0['wrong']} % "
          f"({p0['calls']}), U {p0['U']} % ({p0['U n']} of {p0['unanswered']})")
    print(f"letter as the app: found {pl['found']} % ({pl['found n']}), wrong {pl['wrong']} % ({pl['calls']}), "
          f"U {pl['U']} % ({pl['U n']})")
    lost, unflag, gained, flagged = [], [], Counter(), Counter()
    per_rev = {}
    for r in rows:
        rid = r["pp"].paper.id
        refs = mlx.replies(rid, cache, labels)
        for i, c in enumerate(r["pp"].paper.comments):
            s0, sl = st0[c.id] in FOUND, stl[c.id] in FOUND
            ans = bool(r["answered"][i])
            if s0 == sl or not r["read"]:
                if s0 != sl:
                    print(f"  note: {c.id} moved on an unread letter")
                continue
            a = r["found"][i]
            cls = answer_class(a, [refs[c.id]] if c.id in refs else [])
            facts = (cls, how_quoted(a), "best link sure" if best[c.id] >= ADDRESSED_P else "best link unsure",
                     "A0 sure" if r["a0"][i] >= ADDRESSED_P else "A0 unsure")
            if ans and s0:
                lost.append(facts)
                per_rev.setdefault(rid, Counter())["lost"] += 1
            elif ans:
                gained[cls] += 1
                per_rev.setdefault(rid, Counter())["gained"] += 1
            elif s0:
                unflag.append(facts)
                per_rev.setdefault(rid, Counter())["unflagged"] += 1
            else:
                flagged[cls] += 1
                per_rev.setdefault(rid, Counter())["flagged"] += 1
    for name, got in (("answered, found without the letter and lost with it", lost),
                      ("unanswered, flagged without the letter and not with it (the letter's gain in U)", unflag)):
        print(f"\n{name}: {len(got)}")
        for k, label in enumerate(("what the answer says", "how the letter quoted it", "best link", "no-letter model")):
            print(f"  by {label}: " + ", ".join(f"{v} {n}" for v, n in Counter(f[k] for f in got).most_common()))
        print("  answer class x A0 sure: " + ", ".join(
            f"{v} {n}" for v, n in Counter((f[0], f[3]) for f in got).most_common()))
        print("  answer class x how quoted: " + ", ".join(
            f"{v} {n}" for v, n in Counter((f[0], f[1]) for f in got).most_common()))
    print(f"\nanswered, gained with the letter: {sum(gained.values())} ({dict(gained)})")
    print(f"unanswered, flagged only with the letter: {sum(flagged.values())} ({dict(flagged)})")
    print("\nper revision | found without / with (answered) | lost | gained | unanswered unflagged | newly flagged | "
          "how its letter quotes (answers found / comments; read)")
    for r in rows:
        rid = r["pp"].paper.id
        c = per_rev.get(rid, Counter())
        n_found = sum(f is not None for f in r["found"])
        print(f"{rid} | {per0[rid]['found']} / {perl[rid]['found']} ({per0[rid]['answered']}) | {c['lost']} | "
              f"{c['gained']} | {c['unflagged']} | {c['flagged']} | {n_found} / {len(r['found'])}; "
              f"{'read' if r['read'] else 'not read'}")


def judge(rows: list[dict], out: str | None) -> int:
    """The rule's rows on the judging set: pooled, per revision, and the verdict of conditions 1-3."""
    per, table = {}, {}
    for name, key in ROWS.items():
        per[name], _, _ = statuses_of(rows, key)
        table[name] = pooled(per[name])
    print(f"{len(rows)} revisions; letters not read as the app: "
          f"{', '.join(r['pp'].paper.id for r in rows if not r['read']) or 'none'}")
    print("row | found | wrong addressed (calls) | U (unanswered called addressed or partly)")
    for name, t in table.items():
        print(f"{name} | {t['found']} % ({t['found n']} of {t['answered']}) | {t['wrong']} % ({t['calls']}) | "
              f"{t['U']} % ({t['U n']} of {t['unanswered']})")
    print("per revision: found N / T / K1 / K2 | wrong (calls) N / T / K1 / K2")
    for r in rows:
        rid = r["pp"].paper.id
        one = {k: pooled(per[k], [rid]) for k in ROWS}
        print(f"  {rid} | " + " / ".join(str(one[k]["found"]) for k in ROWS) + " | "
              + " / ".join(f"{one[k]['wrong']} ({one[k]['calls']})" for k in ROWS))
    verdicts = {}
    n = table["N"]
    for k in ("K1", "K2"):
        t, why = table[k], []
        if t["found"] < n["found"] - FOUND_FALL:
            why.append(f"found {t['found']} < N's {n['found']} - {FOUND_FALL}")
        if t["wrong"] > MAX_WRONG or t["wrong"] > n["wrong"] + WRONG_RISE:
            why.append(f"wrong addressed {t['wrong']} > {MAX_WRONG} or > N's {n['wrong']} + {WRONG_RISE}")
        if t["U"] > n["U"]:
            why.append(f"U {t['U']} > N's {n['U']}")
        if t["found"] <= table["T"]["found"]:
            why.append(f"found {t['found']} not above T's {table['T']['found']}")
        verdicts[k] = why
        print(f"{k} on the judging set (conditions 1-3): {'; '.join(why) or 'passes'}")
    if out:
        Path(out).write_text(json.dumps({"pooled": table, "per": per, "verdicts": verdicts}, indent=1) + "\n")
    return 0


def folds86(pairs_path: Path, letter30: Path, corpus: str, cache: Path, out: str | None) -> int:
    """Condition 4: the 86's grouped folds as session 29's ``bench.measure_letter_found report`` scores them (its
    runs A0 and F1, its fold bands; T is today's letter path, C2's bands), K1 and K2 against T: the pooled found and
    wrong "addressed" differences and their 90 % intervals over repositories (``measure_letter_found.rise``)."""
    from bench import measure_letter_status as mls
    from bench.measure_answered_rank import summarise
    from bench.measure_carry_align import run_variant
    from bench.measure_letter_fallback import on_status_scale
    from bench.measure_letter_found import combined, rise
    from bench.measure_link_trees import folds_file, grouped_pairs
    from engine.align.folds import group_of
    from engine.align.learn import C, scored
    from engine.align.letter import letter_features

    folds = folds_file(str(pairs_path), str(letter30))
    if folds is None:
        return 2
    pairs, groups = grouped_pairs(str(pairs_path), Path(corpus))
    mls.load_letters(pairs, cache, strip=True)
    fitted = run_variant(pairs, {"c": C}, folds)
    base = [scored(pp, m) for pp, m, _, _ in fitted]
    load = lambda n: pickle.loads((letter30 / "gold" / f"answered-{n}.pkl").read_bytes())  # noqa: E731
    a0, l1 = load("A0"), load("F1")
    c2 = pickle.loads((letter30 / "gold" / "bands-C2.pkl").read_bytes())
    b2 = {g: v["C2"] for g, v in c2.items()}
    shift = 0.7461 - K2_PARTLY  # the shipped band's fall, carried to each fold's band
    runs = {"N": combined(fitted, a0, a0, a0["bands"], False), "T": combined(fitted, a0, l1, b2, False),
            "K2": combined(fitted, a0, l1, {g: b | {"partly": b["partly"] - shift} for g, b in b2.items()}, False)}
    k1 = {"bands": runs["T"]["bands"], "probs": {}}
    for pp, *_ in fitted:
        rid, g = pp.paper.id, group_of(pp.paper)
        found = mls.LETTERS[rid][0]
        p0 = on_status_scale(a0["probs"][rid], a0["bands"][g])
        k1["probs"][rid] = keep_found(p0, runs["T"]["probs"][rid], letter_features(found, [[] for _ in found]))
    runs["K1"] = k1
    per, sums = {}, {}
    for k, r in runs.items():
        per[k], sums[k], _ = summarise(fitted, base, r, groups)
    print(f"the 86's grouped folds ({len(groups)} repositories), session 29's runs; gold comments")
    print("row | found | wrong addressed (calls) | U")
    for k, sm in sums.items():
        c = sm["counts"]
        print(f"{k} | {sm['found']} % ({c['found']} of {c['answered']}) | {sm['wrong addressed']} % "
              f"({sm['addressed calls']}) | {sm['U']} % ({c['flagged']} of {c['unanswered']})")
    verdicts = {}
    for k in ("K1", "K2"):
        f = rise(per[k], per["T"], groups, "found", "answered")
        w = rise(per[k], per["T"], groups, "wrong", "addressed")
        why = []
        if f[2] < 0:
            why.append("found wholly below T's")
        if w[1] > 0:
            why.append("wrong addressed wholly above T's")
        if (sums[k]["wrong addressed"] or 0) > MAX_WRONG:
            why.append(f"wrong addressed above {MAX_WRONG} %")
        if sums[k]["U"] > sums["N"]["U"]:
            why.append(f"U {sums[k]['U']} above N's {sums['N']['U']}")
        verdicts[k] = why
        print(f"{k} - T: found {f[0]:.2f} points (90 % {f[1]:.2f} to {f[2]:.2f}), wrong addressed {w[0]:.2f} "
              f"(90 % {w[1]:.2f} to {w[2]:.2f}): {'; '.join(why) or 'passes'}")
    if out:
        Path(out).write_text(json.dumps({"sums": {k: {x: v for x, v in s.items()} for k, s in sums.items()},
                                         "verdicts": verdicts}, indent=1, default=str) + "\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    from bench.measure_unseen_train import seen_by_shipped, training_ids
    from bench.measure_letter_status import cache_dir

    ap = argparse.ArgumentParser(prog="python -m bench.measure_letter_keep")
    ap.add_argument("step", choices=("account", "judge", "folds", "band"))
    ap.add_argument("--write", action="store_true", help="band: write it into answered-letter.json")
    ap.add_argument("pairs", help="the revisions' pairs (bench.measure_unseen_train pairs); folds: session 29's "
                    "pairs of the 86 (/tmp/letter30/pairs86.pkl)")
    ap.add_argument("--only", dest="ids", nargs="+", default=[], help="training revisions no shipped model saw")
    ap.add_argument("--out", help="judge, folds: the counts as JSON")
    ap.add_argument("--letter30", default="/tmp/letter30", help="folds: session 29's folds and runs (gold/)")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: $REDRAFT_CORPUS or ~/.cache/redraft/corpus)")
    a = ap.parse_args(argv)
    if a.step == "folds":
        return folds86(Path(a.pairs), Path(a.letter30), a.corpus, cache_dir(a.cache), a.out)
    ids = training_ids(a.corpus, a.ids) if a.ids else "account and judge need --only"
    if isinstance(ids, str):
        print(f"error: {ids}", file=sys.stderr)
        return 2
    if clash := sorted(set(ids) & seen_by_shipped(band_on=a.step != "band")):  # band: set again on its own 34
        print(f"error: a shipped model was fitted on: {', '.join(clash)}", file=sys.stderr)
        return 2
    if not Path(a.pairs).is_file():
        print(f"error: no such pairs file: {a.pairs} (build it with python -m bench.measure_unseen_train pairs)",
              file=sys.stderr)
        return 2
    keep = set(ids)
    pairs = [pp for pp in pickle.loads(Path(a.pairs).read_bytes()) if pp.paper.id in keep]
    if missing := sorted(keep - {pp.paper.id for pp in pairs}):
        print(f"error: not in {a.pairs}: {', '.join(missing)}", file=sys.stderr)
        return 2
    cache = cache_dir(a.cache)
    rows = comment_rows(pairs, cache)
    if a.step == "account":
        account(rows, cache)
        return 0
    if a.step == "band":
        band = k2_band(rows)
        print(f"K2's band on {len(rows)} revisions: {band}" + (f" (the rule's: {K2_PARTLY})" if band == K2_PARTLY else
                                                                f" (not the rule's {K2_PARTLY})"))
        if a.write:
            print(f"written: {write_band(band, ids)}")
        return 0
    return judge(rows, a.out)


if __name__ == "__main__":
    sys.exit(main())
