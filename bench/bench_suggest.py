"""Suggestions with the embedded model on a real draft: how many pass the checks, and how long each takes.

The cgo18 submission (``revision/cgo18/submission.pdf``) and the 30 reviewer
comments of ``tests/data/cgo18_align_gold.json``; one suggestion per comment
with the default ``EditSuggester`` settings. Prints the share of valid
suggestions (no failed check: copy of the prompt, loop, grounding, cut-off,
time, invention), how many of them are the model's rewrites and how many scaffolds shown because the rewrite
failed (and what it failed), the failure and info flags by code, whether any output repeats 8
words of the prompt, and the median and 90th percentile seconds per
suggestion (prefix reuse across comments included, model load excluded).
The prompts were written on other papers; cgo18 was used only to measure.

    .venv/bin/python -m bench.bench_suggest [--data ../shared/data] [--threads 2] [--gpu-layers 0]
        [--model embedded] [--limit N] [--out results.json]

With ``--corpus``, the revisions corpus instead (issue 34, ``bench.suggest_corpus``): placement against the
authors' own edits for every answered comment (no model: fast), then with ``--model`` (embedded or a GGUF)
suggestions for the first ``--limit`` of them: content overlap with the authors' words beside the baselines,
invented facts (``bench.count_inventions``) and seconds per suggestion:

    .venv/bin/python -m bench.bench_suggest --corpus corpus/revisions.json --part train|checked|blind
        [--only ID ...] [--model embedded|PATH.gguf] [--limit N] [--cache DIR] [--out results.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from bench.shared_data import shared_data_folder

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(shared_data_folder()))
    ap.add_argument("--model", help="embedded (the default on cgo18) or a GGUF path; with --corpus, none: placement only")
    ap.add_argument("--corpus", help="the revisions corpus manifest (corpus/revisions.json)")
    ap.add_argument("--part", choices=("train", "checked", "blind"), default="train")
    ap.add_argument("--cache", help="the corpus cache (default: ~/.cache/redraft/corpus)")
    ap.add_argument("--only", action="append", metavar="ID",
                    help="with --corpus: just this revision of the part (repeatable)")
    ap.add_argument("--time-limit", type=float, default=50.0,
                    help="seconds per suggestion with --corpus (default 50, the app's; longer on a loaded machine)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--gpu-layers", type=int, default=0, help="layers on the GPU (-1: all)")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--scaffold", action="store_true",
                    help="with --corpus and no --model: the scaffold's draft alone as the suggestion (no model)")
    ap.add_argument("--no-pages", action="store_true",
                    help="with --corpus: read the drafts without the pages of their typeset PDFs (bench.draft_pages)")
    ap.add_argument("--out", help="write every suggestion and the summary here as JSON")
    args = ap.parse_args()
    if args.corpus:
        return corpus_main(args)
    args.model = args.model or "embedded"

    from engine.document import load_document
    from engine.generate.guard import copied_span
    from engine.generate.suggest import EditSuggester
    from engine.models.registry import open_generator
    from engine.reviews.model import ReviewComment

    doc = load_document(Path(args.data) / "revision/cgo18/submission.pdf")
    gold = json.loads((ROOT / "tests/data/cgo18_align_gold.json").read_text())["papers"][0]["comments"]
    comments = [ReviewComment(c["id"], c["reviewer"], c["text"]) for c in gold][: args.limit]
    start = time.perf_counter()
    generator = open_generator(args.model, n_ctx=4096, n_gpu_layers=args.gpu_layers, threads=args.threads).load()
    load_s = time.perf_counter() - start
    suggester = EditSuggester(generator)
    rows, seconds = [], []
    for c in comments:
        t = time.perf_counter()
        s = suggester.suggest(c, doc)
        seconds.append(time.perf_counter() - t)
        rows.append(s.to_dict())
        codes = [f.code + ("!" if f.severity == "error" else "") for f in s.flags + s.rewrite_flags]
        print(f"{c.id:6} {seconds[-1]:5.1f} s {'valid ' if s.valid else 'FAILED'} {s.kind:8} {' '.join(codes)}",
              flush=True)
    prompt = suggester.prompt_texts()
    copies = sum(bool(copied_span(r["edit"], prompt) or copied_span(r["response"], prompt)) for r in rows)
    failures = Counter(f["code"] for r in rows for f in r["flags"] if f["severity"] == "error")
    infos = Counter(f["code"] for r in rows for f in r["flags"] if f["severity"] != "error")
    valid = sum(r["valid"] for r in rows)
    rewrites = sum(r["valid"] and r.get("kind", "rewrite") == "rewrite" for r in rows)
    withheld = Counter(f["code"] for r in rows for f in r.get("rewrite_flags", []) if f["severity"] == "error")
    p90 = statistics.quantiles(seconds, n=10)[-1] if len(seconds) > 1 else seconds[0]
    summary = {"model": generator.name, "threads": args.threads, "gpu_layers": args.gpu_layers,
               "comments": len(rows), "valid": valid, "valid_share": round(valid / len(rows), 3),
               "copies_prompt": copies, "failures": dict(failures), "other_flags": dict(infos),
               "valid_rewrites": rewrites, "scaffolds": sum(r.get("kind") == "scaffold" for r in rows),
               "withheld_for": dict(withheld),
               "median_s": round(statistics.median(seconds), 2), "p90_s": round(p90, 2),
               "max_s": round(max(seconds), 2), "load_s": round(load_s, 2)}
    print(f"\n{generator.name} on the cgo18 submission, {len(rows)} comments, {args.threads} threads, "
          f"{args.gpu_layers} GPU layers (load {load_s:.1f} s)")
    print(f"valid (no failed check): {valid}/{len(rows)} ({valid / len(rows):.0%}); copying the prompt: {copies}")
    print(f"rewrites offered (passed every check): {rewrites}/{len(rows)}; scaffolds shown instead: "
          f"{summary['scaffolds']} (their rewrites failed: {dict(withheld) or 'none'})")
    print(f"failed checks: {dict(failures) or 'none'}; other flags: {dict(infos)}")
    print(f"seconds per suggestion: median {summary['median_s']}, p90 {summary['p90_s']}, max {summary['max_s']}")
    if args.out:
        Path(args.out).write_text(json.dumps({"summary": summary, "suggestions": rows}, indent=1))
    return 0


def corpus_main(args: argparse.Namespace) -> int:
    from bench.suggest_corpus import run
    from bench.suggest_places import METHODS
    from engine.errors import InputError

    try:
        result = run(args.corpus, args.cache, args.part, args.model, args.limit, args.threads, args.gpu_layers,
                     args.time_limit, not args.no_pages, args.scaffold, args.only)
    except InputError as err:  # a wrong --only name, no cache, no manifest: one line
        print(f"bench_suggest: error: {err}", file=sys.stderr)
        return 2
    s = result["summary"]
    place = s["placement"]
    print(f"\n{args.part} part: {place['comments']} answered comments")
    print("placement right (the authors' paragraph; an insertion's, give or take one):")
    for m in METHODS:
        print(f"  {m:18} {place[m]['right']:3}/{place['comments']} ({place[m]['share']}%)")
    shown = place["shown"]
    print(f"  what the card shows: placement's first place, or its close second (round nine): {shown['right']:3}/"
          f"{place['comments']} ({shown['share']}%) right; two places shown for {shown['two']} ({shown['two_share']}%)")
    for paper, row in place["papers"].items():
        print(f"    {paper:24} " + " ".join(f"{m} {row[m]}/{row['comments']}" for m in METHODS))
    content = s["content"]
    print(f"content against the authors' inserted words ({content['comments']} comments with 3 words or more):")
    for name in ("suggestion", "comment", "extractive", "ceiling"):
        if name in content:
            print(f"  {name:11} ROUGE-L {content[name]['rougeL']:6.2f}  cosine {content[name]['cosine']:.3f}")
    if "suggestions" in s:
        g = s["suggestions"]
        print(f"{s['model']}: {g['count']} suggestions, {g['valid']} valid, {g['placed_right']} placed right; "
              f"invented facts (bench.count_inventions): {g['inventions_valid']} in valid ones, "
              f"{g['inventions_failed']} in failed ones; seconds per suggestion: median {g.get('median_s')}, "
              f"p90 {g.get('p90_s')} (load {s['load_s']} s)")
    if args.out:
        Path(args.out).write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
