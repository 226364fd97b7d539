"""Measure a generator the way Redraft uses it: one paper prefix, many comments.

``measure_generator`` loads the model, sends a first request (cold: the whole
prefix is evaluated), then requests that share the prefix (only the comment
is new), and reports time to first token for both and generation speed.
"""

from __future__ import annotations

import time
from typing import Any

from engine.models.llama.llm import LlamaGenerator

_WORDS = (
    "model attention layer dataset baseline results training evaluation accuracy method "
    "proposed approach experiments reviewers ablation improvement variance samples metric "
    "table figure section analysis performance robust benchmark error significant we our "
    "the of and to in that with for on is are this these show"
).split()

COMMENTS = [
    "The ablation study does not isolate the effect of the attention layer.",
    "Please report variance across random seeds in Table 2.",
    "The related work section misses recent retrieval-augmented baselines.",
    "Clarify how the evaluation metric handles ties.",
    "The claim of robustness is not supported by the experiments in Section 5.",
    "Figure 3 is hard to read; label the axes.",
    "How sensitive is the method to the size of the training set?",
    "The paper should discuss failure cases of the proposed approach.",
    "State the compute budget used for the baselines.",
    "The notation in Section 3 changes between equations.",
    "Add a significance test for the main results.",
    "Explain why the benchmark was chosen over alternatives.",
]


def paper_text(n_words: int, seed: int = 7) -> str:
    """Deterministic paper-like filler text of ``n_words`` words."""
    out, state = [], seed
    for i in range(n_words):
        state = (state * 1103515245 + 12345) % 2**31
        word = _WORDS[state % len(_WORDS)]
        out.append(word.capitalize() if i % 14 == 0 else word)
        if i % 14 == 13:
            out[-1] += "."
    return " ".join(out)


def paper_prefix(generator: LlamaGenerator, prefix_tokens: int) -> str:
    """A paper context trimmed to about ``prefix_tokens`` tokens of ``generator``."""
    text = "Paper under revision:\n" + paper_text(prefix_tokens * 2)
    limit = prefix_tokens
    for _ in range(4):  # detokenising and re-tokenising can drift by a few tokens
        cut = generator.truncate_to_tokens(text, limit)
        excess = generator.count_tokens(cut) - prefix_tokens
        if excess <= 0:
            break
        limit -= excess
    return cut + "\n\n"


def request(prefix: str, i: int) -> str:
    return f"{prefix}Reviewer comment: {COMMENTS[i % len(COMMENTS)]}\nDoes the revision address it? Answer:"


def time_request(generator: LlamaGenerator, prompt: str, max_tokens: int) -> dict[str, float]:
    """Time to first token, total time and generated tokens for one request."""
    start = time.perf_counter()
    first = None
    for _piece in generator.stream(prompt, max_tokens=max_tokens, temperature=0.0, seed=1):
        if first is None:
            first = time.perf_counter()
    end = time.perf_counter()
    n = generator.last_usage.get("completion_tokens", 0)
    first = first or end
    return {
        "ttft_s": first - start,
        "total_s": end - start,
        "tokens": n,
        "tokens_per_s": (n - 1) / (end - first) if n > 1 and end > first else 0.0,
        "reused_tokens": generator.last_usage.get("reused_tokens", 0),
    }


def measure_generator(
    generator: LlamaGenerator, prefix_tokens: int = 1000, gen_tokens: int = 32, repeats: int = 3
) -> dict[str, Any]:
    """Load, one cold request, ``repeats`` prefix-sharing requests; figures as a dict."""
    start = time.perf_counter()
    generator.load()
    load_s = time.perf_counter() - start
    prefix = paper_prefix(generator, prefix_tokens)
    n_prefix = generator.count_tokens(prefix)
    cold = time_request(generator, request(prefix, 0), gen_tokens)
    warm = [time_request(generator, request(prefix, i), gen_tokens) for i in range(1, repeats + 1)]
    warm_ttft = sorted(w["ttft_s"] for w in warm)[len(warm) // 2]
    speeds = [r["tokens_per_s"] for r in [cold, *warm] if r["tokens_per_s"] > 0]
    return {
        "model": generator.name,
        "n_gpu_layers": generator.n_gpu_layers,
        "n_ctx": generator.n_ctx,
        "load_s": round(load_s, 3),
        "prefix_tokens": n_prefix,
        "ttft_cold_s": round(cold["ttft_s"], 4),
        "ttft_prefix_reuse_s": round(warm_ttft, 4),
        "reuse_ratio": round(warm_ttft / cold["ttft_s"], 4) if cold["ttft_s"] else None,
        "tokens_per_s": round(sorted(speeds)[len(speeds) // 2], 2) if speeds else 0.0,
        "generated_tokens": sum(r["tokens"] for r in [cold, *warm]),
        "notices": list(generator.notices),
    }
