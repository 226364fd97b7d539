"""Every draft paragraph of every answered training comment, with its features and whether the authors edited it
for the comment: the table the round-eight placement studies read (issue 34, docs/suggest.md).

One row per (answered comment, candidate paragraph) of the **training part only** (``bench.suggest_places``: the
authors' paragraphs for it; the drafts paged from their typeset PDFs, as ``bench.fit_placement``). Columns: the
placement model's features (``engine.generate.rerank.FEATURES``, over every paragraph, so the rules' best two rows
are exactly what ``bench.fit_placement`` fits on) and ``EXTRA``: the base encoder's cosine (the embedded MiniLM, which
saw no corpus text; never the tuned encoder, in-sample on train), BM25 of the comment's quoted phrases, the ranks of
BM25 and cosine, the paragraph's place in the paper, its section's role and BM25 of its whole section, the
distance to the first located paragraph, and the comment's fine type. Written once to a pickle; the studies
(``bench.place_study``) read it.

    .venv/bin/python -m bench.place_table --out ~/.cache/redraft/place8/table.pkl
"""

from __future__ import annotations

import argparse
import pickle
import re
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
ROLES = ("front", "intro", "related", "method", "results", "discussion", "appendix", "other")
_ROLE_RX = (
    ("intro", re.compile(r"\bintroduction\b|\bmotivation\b|\boverview\b", re.I)),
    ("related", re.compile(r"\brelated\b|\bprior\b|\bprevious\b|\bbackground\b|\bliterature\b|\bstate of", re.I)),
    ("discussion", re.compile(r"\bdiscussion\b|\bconclu|\bsummary\b|\boutlook\b|\blimitation|\bfuture\b", re.I)),
    ("appendix", re.compile(r"\bappendi|\bsupplement", re.I)),
    ("results", re.compile(r"\bresults?\b|\bexperiment|\bevaluation|\bbenchmark|\bsimulation|\bcase stud|"
                           r"\bapplication|\bempirical|\bperformance|\banalys[ie]s\b|\bvalidation\b", re.I)),
    ("method", re.compile(r"\bmethods?\b|\bmethodology\b|\bmodel|\bapproach\b|\balgorithm|\btheory\b|"
                          r"\bframework\b|\bdesign\b|\bimplementation\b|\bmaterials?\b|\bdata\b|\bsetup\b|"
                          r"\bproblem\b|\bformulation\b|\bpreliminar|\bdefinition", re.I)),
)
EXTRA = ("cosine", "cosine_rank", "bm25_rank", "quote_bm25", "where", "section_bm25", "located_distance",
         "same_section_as_located", "review_position")


def role(paragraph: Any) -> str:
    """The paragraph's section role: its top-level title's, else any level's (``ROLES``)."""
    if not paragraph.section or paragraph.section[0].strip().lower() == "abstract":
        return "front"
    for title in (paragraph.section[0], *paragraph.section[1:]):
        for name, rx in _ROLE_RX:
            if rx.search(title):
                return name
    return "other"


def _rank(values: np.ndarray) -> np.ndarray:
    ranks = np.empty(len(values), dtype=np.float64)
    ranks[np.argsort(-values, kind="stable")] = np.arange(len(values))
    return ranks


def comment_rows(a: Any, doc: Any, located: list[Any], encoder: Any, section_text: dict) -> dict[str, Any] | None:
    """One answered comment's table: features of every candidate paragraph, and which are right."""
    from engine.align.bm25 import bm25_matrix
    from engine.align.cues import quoted_passages
    from engine.align.embed import cosine_matrix
    from engine.generate.placement import rule_scores
    from engine.generate.rerank import FEATURES, candidate_features
    from engine.reviews.fine_types import fine_type

    parts = rule_scores(a.comment, doc, located)
    if parts is None:
        return None
    paragraphs = parts.paragraphs
    n = len(paragraphs)
    texts = [p.text for p in paragraphs]
    x = candidate_features(a.comment, parts, np.arange(n), a.position)
    text = a.comment.full_text
    cos = cosine_matrix(encoder, [text], texts, "sentence")[0].astype(np.float64)
    quotes = " ".join(quoted_passages(text))
    bm = bm25_matrix([text, quotes or "-"], texts)
    keys = [tuple(p.section[:1]) for p in paragraphs]
    sec_keys = sorted(set(keys))
    sec_scores = bm25_matrix([text], [section_text[k] for k in sec_keys])[0]
    sec_top = max(float(sec_scores.max()), 1e-9)
    sec = {k: float(s) / sec_top for k, s in zip(sec_keys, sec_scores)}
    index = {p.id: j for j, p in enumerate(paragraphs)}
    first = index.get(located[0].id) if located else None
    dist = np.abs(np.arange(n) - first) / max(n - 1, 1) if first is not None else np.ones(n)
    same = np.array([first is not None and keys[j] == keys[first] for j in range(n)], dtype=float)
    extra = np.stack([cos, _rank(cos), _rank(bm[0]), bm[1] / max(float(bm[1].max()), 1e-9),
                      np.arange(n) / max(n - 1, 1), np.array([sec[k] for k in keys]), dist, same,
                      np.full(n, -1.0 if a.position is None else a.position)], axis=1)
    return {"paper": a.paper, "comment": a.comment.id, "kind": fine_type(a.comment), "text": text,
            "x": x, "features": list(FEATURES), "extra": extra, "extra_names": list(EXTRA),
            "roles": [role(p) for p in paragraphs], "ids": [p.id for p in paragraphs],
            "sections": [" / ".join(p.section) for p in paragraphs],
            "y": np.array([p.id in a.targets for p in paragraphs]), "total": parts.total,
            "located": [p.id for p in located], "insertion_only": all(not e.source_ids for e in a.edits)}


def build(manifest: str, cache: str | None) -> list[dict[str, Any]]:
    from bench.draft_pages import paged
    from bench.fit_placement import repositories
    from bench.suggest_corpus import load_papers
    from bench.suggest_places import answered
    from corpus.build_revisions import default_out
    from engine.align.localize import candidates, localize
    from engine.models.factory import open_model

    encoder = open_model("encoder")
    items = paged(list(answered(load_papers(manifest, cache, "train"))),
                  Path(cache).expanduser() if cache else default_out())[0]
    repository = repositories(manifest)
    by_doc: dict[int, list[Any]] = {}
    for a in items:
        by_doc.setdefault(id(a.document), []).append(a)
    out = []
    for group in by_doc.values():
        doc = group[0].document
        section_text: dict[tuple, str] = {}
        for p in candidates(doc):
            key = tuple(p.section[:1])
            section_text[key] = section_text.get(key, "") + " " + p.text
        for a, loc in zip(group, localize([a.comment for a in group], doc, encoder, 3)):
            row = comment_rows(a, doc, [doc.paragraph(pid) for pid, _ in loc.paragraphs], encoder, section_text)
            if row is not None:
                row["group"] = repository[a.paper]
                out.append(row)
        print(f"  {group[0].paper}: {len(group)} comments", flush=True)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(ROOT / "corpus/revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: ~/.cache/redraft/corpus)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    rows = build(args.corpus, args.cache)
    out = Path(args.out).expanduser()
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(pickle.dumps(rows))
    print(f"{len(rows)} answered comments written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
