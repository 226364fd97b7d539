"""Every quality figure the README quotes, recomputed from the data: ``make figures`` writes ``docs/figures.md``.

    .venv/bin/python -m bench.figures [--data ../shared/data] [--out docs/figures.md] [--only NAME ...]

Each figure runs the ``redraft`` command a user would run (``--json``) and keeps the numbers it prints, with its
data, its baseline and how blind it is. Nothing here depends on the machine or the day: the page is stamped
with the lock file's hash, so on the locked install ``git diff`` after ``make figures`` is empty. Speed figures
are benchmarks (``make bench``), not here. About 5 minutes on two cores.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
GOLD = ("tests/data/cgo18_pdf_align_gold.json", "tests/data/icassp20_align_gold.json")


def redraft(*args: str) -> Any:
    """``redraft ARGS --json`` in a fresh process, its JSON answer."""
    cmd = [sys.executable, "-m", "redraft_app.main", *args, "--json"]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} exited {done.returncode}: {done.stderr.strip()[-400:]}")
    return json.loads(done.stdout)


@dataclass
class Figure:
    """One table of ``docs/figures.md``: what is measured, on which data, against what, how blind."""

    name: str
    title: str
    command: str
    data: str
    baseline: str
    blind: str
    run: Callable[[Path], list[tuple[str, ...]]]
    header: tuple[str, ...] = ()
    rows: list[tuple[str, ...]] = field(default_factory=list)


def _comments(data: Path) -> list[tuple[str, ...]]:
    dev = str(data / "disapere" / "dev.jsonl")
    rows = []
    for label, extra in (("Redraft (default: fine-tuned MiniLM + words model)", ()),
                         ("words-and-cues model alone (`--lexical`)", ("--lexical",)),
                         ("baseline: keyword list (`--baseline cues`)", ("--baseline", "cues"))):
        r = redraft("eval", "comments", dev, *extra)
        fine = r.get("fine_macro_f1")
        typed = fine is not None and "--baseline" not in extra  # the keyword list gives no fine types
        rows.append((label, f"{r['precision']:.1f}", f"{r['recall']:.1f}", f"**{r['f1']:.1f}**" if not extra
                     else f"{r['f1']:.1f}", f"{fine:.3f}" if typed else "—"))
    return rows


def _align(extracted: bool) -> Callable[[Path], list[tuple[str, ...]]]:
    def run(data: Path) -> list[tuple[str, ...]]:
        args = ["eval", "align", *GOLD, "--cross-paper", "--data", str(data), "--method", "evidence"]
        if not extracted:
            args += ["--method", "hybrid", "--method", "bm25"]
        else:
            args += ["--comment-types", "extracted"]
        out = redraft(*args)
        rows = []
        for r in out["results"]:
            for x in r["cross_paper"]:
                counted = x.get("counted") or {}
                agreement = (x.get("statuses") or {}).get("agreement")
                rows.append((r["method"], x["test"], f"{x['micro_precision']:.1f}", f"{x['micro_recall']:.1f}",
                             f"{x['micro_f1']:.1f}",
                             f"{counted['precision']:.1f} / {counted['recall']:.1f}" if counted else "",
                             "" if agreement is None else f"{agreement:.1f}"))
        return rows
    return run


def _tldr(data: Path) -> list[tuple[str, ...]]:
    dev = str(data / "scitldr" / "dev.jsonl")
    rows = []
    for label, flag in (("Redraft extractive (default)", "--extractive"), ("baseline: first abstract sentence", "--lead"),
                        ("upper bound: best single sentence", "--oracle")):
        r = redraft("eval", "tldr", dev, flag)
        rows.append((label, f"{r['rouge1']:.1f}", f"{r['rouge2']:.1f}", f"{r['rougeL']:.1f}"))
    return rows


def _expertise(data: Path) -> list[tuple[str, ...]]:
    folder = data / "expertise"
    out = redraft("eval", "expertise", "--ratings", str(folder / "evaluations_dev.tsv"), "--datasets", str(folder),
                  "--scorer", "fused", "--scorer", "tpms")
    rows = []
    for r in out["results"]:
        low, high = r["loss_ci"]
        rows.append((r["scorer"], f"{r['loss']:.3f}", f"[{low:.3f}, {high:.3f}]"))
    return rows


def _copy(data: Path) -> list[tuple[str, ...]]:
    asset, jfleg = data / "asset", data / "jfleg"
    rows = []
    for label, source, refs, metric in (
            ("ASSET valid", asset / "asset.valid.orig", sorted(asset.glob("asset.valid.simp.*")), "sari"),
            ("JFLEG dev", jfleg / "dev.src", sorted(jfleg.glob("dev.ref*")), "sari"),
            ("JFLEG dev", jfleg / "dev.src", sorted(jfleg.glob("dev.ref*")), "gleu")):
        r = redraft("eval", "edits", "--source", str(source), "--refs", *map(str, refs), "--output", str(source),
                    "--metric", metric)
        rows.append((label, metric.upper(), f"{r['score']:.2f}"))
    return rows


ALIGN_HEADER = ("method", "scored paper", "P", "R", "F1", "links that count P / R", "status agreement %")

FIGURES = (
    Figure("comments", "Actionable review comments, DISAPERE dev (sentence level)",
           "redraft eval comments ../shared/data/disapere/dev.jsonl [--lexical | --baseline cues]",
           "DISAPERE dev: 88 ICLR 2019–2020 reviews (CC BY-NC 4.0), scored as `../shared/tools/score_comments.py` "
           "scores (a sentence counts when one comment holds 60 % of its words of 3+ letters)",
           "the keyword list of `../shared/data/README.md` (`--baseline cues`)",
           "**not blind**: the models were fitted on DISAPERE train only, but the rules around them were developed "
           "while re-measuring dev, and one rule was written after reading a dev sentence. DISAPERE test, which we do "
           "not have, is the blind figure.",
           _comments, ("model", "P", "R", "F1", "fine-type macro-F1")),
    Figure("align", "Comment↔edit links, cross-paper, on the PDFs as users give them",
           "redraft eval align tests/data/cgo18_pdf_align_gold.json tests/data/icassp20_align_gold.json --cross-paper "
           "--method evidence --method hybrid --method bm25",
           "two labelled revisions: cgo18 (30 comments, 97 gold links, `docs/gold-cgo18.md`) and icassp20 (29 "
           "comments, 29 links, `docs/gold-icassp20.md`); micro P / R / F1 over links; each paper scored with "
           "the scaling and threshold fitted on the other",
           "hybrid (BM25 + MiniLM) and BM25, their thresholds fitted on the other paper the same way",
           "**cross-paper, not blind**: the evidence features and several rules were written reading both papers' "
           "links; the cue words guessing a gold comment's type were written with icassp20's gold (those taken "
           "from its comments were removed in the reproducibility round); the 0.35 cut-off of the links that count "
           "was chosen on both papers' statuses. Read as optimistic, ± a few points (one pair moves the fitted "
           "threshold).",
           _align(False), ALIGN_HEADER),
    Figure("align-extracted", "The same, with the comment types the extractor gives (as in the app)",
           "redraft eval align tests/data/cgo18_pdf_align_gold.json tests/data/icassp20_align_gold.json --cross-paper "
           "--method evidence --comment-types extracted",
           "as above", "as above", "as above", _align(True), ALIGN_HEADER),
    Figure("tldr", "One-sentence TLDRs, SciTLDR dev (ROUGE F1, max over references)",
           "redraft eval tldr ../shared/data/scitldr/dev.jsonl [--extractive | --lead | --oracle]",
           "SciTLDR-A dev: 619 papers, 1,452 author and peer-review TLDRs (abstract only)",
           "the first abstract sentence; the best single sentence is the extractive upper bound",
           "held out: the extractive method was designed on train papers; dev was measured after",
           _tldr, ("method", "ROUGE-1", "ROUGE-2", "ROUGE-L")),
    Figure("expertise", "Reviewer expertise, the gold standard of reviewer-paper match (loss, lower is better)",
           "redraft eval expertise --ratings ../shared/data/expertise/evaluations_dev.tsv --datasets "
           "../shared/data/expertise --scorer fused --scorer tpms",
           "the self-reported expertise of the participants in `evaluations_dev.tsv`, their papers as profiles",
           "TPMS re-implemented (published on the same participants: TPMS 0.24, SPECTER 0.20, SPECTER+MFR 0.18)",
           "**in-sample**: the fused method was chosen on these same participants",
           _expertise, ("scorer", "loss", "95 % bootstrap interval")),
    Figure("copy", "Copy baselines of the edit metrics (output = input)",
           "redraft eval edits --source SRC --refs REFS… --output SRC --metric sari|gleu",
           "ASSET validation (10 references), JFLEG dev (4 references)",
           "this row is itself the baseline the instruction edits are compared with",
           "no choice involved", _copy, ("data", "metric", "score")),
)


def lock_stamp() -> str:
    lock = ROOT / "uv.lock"
    return hashlib.sha256(lock.read_bytes()).hexdigest()[:12] if lock.is_file() else "none"


def render(figures: list[Figure]) -> str:
    out = ["# Quality figures", "",
           "Written by `make figures` (`python -m bench.figures`) on the locked install "
           f"(`uv.lock` sha256 `{lock_stamp()}`); do not edit by hand. Every figure names its data, its baseline and "
           "how blind it is. The tests pin these figures (`tests/test_figures_doc.py` checks this page against "
           "the pins). Speed figures are benchmarks: `make bench`. Figures on the corpora built from public repositories "
           "(not in `../shared/data`, so not recomputed here) have their own pages: [figures-align.md](figures-align.md) "
           "(comment↔edit links on 9 hand-labelled revisions: pooled, per paper, mean and spread; round one blind, "
           "round two a second look) and [corpus-layouts.md](corpus-layouts.md) "
           "(PDF reading per document class).", ""]
    for f in figures:
        out += [f"## {f.title}", "", f"- **Command:** `{f.command}`", f"- **Data:** {f.data}",
                f"- **Baseline:** {f.baseline}", f"- **How blind:** {f.blind}", ""]
        out.append("| " + " | ".join(f.header) + " |")
        out.append("|" + "---|" * len(f.header))
        out += ["| " + " | ".join(row) + " |" for row in f.rows]
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", type=Path, default=DATA)
    p.add_argument("--out", type=Path, default=ROOT / "docs" / "figures.md")
    p.add_argument("--only", nargs="*", choices=[f.name for f in FIGURES],
                   help="recompute these; the others keep the rows stored beside the page (figures.json)")
    args = p.parse_args(argv)
    if not (args.data / "disapere").is_dir():
        print(f"figures: no data at {args.data} (../shared/data)", file=sys.stderr)
        return 2
    store = args.out.with_suffix(".json")
    kept = json.loads(store.read_text("utf-8")) if args.only and store.is_file() else {}
    for f in FIGURES:
        if args.only and f.name not in args.only:
            if f.name not in kept:
                print(f"figures: no stored rows for {f.name}: run without --only", file=sys.stderr)
                return 2
            f.rows = [tuple(row) for row in kept[f.name]]
            continue
        print(f"figures: {f.name} …", file=sys.stderr, flush=True)
        f.rows = f.run(args.data)
    args.out.write_text(render(list(FIGURES)) + "\n", encoding="utf-8")
    store.write_text(json.dumps({f.name: f.rows for f in FIGURES}, indent=1, ensure_ascii=False) + "\n",
                     encoding="utf-8")
    print(f"figures: wrote {args.out} and {store.name}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
