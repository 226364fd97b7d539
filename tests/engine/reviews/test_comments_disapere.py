"""Comment extraction figures on DISAPERE dev (the models are fitted on train only), pinned so a regression
fails; `redraft eval comments` agrees with ../shared/tools/score_comments.py."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli.main import main

REPO = Path(__file__).resolve().parents[3]
#: Measured on dev.jsonl (docs/figures.md; the same on every CPU since the int8 products are exact); a drop of more than a point (of 0.02 in fine-type
#: macro-F1) fails. "encoder" is the default: the fine-tuned encoder read where the words model is unsure.
#: Encoder fine types 0.408 -> 0.387 over issue 33's fifth and sixth segmentation rounds (0.390 after the fifth;
#: the sixth's 80-word point rule 0.387). The sixth round's fine-type model was reverted: it made a false
#: "addressed" on the S2ORC trial paper (test_align_s2orc_trial) and cost 0.017 on dev. Issue 33's seventh round
#: (polite requests with no request verb, bare follow-up questions): 79.5 / 84.0 / 0.387 -> 79.9 / 84.7 / 0.389.
PINNED = {"encoder": {"f1": 79.9, "recall": 84.7, "fine_macro_f1": 0.389},
          "minilm": {"f1": 75.7, "recall": 86.8, "fine_macro_f1": 0.38},
          "lexical": {"f1": 77.0, "recall": 86.5, "fine_macro_f1": 0.383}}
FLAGS = {"encoder": [], "minilm": ["--minilm"], "lexical": ["--lexical"]}


def _eval(args: list[str], capsys: pytest.CaptureFixture[str]) -> dict:
    assert main(["eval", "comments", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.slow
@pytest.mark.shared_data
@pytest.mark.parametrize("name", ["encoder", "minilm", "lexical"])
def test_dev_figures_hold(name: str, shared_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    figures = _eval([str(shared_data / "disapere" / "dev.jsonl"), *FLAGS[name]], capsys)
    assert figures["forums"] == 37 and figures["requests"] == 281
    assert figures["f1"] >= PINNED[name]["f1"] - 1.0, figures
    assert figures["recall"] >= PINNED[name]["recall"] - 1.0, figures
    assert figures["fine_macro_f1"] >= PINNED[name]["fine_macro_f1"] - 0.02, figures


@pytest.mark.shared_data
def test_keyword_baseline_is_scored_the_same_way(shared_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    figures = _eval([str(shared_data / "disapere" / "dev.jsonl"), "--baseline", "cues"], capsys)
    assert (figures["precision"], figures["recall"], figures["f1"]) == (66.6, 82.9, 73.9)


@pytest.mark.slow
@pytest.mark.shared_data
def test_eval_agrees_with_the_shared_scorer(shared_data: Path, shared_tools: Path, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    scorer = shared_tools / "score_comments.py"
    wrapper = tmp_path / "redraft"
    # run from the repository: with -m, Python puts the working directory first on the path
    wrapper.write_text(f"#!/bin/sh\ncd '{REPO}' && exec '{sys.executable}' -m engine.cli.main \"$@\"\n")
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IEXEC)
    data = shared_data / "disapere" / "dev.jsonl"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, str(scorer), str(data), str(wrapper), "4"], capture_output=True, text=True,
                          env=env, timeout=600, check=True)
    theirs = json.loads(done.stdout.strip().splitlines()[-1])
    ours = _eval([str(data), "--limit", "4"], capsys)
    assert theirs["failures"] == 0
    for key in ("precision", "recall", "f1", "requests", "extracted_ok", "extracted_wrong", "comments_per_review"):
        assert ours[key] == theirs[key], key


@pytest.mark.parametrize("name", ["minilm", "lexical"])
def test_shipped_models_record_provenance_and_licence(name: str) -> None:
    from engine.reviews.classify import shipped_model

    model = shipped_model(name)
    assert "DISAPERE train.jsonl" in model.meta["provenance"] and model.meta["licence"] == "CC BY-NC 4.0"
    assert 0.0 < model.threshold < 1.0 and set(model.fine_labels) <= {
        "experiment", "explanation", "clarification", "result", "edit", "typo", "criticism"}
    assert (REPO / "resources" / "models" / "comments" / "PROVENANCE.md").is_file()


def test_the_shipped_encoder_is_the_default_and_beat_the_words_model_on_held_out_train() -> None:
    from engine.reviews.comments import default_model
    from engine.reviews.encoder_model import CommentEncoder, comment_encoder

    model, encoder = default_model()
    assert isinstance(model, CommentEncoder) and encoder is None and model is comment_encoder()
    meta = model.meta
    assert "DISAPERE train.jsonl" in meta["provenance"] and meta["licence"].startswith("CC BY-NC 4.0")
    assert meta["training"]["top_layers"] == 6 and 0.0 <= model.band[0] < model.band[1] <= 1.0
    held = meta["held_out_in_train"]
    assert held["encoder_in_band"]["f1"] > held["words_model_alone"]["f1"] + 2.0, held
    assert "encoder.onnx" in (REPO / "resources" / "models" / "comments" / "PROVENANCE.md").read_text("utf-8")


def _train(shared_data: Path) -> tuple:
    from bench.train_comment_encoder import prepare

    data, texts, y, _, _ = prepare(str(shared_data / "disapere" / "train.jsonl"))
    return data, texts, y


@pytest.mark.shared_data
def test_the_stored_training_counts_are_recomputed_from_train(shared_data: Path) -> None:
    """The units, actionable units and forums ``encoder.json`` says today's reader makes of ``train.jsonl``
    (``read_today``; the encoder was fitted on those beside it, read by an older reader), counted again with today's
    code."""
    from engine.reviews.encoder_model import comment_encoder

    meta = comment_encoder().meta
    data, texts, y = _train(shared_data)
    counted = {"units": len(texts), "positives": int(y.sum()), "forums": len(data)}
    assert counted == {k: meta["training"]["read_today"][k] for k in counted}
    assert meta["training"]["units"] <= counted["units"] and meta["training"]["forums"] == counted["forums"]
    held = meta["held_out_in_train"]
    assert (held["forums"], held["units"]) == (len(data), len(texts))


@pytest.mark.slow
@pytest.mark.shared_data
def test_the_stored_words_model_figures_are_recomputed_from_train(shared_data: Path, tmp_path: Path) -> None:
    """The baseline ``encoder.json`` says the encoder beat out of fold on train (the words model's out-of-fold
    figures on the same five folds of forums, at its best threshold there), recomputed from ``train.jsonl`` and the
    shipped words model's settings and compared at the precision it is stored with. The encoder's own out-of-fold
    figures need the five fold fine-tunings (``bench.crossfit_comment_encoder``, PyTorch, about 25 minutes), which do
    not ship; the shipped encoder's figures are recomputed on dev by ``test_dev_figures_hold``."""
    from bench.choose_comment_encoder import words_model_alone
    from bench.train_comment_encoder import lexical_oof
    from engine.reviews.encoder_model import comment_encoder

    held = comment_encoder().meta["held_out_in_train"]
    data, texts, _ = _train(shared_data)
    words = words_model_alone(data, lexical_oof(data, texts, tmp_path))
    assert {k: words[k] for k in ("precision", "recall", "f1", "threshold")} == held["words_model_alone"]


