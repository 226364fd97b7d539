"""Sentence embeddings from a local transformers model.

Loads ``AutoModel``/``AutoTokenizer`` from a folder with ``local_files_only``;
pools as the sentence-transformers config says (``1_Pooling/config.json``:
mean, CLS or max; mean by default), L2-normalises, and batches texts of
similar length together. torch and transformers are imported on first use.
An ``EmbeddingCache`` makes repeated texts free.

``open_encoder`` picks the runtime: BERT-family folders run on ONNX Runtime
(``engine.models.onnx_encoder``: no torch import, 3x faster to a first
vector), anything else on PyTorch. PyTorch is optional (``pip install
"redraft[torch]"``); without it such a folder is refused with one line that
says how to add it (``torch_missing``), and ``describe_encoder_folder`` says
the same for the Settings dialog before anything loads.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
import threading
from pathlib import Path
from typing import Any

import numpy as np

from engine.errors import InputError, ModelError
from engine.jobs import CancelToken
from engine.models.embed_cache import EmbeddingCache

_WEIGHT_FILES = ("model.safetensors", "pytorch_model.bin")
#: How to add the optional PyTorch runtime.
TORCH_INSTALL = 'pip install "redraft[torch]"'


def torch_missing(name: str, reason: str = "") -> str | None:
    """``None`` when PyTorch can be imported, else the one line that says how to add it.

    Looks for the package without importing it (an import costs seconds).
    """
    try:
        if importlib.util.find_spec("torch") is not None:
            return None
    except (ImportError, ValueError):  # a broken or half-removed torch install
        pass
    why = f" ({reason})" if reason else ""
    if getattr(sys, "frozen", False):  # the installer bundle carries no PyTorch
        return (f"encoder {name} needs PyTorch{why}, which this installer does not include: choose a BERT-family "
                f"encoder (they run on ONNX Runtime), or run Redraft from pip with {TORCH_INSTALL}")
    return (f"encoder {name} needs PyTorch{why}, which is not installed: add it with {TORCH_INSTALL}, "
            "or choose a BERT-family encoder (they run on ONNX Runtime)")


def describe_encoder_folder(path: str | Path) -> str:
    """One line on which runtime would run ``path`` (empty: the embedded encoder), for the Settings dialog.

    Reads only the folder's config; imports no runtime.
    """
    from engine.models import onnx_encoder

    if not str(path).strip():
        return "The embedded all-MiniLM-L6-v2 runs on ONNX Runtime."
    folder = Path(path).expanduser()
    if not (folder / "config.json").is_file():
        return f"Not a transformers model folder (no config.json): {folder}"
    reason = onnx_encoder.why_unsupported(folder)
    if reason is None:
        return "Runs on ONNX Runtime (BERT family)."
    missing = torch_missing(folder.name, reason)
    return missing[0].upper() + missing[1:] + "." if missing else f"Runs on PyTorch ({reason} for ONNX Runtime)."


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


class CachedEncoder:
    """What every runtime shares: model folder config, the cache key, the
    SQLite embedding cache, de-duplication and length-sorted batching.

    Subclasses load their runtime in ``_load`` and turn one batch of texts
    into pooled, L2-normalised rows in ``_embed_batch``.
    """

    #: Appended to the cache key when a runtime's vectors differ from the reference.
    key_suffix = ""

    def __init__(
        self,
        path: str | Path,
        name: str | None = None,
        cache: EmbeddingCache | None = None,
        max_length: int | None = None,
        threads: int | None = None,
    ) -> None:
        self.path = Path(path)
        if not (self.path / "config.json").is_file():
            raise InputError(f"not a transformers model folder (no config.json): {self.path}")
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
        """Model name plus a hash of its config and weights (the cache key)."""
        if self._key is None:
            from engine.models.gguf_info import sha256_file

            digest = hashlib.sha256()
            for fname in ("config.json", *_WEIGHT_FILES, "1_Pooling/config.json"):
                file = self.path / fname
                if file.is_file():
                    sha = self.cache.file_sha256(file) if self.cache else sha256_file(file)
                    digest.update(f"{fname}:{sha};".encode())
            self._key = f"{self.name}:{digest.hexdigest()[:16]}:{self.pooling}:{self.max_length}{self.key_suffix}"
        return self._key

    def load(self) -> "CachedEncoder":
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


class TransformersEncoder(CachedEncoder):
    """An ``Encoder`` over a local sentence-transformers-style folder, run by PyTorch."""

    def __init__(
        self,
        path: str | Path,
        name: str | None = None,
        cache: EmbeddingCache | None = None,
        max_length: int | None = None,
        threads: int | None = None,
        device: str = "cpu",
    ) -> None:
        super().__init__(path, name, cache, max_length, threads)
        self.device = device

    def _load(self) -> None:
        missing = torch_missing(self.name, self._why_torch())
        if missing:
            raise ModelError(missing)
        import torch
        from transformers import AutoModel, AutoTokenizer

        threads = self._threads()
        if torch.get_num_threads() > threads:
            torch.set_num_threads(threads)
        try:
            self._tokenizer = AutoTokenizer.from_pretrained(self.path, local_files_only=True)
            model = AutoModel.from_pretrained(self.path, local_files_only=True)
        except Exception as err:  # a user's folder: transformers raises many kinds for a bad config
            message = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
            raise ModelError(f"cannot load encoder {self.name}: {message}") from None
        self._model = model.to(self.device).eval()

    def _why_torch(self) -> str:
        from engine.models.onnx_encoder import why_unsupported

        reason = why_unsupported(self.path)
        if reason is None:  # ONNX Runtime could run it: PyTorch was asked for
            return "runtime torch" if self.device == "cpu" else f"device {self.device}"
        return reason

    def _embed_batch(self, texts: list[str]) -> np.ndarray:
        import torch

        with torch.inference_mode():
            batch = self._tokenizer(
                texts, padding=True, truncation=True, max_length=self.max_length, return_tensors="pt",
            ).to(self.device)
            hidden = self._model(**batch).last_hidden_state
            pooled = _pool(hidden, batch["attention_mask"], self.pooling)
            pooled = torch.nn.functional.normalize(pooled, p=2, dim=1)
            return pooled.float().cpu().numpy()


def _pool(hidden: Any, mask: Any, mode: str) -> Any:
    if mode == "cls":
        return hidden[:, 0]
    weights = mask.unsqueeze(-1).to(hidden.dtype)
    if mode == "max":
        return hidden.masked_fill(weights == 0, -1e9).max(dim=1).values
    return (hidden * weights).sum(dim=1) / weights.sum(dim=1).clamp(min=1e-9)


def open_encoder(
    path: str | Path,
    name: str | None = None,
    cache: EmbeddingCache | None = None,
    runtime: str = "auto",
    precision: str = "int8",
    **kwargs: Any,
) -> CachedEncoder:
    """The fastest runtime that can run the folder: ONNX Runtime for BERT and
    RoBERTa encoders on the CPU, PyTorch for everything else (or ``runtime``).

    ``precision="int8"`` (the default) quantises the ONNX encoder's layers:
    about 2x faster on the CPU, cosine 0.997 to the float vectors, the same
    alignment F1 on the cgo18 gold; cached under its own key. ``"fp32"``
    reproduces PyTorch to 1e-7. PyTorch always runs in float32.
    """
    from engine.models import onnx_encoder

    if runtime not in ("auto", "onnx", "torch"):
        raise InputError(f"unknown encoder runtime {runtime!r}: use auto, onnx or torch")
    on_cpu = kwargs.get("device", "cpu") == "cpu"
    if runtime == "onnx" or (runtime == "auto" and on_cpu and onnx_encoder.why_unsupported(path) is None):
        kwargs.pop("device", None)
        return onnx_encoder.OnnxEncoder(path, name=name, cache=cache, precision=precision, **kwargs)
    return TransformersEncoder(path, name=name, cache=cache, **kwargs)

