"""Round fourteen's placement study (issue 34, docs/suggest.md "Placement, round fourteen"): where today's shipped
placement misses on the training part, counted by paper kind and by what the comment names, then the candidates
fixed from that account, measured by the rule written before them.

The table is round twelve's (``bench.place_round12.build``: the training part only, drafts unpaged; per answered
comment every candidate paragraph's ``FEATURES``, the rules' total, which paragraphs are right, the located
paragraphs) with three additions: ``tuned_all``, the tuned encoder's cosine for **every** training revision (the
shipped placement reads it; on the 58 revisions the encoder saw it is in-sample, so it feeds the account only, never
a weight: ``tuned`` stays U's alone, as rounds twelve and thirteen), ``theory`` (the draft's LaTeX source opens three
or more theorem-like or proof environments: ``theory_envs``) and ``variant`` (the placement rules the table was built
with: ``shipped``, or a candidate's).

    .venv/bin/python -m bench.place_round14 --table /tmp/place20/table.pkl --account

(built when the pickle is missing). ``--account`` prints counts only, with the shipped model as it is (in-sample: it
was fitted on these revisions) and, over U, round twelve's two stages refitted per repository fold: nothing is
fitted or chosen by it.
"""

from __future__ import annotations

import argparse
import pickle
import re
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
#: Theorem-like and proof environments (besides the draft's own ``\newtheorem``s).
_STANDARD_ENVS = ("theorem", "lemma", "proposition", "corollary", "definition", "proof", "thm", "lem", "prop",
                  "cor", "defn", "conjecture", "claim")
_BEGIN = re.compile(r"\\begin\s*\{([A-Za-z]+)\*?\}")
#: A draft with at least this many theorem-like or proof environments is a theory paper in the account.
THEORY_MIN = 3
#: What a comment names (a comment counts under every cue it carries).
CUES = {
    "theorem": re.compile(r"\b(?:theorems?|thms?\.)\s*\(?[A-Z]?\d", re.I),
    "lemma": re.compile(r"\b(?:lemmas?|lemmata)\s*\(?[A-Z]?\d", re.I),
    "proposition/corollary": re.compile(r"\b(?:propositions?|props?\.|corollar(?:y|ies)|cor\.)\s*\(?[A-Z]?\d", re.I),
    "definition": re.compile(r"\b(?:definitions?|defs?\.)\s*\(?[A-Z]?\d", re.I),
    "a proof": re.compile(r"\bproofs?\b", re.I),
    "an equation": re.compile(r"\b(?:eqs?\.?|equations?)\s*\(?\d", re.I),
    "a page": re.compile(r"(?<![\w.])(?:pages?|pp?\.|pg\.?|p(?=\d))\s*\d", re.I),
    "a line": re.compile(r"(?<![\w.])(?:lines?|ll?\.|l(?=\d))\s*\d", re.I),
    "a section": re.compile(r"\b(?:sections?|sec\.|§)\s*\d", re.I),
    "a figure/table": re.compile(r"\b(?:fig(?:ure)?s?\.?|tables?|tab\.)\s*\d", re.I),
}


def theory_envs(source_path: str) -> int:
    """How many theorem-like or proof environments the draft's LaTeX source (with its inputs) opens."""
    from engine.document.latex.includes import load_project
    from engine.document.latex.theorems import read_theorems

    src, _ = load_project(Path(source_path))
    names = set(_STANDARD_ENVS) | set(read_theorems(src.text))
    return sum(m.group(1) in names for m in _BEGIN.finditer(src.text))