REVIEW = """## Reviewer 1

The paper proposes a new method for graph matching. It is well written.

Why did the authors not compare with the Hungarian baseline? Please report the variance over five seeds.
There is a typo in Eq. 3.
"""


@pytest.fixture(scope="module")
def exported_encoder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An encoder exported at test time by bench/train_comment_encoder.py (its heads untrained), as it ships."""
    torch = pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from bench import train_comment_encoder as trainer

    torch.set_num_threads(2)
    torch.manual_seed(0)
    _, base = trainer.load_base()
    out = tmp_path_factory.mktemp("encoder")
    assert trainer.export(base.eval(), trainer.make_top(base).eval(), out, out) < 1e-4  # ONNX graph == torch
    (out / "encoder.json").write_text(json.dumps({
        "format": "redraft-comment-encoder", "version": 1, "max_tokens": 64, "fine_labels": list(trainer.FINE),
        "platt": [1.0, 0.0], "weight": 0.5, "threshold": 0.45}))
    return out


@pytest.mark.slow
def test_an_exported_encoder_extracts_comments_without_torch(exported_encoder: Path) -> None:
    assert (exported_encoder / "encoder.onnx").stat().st_size < 30_000_000  # int8: about 23 MB
    code = (
        "import sys, json\n"
        "from pathlib import Path\n"
        "from engine.reviews import parse_reviews\n"
        "from engine.reviews.comments import extract_comments, model_threshold, score_units\n"
        "from engine.reviews.encoder_model import load_encoder\n"
        "from engine.reviews.units import review_units\n"
        f"d = Path({str(exported_encoder)!r})\n"
        "model = load_encoder(d / 'encoder.onnx', d / 'encoder.json')\n"
        f"reviews = parse_reviews({REVIEW!r}, 'markdown')\n"
        "units = [review_units(r) for r in reviews]\n"
        "[(prob, fine)] = score_units(units, model)\n"
        "found = extract_comments(reviews, model=model, threshold=0.0)\n"
        "print(json.dumps({'torch': 'torch' in sys.modules, 'threshold': model_threshold(model), 'units': len(units[0]),\n"
        "                  'prob': prob.tolist(), 'fine': fine, 'comments': [c.to_dict() for c in found]}))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True,
                          cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["torch"] is False and out["threshold"] == 0.45
    assert len(out["prob"]) == len(out["fine"]) == out["units"] >= 5
    assert all(0.0 < p < 1.0 for p in out["prob"])
    assert set(out["fine"]) <= {"experiment", "explanation", "clarification", "result", "edit", "typo", "criticism"}
    assert out["comments"] and all(0.0 < c["confidence"] < 1.0 for c in out["comments"])


def test_a_sentence_scores_the_same_whatever_is_beside_it() -> None:
    """The int8 graph quantises activations over a whole run: each sentence runs alone, so its score is its own
    (batched, a sentence moved by up to 0.28 logit with its batch-mates), in any review and any round."""
    from engine.reviews.encoder_model import comment_encoder

    encoder = comment_encoder()
    sentence = "The authors should compare against a distillation baseline on ImageNet."
    others = ["The paper is well written.", "Why is the threshold fixed at 0.5 for every exit, and how was it chosen?",
              "Minor: typo in the caption of Figure 3.", "x " * 40]
    alone = encoder.logits([sentence])[0][0]
    for k in range(len(others) + 1):
        z, _ = encoder.logits(others[:k] + [sentence] + others[k:])
        assert z[k] == alone


def test_without_the_encoder_files_extraction_falls_back_to_the_lexical_model(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.reviews import encoder_model, parse_reviews
    from engine.reviews.comments import default_model, extract_comments

    encoder_model.comment_encoder.cache_clear()
    monkeypatch.setattr(encoder_model, "encoder_files", lambda: None)  # a build without encoder.onnx
    try:
        model, encoder = default_model()
        assert model.name == "lexical" and encoder is None
        found = extract_comments(parse_reviews(REVIEW, "markdown"))
        assert any("Hungarian" in c.text for c in found)
    finally:
        encoder_model.comment_encoder.cache_clear()


@pytest.mark.slow
@pytest.mark.shared_data
def test_default_confidences_are_calibrated_on_dev(shared_data: Path) -> None:
    """The confidence the comment list shows: over DISAPERE dev's sentence units, 10-bin expected calibration
    error of the default model's probability against the gold label (0.046 at this commit; 0.049 for the words model)."""
    import numpy as np

    from engine.reviews.comments import default_model, score_units
    from engine.reviews.evaluate import read_forums
    from engine.reviews.fit import forum_units

    model, encoder = default_model()
    data = forum_units(read_forums(shared_data / "disapere" / "dev.jsonl"))
    p = np.concatenate([prob for f in data for prob, _ in score_units(f["units"], model, encoder)])
    y = np.concatenate([f["y"] for f in data])
    assert len(p) == len(y) > 1000
    which = np.minimum((p * 10).astype(int), 9)
    ece = sum((which == b).sum() / len(p) * abs(p[which == b].mean() - y[which == b].mean())
              for b in range(10) if (which == b).any())
    assert ece < 0.07, ece


