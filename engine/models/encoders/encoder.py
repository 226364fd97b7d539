"""Sentence embeddings from a local transformers model.

Loads ``AutoModel``/``AutoTokenizer`` from a folder with ``local_files_only``;
pools as the sentence-transformers config says (``1_Pooling/config.json``:
mean, CLS or max; mean by default), L2-normalises, and batches texts of
similar length together. torch and transformers are imported on first use.
An ``EmbeddingCache`` makes repeated texts free.

``open_encoder`` picks the runtime: BERT-family folders run on ONNX Runtime
(``engine.models.encoders.onnx_encoder``: no torch import, 3x faster to a first
vector), anything else on PyTorch. PyTorch is optional (``pip install
"redraft[torch]"``); without it such a folder is refused with one line that
says how to add it (``torch_missing``), and ``describe_encoder_folder`` says
the same for the Settings dialog before anything loads.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import numpy as np

from engine.errors import InputError, ModelError
from engine.models.encoders.cached import CachedEncoder, folder_problem
from engine.models.encoders.embed_cache import EmbeddingCache

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
    from engine.models.encoders import onnx_encoder

    if not str(path).strip():
        return "The embedded all-MiniLM-L6-v2 runs on ONNX Runtime."
    folder = Path(path).expanduser()
    problem = folder_problem(folder)
    if problem:
        return problem[0].upper() + problem[1:]
    reason = onnx_encoder.why_unsupported(folder)
    if reason is None:
        return "Runs on ONNX Runtime (BERT family)."
    missing = torch_missing(folder.name, reason)
    return missing[0].upper() + missing[1:] + "." if missing else f"Runs on PyTorch ({reason} for ONNX Runtime)."


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
        from engine.models.encoders.onnx_encoder import why_unsupported

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
    from engine.models.encoders import onnx_encoder

    if runtime not in ("auto", "onnx", "torch"):
        raise InputError(f"unknown encoder runtime {runtime!r}: use auto, onnx or torch")
    on_cpu = kwargs.get("device", "cpu") == "cpu"
    if runtime == "onnx" or (runtime == "auto" and on_cpu and onnx_encoder.why_unsupported(path) is None):
        kwargs.pop("device", None)
        return onnx_encoder.OnnxEncoder(path, name=name, cache=cache, precision=precision, **kwargs)
    return TransformersEncoder(path, name=name, cache=cache, **kwargs)