def build(manifest: str, cache: str | None, fresh: list[str], variants: tuple[str, ...] = ("shipped",),
          reuse: dict[tuple, Any] | None = None) -> dict[str, list[dict[str, Any]]]:
    """Round twelve's table with ``tuned_all``, ``theory``, ``parts`` and ``variant``, once per rules variant
    (``candidate_rules``), the corpus read once; ``reuse``: (paper, comment) → (paragraph ids, tuned cosines) of a
    table built before (the rules change neither the candidate paragraphs nor their cosines). ``parts``: how many
    theorem-like statements and proofs the draft's paragraphs carry (``Paragraph.part``, which the LaTeX reader
    recorded at commit 3ccbd586 only: round fourteen's candidates were removed when none passed; build the candidates'
    tables on that commit)."""
    from bench.fit_placement import repositories
    from bench.place_table import comment_rows
    from bench.suggest_corpus import load_papers
    from bench.suggest_places import answered
    from engine.align.localize import candidates, localize
    from engine.generate.rerank import placement_encoder, tuned_cosines
    from engine.models.factory import open_model

    encoder = open_model("encoder")
    groups = repositories(manifest)
    items = list(answered(load_papers(manifest, cache, "train")))
    by_paper: dict[str, list[Any]] = {}
    for a in items:
        by_paper.setdefault(a.paper, []).append(a)
    out: dict[str, list[dict[str, Any]]] = {v: [] for v in variants}
    for paper, mine in by_paper.items():
        doc = mine[0].document
        envs = theory_envs(doc.source_path)
        parts = sum(bool(getattr(p, "part", "")) and (k == 0 or getattr(doc.paragraphs[k - 1], "part", "") != p.part)
                    for k, p in enumerate(doc.paragraphs))  # ``Paragraph.part``: at 3ccbd586 only
        section_text: dict[tuple, str] = {}
        for p in candidates(doc):
            key = tuple(p.section[:1])
            section_text[key] = section_text.get(key, "") + " " + p.text
        located = localize([a.comment for a in mine], doc, encoder, 3)
        for variant in variants:
            candidate_rules(variant)
            for a, loc in zip(mine, located):
                row = comment_rows(a, doc, [doc.paragraph(pid) for pid, _ in loc.paragraphs], encoder, section_text)
                if row is None:
                    continue
                row["group"], row["theory"], row["variant"], row["parts"] = groups[a.paper], envs >= THEORY_MIN, \
                    variant, parts
                known = (reuse or {}).get((a.paper, a.comment.id))
                row["tuned_all"] = known[1] if known is not None and known[0] == row["ids"] else tuned_cosines(
                    placement_encoder(), a.comment, [doc.paragraph(pid) for pid in row["ids"]])
                if paper in fresh:  # as round twelve: only U's cosines may feed a weight
                    row["tuned"] = row["tuned_all"]
                out[variant].append(row)
        candidate_rules("shipped")
        print(f"  {paper}: {len(mine)} answered comments, {envs} theorem-like/proof environments, {parts} parts"
              f"{' (unseen)' if paper in fresh else ''}", flush=True)
    return out


VARIANTS = ("shipped", "theorem", "theorem+cites")


def candidate_rules(variant: str) -> None:
    """Set the placement rules to ``variant``'s (``shipped``: as they are; ``theorem``: a theorem, lemma or proof
    the comment names is a named part, ``placement.THEOREM_PARTS``; ``theorem+cites``: and the paragraphs citing
    it, ``placement.THEOREM_CITES``). The two candidates' switches exist at commit 3ccbd586 only (none passed)."""
    from engine.generate import placement

    if variant not in VARIANTS:
        raise SystemExit(f"unknown variant {variant}")
    if variant != "shipped" and not hasattr(placement, "THEOREM_PARTS"):
        raise SystemExit(f"the {variant} rules were removed when no candidate of round fourteen passed: build the "
                         f"candidates' tables at commit 3ccbd586 (docs/suggest.md)")
    if hasattr(placement, "THEOREM_PARTS"):
        placement.THEOREM_PARTS = variant.startswith("theorem")
        placement.THEOREM_CITES = variant == "theorem+cites"


