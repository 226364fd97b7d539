"""``bench.measure_refit_unseen`` (session 33): OLD scores every revision by models that never saw its repository
(a revision of the old set by its own grouped fold; any other by the old set without that revision's repository,
the whole old set when none shares it), and the script takes training revisions only (hand-made stand-ins; no fit)."""

import json
import pickle
from types import SimpleNamespace

import bench.measure_carry_align as carry
import bench.measure_refit_unseen as refit


def _pp(pid, group):
    return SimpleNamespace(paper=SimpleNamespace(id=pid, group=group))


def test_old_scores_each_revision_without_its_repository(tmp_path, monkeypatch):
    old = [_pp("a1", "A"), _pp("a2", "A"), _pp("b1", "B")]
    others = [_pp("c1", "C"), _pp("a3", "A"), _pp("d1", "D")]
    pairs = [old[0], others[0], old[1], others[1], old[2], others[2]]
    folds_seen, fits = [], []

    def run_variant(base, spec, cache):
        folds_seen.append(([pp.paper.id for pp in base], cache.name))
        return [(pp, f"fold-without-{pp.paper.group}", "ans", "inner") for pp in base]

    def fit_without(base, repository, cache):
        fits.append(([pp.paper.id for pp in base], repository, cache.name))
        return f"fit-without-{repository or 'none'}", "ans", "inner"

    monkeypatch.setattr(carry, "run_variant", run_variant)
    monkeypatch.setattr(refit, "fit_without", fit_without)
    got = {pp.paper.id: m for pp, m, *_ in refit.old_fitted(pairs, {"a1", "a2", "b1"}, tmp_path)}
    assert folds_seen == [(["a1", "a2", "b1"], "T3.pkl")]
    assert got == {"a1": "fold-without-A", "a2": "fold-without-A", "b1": "fold-without-B",
                   "c1": "fit-without-none", "d1": "fit-without-none", "a3": "fit-without-A"}
    # one fit per repository, each on the old set only
    assert sorted(f[1] for f in fits) == ["", "A"] and all(f[0] == ["a1", "a2", "b1"] for f in fits)


def test_fit_without_leaves_the_repository_out(tmp_path, monkeypatch):
    import engine.align.learn as learn

    seen = {}
    monkeypatch.setattr(learn, "inner_scores", lambda train, c: seen.setdefault("inner", [p.paper.id for p in train]))
    monkeypatch.setattr(learn, "fit_both", lambda train, c, unsure, inner=None: ("m", "a"))
    pairs = [_pp("a1", "A"), _pp("b1", "B"), _pp("a2", "A")]
    assert refit.fit_without(pairs, "A", tmp_path / "f.pkl") == ("m", "a", ["b1"])
    assert seen["inner"] == ["b1"]
    assert pickle.loads((tmp_path / "f.pkl").read_bytes()) == ("m", "a", ["b1"])  # kept, read back
    monkeypatch.setattr(learn, "fit_both", lambda *a, **k: 1 / 0)
    assert refit.fit_without(pairs, "A", tmp_path / "f.pkl") == ("m", "a", ["b1"])


def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys):
    model = tmp_path / "m.json"
    model.write_text(json.dumps({"meta": {"train": ["x"]}}))
    assert refit.main([str(tmp_path / "none.pkl"), "--old-train", str(model), "--folds", str(tmp_path)]) == 2
    assert capsys.readouterr().err.strip() == f"error: no such pairs file: {tmp_path / 'none.pkl'}"
    manifest = tmp_path / "revisions.json"
    manifest.write_text(json.dumps({"revisions": [{"id": "x", "part": "train", "repository": "X"},
                                                  {"id": "y", "part": "checked", "repository": "Y"}]}))
    pairs = tmp_path / "pairs.pkl"
    pairs.write_bytes(pickle.dumps([]))
    assert refit.main([str(pairs), "--old-train", str(model), "--folds", str(tmp_path), "--corpus",
                       str(manifest)]) == 2
    assert capsys.readouterr().err.strip() == "error: not in the pairs: x"
    model.write_text("{}")
    assert refit.main([str(pairs), "--old-train", str(model), "--folds", str(tmp_path), "--corpus",
                       str(manifest)]) == 2
    assert "not a model file with meta.train" in capsys.readouterr().err
