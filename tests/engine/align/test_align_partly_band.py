"""Session 24's measurement of the answered model's "partly" band (``bench.measure_partly_band``): on built revisions'
grouped folds, the shipped rule (C3) gives every fold's own bands back and the held-out statuses the eval's; the rule's verdict."""

from __future__ import annotations

from dataclasses import replace

from bench.measure_partly_band import fold_bands, per_paper, summary, verdict


def _folds():
    from bench.measure_carry_align import inner_scores_kept, with_inner
    from engine.align.learn import leave_papers_out, scored
    from engine.align.learn_answered import scored_answered
    from tests.engine.align.test_align_answered import _paper

    papers = [_paper(f"p{k}", k, n=10) for k in range(5)]  # real diffs: the answered model reads them
    with inner_scores_kept() as kept:
        got = leave_papers_out(papers)
    fitted = with_inner(papers, got, kept)
    raw = [replace(scored(pp, m), answered=scored_answered(pp, scored(pp, m).matrix, m.threshold, a))
           for pp, m, a, _ in fitted]
    return fitted, raw


def test_the_shipped_rule_gives_each_folds_bands_back_and_the_evals_statuses() -> None:
    from engine.align.config import DEFAULTS
    from engine.align.corpus_eval import figures
    from engine.cli.eval_align_corpus import results_inputs

    fitted, raw = _folds()
    bands = fold_bands(fitted, set())
    assert sorted(bands) == [f"p{k}" for k in range(5)]  # each paper its own group
    for pp, _m, a, _ in fitted:
        got = bands[pp.paper.id]
        assert got["C3"] == {k: a.bands[k] for k in ("addressed", "partly")}  # the shipped rule's (session 24)
        assert got["C2"]["partly"] <= got["C1"]["partly"] <= got["C0"]["partly"]  # a larger target, a lower band
        assert got["C3"]["partly"] <= got["C0"]["partly"]  # never raised
        assert all(b["addressed"] == got["C0"]["addressed"] for b in got.values())  # only "partly" moves
    per = per_paper(fitted, raw, {g: b["C3"] for g, b in bands.items()})
    items = results_inputs([f[:3] for f in fitted], raw, [f[0] for f in fitted], DEFAULTS["evidence"])["learned"]
    want = {s.comment_ids[0].split("/")[0]: figures(s, t, cap, st) for s, t, cap, st in items}
    assert {pid: {k: c[k] for k in want[pid]} for pid, c in per.items()} == want
    for c in per.values():
        assert c["partly_right"] <= c["partly"] and c["flagged"] <= c["unanswered"] == 5
        assert c["found"] <= c["answered"] == 5
    s = summary(per, {f"p{k}": [f"p{k}"] for k in range(5)})
    assert s["repositories"] == 5 and s["found p10"] <= s["found p25"] <= 100
    assert s["U"] == round(100 * sum(c["flagged"] for c in per.values()) / 25, 1)


def test_the_session_24_rule_passes_only_a_band_that_finds_more_within_its_costs() -> None:
    counts = dict.fromkeys(("tp", "fp", "fn", "hit1", "hit3"), 1)
    ref = {"U": 40.0, "R": 80.0, "wrong addressed": 5.0, "found p25": 66.0, "counts": counts}
    good = ref | {"U": 48.0, "R": 77.0, "found p25": 71.0}
    assert verdict(good, ref, (0.5, 3.0)) == (True, "passes")
    assert not verdict(good, ref, (0.0, 3.0))[0]  # the gain must lie wholly above 0
    assert "25th percentile" in verdict(good | {"found p25": 69.9}, ref, (0.5, 3.0))[1]
    assert "U rises" in verdict(good | {"U": 50.5}, ref, (0.5, 3.0))[1]
    assert "R falls" in verdict(good | {"R": 74.0}, ref, (0.5, 3.0))[1]
    assert "wrong addressed" in verdict(good | {"wrong addressed": 7.1}, ref, (0.5, 3.0))[1]
    assert "links or hits" in verdict(good | {"counts": counts | {"hit1": 2}}, ref, (0.5, 3.0))[1]
    assert verdict(good | {"U": 50.0}, ref, (0.5, 3.0))[0]  # 10 points: at the cap, passes


def test_reliability_diagrams_are_drawn_from_kept_folds(tmp_path, capsys) -> None:
    """``bench.reliability_align --folds``: both diagrams from a bench's kept folds (no refit), the shipped answered
    bands marked; a missing folds file is one line and exit 2."""
    import pickle

    from bench.reliability_align import main

    fitted, _ = _folds()
    folds = tmp_path / "folds.pkl"
    folds.write_bytes(pickle.dumps(fitted))
    links, answered = tmp_path / "links.png", tmp_path / "answered.png"
    assert main(["--folds", str(folds), "--out", str(links), "--answered-out", str(answered)]) == 0
    assert links.read_bytes()[:4] == answered.read_bytes()[:4] == b"\x89PNG"
    out = capsys.readouterr().out
    assert out.count("wrote") == 2 and "comments" in out
    assert main(["--folds", str(tmp_path / "none.pkl")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: no such folds file") and "Traceback" not in err