def _inverse_rank(values: np.ndarray) -> np.ndarray:
    ranks = np.empty(len(values))
    ranks[np.argsort(-values, kind="stable")] = np.arange(len(values))
    return 1.0 / (1.0 + ranks)


def shipped_first(r: dict[str, Any], model: Any) -> tuple[int, bool, bool]:
    """The shipped placement of one row (``rerank.rerank`` over the rules' best two with the second stage on
    ``tuned_all``): the first place's index, is it right, and does the card show two places."""
    order = np.argsort(-r["total"], kind="stable")
    picked = order[: model.k]
    if len(picked) < 2:
        return int(order[0]), bool(r["y"][order[0]]), False
    s = model.scores(r["x"][picked])
    tuned = np.asarray(r["tuned_all"], dtype=np.float64)
    s = model.second.logits(np.stack([s, tuned[picked], _inverse_rank(tuned)[picked]], axis=1))
    best = np.argsort(-s, kind="stable")
    first = int(picked[best[0]])
    return first, bool(r["y"][first]), bool(s[best[0]] - s[best[1]] <= model.margin)


def cues(text: str) -> list[str]:
    found = [name for name, rx in CUES.items() if rx.search(text)]
    return found or ["nothing of these"]


def distance(r: dict[str, Any], first: int) -> str:
    right = np.flatnonzero(r["y"])
    if not right.size:
        return "no right paragraph"
    d = int(np.abs(right - first).min())
    if d == 0:
        return "0 (right)"
    same = any(r["sections"][j].split(" / ")[0] == r["sections"][first].split(" / ")[0] for j in right)
    away = "1-2" if d <= 2 else "3-10" if d <= 10 else ">10"
    return f"{away}, {'same' if same else 'another'} top section"


def located_holds(r: dict[str, Any]) -> str:
    if not r["located"]:
        return "not located"
    index = {pid: j for j, pid in enumerate(r["ids"])}
    hit = [k for k, pid in enumerate(r["located"]) if pid in index and r["y"][index[pid]]]
    if not hit:
        return "located, none right"
    return "located, the first is right" if hit[0] == 0 else "located, a later one is right"


