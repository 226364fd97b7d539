"""``--only ID``: one revision (or a few) of a corpus part, in ``redraft eval align --corpus``,
``bench.bench_suggest --corpus`` and ``bench.measure_corpus_comments``; tested on training revisions only.

The name checks read the real manifest and need no cache; the tests that build gold papers or extract comments read
the built corpus cache (``python -m corpus.build_revisions``; docs/corpus.md) and are skipped where it is absent (CI)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from corpus.build_revisions import default_out
from corpus.labels import read_labels
from corpus.manifest import MANIFEST, ManifestError, entries, load_manifest
from engine.cli.main import main

#: two small training revisions (2 and 4 labelled comments) and a checked one (for the part check only)
TRAIN = ["bayespy-jmlr-r2", "cwlprov-gigascience-r2"]
CHECKED = "kplanar-r2"


def _built(*ids: str) -> bool:
    return all((default_out() / rid / "reviews.md").exists() for rid in ids)


needs_cache = pytest.mark.skipif(not _built(*TRAIN), reason="the corpus cache is not built here (CI)")


def test_only_picks_the_named_revisions_of_the_part_in_manifest_order() -> None:
    raw = load_manifest()
    got = [e["id"] for e in entries(raw, "train", list(reversed(TRAIN)))]
    order = [e["id"] for e in raw["revisions"]]
    assert got == sorted(TRAIN, key=order.index)
    assert all(e["part"] == "train" for e in entries(raw, "train", TRAIN))
    assert len(entries(raw, "train")) == sum(e["part"] == "train" for e in raw["revisions"])  # no --only: all


def test_only_refuses_an_unknown_name_or_one_of_another_part_in_one_line() -> None:
    raw = load_manifest()
    with pytest.raises(ManifestError, match="--only no-such-paper: no such revision"):
        entries(raw, "train", ["no-such-paper"])
    with pytest.raises(ManifestError, match=f"--only {CHECKED}: a revision of the checked part, not of the train"):
        entries(raw, "train", [TRAIN[0], CHECKED])


@pytest.mark.parametrize("name", ["no-such-paper", CHECKED])
def test_eval_align_only_errors_are_one_line_before_any_cache_is_read(name, tmp_path, capsys) -> None:
    code = main(["eval", "align", "--corpus", str(MANIFEST), "--cache", str(tmp_path / "none"), "--part", "train",
                 "--only", TRAIN[0], "--only", name])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("redraft: error: --only " + name) and err.count("\n") == 1
    assert "Traceback" not in err


def test_bench_scripts_refuse_a_wrong_name_with_exit_2(monkeypatch, capsys) -> None:
    from bench import bench_suggest, measure_corpus_comments

    assert measure_corpus_comments.main(["--part", "train", "--only", CHECKED]) == 2
    assert capsys.readouterr().err.strip().endswith("not of the train part")
    monkeypatch.setattr("sys.argv", ["bench_suggest", "--corpus", str(MANIFEST), "--part", "train",
                                     "--only", "no-such-paper"])
    assert bench_suggest.main() == 2
    assert "--only no-such-paper: no such revision" in capsys.readouterr().err


def test_scored_only_keeps_the_named_papers_models_fitted_on_all() -> None:
    from engine.cli.eval_align_corpus import scored_only

    fitted = [(SimpleNamespace(paper=SimpleNamespace(id=pid)), f"model-{pid}", f"answered-{pid}")
              for pid in ("a", "b", "c")]
    kept = scored_only(fitted, ["c", "a"])
    assert [(pp.paper.id, m, a) for pp, m, a in kept] == [("a", "model-a", "answered-a"), ("c", "model-c", "answered-c")]


@needs_cache
def test_corpus_papers_and_bench_suggest_read_only_the_named_training_revisions() -> None:
    from bench.suggest_corpus import load_papers
    from engine.cli.eval_align_corpus import corpus_papers

    papers = corpus_papers(str(MANIFEST), None, "train", [TRAIN[1]])
    assert [p.id for p in papers] == [TRAIN[1]]
    assert len(papers[0].comments) == len(read_labels(TRAIN[1])["comments"])
    assert papers[0].group == next(e["repository"] for e in load_manifest()["revisions"] if e["id"] == TRAIN[1])
    assert [p.id for p in load_papers(str(MANIFEST), None, "train", TRAIN)] == TRAIN


@needs_cache
def test_measure_corpus_comments_counts_only_the_named_revision(capsys) -> None:
    from bench import measure_corpus_comments

    assert measure_corpus_comments.main(["--part", "train", "--only", TRAIN[0], "--lexical"]) == 0
    out = capsys.readouterr().out.strip().split("\n")
    assert len(out) == 2 and out[0].startswith(TRAIN[0])  # one revision's row, then the pooled figures
    pooled = json.loads(out[1])
    assert pooled["revisions"] == 1 and pooled["gold"] == len(read_labels(TRAIN[0])["comments"])
