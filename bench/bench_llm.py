"""Generation speed of Gemma 3 270M on CPU, and Redraft's overhead over llama-cpp-python.

Both sides load the same GGUF with the same settings and run the same greedy
request from an empty KV cache (~200-token prompt, 64 new tokens), alternating,
``--repeats`` times. Reported: tokens/s, time to first token, and the relative
difference of total request time (target: Redraft <= 5% slower).

    .venv/bin/python -m bench.bench_llm [--repeats 5] [--threads N]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path


from engine.models import embedded
from engine.models.llama.backend import cpu_has_amx
from engine.models.llama.bench import paper_text
from engine.models.llama.support import model_params


def timed_stream(pieces) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    first = None
    for _ in pieces:
        if first is None:
            first = time.perf_counter()
    end = time.perf_counter()
    return (first or end) - start, end - start


def main() -> None:
    import llama_cpp

    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--gen-tokens", type=int, default=64)
    parser.add_argument("--threads", type=int, default=None)
    args = parser.parse_args()

    path = embedded.generator_path()
    gen = embedded.embedded_generator(n_ctx=2048, n_gpu_layers=0, threads=args.threads)
    start = time.perf_counter()
    gen.load()
    load_s = time.perf_counter() - start
    with model_params(use_extra_bufts=not cpu_has_amx()):
        direct = llama_cpp.Llama(
            model_path=str(path), n_ctx=2048, n_batch=512, n_gpu_layers=0,
            n_threads=args.threads, n_threads_batch=args.threads, logits_all=False, verbose=False,
        )
    prompt = "Paper:\n" + gen.truncate_to_tokens(paper_text(400), 200) + "\n\nSummary of the paper:"
    tokens = direct.tokenize(prompt.encode("utf-8"), add_bos=True, special=False)
    settings = dict(max_tokens=args.gen_tokens, temperature=0.0, seed=1)

    rows: dict[str, list[tuple[float, float, int]]] = {"llama-cpp-python": [], "Redraft": []}
    for i in range(args.repeats):
        def run_direct() -> tuple[float, float]:
            direct.reset()
            return timed_stream(direct.create_completion(tokens, stream=True, **settings))

        def run_redraft() -> tuple[float, float]:
            gen._llm.reset()
            return timed_stream(gen.stream(prompt, **settings))

        if i % 2:  # alternate the order so neither side always runs second
            ttft2, total2 = run_redraft()
            ttft, total = run_direct()
        else:
            ttft, total = run_direct()
            ttft2, total2 = run_redraft()
        n = gen.last_usage["completion_tokens"]  # same greedy tokens on both sides
        rows["llama-cpp-python"].append((ttft, total, n))
        rows["Redraft"].append((ttft2, total2, n))

    print(f"Gemma 3 270M Q4_K_M on CPU (load {load_s:.2f} s), prompt {len(tokens)} tokens, "
          f"{args.gen_tokens} new tokens, {args.repeats} runs each (medians)")
    medians = {}
    for name, runs in rows.items():
        ttft = statistics.median(r[0] for r in runs)
        total = statistics.median(r[1] for r in runs)
        n = runs[0][2]
        speed = statistics.median((r[2] - 1) / (r[1] - r[0]) for r in runs if r[1] > r[0])
        medians[name] = total
        print(f"  {name:17} first token {ttft:.3f} s, total {total:.3f} s, {n} tokens, {speed:.1f} tokens/s")
    overhead = medians["Redraft"] / medians["llama-cpp-python"] - 1
    print(f"Redraft overhead: {overhead * 100:+.1f}% (target <= 5%): {'PASS' if overhead <= 0.05 else 'FAIL'}")


if __name__ == "__main__":
    main()
