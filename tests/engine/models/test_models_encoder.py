"""TransformersEncoder with the embedded all-MiniLM-L6-v2, and the SQLite embedding cache."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import numpy as np
import pytest

from engine.errors import InputError
from engine.jobs import CancelToken
from engine.errors import Cancelled
from engine.models import embedded
from engine.models.encoders.embed_cache import EmbeddingCache
from engine.models.encoders.cached import read_max_length, read_pooling
from engine.models.encoders.encoder import TransformersEncoder
from engine.models.protocols import Encoder
from tests.optional import needs_torch  # TransformersEncoder runs on PyTorch; the cache tests need no model

SENTENCES = [
    "The model improves accuracy on the benchmark.",
    "Our method achieves higher accuracy on this benchmark.",
    "The recipe needs two eggs and a cup of flour.",
]


@pytest.fixture(scope="module")
def minilm() -> TransformersEncoder:
    return TransformersEncoder(embedded.encoder_path(), name="all-MiniLM-L6-v2").load()


@pytest.mark.embedded
@needs_torch
def test_rows_are_normalised_float32_and_meaningful(minilm: TransformersEncoder) -> None:
    assert isinstance(minilm, Encoder)
    vectors = minilm.encode(SENTENCES)
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    sims = vectors @ vectors.T
    assert sims[0, 1] > 0.6
    assert sims[0, 1] > sims[0, 2] + 0.3
    assert sims[1, 0] > sims[1, 2] + 0.3


@pytest.mark.embedded
@needs_torch
def test_batching_and_order_do_not_change_vectors(minilm: TransformersEncoder) -> None:
    texts = SENTENCES + ["short", "a somewhat longer sentence about reviewers and rebuttals"]
    one_batch = minilm.encode(texts, batch_size=64)
    small_batches = minilm.encode(texts, batch_size=2)
    assert np.allclose(one_batch, small_batches, atol=1e-5)
    reversed_rows = minilm.encode(texts[::-1], batch_size=2)[::-1]
    assert np.allclose(one_batch, reversed_rows, atol=1e-5)
    assert minilm.encode([]).shape == (0, 384)


@pytest.mark.embedded
@needs_torch
def test_config_is_read_from_the_model_folder(minilm: TransformersEncoder) -> None:
    assert minilm.pooling == "mean"
    assert minilm.max_length == read_max_length(minilm.path) == 256
    assert minilm.dim == 384


@pytest.mark.embedded
@needs_torch
def test_pooling_follows_the_sentence_transformers_config(minilm: TransformersEncoder, tmp_path: Path) -> None:
    folder = tmp_path / "minilm-cls"
    folder.mkdir()
    for item in minilm.path.iterdir():
        if item.name != "1_Pooling":
            (folder / item.name).symlink_to(item)
    (folder / "1_Pooling").mkdir()
    config = json.loads((minilm.path / "1_Pooling" / "config.json").read_text())
    config.update(pooling_mode_mean_tokens=False, pooling_mode_cls_token=True)
    (folder / "1_Pooling" / "config.json").write_text(json.dumps(config))
    assert read_pooling(folder) == "cls"
    cls_encoder = TransformersEncoder(folder)
    cls_vectors = cls_encoder.encode(SENTENCES[:2])
    mean_vectors = minilm.encode(SENTENCES[:2])
    assert np.allclose(np.linalg.norm(cls_vectors, axis=1), 1.0, atol=1e-5)
    assert not np.allclose(cls_vectors, mean_vectors, atol=1e-3)
    assert cls_encoder.model_key != minilm.model_key


@pytest.mark.embedded
@needs_torch
def test_cache_hit_returns_identical_vectors_without_loading_the_model(minilm: TransformersEncoder) -> None:
    cache = EmbeddingCache()
    first = TransformersEncoder(minilm.path, name="all-MiniLM-L6-v2", cache=cache)
    vectors = first.encode(SENTENCES + [SENTENCES[0]])
    assert cache.count(first.model_key) == 3
    second = TransformersEncoder(minilm.path, name="all-MiniLM-L6-v2", cache=EmbeddingCache(cache.path))
    again = second.encode(SENTENCES)
    assert second._model is None  # every row came from SQLite
    assert np.array_equal(again, vectors[:3])
    assert np.array_equal(vectors[0], vectors[3])


@pytest.mark.embedded
@needs_torch
def test_cancel_between_batches(minilm: TransformersEncoder) -> None:
    cancel = CancelToken()
    cancel.cancel()
    with pytest.raises(Cancelled):
        minilm.encode(["one", "two", "three"], batch_size=1, cancel=cancel)


def test_not_a_model_folder(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no config.json"):
        TransformersEncoder(tmp_path)


def test_embedding_cache_batches_and_threads(tmp_path: Path) -> None:
    cache = EmbeddingCache(tmp_path / "emb.sqlite3")
    texts = [f"sentence {i}" for i in range(1200)]
    vectors = np.random.default_rng(0).standard_normal((1200, 8)).astype(np.float32)
    cache.put_many("m", texts, vectors)
    got = cache.get_many("m", texts + ["absent"])
    assert len(got) == 1200 and "absent" not in got
    assert np.array_equal(got["sentence 777"], vectors[777])
    assert cache.get_many("other-model", texts[:3]) == {}
    assert cache.path.with_name(cache.path.name + "-wal").exists()

    errors: list[BaseException] = []

    def work(k: int) -> None:
        try:
            mine = [f"t{k}-{i}" for i in range(50)]
            cache.put_many("m", mine, np.full((50, 8), k, dtype=np.float32))
            assert len(cache.get_many("m", mine)) == 50
        except BaseException as err:  # pragma: no cover - reported below
            errors.append(err)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert cache.count("m") == 1200 + 300


def test_model_file_hash_is_remembered(tmp_path: Path) -> None:
    cache = EmbeddingCache(tmp_path / "emb.sqlite3")
    weights = tmp_path / "w.bin"
    weights.write_bytes(b"abc" * 1000)
    first = cache.file_sha256(weights)
    assert cache.file_sha256(weights) == first
    weights.write_bytes(b"abd" * 1001)
    assert cache.file_sha256(weights) != first
