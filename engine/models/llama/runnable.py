"""Whether llama.cpp can run a GGUF as a text generator, asked when a model is imported (before it is recorded).

``read_gguf_info`` accepts any architecture the ``gguf`` package names, and that package names files that are no
text generator: a vision projector (``clip``, the ``mmproj-*.gguf`` that comes beside a vision model) and embedding
models (BERT and its kin, T5's encoder). A session-27 trial imported an ``mmproj`` file without a word, saw it
selected in Settings, and learnt what it was only from an error box at its first suggestion. ``check_generator``
refuses those by their architecture, then asks llama.cpp to read the file's hyper-parameters and vocabulary
(``vocab_only``: no tensor is read; 0.27 s for the embedded 98 MB GGUF with its 49k-token vocabulary, milliseconds
for the tests' tiny ones) and turns a refusal into one line with llama.cpp's own reason.
"""

from __future__ import annotations

import contextlib
import io
import logging
import re
import threading
from pathlib import Path

from engine.errors import InputError

_EMBEDDING = "an embedding model, which Redraft cannot ask for text"
#: Architectures the ``gguf`` package knows that llama.cpp never runs as a text generator, and what they are.
NOT_GENERATORS = {
    "clip": "a vision projector (an mmproj file, loaded beside a vision language model), not a language model",
    **{arch: _EMBEDDING for arch in (
        "bert", "modern-bert", "nomic-bert", "nomic-bert-moe", "neo-bert", "jina-bert-v2", "jina-bert-v3",
        "eurobert", "gemma-embedding", "t5encoder")},
}
_PROBE_LOCK = threading.Lock()
_REASON = re.compile(r"error loading model:\s*(.+)")


def check_generator(path: str | Path, architecture: str) -> None:
    """Raise ``InputError`` (one line) when llama.cpp cannot run ``path`` as a text generator."""
    name = Path(path).name
    what = NOT_GENERATORS.get(architecture)
    if what is not None:
        raise InputError(f"{name} is {what} (architecture '{architecture}'): import an instruct model's GGUF")
    reason = load_refusal(Path(path))
    if reason is not None:
        raise InputError(f"llama.cpp cannot run {name} (architecture '{architecture}'): {reason}")


def load_refusal(path: Path, vocab_only: bool = True) -> str | None:
    """llama.cpp's reason for refusing the file's header and vocabulary (or, not ``vocab_only``, its weights too: on
    the CPU), or None when it reads them."""
    import llama_cpp
    from llama_cpp import _logger  # llama-cpp-python's log callback: what llama.cpp says goes to sys.stderr

    captured = io.StringIO()
    with _PROBE_LOCK:
        level = _logger.logger.level
        # every line, caught here (none reaches the user's console): llama-cpp-python 0.3.36 maps ggml's newer log
        # levels one off, so llama.cpp's errors arrive as DEBUG
        _logger.logger.setLevel(logging.DEBUG)
        try:
            with contextlib.redirect_stderr(captured):
                params = llama_cpp.llama_model_default_params()
                params.vocab_only = vocab_only
                params.n_gpu_layers = 0
                model = llama_cpp.llama_model_load_from_file(str(path).encode("utf-8"), params)
                if model:
                    llama_cpp.llama_model_free(model)
                    return None
        finally:
            _logger.logger.setLevel(level)
    found = _REASON.search(captured.getvalue())
    return found.group(1).strip() if found else "it cannot read the model's header, vocabulary or weights"
