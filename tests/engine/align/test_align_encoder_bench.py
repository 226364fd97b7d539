"""The fine-tuned comment↔edit encoder's preparation and its leave-papers-out feature (``bench.align_encoder_*``),
on a small built revision with the real embedded MiniLM and its tokenizer (no corpus cache, no GPU)."""

from __future__ import annotations

import json

import numpy as np

from bench.align_encoder_gpu_prep import FOLDS, collect, edit_pieces, paper_folds, write
from bench.align_encoder_oof import hit1_alone, with_feature
from engine.align.embed import changed_sentences
from engine.align.gold import GoldPaper
from engine.align.learn import iter_paper_pairs
from engine.jobs import run_job
from engine.revision import diff_documents
from engine.reviews.model import ReviewComment
from tests.engine.built_revisions import PROSE, doc_of


def _pairs():
    new = [PROSE[0], PROSE[1], PROSE[2] + " We also report the variance of both scores over five random seeds.",
           PROSE[3], "Phase is taken from the low band and mirrored; this keeps reconstruction simple and cheap."]
    diff = diff_documents(doc_of(PROSE), doc_of(new))
    comments = [ReviewComment(id="p/R1.1", reviewer="Reviewer 1", text="Please report the variance over random seeds."),
                ReviewComment(id="p/R1.2", reviewer="Reviewer 1", text="How is the phase of the high band obtained?")]
    seeds = next(e.id for e in diff.edits if e.text_changed and "seeds" in e.target_text)
    paper = GoldPaper("built", diff, comments, {"p/R1.1": {seeds}, "p/R1.2": set()})
    return run_job(iter_paper_pairs([paper])), seeds


def test_folds_group_papers_with_a_fixed_seed_whatever_their_order() -> None:
    ids = [f"paper{k}" for k in range(23)]
    folds = paper_folds(ids)
    assert folds == paper_folds(list(reversed(ids)))
    assert sorted(np.bincount(list(folds.values())).tolist()) == [4, 4, 5, 5, 5] and set(folds.values()) == set(
        range(FOLDS))
    assert folds != paper_folds(ids, seed=1)


def test_prepared_data_holds_what_the_aligner_compares(tmp_path) -> None:
    pairs, seeds = _pairs()
    data, texts = collect(pairs)
    (p,) = data["papers"]
    j = p["edit_ids"].index(seeds)
    assert p["gold"] == [[j], []]
    mask = pairs[0].mask
    assert all(set(h) == set(np.flatnonzero(mask[i]).tolist()) - set(g) for i, (h, g) in
               enumerate(zip(p["hard"], p["gold"])))
    assert texts[p["comments"][0]] == pairs[0].paper.comments[0].full_text
    edit = next(e for e in pairs[0].paper.diff.edits if e.id == seeds)
    assert [texts[k] for k in p["edits"]["plain"][j]] == changed_sentences(edit)
    assert [texts[k] for k in p["edits"]["section"][j]] == edit_pieces(edit)["section"]
    write(tmp_path, data, texts)
    tokens = np.load(tmp_path / "tokens.npz")
    used = np.load(tmp_path / "used_ids.npy")
    config = json.loads((tmp_path / "config.json").read_text())
    assert len(tokens["lens"]) == len(texts) and config["vocab_size"] == len(used)
    assert tokens["flat"].max() < len(used) and (tmp_path / "weights.safetensors").stat().st_size > 20_000_000


def test_the_tuned_cosine_fills_the_cosine_columns_inside_the_first_stage() -> None:
    from engine.align.learned import FEATURES

    pairs, seeds = _pairs()
    pp = pairs[0]
    j = pp.edit_ids.index(seeds)
    cols = [FEATURES.index(f) for f in ("cosine", "cosine_rank", "cosine_gap")]
    tuned = np.full(pp.mask.shape, 0.1, dtype=np.float32)
    tuned[0, j] = 0.9
    (extended,) = with_feature(pairs, {"v|built": tuned}, "v")  # the variant's cosines in the cosine columns
    rest = [k for k in range(pp.x.shape[2]) if k not in cols]
    assert extended.x.shape == pp.x.shape and np.array_equal(extended.x[:, :, rest], pp.x[:, :, rest])
    assert np.all(extended.x[:, :, cols[0]][~pp.mask] == 0) and extended.x[0, j, cols[0]] == np.float32(0.9)
    assert extended.x[0, j, cols[1]] == 1.0 and extended.x[0, j, cols[2]] == 0  # the best within the comment
    (without,) = with_feature(pairs, {}, None)
    assert np.array_equal(without.x, pp.x[:, :, rest])
    assert hit1_alone(pairs, lambda _: tuned) == 100.0


