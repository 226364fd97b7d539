"""An encoder over a base model's embeddings and transformer layers tuned elsewhere, shipped as exact int8.

A fine-tuned sentence encoder whose embeddings were frozen needs only its layers shipped: ``LayersEncoder`` reads the
word, position and type embeddings from the base folder (the embedded MiniLM) and the layers from a safetensors file
that holds each matrix as uint8 around 128 with one float32 scale per output unit (``quantise``; biases and
LayerNorms as float16). Those are the numbers the engine's exact int8 graph holds (``onnx_encoder._build_graph``
quantises the dequantised matrix back to the very same uint8 values and scales), so the vectors are the same on
every x86-64 CPU (``exact_int8``). The graph is built once and kept beside the embedding cache, under a key that
names the layers file's SHA-256, like any ``OnnxEncoder``'s.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from engine.models.encoders.graph_cache import graph_file
from engine.models.encoders.onnx_encoder import OnnxEncoder, _read_weights


def quantise(weight: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A float32 matrix (out × in, as PyTorch stores it) as uint8 around 128 and one scale per output unit: the
    arithmetic of ``onnx_encoder._build_graph``'s int8 ``linear`` (there the matrix is transposed, in × out, and
    scaled per column)."""
    w = np.asarray(weight, dtype=np.float32)
    scale = np.abs(w).max(axis=1) / np.float32(127.0)
    scale = np.where(scale == 0, np.float32(1.0), scale).astype(np.float32)
    q = (np.clip(np.round(w / scale[:, None]), -127, 127) + 128).astype(np.uint8)
    return q, scale


def dequantise(q: np.ndarray, scale: np.ndarray) -> np.ndarray:
    return ((q.astype(np.int16) - 128).astype(np.float32) * scale[:, None].astype(np.float32)).astype(np.float32)


def read_layers(file: Path) -> dict[str, np.ndarray]:
    """The layers of a ``redraft-int8-layers`` file as float32 arrays (matrices dequantised)."""
    from safetensors import SafetensorError
    from safetensors.numpy import load_file

    try:
        raw = load_file(str(file))
    except SafetensorError as err:  # a damaged or cut file: the loader's ValueError, a ModelError to the user
        raise ValueError(f"unreadable {file.name}: {err}") from None
    out: dict[str, np.ndarray] = {}
    for name, value in raw.items():
        if name.endswith(".scale"):
            continue
        if value.dtype == np.uint8:
            scale = raw.get(name[: -len("weight")] + "scale")
            if scale is None:
                raise ValueError(f"{file.name} holds {name} without its scale")
            out[name] = dequantise(value, scale)
        else:
            out[name] = value.astype(np.float32)
    return out


class LayersEncoder(OnnxEncoder):
    """An ``OnnxEncoder`` over ``base``'s folder (tokenizer, config, embeddings) with ``layers``' transformer layers,
    run in exact int8. ``weights_id`` must name both (the base's version and the layers file's SHA-256): it is the
    embedding and graph caches' key."""

    def __init__(self, base: str | Path, layers: str | Path, weights_id: str, **kwargs) -> None:
        kwargs.setdefault("precision", "int8")
        super().__init__(base, **kwargs)
        self.layers = Path(layers)
        self.weights_id = weights_id

    def _graph_file(self) -> Path | None:
        """As ``OnnxEncoder``'s, keyed on this module's source too (it turns the file into the graph's weights)."""
        file = super()._graph_file()
        if file is None:
            return None
        return graph_file(file.parent.parent, f"{file.stem}|{self.model_key}", Path(__file__))

    def _read(self, only: str = "") -> dict[str, np.ndarray]:
        weights = _read_weights(self.path / "model.safetensors", "embeddings.")
        if only.startswith("embeddings."):
            return weights
        layers = read_layers(self.layers)
        count = int(self.config["num_hidden_layers"])
        if {k.split(".")[2] for k in layers if k.startswith("encoder.layer.")} != {str(i) for i in range(count)}:
            raise ValueError(f"{self.layers.name} does not hold the base model's {count} layers")
        return weights | layers
