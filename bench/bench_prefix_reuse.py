"""Time to first token when requests share a paper prefix (~1,500 tokens), Gemma 3 270M on CPU.

Target: requests 2..10 reach their first token in <= 0.3x the first request's time.
Second part: an unrelated request comes in between; compare re-evaluating the
prefix with restoring it from a ``PrefixCache``.

    .venv/bin/python -m bench.bench_prefix_reuse [--prefix-tokens 1500] [--threads N]
"""

from __future__ import annotations

import argparse
import re
import time


from bench.shared_data import shared_data_folder
from engine.models import embedded
from engine.models.llama.bench import COMMENTS, paper_text, time_request
from engine.models.llama.prefix_cache import PrefixCache

PAPER = shared_data_folder() / "revision" / "cgo18" / "camera_ready"
SECTIONS = ["abstract", "intro", "motivation", "overview", "work", "results", "related", "conclusions"]


def paper_source() -> str:
    """The cgo18 paper's LaTeX sections when present (real text), else filler."""
    parts = [PAPER / f"{name}.tex" for name in SECTIONS]
    if all(p.is_file() for p in parts):
        body = "\n\n".join(p.read_text(encoding="utf-8", errors="replace") for p in parts)
        return re.sub(r"(?m)^\s*%.*$", "", body)
    return paper_text(4000)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--prefix-tokens", type=int, default=1500)
    parser.add_argument("--requests", type=int, default=10)
    parser.add_argument("--gen-tokens", type=int, default=8)
    parser.add_argument("--threads", type=int, default=None)
    args = parser.parse_args()

    gen = embedded.embedded_generator(n_ctx=4096, n_gpu_layers=0, threads=args.threads)
    gen.load()
    prefix = "Paper:\n" + gen.truncate_to_tokens(paper_source(), args.prefix_tokens) + "\n\n"
    n_prefix = gen.count_tokens(prefix)
    print(f"model {gen.name}, GPU layers {gen.n_gpu_layers}, prefix {n_prefix} tokens"
          f"{' (cgo18 paper)' if PAPER.is_dir() else ' (filler text)'}")

    def prompt(i: int) -> str:
        return f"{prefix}Reviewer comment: {COMMENTS[i % len(COMMENTS)]}\nAddressed (yes/no):"

    ttfts = []
    for i in range(args.requests):
        r = time_request(gen, prompt(i), args.gen_tokens)
        ttfts.append(r["ttft_s"])
        print(f"  request {i + 1:2}: first token {r['ttft_s']:.3f} s, reused {r['reused_tokens']} tokens")
    ratios = [t / ttfts[0] for t in ttfts[1:]]
    print(f"first request {ttfts[0]:.3f} s; requests 2..{args.requests}: "
          f"max ratio {max(ratios):.3f}x, mean {sum(ratios) / len(ratios):.3f}x "
          f"(target <= 0.3x): {'PASS' if max(ratios) <= 0.3 else 'FAIL'}")

    # An unrelated request in between: re-evaluate vs restore a saved prefix state.
    other = "Other paper:\n" + paper_text(600, seed=99) + "\nSummary:"
    results = {}
    for label, cache in (("no prefix cache", None), ("PrefixCache", PrefixCache())):
        gen.prefix_cache = cache
        gen.prefill(prefix, remember=True)
        times = []
        for i in range(3):
            time_request(gen, other, 4)
            r = time_request(gen, prompt(20 + i), args.gen_tokens)
            times.append(r["ttft_s"])
        results[label] = sorted(times)[1]
        saved = f", state {cache.size_bytes / 1e6:.1f} MB, hits {cache.hits}" if cache else ""
        print(f"after an unrelated request, {label}: first token {results[label]:.3f} s (median of 3){saved}")
    gen.prefix_cache = None
    gain = results["no prefix cache"] / results["PrefixCache"]
    print(f"PrefixCache speed-up after interruption: {gain:.1f}x")


if __name__ == "__main__":
    main()
