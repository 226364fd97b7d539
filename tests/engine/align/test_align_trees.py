"""The gradient-boosted link model's run-time form (``engine.align.trees``): scikit-learn's trees exported to JSON
and walked in numpy give scikit-learn's probabilities, on random data and on a fit of the ``learned`` pipeline over
synthetic pairs; a bad file is refused in a message; and the session-22 rule's verdict (``bench.measure_link_trees``).
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import engine.align.learn as learn
from bench.measure_link_trees import choose, verdict
from engine.align.learned import FEATURES, link_model
from engine.align.trees import Forest, TreeLinkModel, with_forest
from engine.errors import InputError
from tests.engine.align.test_align_learned import _synthetic


def _hgb(x: np.ndarray, y: np.ndarray, **settings):
    from sklearn.ensemble import HistGradientBoostingClassifier

    return HistGradientBoostingClassifier(**(learn.TREE_VARIANTS["G1"] | settings)).fit(x, y)


def test_exported_trees_give_scikit_learns_probabilities_on_random_data() -> None:
    rng = np.random.default_rng(3)
    x = rng.normal(size=(4000, len(FEATURES))).astype(np.float32)
    y = ((x[:, 0] * x[:, 1] > 0.1) ^ (rng.random(4000) < 0.1)).astype(int)  # an interaction and some noise
    x[rng.random(x.shape) < 0.03] = np.nan  # missing values go where scikit-learn sends them
    model = _hgb(x, y)
    forest = Forest.from_dict(json.loads(json.dumps(Forest.from_sklearn(model).to_dict())))
    assert forest.n_trees == 200 and forest.depth == 3
    test = rng.normal(size=(3000, len(FEATURES))).astype(np.float32)
    test[rng.random(test.shape) < 0.05] = np.nan
    raw = forest.raw(test)
    assert np.abs(raw - model.decision_function(test)).max() < 1e-9
    probs = with_forest(forest).probabilities(test[:, None, :], np.ones((3000, 1), bool))[:, 0]
    assert np.abs(probs - model.predict_proba(test)[:, 1]).max() < 1e-6


def test_a_feature_equal_to_a_threshold_goes_left_as_in_scikit_learn() -> None:
    """float32 features against float64 thresholds: x <= threshold, compared exactly; NaN by ``missing_left``."""
    forest = Forest.from_nodes(0.5, 2, [[(1, 0.25, True, 1, 2, 0.0), (-1, 0, 0, 0, 0, -1.0), (-1, 0, 0, 0, 0, 2.0)]])
    x = np.array([[9.0, 0.25], [9.0, np.nextafter(np.float32(0.25), np.float32(1))], [0.0, np.nan]], np.float32)
    assert forest.raw(x).tolist() == [-0.5, 2.5, -0.5]


def test_a_fitted_tree_link_model_ships_round_trips_and_scores_as_scikit_learn(monkeypatch) -> None:
    """``learn.fit`` with ``TREES`` set: trees on the pairs, threshold, cap and bands on inner folds, the file read
    back by the loader the app uses; its probabilities are the trees' on the same pairs."""
    monkeypatch.setattr(learn, "TREES", learn.TREE_VARIANTS["G2"] | {"max_iter": 40, "min_samples_leaf": 5})
    train = [_synthetic(f"p{k}", k, n=10, m=12) for k in range(5)]
    model = learn.fit(train)
    assert isinstance(model, TreeLinkModel) and model.meta["train"] == [f"p{k}" for k in range(5)]
    assert model.max_edits in (3, 5) and 0 < model.threshold < 1 and 0 < model.bands["partly"] <= 1
    again = link_model(json.loads(json.dumps(model.to_dict())))
    assert isinstance(again, TreeLinkModel) and again.to_dict() == model.to_dict()
    x = np.concatenate([pp.x[pp.mask] for pp in train])
    y = np.concatenate([pp.labels[pp.mask] for pp in train]).astype(int)
    sk = _hgb(x, y, **learn.TREES)
    test = _synthetic("q", 99, n=7, m=9)
    probs = again.probabilities(test.x, test.mask)
    assert np.abs(probs - sk.predict_proba(test.x.reshape(-1, len(FEATURES)))[:, 1].reshape(7, 9)).max() < 1e-6
    hits = probs[test.labels > 0].mean() - probs[test.labels == 0].mean()
    assert hits > 0.2  # it learned the signal (the first feature)
    off = test.mask.copy()
    off[0] = False
    assert np.all(again.probabilities(test.x, off)[0] == 0)  # pairs outside the first stage get 0


