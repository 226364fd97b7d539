"""Round twelve's placement study (issue 34, docs/suggest.md "Placement, round twelve"): the tuned comment↔edit
encoder scoring every draft paragraph, measured on the training revisions it never saw.

The shipped tuned encoder (``resources/models/align/tuned-layers.json``) was tuned on exactly the revisions of its
``out_of_fold`` file (the ``VARIANT|PAPER`` keys); ``unseen`` lists the training revisions outside it (the set U),
and stops when one shares its repository with a revision the encoder saw. Only the training part is loaded
(``bench.suggest_corpus.load_papers(..., "train")``); drafts unpaged.

The table (``build``): per answered training comment, ``bench.place_table.comment_rows`` (the placement model's
``FEATURES`` over every candidate paragraph, which are right, the rules' total) and, for U only, ``tuned``: the
best cosine of the comment's ``full_text`` with the paragraph's sentences, each after its section path as
``engine.align.tuned.section_pieces`` writes an edit's. The 58 seen revisions never get a tuned cosine.

Figures over U's answered comments, leave-one-repository-out over U's repositories (``measure``):

- ``reference``: ``bench.fit_placement.fit`` over the rules' best two, fitted for held-out g on every training
  revision outside g; ``reference_U``: the same fitted on U minus g only (descriptive);
- ``tuned2``: a second stage (logistic regression, C = 1.0, balanced, standardised: ``bench.place_round11.fit``)
  on [the reference's logit z, tuned cosine, its rank over all candidate paragraphs] over the rules' best two,
  fitted on U minus g, each row's z from the reference fitted outside g and outside the row's repository;
- ``tuned3+2``: the same over the rules' best 3 with the tuned cosine's best 2;
- descriptive: the tuned cosine alone, BM25's first, the rules' first, each pool's ceiling.

    .venv/bin/python -m bench.place_round12 --table /tmp/place16/table.pkl [--pages] [--write] [--time PAPER]

``--write`` fits the shipped model (``write``: the first stage on every training revision, the second on U only)
and writes ``resources/models/placement/reranker.json``.

(``OMP_NUM_THREADS=1`` keeps the ~2,500 small fits quick on a loaded machine)
"""

from __future__ import annotations

import argparse
import json
import math
import pickle
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
NOTE = ROOT / "resources/models/align/tuned-layers.json"
CANDIDATES = ("tuned2", "tuned3+2")


def unseen(manifest: str, note_file: Path = NOTE) -> list[str]:
    """The training revisions the shipped tuned encoder never saw (not in its ``out_of_fold`` file, named in its
    note ``note_file``)."""
    note = json.loads(Path(note_file).read_text(encoding="utf-8"))
    oof = ROOT / note["out_of_fold"].split(":", 1)[0].strip()
    with np.load(oof) as data:
        seen = {k.split("|", 1)[1] for k in data.files if k.startswith(f"{note['variant']}|")}
    train = [r for r in json.loads(Path(manifest).read_text(encoding="utf-8"))["revisions"] if r["part"] == "train"]
    strays = sorted(seen - {r["id"] for r in train})
    if strays:
        raise SystemExit(f"{oof.name} names revisions that are not training revisions: {', '.join(strays)}")
    seen_repos = {r["repository"] for r in train if r["id"] in seen}
    out = [r["id"] for r in train if r["id"] not in seen]
    clash = [r["id"] for r in train if r["id"] in out and r["repository"] in seen_repos]
    if clash:
        raise SystemExit(f"the tuned encoder saw another round of {', '.join(clash)}'s repository")
    return out


def build(manifest: str, cache: str | None, fresh: list[str], pages: bool = False,
          only: list[str] | None = None) -> list[dict[str, Any]]:
    """The table (``pages``: the drafts paged from their typeset PDFs, as ``bench.fit_placement`` reads them;
    ``only``: just those training revisions)."""
    from bench.fit_placement import repositories
    from bench.place_table import comment_rows
    from bench.suggest_corpus import load_papers
    from bench.suggest_places import answered
    from engine.align.localize import candidates, localize
    from engine.generate.rerank import placement_encoder, tuned_cosines
    from engine.models.factory import open_model

    encoder = open_model("encoder")
    groups = repositories(manifest)
    items = list(answered(load_papers(manifest, cache, "train", only)))
    if pages:
        from bench.draft_pages import paged
        from corpus.build_revisions import default_out

        items = paged(items, Path(cache).expanduser() if cache else default_out())[0]
    by_paper: dict[str, list[Any]] = {}
    for a in items:
        by_paper.setdefault(a.paper, []).append(a)
    out = []
    for paper, mine in by_paper.items():
        doc = mine[0].document
        section_text: dict[tuple, str] = {}
        for p in candidates(doc):
            key = tuple(p.section[:1])
            section_text[key] = section_text.get(key, "") + " " + p.text
        rows = []
        for a, loc in zip(mine, localize([a.comment for a in mine], doc, encoder, 3)):
            row = comment_rows(a, doc, [doc.paragraph(pid) for pid, _ in loc.paragraphs], encoder, section_text)
            if row is not None:
                row["group"] = groups[a.paper]
                if paper in fresh:  # the same cosines placement.place computes, comment by comment
                    row["tuned"] = tuned_cosines(placement_encoder(), a.comment,
                                                 [doc.paragraph(pid) for pid in row["ids"]])
                rows.append(row)
        out += rows
        print(f"  {paper}: {len(rows)} answered comments{' (unseen)' if paper in fresh else ''}", flush=True)
    return out


