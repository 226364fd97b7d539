"""SARI (EASSE), GLEU (JFLEG script) and EM-Diff (EditEval): hand-computed cases and reference figures."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.errors import InputError
from engine.metrics.emdiff import corpus_em_diff, diff_pairs, sentence_em_diff
from engine.metrics.gleu import corpus_gleu, sentence_gleu, sentence_stats
from engine.metrics.sari import corpus_sari, corpus_sari_scores, tokenize_13a


def test_sari_hand_computed_single_reference() -> None:
    # 1-grams: add {c} right, keep {a} right, delete {b} right -> F1 1, 1, 1
    # 2-grams: add "a c" right (F1 1), keep nothing (0), delete "a b" right (1); 3-, 4-grams: none (0)
    add, keep, delete = corpus_sari_scores(["a b"], ["a c"], [["a c"]])
    assert add == pytest.approx(50.0) and keep == pytest.approx(25.0) and delete == pytest.approx(50.0)
    assert corpus_sari(["a b"], ["a c"], [["a c"]]) == pytest.approx(125 / 3)


def test_sari_keep_counts_are_weighted_by_references() -> None:
    # copy of "a b c" with references "a b c" and "a b": keep F1 10/11, 6/7, 2/3, 0; add and delete 0
    add, keep, delete = corpus_sari_scores(["a b c"], ["a b c"], [["a b c"], ["a b"]])
    assert add == 0.0 and delete == 0.0
    assert keep == pytest.approx(100 * (10 / 11 + 6 / 7 + 2 / 3) / 4)


def test_sari_lowercases_and_tokenizes_with_13a() -> None:
    assert tokenize_13a("Hello, World (3.5%).") == "hello , world ( 3.5 % ) ."
    assert corpus_sari(["The cat sat."], ["the cat sat ."], [["The cat sat."]]) == corpus_sari(
        ["the cat sat ."], ["the cat sat ."], [["the cat sat ."]]
    )


def test_shapes_are_checked() -> None:
    with pytest.raises(InputError, match="reference set 1"):
        corpus_sari(["a", "b"], ["a", "b"], [["a"]])
    with pytest.raises(InputError, match="outputs"):
        corpus_gleu(["a"], ["a", "b"], [["a"]])


def test_gleu_source_penalty_by_hand() -> None:
    # output = source "a b c d", reference "a b x d": 1-grams 3 matches minus "c" (in source, not in ref) = 2 of 4;
    # 2-grams 1 - 2 -> 0 of 3; 3-grams 0 of 2; 4-grams 0 of 1
    assert sentence_stats("a b c d".split(), "a b c d".split(), "a b x d".split()) == [4, 4, 2, 4, 0, 3, 0, 2, 0, 1]
    assert corpus_gleu(["a b c d"], ["a b c d"], [["a b x d"]]) == 0.0  # a zero count: corpus GLEU 0
    # sentence GLEU smooths zeros to 1: (2/4 * 1/3 * 1/2 * 1/1) ** (1/4)
    assert sentence_gleu("a b c d", "a b c d", ["a b x d"]) == pytest.approx(100 * (1 / 12) ** 0.25)
    assert corpus_gleu(["a b c d"], ["a b x d"], [["a b x d"]]) == pytest.approx(100.0)


def test_gleu_brevity_penalty() -> None:
    # output "a b x d" against a 5-token reference: all precisions 1, BP exp(1 - 5/4)
    score = corpus_gleu(["a b c d"], ["a b x d"], [["a b x d e"]])
    assert score == pytest.approx(100 * math.exp(1 - 5 / 4))


def test_em_diff_by_hand() -> None:
    assert diff_pairs("the cat sat", "the dog sat") == [("cat", "dog")]
    assert diff_pairs("the cat sat", "the cat sat") == []
    src = "the cat sat on the mat"
    assert sentence_em_diff(src, "the dog sat on the mat", ["the dog sat on the mat"]) == 1.0
    assert sentence_em_diff(src, "the dog sat on the rug", ["the dog sat on the mat"]) == 0.5
    assert sentence_em_diff(src, src, ["the dog sat on the mat"]) == 0.0  # copying earns nothing
    # the best reference counts
    assert sentence_em_diff(src, "the dog sat on the mat", ["a cat sat on the mat", "the dog sat on the mat"]) == 1.0
    assert corpus_em_diff([src, src], ["the dog sat on the mat", src], [["the dog sat on the mat", src]]) == 50.0


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


@pytest.mark.shared_data
def test_jfleg_copy_baseline(shared_data: Path) -> None:
    jfleg = shared_data / "jfleg"
    src = _lines(jfleg / "dev.src")
    refs = [_lines(jfleg / f"dev.ref{i}") for i in range(4)]
    # keisks/jfleg README: SOURCE GLEU on dev 38.21 (Python 2 random; Python 3 draws other references)
    assert corpus_gleu(src, src, refs) == pytest.approx(38.21, abs=0.05)
    assert corpus_sari(src, src, refs) == pytest.approx(26.28, abs=0.01)
    assert corpus_em_diff(src, src, refs) == 0.0
    # a reference as output scores far above the copy baseline
    assert corpus_gleu(src, refs[0], refs) > 50


@pytest.mark.shared_data
def test_asset_copy_baseline_reproduces_easse(shared_data: Path) -> None:
    asset = shared_data / "asset"
    src = _lines(asset / "asset.valid.orig")
    refs = [_lines(asset / f"asset.valid.simp.{i}") for i in range(10)]
    assert round(corpus_sari(src, src, refs), 2) == 22.53  # /work/shared/data/README.md


@pytest.mark.shared_data
def test_eval_edits_cli(shared_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    jfleg = shared_data / "jfleg"
    refs = [str(jfleg / f"dev.ref{i}") for i in range(4)]
    for metric, expected in (("gleu", 38.2), ("sari", 26.3), ("em-diff", 0.0)):
        code = main(["eval", "edits", "--source", str(jfleg / "dev.src"), "--refs", *refs,
                     "--output", str(jfleg / "dev.src"), "--metric", metric, "--json"])
        assert code == 0
        out = json.loads(capsys.readouterr().out)
        assert out["metric"] == metric and out["score"] == pytest.approx(expected, abs=0.05)


def test_eval_edits_cli_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "s").write_text("a b\nc d\n")
    (tmp_path / "r").write_text("a b\n")
    assert main(["eval", "edits", "--source", str(tmp_path / "s"), "--refs", str(tmp_path / "r"),
                 "--output", str(tmp_path / "s")]) == 2
    assert "reference set 1 has 1 sentences" in capsys.readouterr().err
    assert main(["eval", "edits", "--source", str(tmp_path / "missing"), "--refs", str(tmp_path / "r"),
                 "--output", str(tmp_path / "s")]) == 2
