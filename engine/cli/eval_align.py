"""``redraft eval align GOLD... [--method M] [--data DIR] [--cross-paper] [--comment-types cues|extracted] [--json]``
alignment figures (micro/macro P/R/F1, AO-F1) at the configured threshold, tuned
on the gold itself (optimistic), and leave-one-reviewer-out; with
``--cross-paper`` (two papers or more), each paper scored with what was fitted
on the others (the honest figure across papers)."""

from __future__ import annotations

import argparse
import sys
import time

from engine.align import METHODS, make_aligner
from engine.align.evaluate import cross_paper_thresholds, evaluate_scored, iter_score_papers
from engine.align.gold import load_gold, with_extracted_types
from engine.cli.common import print_json
from engine.errors import InputError
from engine.jobs import run_job


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("align", help="score comment-edit alignment against gold files")
    p.add_argument("gold", nargs="*", help="gold file(s) (see docs/gold-cgo18.md, docs/gold-icassp20.md)")
    p.add_argument("--corpus", metavar="MANIFEST", help="the revisions corpus (corpus/revisions.json): leave-papers-out "
                   "on its training part, or the shipped model on its checked part, beside evidence, BM25 and hybrid")
    p.add_argument("--cache", help="the built corpus (default: $REDRAFT_CORPUS or ~/.cache/redraft/corpus)")
    p.add_argument("--part", choices=("train", "checked", "blind"), default="train", help="corpus part to score (--corpus)")
    p.add_argument("--only", action="append", metavar="ID",
                   help="with --corpus: score just this revision of the part (repeatable; on the training part every "
                   "training paper is still fitted on, leave-papers-out)")
    p.add_argument("--with-response", action="store_true",
                   help="with --corpus on the checked or blind part: also score 'learned (letter)', the statuses read "
                   "with each revision's response letter (the corpus cache's response.*) by answered-letter.json, and "
                   "'learned (letter, as the app)', where a letter quoting under 90 %% of the points is not read")
    p.add_argument("--input", choices=("latex", "pdf"), default="latex",
                   help="with --corpus: the edits of the LaTeX diffs (the default), or of the typeset PDFs as the app "
                   "reads them (checked or blind part; the LaTeX figures of the same revisions beside)")
    p.add_argument("--pdf-cache", metavar="DIR", help="with --input pdf: the corpus built with its PDFs "
                   "(python -m corpus.build_revisions --out DIR; default: --cache)")
    p.add_argument("--method", action="append", choices=METHODS,
                   help="aligner to evaluate (repeatable; default: bm25 and embed)")
    p.add_argument("--model", metavar="GGUF", help="LLM for the LLM methods (default: the embedded one)")
    p.add_argument("--data", help="shared data folder the gold paths are relative to (default: $REDRAFT_DATA or ../shared/data)")
    p.add_argument("--cross-paper", action="store_true",
                   help="fit on all papers but one, score on that one, for each paper (needs two papers)")
    p.add_argument("--comment-types", choices=("cues", "extracted"), default="cues",
                   help="fine types of the gold comments, which gold files do not carry: guessed from cue words "
                        "(cues, the default), or given by the comment extractor as in the app (extracted)")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.set_defaults(func=run)


ROW = "{:<14} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}"


def run(args: argparse.Namespace) -> int:
    if args.corpus and args.input == "pdf":  # the typeset PDFs' diffs, beside the LaTeX figures
        from engine.cli.eval_align_pdf import run_pdf

        return run_pdf(args)
    if args.corpus:
        from engine.cli.eval_align_corpus import run_corpus

        return run_corpus(args)
    if not args.gold:
        raise InputError("give gold file(s), or --corpus MANIFEST")
    papers = [p for g in args.gold for p in load_gold(g, args.data)]
    if args.comment_types == "extracted":
        papers = with_extracted_types(papers)
    ids = [c.id for p in papers for c in p.comments]
    if len(set(ids)) != len(ids):
        raise InputError("comment ids repeat across the gold papers; give each paper its own ids")
    if args.cross_paper and len(papers) < 2:
        raise InputError("--cross-paper needs two gold papers or more")
    generator = None
    if args.model:
        from engine.models.llama.llm import LlamaGenerator

        generator = LlamaGenerator(args.model)
    results = []
    for method in args.method or ["bm25", "embed"]:
        aligner = make_aligner(method, generator=generator)
        start = time.perf_counter()
        scored = run_job(iter_score_papers(aligner, papers))
        result = evaluate_scored(aligner, papers, scored)
        if args.cross_paper:
            result["cross_paper"] = _cross_paper(aligner, papers, scored)
        result["seconds"] = round(time.perf_counter() - start, 2)
        results.append(result)
    notices = [n for p in papers for n in p.notices]
    for n in notices:
        print(f"redraft: note: {n}", file=sys.stderr)
    if args.json:
        print_json({"gold": args.gold, "papers": [p.id for p in papers], "results": results, "notices": notices})
        return 0
    n_comments = sum(len(p.comments) for p in papers)
    n_pairs = sum(len(v) for p in papers for v in p.gold.values())
    print(f"{len(papers)} paper(s), {n_comments} comments, {n_pairs} gold pairs; figures ×100; "
          "macro by comment (ARIES code), paper-macro by paper")
    print(ROW.format("method/setting", "AO-F1", "P", "R", "F1", "mAO-F1", "mP", "mR", "mF1"))
    for r in results:
        rows = [(r["method"], r["configured"]), ("  tuned-on-test", r["tuned_on_test"]),
                ("  LORO", r["leave_one_reviewer_out"])]
        rows += [(f"  ->{x['test']}"[:14], x) for x in r.get("cross_paper", [])]
        for label, s in rows:
            print(ROW.format(label, _f(s["ao_micro_f1"]), s["micro_precision"], s["micro_recall"], s["micro_f1"],
                             _f(s["ao_macro_f1"]), s["macro_precision"], s["macro_recall"], s["macro_f1"]))
        print(f"  ({r['seconds']} s; configured threshold {r['threshold']}, tuned {r['tuned_on_test']['threshold']}"
              + "".join(f"; fitted without {x['test']}: threshold {x['threshold']}, cap {x['max_edits']}"
                        for x in r.get("cross_paper", [])) + ")")
        for x in r.get("cross_paper", []):
            if "counted" in x:  # the links the letter and the report cite
                c = x["counted"]
                print(f"  ->{x['test']}: links that count (p >= {c['threshold']}): P {c['precision']} R {c['recall']} "
                      f"F1 {c['f1']}")
    return 0


def _f(value: float | None) -> str:
    return "-" if value is None else str(value)


def _cross_paper(aligner, papers, scored) -> list[dict]:
    if aligner.name == "evidence":
        from engine.align.fit import cross_paper, paper_features

        return cross_paper(paper_features(aligner, papers))
    return cross_paper_thresholds(aligner, papers, scored)
