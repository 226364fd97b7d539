"""The ONNX graph an ``OnnxEncoder`` builds from its weights, kept on disk beside the embedding cache.

Building the graph imports ``onnx`` and quantises every layer's weights (about 0.6 s of CPU on a first
alignment); the graph is the same bytes every time for the same weights, precision and builder, so a later
process reads it back instead. The file is named by a hash of the encoder's cache key (its weights and config),
the precision and the source of the module that builds the graph, so a changed model or builder never reads an
old graph; it is written to a temporary name and renamed, so a reader never sees half a file.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path

#: The folder, under the embedding cache's, that holds the graphs.
FOLDER = "encoder-graphs"
#: Graphs kept (about 11 MB each for MiniLM): the newest, so an updated builder or model leaves no trail of old ones.
KEEP = 4


def graph_file(folder: Path, key: str, builder: Path) -> Path | None:
    """Where the graph for ``key`` (model key and precision) built by the module ``builder`` is kept; ``None``
    when the builder's source can't be read (a frozen app without sources builds its graph every time)."""
    digest = hashlib.sha256(key.encode("utf-8"))
    try:
        digest.update(hashlib.sha256(builder.read_bytes()).digest())
    except OSError:
        return None
    return folder / FOLDER / f"{digest.hexdigest()[:32]}.onnx"


def read_graph(file: Path | None) -> bytes | None:
    """The stored graph, or ``None`` when there is none (or no file to read)."""
    if file is None:
        return None
    try:
        return file.read_bytes() or None
    except OSError:
        return None


def store_graph(file: Path | None, build: Callable[[], bytes]) -> bytes:
    """``build()``, kept in ``file`` (when given) for the next process; a folder that can't be written is no
    error (the graph is built again next time)."""
    model = build()
    if file is not None:
        temporary = file.with_name(f"{file.name}.{os.getpid()}.tmp")
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(model)
            os.replace(temporary, file)
        except OSError:
            temporary.unlink(missing_ok=True)
        else:
            _prune(file)
    return model


def _prune(kept: Path) -> None:
    """Remove all but the ``KEEP`` most recently written graphs beside ``kept`` (never ``kept`` itself)."""
    try:
        graphs = sorted(kept.parent.glob("*.onnx"), key=lambda f: f.stat().st_mtime, reverse=True)
    except OSError:
        return
    for old in [g for g in graphs if g != kept][KEEP - 1:]:
        old.unlink(missing_ok=True)


def forget_graph(file: Path | None) -> None:
    """Remove a stored graph ONNX Runtime refused (it is built again)."""
    if file is not None:
        file.unlink(missing_ok=True)
