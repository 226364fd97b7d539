"""GPU offload: does this llama-cpp-python build put layers on the GPU, and how fast is it?

Writes a random-weight llama GGUF of real size (default: Llama 3.2 1B's shape
with a 32k vocabulary, f16, 2.2 GB), then measures it through Redraft's
``LlamaGenerator`` the way the app uses it (``engine.models.llama.bench``: one
~1,000-token paper prefix, then requests that reuse it), once on the CPU and
once with every layer offloaded. Random weights give noise text but the same
arithmetic as a trained model of that shape.

    .venv/bin/python -m bench.bench_gpu [--shape auto|1b|tiny] [--gen-tokens 128] [--json]

``--shape auto`` (the default) takes ``1b`` on a build with GPU offload and
``tiny`` (0.5 MB, a smoke run) on a CPU-only build, where the GPU row says so
(Redraft's notice) and runs on the CPU.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
import warnings
from pathlib import Path


from engine.errors import RedraftWarning
from engine.models.llama.backend import backend_report
from engine.models.llama.bench import measure_generator
from engine.models.llama.llm import LlamaGenerator
from testkit.gguf_factory import write_tiny_llama

SHAPES = {
    "1b": dict(n_embd=2048, n_layer=16, n_head=32, n_head_kv=8, n_ff=8192, extra_tokens=32000 - 259, f16=True),
    "tiny": dict(),
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--shape", choices=["auto", *sorted(SHAPES)], default="auto")
    parser.add_argument("--prefix-tokens", type=int, default=1000)
    parser.add_argument("--gen-tokens", type=int, default=128)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    warnings.simplefilter("ignore", RedraftWarning)  # its notice is printed below

    report = backend_report()
    if args.shape == "auto":
        args.shape = "1b" if report.gpu_offload else "tiny"
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        path = write_tiny_llama(Path(tmp) / f"random-{args.shape}.gguf", name=f"random-llama-{args.shape}",
                                **SHAPES[args.shape])
        write_s = time.perf_counter() - start
        for layers in (0, -1):
            generator = LlamaGenerator(path, n_ctx=4096, n_gpu_layers=layers, threads=args.threads)
            figures = measure_generator(generator, args.prefix_tokens, args.gen_tokens, args.repeats)
            figures["requested_gpu_layers"] = layers
            rows.append(figures)
            generator.close()
        size_gb = path.stat().st_size / 1e9
    if args.json:
        print(json.dumps({"backend": report.to_dict(), "model_gb": size_gb, "runs": rows}, indent=2))
        return
    print(f"llama-cpp-python {report.llama_cpp_version}: {report.backend} backend, GPU offload "
          f"{'supported' if report.gpu_offload else 'not supported'}; visible GPU: {report.visible_gpu or 'none'}")
    print(f"model: random llama '{args.shape}', {size_gb:.2f} GB (written in {write_s:.1f} s)")
    for r in rows:
        where = "GPU (all layers)" if r["n_gpu_layers"] else "CPU"
        print(f"  {where:16} load {r['load_s']:.2f} s, prefix {r['prefix_tokens']} tokens: first token "
              f"{r['ttft_cold_s']:.3f} s cold ({r['prefix_tokens'] / r['ttft_cold_s']:.0f} prompt tokens/s), "
              f"{r['ttft_prefix_reuse_s']:.3f} s reused; generation {r['tokens_per_s']:.1f} tokens/s")
        for notice in r["notices"]:
            print(f"    notice: {notice}")


if __name__ == "__main__":
    main()
