"""The comment encoder's float operators in double against float32: what changes, and how sensitive each is.

    REDRAFT_DATA=/work/shared/data .venv/bin/python -m bench.float64_encoder [--parts dev train] [--patterns 5]
        [--cache ~/.cache/redraft/corpus] [--json out.json]

(1) The extractor runs on every DISAPERE dev forum (``dev``) and on the revisions corpus's training reviews
(``train``: the 58 revisions of its train part, never checked or blind) with the graph as shipped (float32,
``load_encoder(..., float64=False)``, the default) and with the double graph (``float64=True``). Printed: the
largest change of the actionable logit and of the fine-type logits over the sentences the encoder reads, and the
units whose decision changes (kept or not, fine type) and the extracted comments that differ. On one machine these
are changes of the model's arithmetic, not CPU differences.

(2) A proxy of CPU sensitivity (``--patterns``): every LayerNorm output is multiplied by a fixed random pattern of
(1 ± one ulp of its own precision: 2**-23 in float32, 2**-52 in double), the size of the difference two CPUs'
kernels make; counted on DISAPERE dev against the same precision unperturbed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from bench.shared_data import shared_data_folder


def perturbed_session(float64: bool, seed: int, threads: int = 2) -> Any:
    """The encoder's session with every LayerNorm output multiplied by ``1 + eps * r``, ``r`` in {-1, 1}^width."""
    import onnx
    import onnxruntime as ort
    from onnx import helper, numpy_helper

    from engine.models.encoders.exact_int8 import exact_integer_products
    from engine.models.encoders.float64_graph import FUSIONS_TO_DISABLE, float64_operators
    from engine.reviews.encoder_model import encoder_files

    model = onnx.load(str(encoder_files()[0]))
    exact_integer_products(model)
    if float64:
        float64_operators(model)
    graph = model.graph
    dtype, eps = (np.float64, 2.0**-52) if float64 else (np.float32, 2.0**-23)
    rng = np.random.default_rng(seed)
    nodes = []
    for node in graph.node:
        nodes.append(node)
        if node.op_type != "LayerNormalization":
            continue
        raw = f"{node.output[0]}__unperturbed"
        pattern = f"{node.output[0]}__pattern"
        width = 384
        values = (1 + eps * rng.choice([-1.0, 1.0], size=width)).astype(dtype)
        graph.initializer.append(numpy_helper.from_array(values, pattern))
        nodes.append(helper.make_node("Mul", [raw, pattern], [node.output[0]], name=f"{raw}__mul"))
        node.output[0] = raw
    del graph.node[:]
    graph.node.extend(nodes)
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.log_severity_level = 3
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return ort.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"],
                                disabled_optimizers=list(FUSIONS_TO_DISABLE) if float64 else None)


def sources(parts: list[str], data: Path, cache: Path) -> dict[str, list[tuple[str, list[Any]]]]:
    """``{part: [(id, reviews)]}``: DISAPERE dev forums, the corpus's training reviews."""
    from engine.reviews.evaluate import forum_markdown, read_forums
    from engine.reviews.parse import parse_reviews

    out: dict[str, list[tuple[str, list[Any]]]] = {}
    if "dev" in parts:
        out["dev"] = [(fid, parse_reviews(forum_markdown(rs), "markdown"))
                      for fid, rs in read_forums(data / "disapere" / "dev.jsonl")]
    if "train" in parts:
        from corpus.manifest import entries, load_manifest
        from engine.reviews.load import load_reviews

        out["train"] = [(e["id"], load_reviews(cache / e["id"] / "reviews.md"))
                        for e in entries(load_manifest(), "train") if (cache / e["id"] / "reviews.md").exists()]
    return out