def _rules(r: dict[str, Any]) -> np.ndarray:
    return np.argsort(-r["total"], kind="stable")


def _inverse_rank(values: np.ndarray) -> np.ndarray:
    ranks = np.empty(len(values))
    ranks[np.argsort(-values, kind="stable")] = np.arange(len(values))
    return 1.0 / (1.0 + ranks)


def pool(r: dict[str, Any], candidate: str) -> np.ndarray:
    """The paragraphs (indices into the row) a candidate chooses among, in the rules' order first."""
    if candidate == "tuned3+2":
        return np.array(list(dict.fromkeys([*_rules(r)[:3], *np.argsort(-r["tuned"], kind="stable")[:2]])))
    return _rules(r)[:2]


class References:
    """The reference (``bench.fit_placement.fit`` over the rules' best two), fitted once per set of held-out
    repositories."""

    def __init__(self, table: list[dict[str, Any]]) -> None:
        self.rows = [{"x": r["x"][_rules(r)[:2]], "y": r["y"][_rules(r)[:2]], "group": r["group"]} for r in table]
        self.fits: dict[frozenset, Any] = {}

    def outside(self, *groups: str) -> Any:
        from bench.fit_placement import fit

        key = frozenset(groups)
        if key not in self.fits:
            self.fits[key] = fit([r for r in self.rows if r["group"] not in key])
        return self.fits[key]


def stage_rows(table: list[dict[str, Any]], refs: References, held: str | None,
               candidate: str) -> list[dict[str, Any]]:
    """U's rows for outer fold ``held`` (None: no fold held out): the pool's [z, tuned, tuned rank] and labels; z
    out of fold (the reference fitted outside ``held`` and the row's repository)."""
    out = []
    for r in table:
        picked = pool(r, candidate)
        model = refs.outside(r["group"]) if held is None else refs.outside(held, r["group"])
        x = np.stack([model.scores(r["x"][picked]), r["tuned"][picked], _inverse_rank(r["tuned"])[picked]], axis=1)
        out.append({"paper": r["paper"], "comment": r["comment"], "group": r["group"], "kind": r["kind"],
                    "xs": x, "ys": r["y"][picked]})
    return out


def _scored(scores: np.ndarray, ys: np.ndarray) -> dict[str, Any]:
    order = np.argsort(-scores, kind="stable")
    if len(order) < 2:
        return {"first": bool(ys[order[0]]), "second": False, "margin": np.inf}
    return {"first": bool(ys[order[0]]), "second": bool(ys[order[1]]),
            "margin": float(scores[order[0]] - scores[order[1]])}


def _key(r: dict[str, Any]) -> tuple:
    return r["paper"], r["comment"]


def reference(table: list[dict[str, Any]], u: list[dict[str, Any]], refs: References) -> dict[tuple, dict]:
    """The reference's first, best two and card per comment of U (outer folds over U's repositories; the card's
    margin chosen on the out-of-fold scores of every training repository outside g)."""
    from bench.place_alternative import choose

    out = {}
    by_group: dict[str, list] = {}
    for r in table:
        by_group.setdefault(r["group"], []).append(r)
    for held in sorted({r["group"] for r in u}):
        inner = [{**_scored(refs.outside(held, h).scores(r["x"][_rules(r)[:2]]), r["y"][_rules(r)[:2]])}
                 for h in sorted(by_group) if h != held for r in by_group[h]]
        m = choose(inner)
        for r in by_group[held]:
            s = _scored(refs.outside(held).scores(r["x"][_rules(r)[:2]]), r["y"][_rules(r)[:2]])
            out[_key(r)] = {**s, "kind": r["kind"], "card": s["first"] or (s["margin"] <= m and s["second"])}
    return out


