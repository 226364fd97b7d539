"""``TransformersEncoder``: sentence embeddings from a local transformers model.

Loads ``AutoModel``/``AutoTokenizer`` from a folder with ``local_files_only``;
pools as the sentence-transformers config says (``1_Pooling/config.json``:
mean, CLS or max; mean by default), L2-normalises, and batches texts of
similar length together. torch and transformers are imported on first use.
An ``EmbeddingCache`` makes repeated texts free.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path
from typing import Any

import numpy as np

from engine.errors import InputError, ModelError
from engine.jobs import CancelToken
from engine.models.embed_cache import EmbeddingCache

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


class TransformersEncoder:
    """An ``Encoder`` over a local sentence-transformers-style folder."""

    def __init__(
        self,
        path: str | Path,
        name: str | None = None,
        cache: EmbeddingCache | None = None,
        max_length: int | None = None,
        threads: int | None = None,
        device: str = "cpu",
    ) -> None:
        self.path = Path(path)
        if not (self.path / "config.json").is_file():
            raise InputError(f"not a transformers model folder (no config.json): {self.path}")
        self.name = name or self.path.name
        self.cache = cache
        self.pooling = read_pooling(self.path)
        self.max_length = max_length or read_max_length(self.path)
        self.threads = threads
        self.device = device
        config = json.loads((self.path / "config.json").read_text())
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
        """Model name plus a hash of its config and weights (the cache key)."""
        if self._key is None:
            from engine.models.gguf_info import sha256_file

            digest = hashlib.sha256()
            for fname in ("config.json", *_WEIGHT_FILES, "1_Pooling/config.json"):
                file = self.path / fname
                if file.is_file():
                    sha = self.cache.file_sha256(file) if self.cache else sha256_file(file)
                    digest.update(f"{fname}:{sha};".encode())
            self._key = f"{self.name}:{digest.hexdigest()[:16]}:{self.pooling}:{self.max_length}"
        return self._key

    def load(self) -> "TransformersEncoder":
        with self._lock:
            if self._model is None:
                self._load()
        return self

    def _load(self) -> None:
        import torch
        from transformers import AutoModel, AutoTokenizer

        threads = self.threads or min(os.cpu_count() or 1, 8)
        if torch.get_num_threads() > threads:
            torch.set_num_threads(threads)
        try:
            self._tokenizer = AutoTokenizer.from_pretrained(self.path, local_files_only=True)
            model = AutoModel.from_pretrained(self.path, local_files_only=True)
        except (OSError, ValueError) as err:
            raise ModelError(f"cannot load encoder {self.name}: {str(err).splitlines()[0]}") from None
        self._model = model.to(self.device).eval()

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
        import torch

        self.load()
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        with self._lock, torch.inference_mode():
            for start in range(0, len(order), batch_size):
                if cancel is not None:
                    cancel.check()
                idx = order[start : start + batch_size]
                batch = self._tokenizer(
                    [texts[i] for i in idx], padding=True, truncation=True,
                    max_length=self.max_length, return_tensors="pt",
                ).to(self.device)
                hidden = self._model(**batch).last_hidden_state
                pooled = _pool(hidden, batch["attention_mask"], self.pooling)
                pooled = torch.nn.functional.normalize(pooled, p=2, dim=1)
                out[idx] = pooled.float().cpu().numpy()
        return out


def _pool(hidden: Any, mask: Any, mode: str) -> Any:
    if mode == "cls":
        return hidden[:, 0]
    weights = mask.unsqueeze(-1).to(hidden.dtype)
    if mode == "max":
        return hidden.masked_fill(weights == 0, -1e9).max(dim=1).values
    return (hidden * weights).sum(dim=1) / weights.sum(dim=1).clamp(min=1e-9)