def test_a_bad_tree_file_is_refused_in_a_message() -> None:
    forest = Forest.from_nodes(0.0, len(FEATURES), [[(0, 0.5, False, 1, 2, 0.0), (-1, 0, 0, 0, 0, 1.0),
                                                     (-1, 0, 0, 0, 0, -1.0)]])
    raw = with_forest(forest).to_dict()
    assert isinstance(link_model(raw), TreeLinkModel)
    with pytest.raises(InputError, match="features differ"):
        link_model(raw | {"features": list(FEATURES[:-1])})
    with pytest.raises(InputError, match="not a Redraft"):
        TreeLinkModel.from_dict(raw | {"format": "something-else"})
    bad = json.loads(json.dumps(raw))
    bad["forest"]["trees"][0]["left"][0] = 7
    with pytest.raises(InputError, match="child out of range"):
        link_model(bad)
    loop = json.loads(json.dumps(raw))
    loop["forest"]["trees"][0]["feature"][1] = 0  # node 1 splits and points back to itself
    loop["forest"]["trees"][0]["left"][1] = loop["forest"]["trees"][0]["right"][1] = 1
    with pytest.raises(InputError):
        link_model(loop)
    with pytest.raises(InputError, match="without trees"):
        link_model(raw | {"forest": {"baseline": 0.0, "n_features": len(FEATURES), "trees": []}})


def test_the_session_22_rule_passes_only_a_candidate_that_gains_and_loses_nothing_it_must_keep() -> None:
    good = {"F1": (0.1, 2.0), "hit@1": (-0.5, 1.0), "found": (-1.0, 0.5)}
    assert verdict(good, 9.9) == (True, "passes")
    assert verdict(good | {"F1": (0.0, 2.0)}, 9.9)[0] is False  # F1 touches 0 and hit@1 is not above
    assert verdict({"F1": (-0.3, 0.2), "hit@1": (0.4, 3.0), "found": (0.0, 1.0)}, 5.0)[0] is True
    assert verdict(good | {"hit@1": (-2.0, -0.1)}, 5.0)[0] is False  # hit@1 wholly below 0
    assert verdict(good | {"found": (-2.0, -0.1)}, 5.0)[0] is False
    ok, why = verdict(good, 10.1)
    assert not ok and "wrong addressed" in why
    assert choose({}) is None
    assert choose({"G1": {"F1": (0.5, 2), "hit@1": (0.0, 1)}, "G2": {"F1": (0.2, 2), "hit@1": (0.2, 1)}}) == "G1"
    assert choose({"G1": {"F1": (0.2, 2), "hit@1": (0.2, 1)}, "G2": {"F1": (0.4, 2), "hit@1": (0.0, 1)}}) == "G2"


def test_the_learned_aligner_links_by_a_tree_models_probabilities() -> None:
    """The app's path (``LearnedAligner.align`` on a built revision, real encoders) with a one-split forest on
    ``bm25_rank``: each comment's best lexical edit gets the forest's high probability and is linked first."""
    from engine.align.learned import LearnedAligner
    from engine.align.status import ADDRESSED_P, LINK_P
    from engine.revision import diff_documents
    from tests.engine.align.test_align_learned import _comment
    from tests.engine.built_revisions import PROSE, doc_of

    k = FEATURES.index("bm25_rank")
    forest = Forest.from_nodes(0.0, len(FEATURES), [[(k, 0.75, True, 1, 2, 0.0), (-1, 0, 0, 0, 0, -3.0),
                                                     (-1, 0, 0, 0, 0, 3.0)]])
    model = with_forest(forest, threshold=0.5, max_edits=3, bands={"addressed": 0.9, "partly": 0.6})
    new = [PROSE[0], PROSE[1], PROSE[2] + " We also report the variance of both scores over five random seeds.",
           PROSE[3], "Phase is taken from the low band and mirrored; this keeps reconstruction simple and cheap."]
    diff = diff_documents(doc_of(PROSE), doc_of(new))
    comments = [_comment("R1.1", "Please report the variance of the scores over several random seeds.")]
    (a,) = LearnedAligner(model=model).align(comments, diff)
    seeds = next(e.id for e in diff.edits if "seeds" in e.target_text)
    assert a.edit_ids == [seeds] and a.calibrated
    others = [v for e, v in a.scores.items() if e != seeds]
    high, low = model.status_scale(np.array([1 / (1 + np.exp(-3)), 1 / (1 + np.exp(3))], np.float32))
    assert a.scores[seeds] == pytest.approx(float(high), abs=1e-6) and others
    assert all(v == 0.0 or v == pytest.approx(float(low), abs=1e-6) for v in others)  # 0: outside the first stage
    assert high >= ADDRESSED_P > LINK_P > low  # sigmoid(3) = 0.953 above the "addressed" band, sigmoid(-3) below all


