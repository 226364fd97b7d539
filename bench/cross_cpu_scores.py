"""Do the comment encoder's scores depend on the CPU? Score fixed sentences, write or compare the logits.

    python -m bench.cross_cpu_scores --write bench/data/cross_cpu_scores.json    # on one machine
    python -m bench.cross_cpu_scores --compare bench/data/cross_cpu_scores.json  # on another

The sentences are the repository's own review texts (the demo, cgo18 and S2ORC-trial reviews).
The comparison prints the largest difference of the actionable logit and of the fine-type logits, and how many
decisions (actionable at the shipped threshold, fine type) differ. The int8 products are exact on every CPU
(engine/models/encoders/exact_int8.py); what remains is float rounding in the other operators, which may differ
between instruction sets (AVX2, AVX-512). ``--tokenizer`` gives a tokenizer.json where the embedded encoder's
package is not installed (a GPU machine with no network).
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


def scores(tokenizer: Path | None) -> dict:
    from engine.reviews import encoder_model

    onnx_file, meta_file = encoder_model.encoder_files()
    if tokenizer is not None:
        import engine.models.embedded as embedded

        embedded.encoder_path = lambda: tokenizer.parent  # noqa: E731 (only its tokenizer.json is read)
    encoder = encoder_model.load_encoder(onnx_file, meta_file, threads=2)
    texts = sentences()
    z, f = encoder.logits(texts)
    return {"cpu": platform.processor() or platform.machine(), "threshold_logit": None, "texts": texts,
            "z": [float(v) for v in z], "fine": [[float(v) for v in row] for row in f],
            "platt": encoder.meta["platt"], "threshold": encoder.threshold, "labels": list(encoder.fine_labels)}


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
    args = p.parse_args(argv)
    now = scores(args.tokenizer)
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