def test_assembled_folder_runs_the_tuned_layers_on_the_embedded_embeddings(tmp_path) -> None:
    from safetensors.numpy import load_file, save_file

    from bench.align_encoder_assemble import assemble
    from engine.models.embedded import encoder_path
    from engine.models.encoders.onnx_encoder import OnnxEncoder

    base = load_file(str(encoder_path() / "model.safetensors"))
    layers = {k: v.astype(np.float16) for k, v in base.items() if k.startswith("encoder.")}
    layers["encoder.layer.5.output.dense.weight"] = layers["encoder.layer.5.output.dense.weight"] * np.float16(3)
    for half, kept in (("a", "012"), ("b", "345")):
        save_file({k: v for k, v in layers.items() if k.split(".")[2] in kept},
                  str(tmp_path / f"v_layers_{half}.safetensors"))
    folder = assemble(tmp_path, "v", tmp_path / "model")
    texts = ["Please report the variance over random seeds.", "Phase is taken from the low band."]
    tuned = OnnxEncoder(folder, precision="fp32", threads=1).encode(texts)
    plain = OnnxEncoder(encoder_path(), precision="fp32", threads=1).encode(texts)
    assert tuned.shape == plain.shape and np.allclose(np.linalg.norm(tuned, axis=1), 1.0, atol=1e-5)
    assert 0.5 < float((tuned * plain).sum(axis=1).min()) < 0.9999  # the shifted layer moves every vector


def test_the_runs_sentence_cosines_are_keyed_by_their_texts_as_the_engine_reads_them(tmp_path) -> None:
    from dataclasses import replace

    from bench.align_encoder_sentences import keyed, numbered_texts, same_tokens
    from engine.align.base import candidate_edits
    from engine.align.tuned import OutOfFold

    pairs, seeds = _pairs()
    data, texts = collect(pairs)
    write(tmp_path, data, texts)
    (p,) = data["papers"]
    paper = pairs[0].paper
    again, wrong = numbered_texts([paper], data)
    assert again == texts and wrong == [] and same_tokens(again, tmp_path)
    sents = sorted({s for e in p["edits"]["section"] for s in e})  # as the GPU run keeps them
    cos = np.random.default_rng(0).uniform(-1, 1, (len(p["comments"]), len(sents))).astype(np.float32)
    np.savez(tmp_path / "run.npz", **{"section|built": cos, "section|built|ids": np.array(sents),
                                      "base|built": np.zeros((2, len(p["edit_ids"])), np.float32)})
    out = keyed(tmp_path / "run.npz", texts, "section")
    assert sorted(out) == ["built", "built|keys"]
    np.savez(tmp_path / "sentences.npz", **out)
    # a paper whose diff moved (another number of edits in the out-of-fold file) reads its cosines from the keyed file
    np.savez(tmp_path / "oof.npz", **{"section|built": np.zeros((2, 1), np.float32)})
    oof = OutOfFold(tmp_path / "oof.npz", sentences=tmp_path / "sentences.npz", unseen=False)
    mask = np.ones(pairs[0].mask.shape, dtype=bool)
    got = oof.for_paper("built")(paper.comments, candidate_edits(paper.diff), mask)
    col = {s: k for k, s in enumerate(sents)}
    j = p["edit_ids"].index(seeds)
    assert oof.matched == {"built"}
    assert np.allclose(got[:, j], cos[:, [col[s] for s in p["edits"]["section"][j]]].max(axis=1))
    # papers read on another tree are refused: a comment more by their numbers, a comment reworded by its tokens
    more = replace(paper, comments=[*paper.comments, replace(paper.comments[0], id="p/R1.3", text="And this.")])
    assert numbered_texts([more], data)[1] == ["built"]
    reworded = replace(paper, comments=[replace(paper.comments[0], text="Another request."), paper.comments[1]])
    texts2, wrong = numbered_texts([reworded], data)
    assert wrong == [] and not same_tokens(texts2, tmp_path)


def test_the_refold_rule_holds_back_on_a_losing_interval_or_too_many_wrong_addressed() -> None:
    from bench.measure_refold import verdict

    level = {"F1": (-0.5, 1.0), "hit@1": (-1.0, 0.5), "found": (-1.2, 1.3), "wrong addressed": (-2.3, 0.9)}
    assert verdict(level, 5.6) == "ships"
    assert verdict(level | {"hit@1": (-2.0, -0.1)}, 5.6) == "held back: hit@1 (-2.0, -0.1) wholly below 0"
    assert verdict(level | {"wrong addressed": (0.1, 2.0)}, 5.6) == ("held back: wrong addressed (0.1, 2.0) wholly "
                                                                      "above 0")
    assert verdict(level, 10.2) == "held back: wrong addressed 10.2 % over 10 %"
    assert verdict(level | {"F1": (-1.0, 0.0), "wrong addressed": (0.0, 1.0)}, 10.0) == "ships"  # touching 0, at 10 %
