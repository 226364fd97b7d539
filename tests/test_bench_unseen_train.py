"""``bench.measure_unseen_train``: the unseen check refuses a revision a shipped model was fitted on (that figure would
be in-sample), and both steps take training revisions only, in the manifest's order (hand-made manifests)."""

import json

from bench.measure_unseen_train import main, seen_by_shipped, training_ids
from engine.align.learned import shipped_model


def _manifest(tmp_path, parts):
    path = tmp_path / "revisions.json"
    path.write_text(json.dumps({"revisions": [{"id": i, "part": p} for i, p in parts]}))
    return str(path)


def test_training_ids_keeps_the_manifest_order_and_refuses_other_parts(tmp_path):
    corpus = _manifest(tmp_path, [("a", "train"), ("b", "checked"), ("c", "train"), ("d", "blind")])
    assert training_ids(corpus, ["c", "a"]) == ["a", "c"]
    assert training_ids(corpus, ["a", "b", "d"]) == "not training revisions: b, d"
    assert main(["unseen", "--only", "d", "--corpus", corpus]) == 2


def test_the_shipped_models_own_training_revisions_are_refused(tmp_path, capsys):
    fitted = shipped_model().meta["train"][0]
    assert fitted in seen_by_shipped()
    corpus = _manifest(tmp_path, [(fitted, "train")])
    assert main(["unseen", "--only", fitted, "--corpus", corpus]) == 2
    assert "a shipped model was fitted on" in capsys.readouterr().err


def test_pairs_needs_its_base_file(tmp_path):
    corpus = _manifest(tmp_path, [("a", "train")])
    assert main(["pairs", str(tmp_path / "none.pkl"), "--new", "a", "--out", str(tmp_path / "o.pkl"),
                 "--corpus", corpus]) == 2