def run(model: Any, items: list[tuple[str, list[Any]]]) -> dict[str, Any]:
    """Per item: each unit's decision (kept, fine type), the comments extracted, the logits of each text read."""
    import engine.reviews.comments as comments
    from engine.reviews.comments import extract_comments, picked

    read: dict[str, tuple[float, list[float]]] = {}
    original = type(model).logits

    def logits(texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
        z, f = original(model, texts)
        for t, zz, ff in zip(texts, z, f):
            read[t] = (float(zz), [float(v) for v in ff])
        return z, f

    model.logits = logits
    units: list[tuple[str, bool, str]] = []
    score_units = comments.score_units

    def recording(per_review, m, encoder=None):  # noqa: ANN001, ANN202
        scored = score_units(per_review, m, encoder)
        for us, (prob, fine) in zip(per_review, scored):
            units.extend((u.text, bool(picked(u.text, p, m.threshold)), f) for u, p, f in zip(us, prob, fine))
        return scored

    comments.score_units = recording
    found = []
    start = time.perf_counter()
    try:
        for _, reviews in items:
            found.append(sorted((c.text, c.fine_type) for c in extract_comments(reviews, model=model)))
    finally:
        comments.score_units = score_units
        del model.logits
    return {"units": units, "comments": found, "read": read, "seconds": time.perf_counter() - start}


def compare(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    assert [u[0] for u in a["units"]] == [u[0] for u in b["units"]]
    kept = sum(x[1] != y[1] for x, y in zip(a["units"], b["units"]))
    typed = sum(x[1] and y[1] and x[2] != y[2] for x, y in zip(a["units"], b["units"]))
    texts = sorted(set(a["read"]) & set(b["read"]))
    dz = [abs(a["read"][t][0] - b["read"][t][0]) for t in texts]
    df = [max(abs(p - q) for p, q in zip(a["read"][t][1], b["read"][t][1])) for t in texts]
    moved = sum(bool(z or f) for z, f in zip(dz, df))
    differ = sum(len(set(x) ^ set(y)) for x, y in zip(a["comments"], b["comments"]))
    n = len(a["units"])
    return {"units": n, "decisions_changed": kept + typed, "kept_changed": kept, "fine_type_changed": typed,
            "share_changed_pct": round(100 * (kept + typed) / max(1, n), 3), "texts_read": len(texts),
            "texts_moved": moved, "max_logit_change": max(dz, default=0.0),
            "max_fine_logit_change": max(df, default=0.0), "comments_differing": differ,
            "comments": sum(len(x) for x in a["comments"])}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--parts", nargs="+", default=["dev", "train"], choices=["dev", "train"])
    p.add_argument("--patterns", type=int, default=5, help="perturbation patterns for the proxy (0: none)")
    p.add_argument("--data", type=Path, default=shared_data_folder())
    p.add_argument("--cache", type=Path, default=Path("~/.cache/redraft/corpus").expanduser())
    p.add_argument("--json", type=Path)
    args = p.parse_args(argv)
    from engine.reviews.encoder_model import encoder_files, load_encoder

    files = encoder_files()
    if files is None:
        print("no comment encoder shipped (resources/models/comments/encoder.onnx)", file=sys.stderr)
        return 2
    f32, f64 = load_encoder(*files, threads=2, float64=False), load_encoder(*files, threads=2, float64=True)
    result: dict[str, Any] = {"arithmetic": {}, "proxy": {}}
    base: dict[str, dict[str, Any]] = {}
    for part, items in sources(args.parts, args.data, args.cache).items():
        base[part] = {"float32": run(f32, items), "float64": run(f64, items)}
        result["arithmetic"][part] = compare(base[part]["float32"], base[part]["float64"])
        result["arithmetic"][part]["seconds"] = {k: round(v["seconds"], 2) for k, v in base[part].items()}
        print(part, json.dumps(result["arithmetic"][part]), flush=True)
        if part != "dev" or not args.patterns:
            continue
        for name, model, is64 in (("float32", f32, False), ("float64", f64, True)):
            rows = []
            keep = model.session
            try:
                for seed in range(args.patterns):
                    model.session = perturbed_session(is64, seed)
                    rows.append(compare(base[part][name], run(model, items)))
            finally:
                model.session = keep
            result["proxy"][name] = {
                "patterns": len(rows), "decisions_changed": [r["decisions_changed"] for r in rows],
                "texts_moved": [r["texts_moved"] for r in rows], "texts_read": rows[0]["texts_read"],
                "max_logit_change": max(r["max_logit_change"] for r in rows),
                "max_fine_logit_change": max(r["max_fine_logit_change"] for r in rows),
                "comments_differing": [r["comments_differing"] for r in rows]}
            print("proxy", name, json.dumps(result["proxy"][name]), flush=True)
    if args.json:
        args.json.write_text(json.dumps(result, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
