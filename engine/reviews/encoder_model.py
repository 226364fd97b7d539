"""The fine-tuned comment encoder: all-MiniLM-L6-v2 with its six layers trained on DISAPERE train to tell
actionable review sentences, as one int8 ONNX graph (``encoder.onnx``) and its settings (``encoder.json``: Platt
calibration, blend weight with the lexical model, threshold, the band of lexical probabilities for which it is
read, fine labels) under ``resources/models/comments/``. Trained by ``bench/crossfit_comment_encoder.py`` on
every DISAPERE train forum, its use chosen out of fold (``bench/choose_comment_encoder.choose_use``); run here on
ONNX Runtime with the embedded MiniLM's tokenizer, so extraction imports no torch.

When the files are absent (a build without them) or cannot load, ``comment_encoder()`` gives ``None`` and
extraction uses the lexical model alone.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from engine.reviews.units import SentenceUnit


@dataclass
class CommentEncoder:
    """A loaded ``encoder.onnx`` with its ``encoder.json`` settings."""

    session: Any
    tokenizer: Any
    meta: dict[str, Any]
    name: str = "encoder"
    #: The lexical model the probabilities are blended with (``meta["weight"]`` < 1), chosen on train.
    blend_with: str = "lexical"
    fine_labels: tuple[str, ...] = field(default=())
    #: The words model itself (a ``CommentModel``) when it is not the shipped ``blend_with`` one: a refitted model
    #: measured with the same encoder (``bench.fit_with_corpus``).
    words: Any = None

    def __post_init__(self) -> None:
        self.fine_labels = tuple(self.meta["fine_labels"])

    @property
    def threshold(self) -> float:
        return float(self.meta["threshold"])

    @property
    def weight(self) -> float:
        return float(self.meta["weight"])

    @property
    def band(self) -> tuple[float, float]:
        """The words-model probabilities for which the encoder is read (every unit when absent)."""
        lo, hi = self.meta.get("band", (0.0, 1.0))
        return float(lo), float(hi)

    def logits(self, texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
        """The actionable logit and the fine-type logits of each text, in the order given.

        Each text runs alone: the int8 graph quantises its activations over the whole input of a run, so a
        sentence batched with others scores by its batch-mates (up to 0.28 logit on DISAPERE dev sentences);
        alone, a sentence scores the same in any review, in any round."""
        z = np.zeros(len(texts), dtype=np.float32)
        f = np.zeros((len(texts), len(self.fine_labels)), dtype=np.float32)
        for i, e in enumerate(self.tokenizer.encode_batch(texts) if texts else []):
            ids = np.array([e.ids], dtype=np.int64)
            zb, zf = self.session.run(None, {"input_ids": ids, "attention_mask": np.ones_like(ids)})
            z[i], f[i] = zb[0], zf[0]
        return z, f

    def predict(self, units: list[SentenceUnit]) -> tuple[np.ndarray, list[str]]:
        """Calibrated probability that each unit is actionable (before the blend), and its fine type."""
        if not units:
            return np.zeros(0), []
        z, f = self.logits([u.text for u in units])
        a, b = self.meta["platt"]
        prob = 1.0 / (1.0 + np.exp(-(a * z + b)))
        return prob, [self.fine_labels[k] for k in f.argmax(axis=1)]


def encoder_files() -> tuple[Path, Path] | None:
    """``(encoder.onnx, encoder.json)`` when both are shipped, else ``None``."""
    from engine.resources import resource

    folder = Path(str(resource("models", "comments")))
    onnx_file, meta_file = folder / "encoder.onnx", folder / "encoder.json"
    return (onnx_file, meta_file) if onnx_file.is_file() and meta_file.is_file() else None


@lru_cache(maxsize=1)
def comment_encoder() -> CommentEncoder | None:
    """The shipped fine-tuned encoder, loaded once; ``None`` when its files are absent or cannot load."""
    files = encoder_files()
    if files is None:
        return None
    try:
        return load_encoder(*files)
    except Exception:  # noqa: BLE001 - a broken or missing runtime falls back to the lexical model
        return None


def load_encoder(onnx_file: Path, meta_file: Path, threads: int | None = None, float64: bool = False) -> CommentEncoder:
    """The encoder of ``onnx_file`` with its settings. Its integer products are exact (``exact_int8``); with
    ``float64`` its float operators run in double too (``float64_graph``), and its logits are then the same bits on
    AVX2 and AVX-512 CPUs, at twice the time: not the default, as it missed the speed rule it was measured against
    (docs/comments.md, round ten, cross-CPU)."""
    import onnx
    import onnxruntime as ort
    from tokenizers import Tokenizer

    from engine.models.embedded import encoder_path
    from engine.models.encoders.exact_int8 import exact_integer_products
    from engine.models.encoders.float64_graph import FUSIONS_TO_DISABLE, float64_operators

    meta = json.loads(meta_file.read_text("utf-8"))
    if meta.get("format") != "redraft-comment-encoder":
        raise ValueError(f"{meta_file.name} is not a comment encoder of this version of Redraft")
    tokenizer = Tokenizer.from_file(str(encoder_path() / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.enable_truncation(int(meta["max_tokens"]))
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads or min(os.cpu_count() or 1, 8)
    options.log_severity_level = 3
    # no busy-waiting between operators: on cores shared with the app (or other work) spinning threads cost more
    # than they save (a third of the encoder's time at load 4 on two cores, bench.bench_comments)
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    graph = onnx.load(str(onnx_file))
    exact_integer_products(graph)  # the same integer products on every CPU (exact_int8.py)
    if float64:
        float64_operators(graph)  # the float operators in double: the same logits on every CPU (float64_graph.py)
    session = ort.InferenceSession(graph.SerializeToString(), options, providers=["CPUExecutionProvider"],
                                   disabled_optimizers=list(FUSIONS_TO_DISABLE) if float64 else None)
    return CommentEncoder(session=session, tokenizer=tokenizer, meta=meta)
