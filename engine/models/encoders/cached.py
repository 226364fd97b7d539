"""What every sentence encoder shares: the folder's pooling and length settings and ``CachedEncoder``
(batching, the on-disk embedding cache). The runtimes (PyTorch, ONNX Runtime) subclass it."""

from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path
from typing import Any

import numpy as np

from engine.errors import InputError
from engine.jobs import CancelToken
from engine.models.encoders.embed_cache import EmbeddingCache


_WEIGHT_FILES = ("model.safetensors", "pytorch_model.bin")


def read_pooling(folder: Path) -> str:
    """``mean``, ``cls`` or ``max`` from the sentence-transformers pooling config."""
    config = folder / "1_Pooling" / "config.json"
    modules = folder / "modules.json"
    if modules.is_file():
        for module in json.loads(modules.read_text()):
            if str(module.get("type", "")).endswith("Pooling"):
                config = folder / module.get("path", "1_Pooling") / "config.json"
    if not config.is_file():
        return "mean"
    data = json.loads(config.read_text())
    if data.get("pooling_mode_cls_token"):
        return "cls"
    if data.get("pooling_mode_max_tokens"):
        return "max"
    return "mean"


def read_max_length(folder: Path) -> int:
    """The sequence length the model was trained for."""
    st_config = folder / "sentence_bert_config.json"
    if st_config.is_file():
        value = json.loads(st_config.read_text()).get("max_seq_length")
        if value:
            return int(value)
    tok_config = folder / "tokenizer_config.json"
    if tok_config.is_file():
        value = json.loads(tok_config.read_text()).get("model_max_length")
        if isinstance(value, int) and value < 100_000:
            return value
    config = folder / "config.json"
    if config.is_file():
        return int(json.loads(config.read_text()).get("max_position_embeddings", 512))
    return 512


#: Files any tokenizer of a Hugging Face folder is read from (fast, WordPiece, SentencePiece, byte-level BPE).
TOKENIZER_FILES = ("tokenizer.json", "vocab.txt", "sentencepiece.bpe.model", "spiece.model", "tokenizer.model",
                   "vocab.json")


def folder_problem(path: str | Path) -> str | None:
    """Why ``path`` cannot be an encoder folder whatever the runtime (one line), or None.

    A session-27 trial moved its encoder folder and was told "no config.json", and a folder copied without its
    tokenizer was sent to install PyTorch (which could not have read it either)."""
    folder = Path(path).expanduser()
    if not folder.exists():
        return f"the encoder folder is not there (moved or deleted?): {folder}"
    if not folder.is_dir():
        return f"not a folder: {folder} (an encoder is a Hugging Face model folder, with its config.json)"
    if not (folder / "config.json").is_file():
        return f"not a transformers model folder (no config.json): {folder}"
    if not any((folder / name).is_file() for name in TOKENIZER_FILES):
        return (f"the encoder folder has no tokenizer (tokenizer.json or vocab.txt): copy the model's whole folder: "
                f"{folder}")
    return None


class CachedEncoder:
    """What every runtime shares: model folder config, the cache key, the
    SQLite embedding cache, de-duplication and length-sorted batching.

    Subclasses load their runtime in ``_load`` and turn one batch of texts
    into pooled, L2-normalised rows in ``_embed_batch``.
    """

    #: Appended to the cache key when a runtime's vectors differ from the reference.
    key_suffix = ""
    #: What names the weights without reading them (an installed package's name and version: its files never
    #: change in place); ``None`` hashes the weight files (once per file, remembered by the cache).
    weights_id: str | None = None

    def __init__(
        self,
        path: str | Path,
        name: str | None = None,
        cache: EmbeddingCache | None = None,
        max_length: int | None = None,
        threads: int | None = None,
    ) -> None:
        self.path = Path(path)
        problem = folder_problem(self.path)
        if problem:
            raise InputError(problem)
        self.name = name or self.path.name
        self.cache = cache
        self.pooling = read_pooling(self.path)
        self.max_length = max_length or read_max_length(self.path)
        self.threads = threads
        self.config = json.loads((self.path / "config.json").read_text())
        config = self.config
        self._dim = int(config.get("hidden_size") or config.get("dim") or config.get("d_model") or 0)
        self._model: Any = None
        self._tokenizer: Any = None
        self._key: str | None = None
        self._lock = threading.Lock()

    @property
    def dim(self) -> int:
        return self._dim

    @property
    def model_key(self) -> str:
        """Model name plus a hash of its config and weights, or its ``weights_id`` (the cache key)."""
        if self._key is None:
            digest = hashlib.sha256()
            for fname in ("config.json", *_WEIGHT_FILES, "1_Pooling/config.json"):
                file = self.path / fname
                if file.is_file():
                    sha = self.weights_id or (self.cache.file_sha256(file) if self.cache else _sha256_file(file))
                    digest.update(f"{fname}:{sha};".encode())
            self._key = f"{self.name}:{digest.hexdigest()[:16]}:{self.pooling}:{self.max_length}{self.key_suffix}"
        return self._key

    def load(self) -> "CachedEncoder":
        if self._model is not None:  # loaded: no wait behind another thread's encode
            return self
        with self._lock:
            if self._model is None:
                self._load()
        return self

    def _load(self) -> None:
        raise NotImplementedError

    def _embed_batch(self, texts: list[str]) -> np.ndarray:
        raise NotImplementedError

    def _threads(self) -> int:
        return self.threads or min(os.cpu_count() or 1, 8)

    def encode(self, texts: list[str], batch_size: int = 32, cancel: CancelToken | None = None) -> np.ndarray:
        """One L2-normalised float32 row per text, in the order given."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        cached = self.cache.get_many(self.model_key, texts) if self.cache else {}
        todo = [i for i, t in enumerate(texts) if t not in cached]
        for i, text in enumerate(texts):
            if text in cached:
                out[i] = cached[text]
        if todo:
            unique = list(dict.fromkeys(texts[i] for i in todo))
            vectors = self._encode_uncached(unique, batch_size, cancel)
            index = {t: k for k, t in enumerate(unique)}
            for i in todo:
                out[i] = vectors[index[texts[i]]]
            if self.cache:
                self.cache.put_many(self.model_key, unique, vectors)
        return out

    def _encode_uncached(self, texts: list[str], batch_size: int, cancel: CancelToken | None) -> np.ndarray:
        self.load()
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        with self._lock:
            for start in range(0, len(order), batch_size):
                if cancel is not None:
                    cancel.check()
                idx = order[start : start + batch_size]
                out[idx] = self._embed_batch([texts[i] for i in idx])
        return out


def _sha256_file(path: Path) -> str:
    """``gguf_info.sha256_file``, imported only when a weight file is hashed (not on a warm run: its import is part
    of every new process's setup otherwise)."""
    from engine.models.llama.gguf_info import sha256_file

    return sha256_file(path)
