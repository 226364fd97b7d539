"""``redraft eval tldr FILE.jsonl [--extractive | --lead | --oracle | --model M [--mode MODE]] [--limit N] [--json]``:
ROUGE-1/2/L F1 (max over the gold TLDRs, ×100) on SciTLDR-format files
(each line: ``source`` abstract sentences, ``target`` gold TLDRs, ``title``).

With ``--model``, a candidate that fails Redraft's checks counts as the
extractive TLDR (what the app would show instead); ``--no-fallback`` scores
it as written (an empty candidate scores 0)."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from engine.cli.common import print_json
from engine.errors import InputError
from engine.metrics.rouge import METRICS, corpus_rouge, multi_reference


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("tldr", help="score TLDRs with ROUGE on a SciTLDR-format file")
    p.add_argument("file", help="SciTLDR-format JSONL (source, target, title)")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--extractive", action="store_true", help="the extractive TLDR (default)")
    how.add_argument("--lead", action="store_true", help="the first abstract sentence (baseline)")
    how.add_argument("--oracle", action="store_true", help="the abstract sentence with the best ROUGE-1 (upper bound)")
    how.add_argument("--model", metavar="M", help="an LLM (GGUF path, registry id or 'embedded')")
    p.add_argument("--limit", type=int, help="score only the first N papers")
    p.add_argument("--mode", choices=("rewrite", "abstract", "pick"), default="rewrite",
                   help="how the LLM writes its TLDR (default rewrite)")
    p.add_argument("--no-fallback", action="store_true", help="score failed LLM candidates as written")
    p.add_argument("--max-tokens", type=int, default=48, help="LLM tokens per TLDR (default 48)")
    p.add_argument("--threads", type=int, help="CPU threads for the LLM")
    p.add_argument("--gpu-layers", type=int, help="LLM layers on the GPU (default: all when supported)")
    p.add_argument("--json", action="store_true", help='print {"rouge1", "rouge2", "rougeL"}')
    p.set_defaults(func=run)


def load_scitldr(path: str, limit: int | None = None) -> list[dict[str, Any]]:
    file = Path(path)
    if not file.is_file():
        raise InputError(f"no such file: {path}")
    rows = []
    for n, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            raise InputError(f"{path}:{n} is not JSON") from None
        if not isinstance(row, dict) or not isinstance(row.get("source"), list) or not row.get("target"):
            raise InputError(f"{path}:{n} lacks a 'source' list of sentences or 'target' TLDRs")
        rows.append(row)
        if limit is not None and len(rows) >= limit:
            break
    if not rows:
        raise InputError(f"{path} holds no papers")
    return rows


def oracle_tldr(row: dict[str, Any]) -> str:
    sents = [s.strip() for s in row["source"] if s.strip()]
    return max(sents, key=lambda s: multi_reference(s, row["target"])["rouge1"]) if sents else ""


def run(args: argparse.Namespace) -> int:
    from engine.generate.extractive import extractive_tldr, lead_tldr

    rows = load_scitldr(args.file, args.limit)
    if args.model:
        from engine.generate.tldr import TldrGenerator
        from engine.models.registry import open_generator

        kwargs: dict[str, Any] = {"n_ctx": 4096}
        if args.threads:
            kwargs["threads"] = args.threads
        if args.gpu_layers is not None:
            kwargs["n_gpu_layers"] = args.gpu_layers
        tldr = TldrGenerator(open_generator(args.model, **kwargs), max_tokens=args.max_tokens)
        method = f"llm:{tldr.generator.name}:{args.mode}"
        failed: list[int] = []

        def pick(row: dict[str, Any]) -> str:
            text = " ".join(s.strip() for s in row["source"])
            found = tldr.generate(text, title=row.get("title", ""), mode=args.mode)
            if found.valid or args.no_fallback:
                return found.text
            failed.append(1)
            return extractive_tldr(row["source"], row.get("title", ""))
    elif args.lead:
        method, pick = "lead", lambda row: lead_tldr(row["source"])
    elif args.oracle:
        method, pick = "oracle", oracle_tldr
    else:
        method, pick = "extractive", lambda row: extractive_tldr(row["source"], row.get("title", ""))
    start = time.perf_counter()
    predictions = [pick(row) for row in rows]
    scores = {m: round(v, 2) for m, v in corpus_rouge(predictions, [r["target"] for r in rows]).items()}
    if args.json:
        print_json({**scores, "failed": len(failed)} if args.model else scores)
        return 0
    print(f"{method} on {len(rows)} papers ({time.perf_counter() - start:.1f} s); "
          "ROUGE F1 ×100, max over gold TLDRs")
    print("  ".join(f"{m} {scores[m]:.1f}" for m in METRICS))
    if args.model:
        print(f"{len(failed)} of {len(rows)} LLM candidates failed the checks or the 15-25 word rule"
              + ("" if args.no_fallback else " and were scored as the extractive TLDR"))
    return 0