def test_fit_align_model_writes_a_tree_model_from_kept_pairs(tmp_path, capsys) -> None:
    """``bench.fit_align_model --from-pairs P --trees G2``: the tree link model and its answered model written, the
    link file read back by the app's loader; a missing pairs file is one line and exit 2."""
    import pickle

    from bench.fit_align_model import main as fit_main
    from tests.engine.align.test_align_answered import _paper

    pairs = tmp_path / "pairs.pkl"  # built revisions (real diffs: the answered model reads them)
    pairs.write_bytes(pickle.dumps([_paper(f"p{k}", k, n=12) for k in range(5)]))
    from bench.fit_align_model import REPO

    manifest = REPO / "corpus" / "revisions.json"  # read for the unsure comments: none without a cache (tmp_path)
    out, answered = tmp_path / "learned.json", tmp_path / "answered.json"
    args = ["--corpus", str(manifest), "--cache", str(tmp_path), "--out", str(out), "--answered-out", str(answered)]
    assert fit_main([*args, "--from-pairs", str(pairs), "--trees", "G2"]) == 0
    model = link_model(json.loads(out.read_text(encoding="utf-8")))
    assert isinstance(model, TreeLinkModel) and model.forest.n_trees == 200 and model.forest.depth <= 2
    assert json.loads(answered.read_text(encoding="utf-8"))["format"] == "redraft-align-answered-model"
    assert learn.TREES is None  # the setting is put back
    capsys.readouterr()
    assert fit_main([*args, "--from-pairs", str(tmp_path / "none.pkl")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: no such pairs file") and "Traceback" not in err


def test_fit_align_model_can_refit_on_the_revisions_a_model_file_lists(tmp_path, capsys) -> None:
    """``--train-of MODEL.json``: fitted on the revisions its ``meta.train`` lists (the shipped link model's, when
    only the answered model's bands change), which gives that file back; an id the pairs lack, or a file without
    ``meta.train``, is one line and exit 2."""
    import pickle

    from bench.fit_align_model import REPO, main as fit_main
    from tests.engine.align.test_align_answered import _paper

    pairs = tmp_path / "pairs.pkl"
    pairs.write_bytes(pickle.dumps([_paper(f"p{k}", k, n=12) for k in range(5)]))
    manifest = REPO / "corpus" / "revisions.json"
    out, answered = tmp_path / "learned.json", tmp_path / "answered.json"
    args = ["--corpus", str(manifest), "--cache", str(tmp_path), "--from-pairs", str(pairs)]
    first = [*args, "--out", str(tmp_path / "four.json"), "--answered-out", str(tmp_path / "a4.json")]
    small = tmp_path / "listed.json"
    small.write_text(json.dumps({"meta": {"train": ["p3", "p0", "p1", "p2"]}}), encoding="utf-8")
    assert fit_main([*first, "--train-of", str(small)]) == 0
    four = json.loads((tmp_path / "four.json").read_text(encoding="utf-8"))
    assert four["meta"]["train"] == ["p0", "p1", "p2", "p3"]  # in the pairs' order, p4 left out
    assert fit_main([*args, "--out", str(out), "--answered-out", str(answered),
                     "--train-of", str(tmp_path / "four.json")]) == 0
    assert out.read_bytes() == (tmp_path / "four.json").read_bytes()  # the same revisions: the same file
    first_a, again = (json.loads(p.read_text(encoding="utf-8")) for p in (tmp_path / "a4.json", answered))
    assert first_a["meta"].pop("link_model") == "the same run's link model, written to four.json"
    assert again["meta"].pop("link_model") == "learned.json (the same run)" and again == first_a
    capsys.readouterr()
    small.write_text(json.dumps({"meta": {"train": ["p0", "p9"]}}), encoding="utf-8")
    assert fit_main([*first, "--train-of", str(small)]) == 2
    small.write_text("[]", encoding="utf-8")
    assert fit_main([*first, "--train-of", str(small)]) == 2
    assert fit_main([*first, "--train-of", str(tmp_path / "none.json")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "error: not in the training part: p9" and err[1].endswith("not a model file with meta.train")
    assert err[2].startswith("error: no such model file") and len(err) == 3


def test_inner_pair_fits_split_over_processes_give_the_same_folds() -> None:
    """``learn.pair_scores`` in two parts (``bench.measure_link_trees --part``): their union is the whole, and the
    outer folds on it are ``leave_papers_out``'s."""
    from tests.engine.align.test_align_answered import _paper

    papers = [_paper(f"p{k}", k) for k in range(5)]  # real diffs: the answered model reads them
    whole = learn.pair_scores(papers)
    halves = learn.pair_scores(papers, part=(0, 2)) | learn.pair_scores(papers, part=(1, 2))
    assert sorted(halves) == sorted(whole) and len(whole) == 2 * 10  # 10 pairs of groups, both directions
    assert all(np.array_equal(a.matrix, b.matrix) for k in whole for a, b in zip(whole[k], halves[k]))
    split = [m.to_dict() for _, m, _ in learn.outer_fits(papers, halves)]
    assert split == [m.to_dict() for _, m, _ in learn.leave_papers_out(papers)]
