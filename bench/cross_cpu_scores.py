"""Do the comment encoder's scores depend on the CPU? Score fixed sentences, write or compare the logits.

    python -m bench.cross_cpu_scores --write bench/data/cross_cpu_scores.json    # on one machine
    python -m bench.cross_cpu_scores --compare bench/data/cross_cpu_scores.json  # on another
    qemu-x86_64 -cpu Haswell .venv/bin/python -m bench.cross_cpu_scores --compare …  # an AVX2-only CPU, emulated

The sentences are the repository's own review texts (the demo, cgo18 and S2ORC-trial reviews).
The comparison prints the largest difference of the actionable logit and of the fine-type logits, and how many
decisions (actionable at the shipped threshold, fine type) differ. The int8 products are exact on every CPU
(engine/models/encoders/exact_int8.py); the float operators run in float32, in kernels ONNX Runtime picks by
instruction set (AVX2, AVX-512), which round differently. ``--float64`` runs them in double (float64_graph.py):
then the logits are the same bits on both (measured: docs/comments.md, round ten, cross-CPU). QEMU's user-mode
emulator (Debian's ``qemu-user``, 7.2) with ``-cpu Haswell`` offers AVX2 and no AVX-512, so ONNX Runtime takes its
AVX2 kernels on any x86-64 machine: the float32 logits it gives match, bit for bit, those written on an AVX2-only
EPYC. ``--tokenizer`` gives a tokenizer.json where the embedded encoder's package is not installed (a GPU machine
with no network).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
TEXTS = (ROOT / "resources" / "demo" / "reviews.md", ROOT / "tests" / "data" / "cgo18_reviews.md",
         ROOT / "tests" / "data" / "s2orc_trial" / "reviews.md")


def sentences() -> list[str]:
    from engine.reviews.parse import parse_reviews
    from engine.reviews.units import review_units

    out: list[str] = []
    for path in TEXTS:
        for review in parse_reviews(path.read_text("utf-8"), "markdown"):
            out += [u.text for u in review_units(review) if not u.skip]
    return out


def scores(tokenizer: Path | None, float64: bool = False) -> dict:
    from engine.reviews import encoder_model

    onnx_file, meta_file = encoder_model.encoder_files()
    if tokenizer is not None:
        import engine.models.embedded as embedded

        embedded.encoder_path = lambda: tokenizer.parent  # noqa: E731 (only its tokenizer.json is read)
    encoder = encoder_model.load_encoder(onnx_file, meta_file, threads=2, float64=float64)
    texts = sentences()
    z, f = encoder.logits(texts)
    return {"cpu": platform.processor() or platform.machine(), "cpu_flags": _vector_flags(),
            "graph": "float64" if float64 else "float32", "threshold_logit": None, "texts": texts,
            "z": [float(v) for v in z], "fine": [[float(v) for v in row] for row in f],
            "platt": encoder.meta["platt"], "threshold": encoder.threshold, "labels": list(encoder.fine_labels)}


def _vector_flags() -> str:
    """The CPU's widest vector instructions as /proc/cpuinfo gives them (what ONNX Runtime's kernels pick by)."""
    try:
        flags = next(line for line in Path("/proc/cpuinfo").read_text().splitlines() if line.startswith("flags"))
    except (OSError, StopIteration):
        return "unknown"
    have = set(flags.split(":", 1)[1].split())
    return " ".join(f for f in ("avx2", "fma", "avx512f", "avx512_vnni", "avx_vnni", "amx_int8") if f in have)


def compare(ref: dict, now: dict) -> dict:
    z0, z1 = np.array(ref["z"]), np.array(now["z"])
    f0, f1 = np.array(ref["fine"]), np.array(now["fine"])
    a, b = ref["platt"]
    p0, p1 = 1 / (1 + np.exp(-(a * z0 + b))), 1 / (1 + np.exp(-(a * z1 + b)))
    t = ref["threshold"]
    return {"sentences": len(z0), "max_logit_diff": float(np.abs(z0 - z1).max()),
            "max_fine_logit_diff": float(np.abs(f0 - f1).max()),
            "actionable_decisions_differ": int(((p0 >= t) != (p1 >= t)).sum()),
            "fine_types_differ": int((f0.argmax(1) != f1.argmax(1)).sum()),
            "identical_bits": bool(np.array_equal(z0.astype(np.float32), z1.astype(np.float32)))}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--write", type=Path)
    g.add_argument("--compare", type=Path)
    p.add_argument("--tokenizer", type=Path, help="a tokenizer.json (when the embedded encoder is not installed)")
    p.add_argument("--float64", action="store_true",
                   help="the float operators in double (float64_graph.py; the default is the graph as shipped)")
    args = p.parse_args(argv)
    now = scores(args.tokenizer, float64=args.float64)
    if args.write:
        args.write.parent.mkdir(parents=True, exist_ok=True)
        args.write.write_text(json.dumps(now), encoding="utf-8")
        print(f"wrote {len(now['z'])} sentences' logits to {args.write}")
        return 0
    result = compare(json.loads(args.compare.read_text("utf-8")), now)
    print(json.dumps(result, indent=1))
    return 0 if result["actionable_decisions_differ"] == 0 and result["fine_types_differ"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