def stacked(u: list[dict[str, Any]], refs: References, candidate: str) -> dict[tuple, dict]:
    """A candidate's second stage per comment of U: fitted on U minus g, the card's margin chosen on U minus g."""
    from bench.place_alternative import choose
    from bench.place_round11 import fit

    out = {}
    groups = sorted({r["group"] for r in u})
    for held in groups:
        rows = stage_rows(u, refs, held, candidate)
        inner = []
        for h in groups:
            if h != held:
                model = fit([r for r in rows if r["group"] not in (held, h)], "stage2")
                inner += [_scored(model.scores(r["xs"]), r["ys"]) for r in rows if r["group"] == h]
        m = choose(inner)
        model = fit([r for r in rows if r["group"] != held], "stage2")
        for r in rows:
            if r["group"] == held:
                s = _scored(model.scores(r["xs"]), r["ys"])
                out[_key(r)] = {**s, "kind": r["kind"], "card": s["first"] or (s["margin"] <= m and s["second"]),
                                "pool": bool(r["ys"].any())}
    return out


def measure(table: list[dict[str, Any]], fresh: list[str]) -> None:
    from bench.place_study import sign_test

    refs = References(table)
    u = [r for r in table if r["paper"] in fresh]
    n = len(u)
    need = max(6, math.ceil(0.015 * n))
    print(f"U: {n} answered comments of {len({r['paper'] for r in u})} unseen revisions, "
          f"{len({r['group'] for r in u})} repositories (the reference fitted on {len(table)} comments of "
          f"{len({r['paper'] for r in table})} training revisions outside each); drafts unpaged; pass: +{need} and p < 0.05")
    bm25 = sum(bool(r["y"][int(np.argmax(r["x"][:, r["features"].index("bm25")]))]) for r in u)
    rules = sum(bool(r["y"][_rules(r)[0]]) for r in u)
    alone = sum(bool(r["y"][int(np.argmax(r["tuned"]))]) for r in u)
    alone2 = sum(bool(r["y"][_rules(r)[:2]][int(np.argmax(r["tuned"][_rules(r)[:2]]))]) for r in u)
    ceil = {k: sum(bool(r["y"][p].any()) for r in u for p in [pool(r, k)]) for k in ("tuned2", "tuned3+2")}
    print(f"  BM25 first {bm25}; rules' first {rules}; tuned cosine alone: first over all paragraphs {alone}, "
          f"among the rules' best two {alone2}; a right one in the pool: best two {ceil['tuned2']}, "
          f"best 3 + tuned 2 {ceil['tuned3+2']}")
    own = References(u)
    only_u = sum(bool(r["y"][_rules(r)[:2]][int(np.argmax(own.outside(r["group"]).scores(r["x"][_rules(r)[:2]])))])
                 for r in u)
    print(f"  reference_U (fitted on U minus g only, descriptive): first {only_u}")
    ref = reference(table, u, refs)
    keys = [_key(r) for r in u]

    def line(name: str, o: dict[tuple, dict]) -> str:
        first = sum(o[k]["first"] for k in keys)
        two = sum(o[k]["first"] or o[k]["second"] for k in keys)
        card = sum(o[k]["card"] for k in keys)
        return f"  {name:10} first {first:4} ({100 * first / n:.1f} %)  best two {two:4}  card {card:4} ({100 * card / n:.1f} %)"

    print(line("reference", ref), flush=True)
    for name in CANDIDATES:
        o = stacked(u, refs, name)
        gained, lost, p = sign_test([ref[k]["first"] for k in keys], [o[k]["first"] for k in keys])
        kinds: Counter = Counter()
        for k in keys:
            kinds[ref[k]["kind"]] += int(o[k]["first"]) - int(ref[k]["first"])
        d = {f: sum(o[k][f] for k in keys) - sum(ref[k][f] for k in keys) for f in ("first", "card")}
        d["two"] = sum(o[k]["first"] or o[k]["second"] for k in keys) - sum(ref[k]["first"] or ref[k]["second"] for k in keys)
        passed = d["first"] >= need and p < 0.05 and d["two"] >= -2 and d["card"] >= -2 and min(kinds.values()) >= -2
        print(f"{line(name, o)}  +{gained} -{lost} p = {p:.3f}  fine types {dict(sorted(kinds.items()))}  "
              f"{'PASSES' if passed else 'fails'}", flush=True)