def account(rows: list[dict[str, Any]], fresh: set[str]) -> None:
    from bench.place_round13 import two_stage
    from engine.generate.rerank import shipped_model

    model = shipped_model()
    u = [r for r in rows if r["paper"] in fresh]
    oof = two_stage(rows, u, "tuned2")
    n, papers = len(rows), {r["paper"] for r in rows}
    theory = sorted({r["paper"] for r in rows if r["theory"]})
    print(f"training part: {n} answered comments of {len(papers)} revisions ({len({r['group'] for r in rows})} "
          f"repositories); U: {len(u)} comments of {len(fresh & papers)}; theory papers (>= {THEORY_MIN} theorem-like "
          f"or proof environments): {len(theory)}: {' '.join(theory)}")
    placed = {(r["paper"], r["comment"]): shipped_first(r, model) for r in rows}
    first = sum(v[1] for v in placed.values())
    two = sum(v[2] for v in placed.values())
    print(f"shipped placement (in-sample): first right {first} ({100 * first / n:.1f} %), two places shown {two} "
          f"({100 * two / n:.1f} %); U, two stages refitted per fold: first right "
          f"{sum(v['first'] for v in oof.values())} of {len(u)}")

    def split(title: str, key, many: bool = False) -> None:
        print(f"\n{title}: comments / shipped first right / misses  ||  U: comments / out-of-fold first right")
        c: Counter = Counter()
        for r in rows:
            k = (r["paper"], r["comment"])
            for b in (key(r, placed[k][0]) if many else [key(r, placed[k][0])]):
                c[(b, "n")] += 1
                c[(b, "right")] += placed[k][1]
                if k in oof:
                    c[(b, "un")] += 1
                    c[(b, "uright")] += oof[k]["first"]
        for b in sorted({b for b, _ in c}, key=lambda b: (-c[(b, "n")], b)):
            print(f"   {b:46} {c[(b, 'n')]:5} {c[(b, 'right')]:5} ({100 * c[(b, 'right')] / c[(b, 'n')]:5.1f} %) "
                  f"{c[(b, 'n')] - c[(b, 'right')]:5}  || {c[(b, 'un')]:4} {c[(b, 'uright')]:4}")

    split("1. paper kind", lambda r, f: "theory (theorem/proof environments)" if r["theory"] else "empirical")
    split("2. what the comment names (every cue it carries)", lambda r, f: cues(r["text"]), many=True)
    split("2b. theory papers only: what the comment names",
          lambda r, f: [f"theory: {c}" for c in cues(r["text"])] if r["theory"] else [], many=True)
    split("3. insertion vs change",
          lambda r, f: "answered by insertions alone" if r["insertion_only"] else "a changed paragraph")
    split("3b. insertion vs change by paper kind", lambda r, f: ("theory, " if r["theory"] else "empirical, ") + (
        "insertions alone" if r["insertion_only"] else "a changed paragraph"))
    split("4. the first place against the nearest right paragraph", distance)
    split("4b. by paper kind", lambda r, f: ("theory: " if r["theory"] else "empirical: ") + distance(r, f))
    split("5. the located paragraphs (up to 3) hold a right one?", lambda r, f: located_holds(r))
    split("5b. by paper kind", lambda r, f: ("theory: " if r["theory"] else "empirical: ") + located_holds(r))
    split("6. the rules' best two hold a right one?", lambda r, f: "yes" if r["y"][np.argsort(
        -r["total"], kind="stable")[:2]].any() else "no")
    split("7. the first place's section role (misses and hits)", lambda r, f: r["roles"][f])
    split("8. fine type", lambda r, f: r["kind"])
    per = Counter()
    for r in rows:
        per[(r["paper"], "n")] += 1
        per[(r["paper"], "right")] += placed[(r["paper"], r["comment"])][1]
    print("\n9. per theory paper: comments / shipped first right")
    for p in theory:
        print(f"   {p:28} {per[(p, 'n')]:4} {per[(p, 'right')]:4}")


def load(path: Path, corpus: str, cache: str | None) -> tuple[list[dict[str, Any]], set[str]]:
    """The shipped rules' table (built when missing)."""
    if not path.exists():
        from bench.place_round12 import unseen

        fresh_ids = unseen(corpus)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pickle.dumps({"rows": build(corpus, cache, fresh_ids)["shipped"], "fresh": fresh_ids}))
    data = pickle.loads(path.read_bytes())
    return data["rows"], set(data["fresh"])


def load_variants(path: Path, corpus: str, cache: str | None, reference: list[dict[str, Any]],
                  fresh: set[str]) -> dict[str, list[dict[str, Any]]]:
    """The candidates' rules' tables (built when missing, the tuned cosines taken from ``reference``)."""
    if not path.exists():
        reuse = {(r["paper"], r["comment"]): (r["ids"], r["tuned_all"]) for r in reference}
        path.write_bytes(pickle.dumps(build(corpus, cache, sorted(fresh), VARIANTS[1:], reuse)))
    return pickle.loads(path.read_bytes())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(ROOT / "corpus/revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: ~/.cache/redraft/corpus)")
    ap.add_argument("--table", required=True, help="the table's pickle (built when missing)")
    ap.add_argument("--variants", help="the candidates' tables (built when missing)")
    ap.add_argument("--account", action="store_true", help="only the account (counts)")
    args = ap.parse_args()
    rows, fresh = load(Path(args.table).expanduser(), args.corpus, args.cache)
    if args.account:
        account(rows, fresh)
        return 0
    if not args.variants:
        ap.error("--variants is required to measure")
    from bench.place_round14_judge import measure

    measure(rows, fresh, load_variants(Path(args.variants).expanduser(), args.corpus, args.cache, rows, fresh))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
