"""Speed changes that must not move a decision (issue 32, speed7): NumPy's BLAS on one thread while an aligner
scores, BM25 counted in one NumPy pass, the encoders loaded while a project build reads its documents."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from engine.align.bm25 import bm25_matrix
from engine.align.learned import LearnedAligner
from engine.align.text import tokens
from engine.jobs import run_job
from engine.models.encoders.embed_cache import EmbeddingCache
from engine.revision import diff_documents
from engine.reviews.model import ReviewComment
from tests.engine.built_revisions import PROSE, doc_of


def _blas_threads() -> int:
    from threadpoolctl import threadpool_info

    return next(i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas")


def test_an_alignment_runs_numpy_blas_on_one_thread_and_gives_it_back() -> None:
    """Inside an aligner's scoring NumPy's BLAS runs on one thread; after it (a return or an error) as before."""
    from engine.align.base import one_blas_thread
    from engine.errors import Cancelled
    from engine.jobs import Progress

    from threadpoolctl import threadpool_limits

    limits = threadpool_limits(2, user_api="blas")  # two threads before, so a missing restore shows
    before, seen = _blas_threads(), []
    assert before == 2

    def job(fail: bool):
        seen.append(_blas_threads())
        yield Progress(0, 1, "scoring")
        seen.append(_blas_threads())
        if fail:
            raise Cancelled("stopped")
        return "scores"

    assert run_job(one_blas_thread(job(False))) == "scores" and _blas_threads() == before
    with pytest.raises(Cancelled):
        run_job(one_blas_thread(job(True)))
    assert seen == [1, 1, 1, 1] and _blas_threads() == before
    aligner = LearnedAligner()
    aligner.iter_scores = lambda comments, edits, cancel=None: job(False)  # what the aligners' scoring runs under
    assert aligner.scores([], []) == "scores" and seen[-2:] == [1, 1] and _blas_threads() == before
    # two alignments at once (the app's worker threads): the first to start limits, the last to end restores
    first, second = one_blas_thread(job(False)), one_blas_thread(job(False))
    next(first), next(second)
    with pytest.raises(StopIteration):
        next(first)
    assert _blas_threads() == 1  # the second is still scoring
    with pytest.raises(StopIteration):
        next(second)
    assert _blas_threads() == before
    limits.restore_original_limits()


def _reference_bm25(queries: list[str], docs: list[str], k1: float = 1.2, b: float = 0.75) -> np.ndarray:
    """The counting ``bm25_matrix`` did before speed7 (a Counter per text), kept to check the new one bit for bit."""
    doc_tokens = [tokens(d) or ["\u2205"] for d in docs]
    query_counts = [Counter(tokens(q)) for q in queries]
    vocab: dict[str, int] = {}
    for counted in query_counts:
        for t in counted:
            vocab.setdefault(t, len(vocab))
    tf = np.zeros((len(docs), len(vocab)), dtype=np.float32)
    for j, toks in enumerate(doc_tokens):
        counted = Counter(t for t in toks if t in vocab)
        if counted:
            tf[j, [vocab[t] for t in counted]] = list(counted.values())
    lengths = np.array([len(t) for t in doc_tokens], dtype=np.float32)[:, None]
    df = (tf > 0).sum(axis=0)
    idf = np.log(1.0 + (len(docs) - df + 0.5) / (df + 0.5)).astype(np.float32)
    weights = idf * tf / (tf + k1 * (1 - b + b * lengths / lengths.mean()))
    counts = np.zeros((len(queries), len(vocab)), dtype=np.float32)
    for i, counted in enumerate(query_counts):
        if counted:
            counts[i, [vocab[t] for t in counted]] = list(counted.values())
    return (counts @ weights.T).astype(np.float32)


def test_bm25_counted_in_one_pass_gives_the_same_bits() -> None:
    queries = [PROSE[0], "variance variance of the seeds, please", "", "the of and", PROSE[2] + " " + PROSE[2]]
    docs = [*PROSE, "", "and the of", PROSE[1] + " variance seeds variance", PROSE[3][:40]]
    ours = bm25_matrix(queries, docs)
    assert ours.shape == (5, len(docs)) and ours.dtype == np.float32 and ours.max() > 0
    assert np.array_equal(ours.view(np.uint32), _reference_bm25(queries, docs).view(np.uint32))
    assert not bm25_matrix(["the of"], docs).any() and bm25_matrix(queries, []).shape == (5, 0)


@pytest.fixture
def learned(tmp_path) -> LearnedAligner:
    from engine.models.factory import open_model

    return LearnedAligner(open_model("encoder", cache=EmbeddingCache(tmp_path / "embeddings.sqlite3")))


def test_preload_loads_both_encoders_once_before_the_first_alignment(learned, monkeypatch) -> None:
    from engine.models.encoders.onnx_encoder import OnnxEncoder

    base = learned.embed.encoder
    assert base._model is None
    learned.preload().join()
    tuned = learned.tuned.encoder
    assert base._model is not None and tuned._model is not None and tuned is not base

    def no_second_load(self) -> None:
        raise AssertionError(f"{self.name} loaded twice")

    monkeypatch.setattr(OnnxEncoder, "_load", no_second_load)
    new = [PROSE[0], PROSE[1], PROSE[2] + " We also report the variance of both scores over five random seeds.",
           PROSE[3]]
    diff = diff_documents(doc_of(PROSE), doc_of(new))
    comments = [ReviewComment(id="R1.1", reviewer="Reviewer 1",
                              text="Please report the variance of the scores over several random seeds.")]
    (alignment,) = run_job(learned.iter_align(comments, diff))
    assert learned.tuned.encoder is tuned and alignment.scores  # the preloaded encoders did the work
