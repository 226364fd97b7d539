"""Speed changes that must not move a number (issue 32, speed7): NumPy's BLAS on one thread, BM25 counted in one
NumPy pass, the encoders loaded while a project build reads its documents."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

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

REPO = Path(__file__).resolve().parents[3]


def _blas_threads(env: dict[str, str]) -> int:
    code = ("import engine, numpy, threadpoolctl; "
            "print(next(i['num_threads'] for i in threadpoolctl.threadpool_info() if i['user_api'] == 'blas'))")
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=REPO, capture_output=True, text=True, check=True)
    return int(out.stdout.split()[-1])


def test_numpy_blas_runs_on_one_thread_unless_the_user_sets_it() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")}
    assert _blas_threads(env) == 1
    assert _blas_threads({**env, "OPENBLAS_NUM_THREADS": "2"}) == 2


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
