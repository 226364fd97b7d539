"""``redraft models``: list, import, inspect, benchmark and download local models.

    redraft models list [--json]
    redraft models import PATH [--copy] [--label TEXT] [--json]
    redraft models info PATH|ID|embedded [--json] [--n-ctx N]
    redraft models bench PATH|ID|embedded [--json] [--n-ctx N] [--gpu-layers N] [--threads N]
    redraft models download NAME | --list
    redraft models backend [--json]
"""

from __future__ import annotations

import argparse
from typing import Any

from engine.cli.common import print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("models", help="manage local models (GGUF generators, encoders)")
    msub = p.add_subparsers(dest="models_command", metavar="ACTION")
    msub.required = True

    q = msub.add_parser("list", help="embedded and imported models")
    q.add_argument("--json", action="store_true")
    q.set_defaults(func=run_list)

    q = msub.add_parser("import", help="validate a GGUF file and add it to the registry")
    q.add_argument("path")
    q.add_argument("--copy", action="store_true", help="copy the file into Redraft's model folder")
    q.add_argument("--label", default="", help="a name to show for it")
    q.add_argument("--json", action="store_true")
    q.set_defaults(func=run_import)

    q = msub.add_parser("info", help="what a GGUF file holds and whether it fits in memory")
    q.add_argument("model", nargs="?", default="embedded", help="a path, a registry id or 'embedded'")
    q.add_argument("--n-ctx", type=int, default=4096, help="context size for the memory estimate")
    q.add_argument("--json", action="store_true")
    q.set_defaults(func=run_info)

    q = msub.add_parser("bench", help="tokens/s and time to first token, cold and with prefix reuse")
    q.add_argument("model", nargs="?", default="embedded", help="a path, a registry id or 'embedded'")
    q.add_argument("--n-ctx", type=int, default=4096)
    q.add_argument("--gpu-layers", type=int, default=None, help="layers on the GPU (-1 all, 0 none)")
    q.add_argument("--threads", type=int, default=None)
    q.add_argument("--prefix-tokens", type=int, default=1000)
    q.add_argument("--gen-tokens", type=int, default=32)
    q.add_argument("--json", action="store_true")
    q.set_defaults(func=run_bench)

    q = msub.add_parser("download", help="download a recommended model (network; only when asked)")
    q.add_argument("name", nargs="?", help="a name from --list")
    q.add_argument("--list", action="store_true", help="show the recommended models")
    q.set_defaults(func=run_download)

    q = msub.add_parser("backend", help="which llama.cpp backend is compiled in; GPU advice")
    q.add_argument("--json", action="store_true")
    q.set_defaults(func=run_backend)


def run_list(args: argparse.Namespace) -> int:
    from engine.models.registry import ModelRegistry

    rows = ModelRegistry().listing()
    if args.json:
        print_json(rows)
        return 0
    for row in rows:
        size = f"{row['size_bytes'] / 1e6:,.0f} MB" if row.get("size_bytes") else ""
        label = row.get("label") or row.get("name") or ""
        print(f"{row['id']:32} {row.get('kind', ''):9} {size:>9}  {label}")
        if row.get("note"):
            print(f"{'':32} note: {row['note']}")
    return 0


def run_import(args: argparse.Namespace) -> int:
    from engine.models.registry import ModelRegistry

    record = ModelRegistry().import_model(args.path, copy=args.copy, label=args.label)
    if args.json:
        print_json(record.to_dict())
    else:
        print(f"imported {record.id}: {record.architecture}, {record.file_type}, "
              f"context {record.context_length}, sha256 {record.sha256[:12]}")
    return 0


