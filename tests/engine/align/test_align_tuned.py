"""The comment↔edit encoder fine-tuned on the training part (``engine.align.tuned``): the shipped int8 layers and
their loader (real file, real embedded MiniLM), the switch between out-of-fold cosines (training papers) and the
shipped encoder (every other paper), and the ``cosine`` feature columns it feeds (one pass). No corpus cache needed."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from engine.align.gold import GoldPaper
from engine.align.learn import iter_paper_pairs
from engine.align.learned import FEATURES, inverse_rank, shipped_model
from engine.align.tuned import (LAYERS_FILE, OOF_FILE, OutOfFold, ShippedTuned, section_pieces, shipped_note,
                                tuned_encoder)
from engine.errors import ModelError
from engine.jobs import run_job
from engine.models.encoders.embed_cache import EmbeddingCache
from engine.resources import resource
from engine.revision import diff_documents
from engine.reviews.model import ReviewComment
from tests.engine.built_revisions import PROSE, doc_of

TEXTS = ["Please report the variance of the scores over several random seeds.",
         "Results: We also report the variance of both scores over five random seeds."]


def _paper(pid: str) -> GoldPaper:
    new = [PROSE[0], PROSE[1], PROSE[2] + " We also report the variance of both scores over five random seeds.",
           PROSE[3], "Phase is taken from the low band and mirrored; this keeps reconstruction simple and cheap."]
    diff = diff_documents(doc_of(PROSE), doc_of(new))
    comments = [ReviewComment(id=f"{pid}/R1.1", reviewer="Reviewer 1", text=TEXTS[0]),
                ReviewComment(id=f"{pid}/R1.2", reviewer="Reviewer 1", text="How is the phase of the high band obtained?")]
    seeds = next(e.id for e in diff.edits if e.text_changed and "seeds" in e.target_text)
    return GoldPaper(pid, diff, comments, {f"{pid}/R1.1": {seeds}, f"{pid}/R1.2": set()})


def test_shipped_layers_match_their_note_and_stay_small() -> None:
    data = resource("models", "align", LAYERS_FILE).read_bytes()
    note = shipped_note()
    assert hashlib.sha256(data).hexdigest() == note["sha256"] and len(data) == note["bytes"] < 12_000_000
    assert note["variant"] == "section" and "checked and blind parts never read" in note["data"]


def test_the_graph_holds_the_shipped_int8_values_and_a_warm_process_reads_it_from_cache(tmp_path, monkeypatch) -> None:
    """The exact-int8 graph built from the dequantised layers holds the very uint8 values and scales shipped (no
    second rounding), and a second encoder over the same cache reads that graph instead of building it."""
    from onnx import load_from_string, numpy_helper
    from safetensors.numpy import load_file

    from engine.models.encoders import onnx_encoder
    from engine.models.encoders.tuned_layers import dequantise, quantise

    cache = EmbeddingCache(tmp_path / "embeddings.sqlite3")
    first = tuned_encoder(cache, threads=1)
    vectors = first.encode(TEXTS)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert note_sha_in(first.model_key) and first.model_key.endswith(":int8")
    graph = load_from_string(first._graph_file().read_bytes())
    held = {i.name: numpy_helper.to_array(i) for i in graph.graph.initializer}
    shipped = load_file(str(resource("models", "align", LAYERS_FILE)))
    for i in range(6):
        for name in ("attention.output.dense", "intermediate.dense", "output.dense"):
            assert np.array_equal(held[f"encoder.layer.{i}.{name}.qweight"], shipped[f"encoder.layer.{i}.{name}.weight"].T)
            assert np.array_equal(held[f"encoder.layer.{i}.{name}.scale"], shipped[f"encoder.layer.{i}.{name}.scale"])
    q, s = shipped["encoder.layer.3.intermediate.dense.weight"], shipped["encoder.layer.3.intermediate.dense.scale"]
    again = quantise(dequantise(q, s))
    assert np.array_equal(again[0], q) and np.allclose(again[1], s, rtol=1e-6)

    def no_build(*_args, **_kwargs):
        raise AssertionError("the graph was built again")

    monkeypatch.setattr(onnx_encoder, "_build_graph", no_build)
    warm = tuned_encoder(EmbeddingCache(tmp_path / "embeddings.sqlite3"), threads=1)
    assert warm.model_key == first.model_key
    assert np.array_equal(warm.encode(TEXTS[::-1] + ["A sentence no process embedded yet."])[:2], vectors[::-1])


def note_sha_in(key: str) -> bool:
    """The cache key names the layers: a changed file never serves old vectors or graphs (the key hashes the
    weights id, which carries the note's SHA-256)."""
    from engine.models.factory import open_model

    return key.startswith("redraft-align-tuned:") and key.split(":")[1] != open_model("encoder").model_key.split(":")[1]


def test_the_tuned_encoder_is_not_the_embedded_one() -> None:
    from engine.models.factory import open_model

    tuned = tuned_encoder(threads=1).encode(TEXTS)
    plain = open_model("encoder", cache=None).encode(TEXTS)
    assert 0.3 < float((tuned * plain).sum(axis=1).min()) < 0.99  # the tuned layers move every vector
    others = tuned_encoder(threads=1).encode(["2 Method: Phase is taken from the low band and mirrored.",
                                              "2 Method: Our code runs on a laptop in under a minute."])
    assert float(tuned[0] @ tuned[1]) > float((others @ tuned[0]).max())  # the answer ranks first


def test_a_damaged_layers_file_is_a_model_error_and_the_graph_key_names_the_layers_module(tmp_path) -> None:
    from engine.models import embedded
    from engine.models.encoders.tuned_layers import LayersEncoder

    cut = tmp_path / "cut.safetensors"
    cut.write_bytes(resource("models", "align", LAYERS_FILE).read_bytes()[:4096])
    with pytest.raises(ModelError):
        LayersEncoder(embedded.encoder_path(), cut, "minilm+cut", threads=1).encode(TEXTS[:1])
    cache = EmbeddingCache(tmp_path / "embeddings.sqlite3")
    try:  # its graph is not the embedded encoder's, and its key follows this module's source too
        tuned_file = tuned_encoder(cache=cache)._graph_file()
        assert tuned_file is not None and tuned_file.parent.name == "encoder-graphs"
        plain = LayersEncoder.__mro__[1](embedded.encoder_path(), cache=cache)._graph_file()
        assert tuned_file != plain
    finally:
        cache.close()


def test_training_papers_read_out_of_fold_cosines_and_never_the_shipped_encoder(tmp_path) -> None:
    train = shipped_model().meta["train"]
    tuned_on = {k.split("|", 1)[1] for k in np.load(OOF_FILE).files if k.startswith("section|")}
    # the shipped encoder was tuned on the file's papers (all 86 training revisions since session 30); the link
    # model on the 76 its meta names (session 28's amendment: the refold refits it on the revisions it had)
    assert set(train) <= tuned_on == set(shipped_note()["train"]) and OutOfFold().papers == tuned_on
    assert len(tuned_on) == 86 and len(train) == 76
    with pytest.raises(ModelError, match="training paper"):
        run_job(iter_paper_pairs([_paper(train[0])]))  # the default: the shipped encoder, which refuses it
    with pytest.raises(ModelError, match="training paper"):  # one the encoder saw and the link model did not
        run_job(iter_paper_pairs([_paper(sorted(tuned_on - set(train))[0])]))
    with pytest.raises(ModelError, match="no out-of-fold tuned cosines for training paper built"):
        run_job(iter_paper_pairs([_paper("built")], tuned=OutOfFold(unseen=False)))
    with pytest.raises(ModelError, match="training paper"):
        ShippedTuned(refuse=train).for_paper(train[-1])
    assert ShippedTuned(refuse=train).for_paper("user-paper") is not None
    np.savez(tmp_path / "oof.npz", **{"section|built": np.zeros((2, 1), np.float32)})
    with pytest.raises(ModelError, match="2 comments × 1 edits"):
        run_job(iter_paper_pairs([_paper("built")], tuned=OutOfFold(tmp_path / "oof.npz")))
    with pytest.raises(ModelError, match="cannot read"):
        OutOfFold(tmp_path / "none.npz")


def test_a_training_paper_whose_diff_moved_reads_the_untuned_encoder_when_asked(tmp_path) -> None:
    """The reader changed a training paper's diff after the GPU run (another number of candidate edits): an error,
    unless the caller gives the untuned encoder, whose cosines over the edits' own sentences it then reads."""
    from engine.align.base import candidate_edits
    from engine.align.embed import changed_sentences
    from engine.align.tuned import tuned_cosines
    from engine.models.factory import open_model

    paper = _paper("moved")
    np.savez(tmp_path / "oof.npz", **{"section|moved": np.full((2, 1), 0.9, np.float32)})
    with pytest.raises(ModelError, match="2 comments × 1 edits"):
        run_job(iter_paper_pairs([paper], tuned=OutOfFold(tmp_path / "oof.npz")))
    encoder = open_model("encoder")
    oof = OutOfFold(tmp_path / "oof.npz", untuned=lambda: encoder)
    (pp,) = run_job(iter_paper_pairs([paper], tuned=oof))
    assert oof.moved == {"moved": ((2, 1), pp.mask.shape)} and pp.mask.shape[1] > 1
    col = FEATURES.index("cosine")
    edits = candidate_edits(paper.diff)
    assert [e.id for e in edits] == pp.edit_ids
    expected = tuned_cosines(encoder, paper.comments, edits, pp.mask, pieces=changed_sentences)
    assert np.allclose(pp.x[:, :, col][pp.mask], expected[pp.mask], atol=1e-6) and pp.x[0, :, col].max() > 0.5
    assert not np.any(pp.x[:, :, col] == np.float32(0.9))  # nothing read from the stale file


def test_a_training_paper_whose_diff_moved_keeps_its_out_of_fold_cosines_when_every_sentence_was_scored(tmp_path) -> None:
    """The GPU run keeps each comment's cosine against every distinct edit sentence: when the reader splits or
    merges edits differently later, an edit whose sentences were all scored takes its best one, out of fold still."""
    from engine.align.base import candidate_edits
    from engine.align.tuned import sentence_key

    paper = _paper("moved")
    edits = candidate_edits(paper.diff)
    sentences = sorted({t for e in edits for t in section_pieces(e)})
    rng = np.random.default_rng(0)
    cos = rng.uniform(-0.2, 0.9, (len(paper.comments), len(sentences))).astype(np.float32)
    np.savez(tmp_path / "oof.npz", **{"section|moved": np.full((len(paper.comments), 1), 0.9, np.float32)})
    np.savez(tmp_path / "sentences.npz", moved=cos, **{"moved|keys": np.array([sentence_key(t) for t in sentences])})
    oof = OutOfFold(tmp_path / "oof.npz", sentences=tmp_path / "sentences.npz", untuned=lambda: pytest.fail("untuned"))
    (pp,) = run_job(iter_paper_pairs([paper], tuned=oof))
    assert oof.matched == {"moved"} and oof.moved == {}
    col = FEATURES.index("cosine")  # one pass: the tuned cosines are the cosine feature
    where = {t: k for k, t in enumerate(sentences)}
    expected = np.array([[max((cos[i, where[t]] for t in section_pieces(e)), default=0.0) for e in edits]
                         for i in range(len(paper.comments))], dtype=np.float32)
    assert np.allclose(pp.x[:, :, col][pp.mask], expected[pp.mask])
    # one sentence never scored: the whole paper falls back, as before
    np.savez(tmp_path / "sentences.npz", moved=cos[:, 1:], **{"moved|keys": np.array([sentence_key(t) for t in sentences[1:]])})
    with pytest.raises(ModelError, match="edits, the paper"):
        run_job(iter_paper_pairs([paper], tuned=OutOfFold(tmp_path / "oof.npz", sentences=tmp_path / "sentences.npz")))


def test_a_training_paper_added_after_the_encoder_was_tuned_reads_the_shipped_encoder(tmp_path) -> None:
    """Not in the out-of-fold file: the shipped encoder never saw it, so its cosines are out of fold too; refused
    when the encoder saw another round of the same repository."""
    paper = _paper("added")
    (shipped,) = run_job(iter_paper_pairs([paper], tuned=ShippedTuned()))
    oof = OutOfFold(groups={"added": "owner/new-paper"})
    assert "added" not in oof.papers
    (read,) = run_job(iter_paper_pairs([paper], tuned=oof))
    col = FEATURES.index("cosine")
    assert np.array_equal(read.x[:, :, col], shipped.x[:, :, col]) and read.x[0, :, col].max() > 0.5
    with pytest.raises(ModelError, match="training paper"):  # a paper of the file never reaches the encoder
        oof.unseen.for_paper(sorted(oof.papers)[0])
    sibling = sorted(oof.papers)[0]
    with pytest.raises(ModelError, match=f"saw {sibling} of the same repository"):
        run_job(iter_paper_pairs([_paper("round-2")], tuned=OutOfFold(groups={"round-2": "o/r", sibling: "o/r"})))


def test_the_cosine_columns_hold_the_tuned_cosine_its_rank_and_gap_inside_the_first_stage(tmp_path) -> None:
    """One encoder pass (round eight): ``cosine``, ``cosine_rank`` and ``cosine_gap`` read the tuned encoder's
    cosines (out of fold on a training paper), and no column repeats them."""
    from engine.align.base import candidate_edits
    from engine.align.tuned import tuned_cosines

    paper = _paper("built")
    (pp,) = run_job(iter_paper_pairs([paper]))  # a paper no model saw: the shipped encoder
    assert not {"tuned", "tuned_rank"} & set(FEATURES)
    col, rank, gap = (FEATURES.index(f) for f in ("cosine", "cosine_rank", "cosine_gap"))
    seeds = pp.edit_ids.index(next(iter(paper.gold["built/R1.1"])))
    x = pp.x
    assert all(np.all(x[:, :, k][~pp.mask] == 0) for k in (rank, gap))  # the model reads the mask's pairs only
    assert x[0, seeds, col] > 0.5 and x[0, seeds, rank] == 1.0 and x[0, seeds, gap] == 0  # the comment's best
    assert np.allclose(x[:, :, rank], inverse_rank(x[:, :, col], pp.mask))
    edits = candidate_edits(paper.diff)
    assert [e.id for e in edits] == pp.edit_ids
    expected = tuned_cosines(tuned_encoder(), paper.comments, edits, pp.mask)
    assert np.allclose(x[:, :, col][pp.mask], expected[pp.mask], atol=1e-6)
    oof = np.linspace(0.1, 0.9, pp.mask.size, dtype=np.float32).reshape(pp.mask.shape)
    np.savez(tmp_path / "oof.npz", **{"section|built": oof})
    (again,) = run_job(iter_paper_pairs([paper], tuned=OutOfFold(tmp_path / "oof.npz")))
    assert np.array_equal(again.x[:, :, col][pp.mask], oof[pp.mask])
    others = [k for k, f in enumerate(FEATURES) if not f.startswith("cosine")]
    assert np.array_equal(again.x[:, :, others], pp.x[:, :, others])


def test_edits_are_read_after_their_section_title() -> None:
    from engine.align.embed import changed_sentences

    paper = _paper("built")
    edit = next(e for e in paper.diff.edits if e.text_changed and "seeds" in e.target_text)
    assert edit.section == "2 Method"
    assert section_pieces(edit) == [f"2 Method: {s}" for s in changed_sentences(edit)]
