"""Write the shipped comment↔edit encoder layers (int8) from the GPU run's float16 layers (issue 32).

    .venv/bin/python -m bench.align_encoder_ship LAYERS_DIR [--variant section]
        [--out resources/models/align/tuned-layers.safetensors]

Reads ``LAYERS_DIR/VARIANT_layers_{a,b}.safetensors`` (the six transformer layers ``bench.align_encoder_gpu`` tuned
on all 43 training papers, float16) and writes them as the engine's exact int8 encoder graph holds them
(``engine.models.encoders.onnx_encoder``): each matrix as uint8 around 128 with one float32 scale per output unit
(``engine.models.encoders.tuned_layers.quantise``), biases and LayerNorms as float16, unchanged. Deterministic: the
same bytes from the same float16 layers. Prints the file's size and SHA-256 (for ``tuned-layers.json`` and
``resources/models/LICENSES.md``).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    from safetensors.numpy import load_file, save_file

    from engine.models.encoders.tuned_layers import quantise

    ap = argparse.ArgumentParser(prog="python -m bench.align_encoder_ship")
    ap.add_argument("layers")
    ap.add_argument("--variant", default="section")
    ap.add_argument("--out", default=str(REPO / "resources" / "models" / "align" / "tuned-layers.safetensors"))
    args = ap.parse_args(argv)
    tuned: dict[str, np.ndarray] = {}
    for half in "ab":
        tuned |= load_file(str(Path(args.layers) / f"{args.variant}_layers_{half}.safetensors"))
    out: dict[str, np.ndarray] = {}
    for name in sorted(tuned):
        value = tuned[name]
        if name.endswith(".weight") and value.ndim == 2:
            q, scale = quantise(value.astype(np.float32))
            out[name], out[name[: -len("weight")] + "scale"] = q, scale
        else:
            out[name] = value.astype(np.float16)
    save_file(out, args.out)  # no metadata: its order is not fixed, and the bytes must be
    data = Path(args.out).read_bytes()
    print(f"{args.out}: {len(out)} tensors, {len(data):,} bytes, sha256 {hashlib.sha256(data).hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
