"""Alignment speed: 40 comments × 200 distinct edits with the default aligner (or ``--method``, repeatable, timed
back to back under the same load) (``evidence``: BM25,
MiniLM embeddings, places, quotes and intents) on CPU, the engine import counted.

Targets (issues 15 and 32): < 3 s cold (a new process: engine imports, the encoder loaded from its cache (the ONNX
graph stored by an earlier run, ``engine/models/encoders/graph_cache.py``), an empty embedding cache), < 0.5 s warm
(a new process with the embedding cache filled). ``first`` times a new process with nothing stored at all (the
encoder's graph built from its weights). The workload is real text: the 40 comments are
the first 20 gold comments of each of cgo18 and icassp20, the 200 edits are both papers' changed paragraphs
(PDF diffs) topped up with their other paragraphs (final versions, then the drafts) as additions, none repeated; the old documents of both papers
are the draft comments are located in. It is built once in this process and handed to each timed child as
JSON, so the child times only what the app does: import the engine, read the records, align. Each figure is
the median of ``--repeat`` runs; the CPU time beside it (the child's, every thread counted) moves less with the
load of a shared machine than the wall time does. The engine's bytecode is compiled first (untimed, into a temporary
``PYTHONPYCACHEPREFIX``), as an installed app has it; ``--no-bytecode`` times it compiling every module from source
in every process (what a checkout run with ``PYTHONDONTWRITEBYTECODE`` does).

    .venv/bin/python -m bench.bench_align [--data ../shared/data] [--repeat 3] [--method evidence --method hybrid]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.shared_data import shared_data_folder
from engine.models.encoders.graph_cache import FOLDER as GRAPHS

N_COMMENTS, N_EDITS = 40, 200
REPO = Path(__file__).resolve().parents[1]
GOLD = ("cgo18_pdf_align_gold.json", "icassp20_align_gold.json")


def workload(data: Path) -> dict:
    from engine.align.base import candidate_edits
    from engine.align.gold import load_gold
    from engine.document.model import Document
    from engine.revision import Edit, EditType

    papers = [p for g in GOLD for p in load_gold(REPO / "tests" / "data" / g, data)]
    comments = [c for p in papers for c in p.comments[: N_COMMENTS // len(papers)]]
    edits: list[Edit] = []
    old_paragraphs = []
    seen: set[str] = set()
    for k, p in enumerate(papers):
        tag = f"{p.id}-"
        rename = {e.id: tag + e.id for e in p.diff.edits}
        for e in candidate_edits(p.diff):
            if (e.target_text or e.source_text) in seen:
                continue
            edits.append(dataclasses.replace(e, id=rename[e.id], source_ids=tuple(tag + s for s in e.source_ids),
                                             target_ids=tuple(tag + t for t in e.target_ids)))
            seen.add(e.target_text or e.source_text)
        old_paragraphs += [dataclasses.replace(q, id=tag + q.id) for q in p.diff.old.paragraphs]
    others = [(p.id, q) for p in papers for doc in (p.diff.new, p.diff.old) for q in doc.paragraphs
              if len(q.text) > 60 and q.kind.value != "heading"]
    for j, (pid, q) in enumerate(others):
        if len(edits) >= N_EDITS:
            break
        if q.text not in seen:
            seen.add(q.text)
            edits.append(Edit(id=f"top-{j:04d}", type=EditType.ADDED, source_ids=(), target_ids=(f"{pid}-{q.id}",),
                              source_text="", target_text=q.text, section=" > ".join(q.section)))
    assert len(edits) == N_EDITS, len(edits)
    assert len({e.target_text or e.source_text for e in edits}) == N_EDITS
    old = Document(title="both drafts", sections=[], paragraphs=old_paragraphs)
    return {"comments": [c.to_dict() for c in comments[:N_COMMENTS]], "edits": [e.to_dict() for e in edits],
            "old": old.to_dict()}


def child(path: str, method: str) -> None:
    t0 = time.perf_counter()
    from engine.align import make_aligner
    from engine.document.model import Document
    from engine.revision import Edit, RevisionDiff
    from engine.reviews.model import ReviewComment

    raw = json.loads(Path(path).read_text(encoding="utf-8"))
    comments = [ReviewComment.from_dict(c) for c in raw["comments"]]
    edits = [Edit.from_dict(e) for e in raw["edits"]]
    old = Document.from_dict(raw["old"])
    aligner = make_aligner(method)
    if hasattr(aligner, "diff"):
        aligner.diff = RevisionDiff(old=old, new=old, edits=edits)
    t1 = time.perf_counter()
    matrix = aligner.scores(comments, edits)
    t2 = time.perf_counter()
    assert matrix.shape == (N_COMMENTS, N_EDITS)
    print(f"{time.process_time():.3f} {t1 - t0:.3f} {t2 - t1:.3f} {t2 - t0:.3f}")  # CPU (all threads), then wall


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default=str(shared_data_folder()))
    parser.add_argument("--repeat", type=int, default=3, help="runs per setting (default: 3)")
    parser.add_argument("--method", action="append",
                        help="aligner(s) to time, back to back under the same load (default: the default method)")
    parser.add_argument("--no-bytecode", action="store_true",
                        help="compile every module from source in every process (no .pyc), as before")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.method[0])
        return
    from engine.align import DEFAULT_METHOD

    before = os.getloadavg()[0]
    for method in args.method or [DEFAULT_METHOD]:
        bench(args, method)
    print(f"load average {before:.1f} at the start; ", end="")
    print(f"{N_COMMENTS} comments x {N_EDITS} distinct edits (cgo18 + icassp20 PDFs), CPU, {os.cpu_count()} cores, "
          f"{'no bytecode' if args.no_bytecode else 'bytecode compiled'}; "
          f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


def bench(args: argparse.Namespace, method: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "workload.json"
        path.write_text(json.dumps(workload(Path(args.data))), encoding="utf-8")
        cmd = [sys.executable, "-m", "bench.bench_align", "--child", str(path), "--method", method]
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        if not args.no_bytecode:  # as installed: the engine's .pyc files exist (written here, untimed)
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
            subprocess.run([sys.executable, "-m", "compileall", "-q", str(REPO / "engine")], env=env, check=True)

        def timed(home: str) -> list[float]:
            out = subprocess.run(cmd, env={**env, "REDRAFT_HOME": home}, capture_output=True, text=True, check=True)
            return [float(x) for x in out.stdout.split()[-4:]]

        first, cold = [], []
        for _ in range(args.repeat):
            with tempfile.TemporaryDirectory() as home:  # a fresh home: nothing stored, the encoder graph built
                first.append(timed(home))
        with tempfile.TemporaryDirectory() as home:
            timed(home)  # stores the encoder's graph and fills the embedding cache
            warm = [timed(home) for _ in range(args.repeat)]
            for _ in range(args.repeat):
                with tempfile.TemporaryDirectory() as fresh:  # an empty embedding cache, the model from its cache
                    shutil.copytree(Path(home) / "cache" / GRAPHS, Path(fresh) / "cache" / GRAPHS)
                    cold.append(timed(fresh))
    for name, runs, target in (("first", first, None), ("cold", cold, 3.0), ("warm", warm, 0.5)):
        total = statistics.median(r[3] for r in runs)
        print(f"{method} {name}: {total:.2f} s median of {len(runs)} new processes (engine import and setup "
              f"{statistics.median(r[1] for r in runs):.2f} s + align {statistics.median(r[2] for r in runs):.2f} s; "
              f"CPU {statistics.median(r[0] for r in runs):.2f} s, all threads)"
              + (f"  target < {target} s: {'met' if total < target else 'MISSED'}" if target else ""))


if __name__ == "__main__":
    main()