def write(table: list[dict[str, Any]], fresh: list[str]) -> None:
    """The shipped model: the first stage (the reference) fitted on every training revision, the second stage
    (``tuned2``) on U only, each row's z from the first stage fitted outside its repository, and its card margin
    chosen by round nine's rule on U's out-of-fold second-stage scores (leave-one-repository-out)."""
    from bench.fit_placement import MODEL, fit
    from bench.place_alternative import CAP, choose
    from bench.place_round11 import fit as fit_stage
    from engine.generate.rerank import SECOND
    from engine.models.linear import StandardisedLinear

    refs = References(table)
    u = [r for r in table if r["paper"] in fresh]
    rows = stage_rows(u, refs, None, "tuned2")
    inner = []
    for h in sorted({r["group"] for r in rows}):
        m = fit_stage([r for r in rows if r["group"] != h], "stage2")
        inner += [_scored(m.scores(r["xs"]), r["ys"]) for r in rows if r["group"] == h]
    second = fit_stage(rows, "stage2")
    ref, got = reference(table, u, refs), stacked(u, refs, "tuned2")
    lopo = {"rules": sum(bool(r["y"][0]) for r in refs.rows),
            "model": sum(bool(r["y"][int(np.argmax(refs.outside(r["group"]).scores(r["x"])))]) for r in refs.rows),
            "any": sum(bool(r["y"].any()) for r in refs.rows), "of": len(refs.rows)}
    model = fit(refs.rows)
    model.second = StandardisedLinear(SECOND, second.mean, second.scale, second.coef, second.intercept)
    model.margin = choose(inner, cap=CAP)  # round thirteen: at most a quarter of the cards show two places
    model.meta = {
        "data": "revisions corpus, training part (hand labels), answered comments; drafts unpaged (refit on a "
                "cache with the typeset PDFs: bench.place_round12 --pages --write)",
        "revisions": sorted({r["paper"] for r in table}), "comments": len(table), "k": 2,
        "folds": "leave-papers-out grouped by repository", "lopo_top1": lopo,
        "second_stage": {"revisions": sorted(fresh), "comments": len(u),
                         "why": "the training revisions the tuned encoder never saw (not in tuned-layers.json's "
                                "out-of-fold file); the revisions it saw feed no tuned-cosine weight",
                         "lopo_top1": {"reference": sum(v["first"] for v in ref.values()),
                                       "model": sum(v["first"] for v in got.values()),
                                       "card": sum(v["card"] for v in got.values()), "of": len(u)}},
        "fitted_by": "bench.place_round12 --write"}
    MODEL.write_text(json.dumps(model.to_dict(), indent=1) + "\n")
    print(f"wrote {MODEL.relative_to(ROOT)}: margin {model.margin:.3f}; {model.meta['second_stage']['lopo_top1']}")


def timing(manifest: str, cache: str | None, paper_id: str) -> None:
    """The tuned encoder over every candidate paragraph of one draft: cold (an empty embedding cache) and warm."""
    import tempfile

    from bench.suggest_corpus import load_papers
    from engine.align.embed import sentence_cosines
    from engine.align.localize import candidates
    from engine.align.tuned import tuned_encoder
    from engine.generate.rerank import tuned_pieces
    from engine.models.encoders.embed_cache import EmbeddingCache

    paper = load_papers(manifest, cache, "train", [paper_id])[0]
    doc = paper.diff.old
    paras = list(candidates(doc))
    texts = [tuned_pieces(p) for p in paras]
    comments = [c.full_text for c in paper.comments]
    with tempfile.TemporaryDirectory() as tmp:
        encoder = tuned_encoder(EmbeddingCache(Path(tmp) / "e.sqlite3"))
        start = time.perf_counter()
        sentence_cosines(encoder, comments[:1], texts)
        cold = time.perf_counter() - start
        warm = []
        for c in comments[1:11]:
            start = time.perf_counter()
            sentence_cosines(encoder, [c], texts)
            warm.append(time.perf_counter() - start)
    print(f"{paper_id}: {len(paras)} candidate paragraphs, {sum(map(len, texts))} sentences; the first comment "
          f"(cold cache, graph load included) {cold:.1f} s; the next {len(warm)} (warm) median "
          f"{np.median(warm):.2f} s, max {max(warm):.2f} s")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(ROOT / "corpus/revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: ~/.cache/redraft/corpus)")
    ap.add_argument("--table", help="the table's pickle (built when missing)")
    ap.add_argument("--list", action="store_true", help="only list the unseen training revisions")
    ap.add_argument("--time", metavar="PAPER", help="only time the tuned encoder over PAPER's draft")
    ap.add_argument("--pages", action="store_true", help="page the drafts from their typeset PDFs (a new table)")
    ap.add_argument("--write", action="store_true", help="fit the shipped model (both stages) and write it")
    args = ap.parse_args()
    fresh = unseen(args.corpus)
    if args.list:
        print(f"{len(fresh)} training revisions the tuned encoder never saw:", " ".join(fresh))
        return 0
    if args.time:
        timing(args.corpus, args.cache, args.time)
        return 0
    if not args.table:
        ap.error("--table is required")
    path = Path(args.table).expanduser()
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pickle.dumps(build(args.corpus, args.cache, fresh, args.pages)))
    table = pickle.loads(path.read_bytes())
    if args.write:
        write(table, fresh)
        return 0
    measure(table, fresh)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
