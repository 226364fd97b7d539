"""Pieces of llama-cpp-python set-up that ``LlamaGenerator`` needs and the library lacks.

- ``model_params``: build a ``Llama`` with ``use_extra_bufts`` off (no argument for it).
- ``resolve_gpu_layers``: all layers on the GPU when offload works, CPU otherwise.
- ``compile_grammar``: a JSON-schema or GBNF grammar checked to parse first
  (llama-cpp-python 0.3.36 hands a grammar that fails to parse to the sampler
  as a null pointer, which crashes the process).
- ``next_token_logprobs`` and ``token_text``: small reads of the llama context.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

from engine.errors import InputError

_PARAMS_LOCK = threading.Lock()


@contextmanager
def model_params(use_extra_bufts: bool) -> Iterator[None]:
    """Let ``llama_cpp.Llama`` build its model parameters with ``use_extra_bufts`` set.

    ``Llama()`` has no argument for it; it starts from
    ``llama_model_default_params()``, so that function is wrapped for the
    duration of one construction (under a lock).
    """
    import llama_cpp.llama_cpp as bindings

    if use_extra_bufts:
        yield
        return
    with _PARAMS_LOCK:
        original = bindings.llama_model_default_params

        def defaults() -> Any:
            params = original()
            params.use_extra_bufts = False
            return params

        bindings.llama_model_default_params = defaults
        try:
            yield
        finally:
            bindings.llama_model_default_params = original


def resolve_gpu_layers(requested: int | None, supported: bool) -> tuple[int, str | None]:
    """Layers to offload and, when a GPU request cannot be met, a notice."""
    if requested is None:
        return (-1 if supported else 0), None
    if requested != 0 and not supported:
        return 0, (
            "GPU offload was asked for but this llama.cpp build is CPU-only; running on CPU "
            "(see `redraft models backend`)"
        )
    return requested, None


def next_token_logprobs(llm: Any, llama_cpp: Any) -> np.ndarray:
    ptr = llama_cpp.llama_get_logits_ith(llm.ctx, -1)
    logits = np.ctypeslib.as_array(ptr, shape=(llm.n_vocab(),)).astype(np.float64)
    logits -= logits.max()
    return logits - np.log(np.exp(logits).sum())


def token_text(llm: Any, token: int) -> str:
    if token < 0:
        return ""
    return llm.detokenize([token], special=True).decode("utf-8", errors="ignore")


def compile_grammar(llm: Any, json_schema: dict[str, Any] | None, grammar: str | None) -> Any:
    """A ``LlamaGrammar``, checked to parse (a bad one would crash llama.cpp's sampler)."""
    if json_schema is None and grammar is None:
        return None
    import llama_cpp
    from llama_cpp import LlamaGrammar

    if json_schema is not None and grammar is not None:
        raise InputError("give a JSON schema or a grammar, not both")
    try:
        if json_schema is not None:
            compiled = LlamaGrammar.from_json_schema(json.dumps(json_schema), verbose=False)
        else:
            compiled = LlamaGrammar.from_string(grammar or "", verbose=False)
    except Exception as err:  # the JSON-schema converter raises on unsupported schemas
        raise InputError(f"bad JSON schema: {str(err).splitlines()[0] if str(err) else err}") from None
    vocab = llama_cpp.llama_model_get_vocab(llm.model)
    probe = llama_cpp.llama_sampler_init_grammar(
        vocab, compiled._grammar.encode("utf-8"), compiled._root.encode("utf-8")
    )
    if not probe:
        raise InputError("bad grammar: llama.cpp cannot parse it (GBNF with a 'root' rule expected)")
    llama_cpp.llama_sampler_free(probe)
    return compiled
