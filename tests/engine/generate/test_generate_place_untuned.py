"""Placement's second stage from the untuned encoder's cosine (``bench.place_untuned``, session 32): the bench's
cosine is the one the build's locator computes at run time; the vectorised margin choice is round nine's; B is
fitted and scored leave-one-repository-out with its capped card; the verdict follows the rule."""

from __future__ import annotations

import numpy as np

from bench.place_alternative import CAP, choose
from bench.place_round12 import References
from bench.place_table import EXTRA, comment_rows
from bench.place_untuned import b_verdict, choose_fast, loro
from engine.align.bm25 import bm25_matrix
from engine.align.cascade import fuse
from engine.align.localize import candidates, quote_boosts, reference_boosts, score_paragraphs
from engine.generate.rerank import FEATURES
from engine.models.factory import open_model
from tests.engine.generate.test_generate_place_study import demo_answered


def test_the_bench_reads_the_cosine_the_locator_computes_at_run_time() -> None:
    doc, comment, item = demo_answered("Please explain how the learning rate was chosen for the baseline runs.")
    encoder = open_model("encoder")
    section_text: dict[tuple, str] = {}
    for p in candidates(doc):
        section_text[tuple(p.section[:1])] = section_text.get(tuple(p.section[:1]), "") + " " + p.text
    row = comment_rows(item, doc, [], encoder, section_text)
    cosine = row["extra"][:, EXTRA.index("cosine")]
    paragraphs, located = score_paragraphs([comment], doc, encoder)  # the build's locator, as run time calls it
    assert row["ids"] == [p.id for p in paragraphs]
    texts = [p.text for p in paragraphs]
    queries = [comment.full_text]
    rebuilt = fuse(bm25_matrix(queries, texts), cosine[None, :].astype(np.float32), 0.5)
    rebuilt = rebuilt + reference_boosts(comment.full_text, paragraphs)[None, :] + quote_boosts(queries, texts)
    np.testing.assert_allclose(rebuilt, located, rtol=0, atol=1e-6)  # the locator's score from the bench's cosine
    assert len(set(np.round(cosine, 4))) > 3  # a real cosine, not a constant


def _results(n: int, seed: int) -> list[dict]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        first = bool(rng.random() < 0.45)
        out.append({"first": first, "second": bool(not first and rng.random() < 0.3),
                    "margin": float(np.round(rng.exponential(1.0), 1)) if rng.random() > 0.02 else np.inf})
    return out


def test_the_vectorised_margin_is_round_nines() -> None:
    for seed in range(6):
        results = _results(300, seed)
        assert choose_fast(results) == choose(results)
        assert choose_fast(results, cap=CAP) == choose(results, cap=CAP)
        assert choose_fast(results, cost=0.5, cap=0.1) == choose(results, cost=0.5, cap=0.1)


def _table(groups: int = 5, per: int = 10, n: int = 6, seed: int = 4) -> list[dict]:
    """Comments whose right paragraph is one of the rules' best two; the first stage's features say nothing of
    which, the untuned cosine marks it (the synthetic words of no paper)."""
    rng = np.random.default_rng(seed)
    rows = []
    for g in range(groups):
        for c in range(per):
            right = int(rng.integers(2))
            cos = rng.uniform(0.1, 0.4, size=n)
            cos[right] += 0.5
            extra = np.zeros((n, len(EXTRA)))
            extra[:, EXTRA.index("cosine")] = cos
            rows.append({"paper": f"wimbrel{g}", "group": f"repo{g}", "comment": f"R{c}",
                         "kind": "clarification" if c % 2 else "criticism",
                         "x": rng.normal(size=(n, len(FEATURES))), "y": np.arange(n) == right,
                         "total": np.linspace(1.0, 0.0, n), "extra": extra, "extra_names": list(EXTRA)})
    return rows


def test_b_is_fitted_outside_each_repository_and_learns_the_untuned_cosine() -> None:
    table = _table()
    refs = References(table)
    b, f = loro(table, refs, "B", log=lambda s: None), loro(table, refs, "F", log=lambda s: None)
    keys = [(r["paper"], r["comment"]) for r in table]
    assert set(b) == set(f) == set(keys)
    assert sum(o["first"] for o in b.values()) >= 0.9 * len(keys)  # the cosine marks the right one
    assert sum(o["first"] for o in f.values()) <= 0.75 * len(keys)  # the first stage's features do not
    assert all(o["first"] <= o["card"] <= (o["first"] or o["second"]) for o in b.values())
    assert sum(o["two"] for o in f.values()) <= CAP * len(keys) + 5  # the cap, chosen fold by fold
    assert frozenset({"repo0", "repo1"}) in refs.fits  # a training row's z from a first stage outside both


def _c(passes: bool, gain: int = 0, kinds: dict | None = None) -> dict:
    return {"passes": passes, "gain": gain, "kinds": kinds or {}}


def test_the_verdict_asks_b_not_to_fall_below_f_on_all_training_revisions() -> None:
    first = {"F": 100, "B": 106, "R": 104, "S": 100}
    assert b_verdict({"F": _c(False), "R": _c(False), "B": _c(True)}, _c(False, 0), first) == "B"
    assert b_verdict({"F": _c(False), "R": _c(False), "B": _c(True)}, _c(False, -1), first) == "S"
    assert b_verdict({"F": _c(False), "R": _c(False), "B": _c(True)}, _c(False, 4, {"typo": -3}), first) == "S"
    assert b_verdict({"F": _c(False), "R": _c(True), "B": _c(True)}, _c(False, 2), first) == "B"
    assert b_verdict({"F": _c(True), "R": _c(False), "B": _c(True)}, _c(False, 2), {**first, "F": 106}) == "F"
    assert b_verdict({"F": _c(False), "R": _c(False), "B": _c(False)}, _c(True, 30), first) == "S"