@pytest.mark.shared_data
def test_the_encoder_chooser_picks_settings_that_beat_the_words_model_when_the_encoder_is_right(
        shared_data: Path) -> None:
    """``choose_use`` (what bench.choose_comment_encoder and bench.crossfit_comment_encoder choose with) on eight
    train forums: given encoder logits that know each gold label and words-model probabilities that are noise, it
    reads the encoder, its figures beat the words model's, and the settings are ones ``encoder.json`` can hold."""
    import numpy as np

    from bench.choose_comment_encoder import choose_use
    from bench.train_comment_encoder import FINE
    from engine.reviews.evaluate import read_forums
    from engine.reviews.fit import forum_units

    data = forum_units(read_forums(shared_data / "disapere" / "train.jsonl")[:8])
    y = np.concatenate([f["y"] for f in data])
    z = np.where(y == 1, 4.0, -4.0).astype(np.float32)
    zf = np.zeros((len(y), len(FINE)), dtype=np.float32)
    lex = np.random.default_rng(0).uniform(0.0, 1.0, len(y))
    words_fine = [["criticism"] * len(f["y"]) for f in data]
    settings, figures = choose_use(data, z, zf, lex, list(FINE), words_fine)
    assert set(settings) == {"platt", "weight", "threshold", "band", "fine_from"}
    assert settings["weight"] >= 0.6 and 0.0 <= settings["band"][0] < settings["band"][1] <= 1.0
    assert figures["encoder_on_every_unit"]["f1"] > figures["words_model_alone"]["f1"] + 10, figures
    assert figures["encoder_in_band"]["f1"] >= figures["encoder_on_every_unit"]["f1"] - 0.2 - 1e-9
    assert 0.0 < figures["encoder_in_band"]["share_of_units_read"] <= 1.0