def run_info(args: argparse.Namespace) -> int:
    from engine.models import embedded
    from engine.models.llama.gguf_info import read_gguf_info
    from engine.models.llama.memory import available_ram_bytes, estimate_memory, gib
    from engine.models.registry import ModelRegistry

    registry = ModelRegistry()
    data: dict[str, Any]
    if args.model in embedded.GENERATOR_ALIASES:
        data = {"embedded": embedded.embedded_records()}
        path = embedded.generator_path()
    else:
        path = registry.resolve(args.model)
        data = {}
    info = read_gguf_info(path)
    estimate = estimate_memory(info, min(args.n_ctx, info.context_length or args.n_ctx))
    available = available_ram_bytes()
    data.update(info.to_dict())
    data.update({
        "parameters_label": info.parameters_label,
        "estimate_bytes": estimate.total_bytes,
        "kv_cache_bytes": estimate.kv_cache_bytes,
        "n_ctx": estimate.n_ctx,
        "available_ram_bytes": available,
        "fits": None if available is None else estimate.total_bytes <= available,
    })
    if args.json:
        print_json(data)
        return 0
    for record in data.get("embedded", []):
        print(f"{record['id']}: {record['label']}")
        print(f"  note: {record['note']}")
    print(f"{path}")
    print(f"  {info.name}: {info.architecture}, {info.parameters_label} parameters, {info.file_type}, "
          f"{info.size_bytes / 1e6:,.0f} MB")
    print(f"  context {info.context_length} tokens, chat template: {'yes' if info.has_chat_template else 'no'}")
    fits = {None: "unknown", True: "yes", False: "no"}[data["fits"]]
    print(f"  needs about {gib(estimate.total_bytes)} at {estimate.n_ctx} tokens of context; "
          f"free memory {gib(available) if available else 'unknown'}; fits: {fits}")
    return 0


def run_bench(args: argparse.Namespace) -> int:
    from engine.models.llama.bench import measure_generator
    from engine.models.registry import open_generator

    generator = open_generator(
        args.model, n_ctx=args.n_ctx, n_gpu_layers=args.gpu_layers, threads=args.threads
    )
    figures = measure_generator(generator, prefix_tokens=args.prefix_tokens, gen_tokens=args.gen_tokens)
    if args.json:
        print_json(figures)
        return 0
    print(f"{figures['model']} (GPU layers {figures['n_gpu_layers']}, context {figures['n_ctx']})")
    print(f"  load                       {figures['load_s']:.2f} s")
    print(f"  first token, cold          {figures['ttft_cold_s']:.3f} s  ({figures['prefix_tokens']}-token prefix)")
    print(f"  first token, prefix reused {figures['ttft_prefix_reuse_s']:.3f} s  (x{figures['reuse_ratio']})")
    print(f"  generation                 {figures['tokens_per_s']:.1f} tokens/s")
    for notice in figures["notices"]:
        print(f"note: {notice}")
    return 0


def run_download(args: argparse.Namespace) -> int:
    from engine.errors import InputError
    from engine.models.download import RECOMMENDED, download_model

    if args.list or not args.name:
        for entry in RECOMMENDED:
            print(f"{entry.name:24} ~{entry.approx_gb:.1f} GB  {entry.repo_id}/{entry.filename}")
            pin = f"revision {entry.revision[:12]}, SHA-256 checked" if entry.pinned else "not pinned: import it by hand"
            print(f"{'':24} {entry.note} ({pin})")
        print("sizes are approximate; `redraft models download NAME` fetches one from Hugging Face")
        if not args.list:
            raise InputError("name a model to download (see the list above)")
        return 0
    record = download_model(args.name)
    print(f"downloaded and imported {record.id} ({record.size_bytes / 1e9:.2f} GB) at {record.path}")
    return 0


def run_backend(args: argparse.Namespace) -> int:
    from engine.models.llama.backend import backend_report

    report = backend_report()
    if args.json:
        print_json(report.to_dict())
        return 0
    print(f"llama-cpp-python {report.llama_cpp_version}: {report.backend} backend, "
          f"GPU offload {'supported' if report.gpu_offload else 'not supported'}")
    print(f"visible GPU: {report.visible_gpu or 'none'}")
    if report.hint:
        print(f"hint: {report.hint}")
    return 0
