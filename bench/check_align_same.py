"""Do two versions of the aligners decide the same? (issue 32, speed: "without changing any decision")

Runs ``evidence`` and ``learned`` on cgo18 and icassp20 (the shared gold files, PDFs) and on three revisions of the
corpus's **training** part, each in a new process with an empty embedding cache (every text embedded by this
version's encoder), and writes per paper and method every comment's links shown, status, answered-at-all
probability and every score. ``--compare OLD.json`` then says whether links and statuses are the same and how far
the scores moved (the figures are meant to be bit for bit; a float-order difference would show as a score moving by
about 1e-7 with no decision moving).

    .venv/bin/python -m bench.check_align_same --out after.json [--compare before.json]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.shared_data import shared_data_folder

REPO = Path(__file__).resolve().parents[1]
GOLD = ("cgo18_pdf_align_gold.json", "icassp20_align_gold.json")
#: Training-part revisions (never the checked part): a journal paper of each size.
TRAINING = ("chemked-ijck-r1", "demes-genetics", "serial-interval")
METHODS = ("evidence", "learned")


def papers(data: Path, cache: Path | None):
    from corpus.build_revisions import default_out
    from corpus.labels import to_gold
    from corpus.manifest import load_manifest
    from engine.align.gold import gold_papers, load_gold, with_extracted_types

    # the shared gold papers typed as ``redraft eval align`` types them; the corpus papers as its --corpus reads them
    out = with_extracted_types([p for g in GOLD for p in load_gold(REPO / "tests" / "data" / g, data)])
    entries = [e for e in load_manifest(REPO / "corpus" / "revisions.json")["revisions"]
               if e["id"] in TRAINING and e.get("part") == "train"]
    folder = cache or default_out()
    return out + gold_papers(to_gold(entries, folder)[0], folder)


def run(data: Path, cache: Path | None) -> dict:
    from engine.align import make_aligner
    from engine.align.status import assess_alignment
    from engine.jobs import run_job

    result: dict = {}
    for paper in papers(data, cache):
        for method in METHODS:
            aligner = make_aligner(method)
            rows = {}
            for a in run_job(aligner.iter_align(paper.comments, paper.diff)):
                status = assess_alignment(a)
                rows[a.comment_id] = {"links": a.edit_ids, "status": str(status.status),
                                      "answered": a.answered, "scores": {k: v for k, v in a.scores.items() if v}}
            result[f"{paper.id} {method}"] = rows
    return result


def compare(old: dict, new: dict) -> list[str]:
    """What moved: one line per paper and method (and per moved decision)."""
    lines = []
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        if a is None or b is None:
            lines.append(f"{key}: only in {'the new' if a is None else 'the old'} run")
            continue
        moved, worst = [], 0.0
        for cid in sorted(set(a) | set(b)):
            x, y = a.get(cid), b.get(cid)
            if x is None or y is None:
                moved.append(f"  {cid}: only in one run")
                continue
            if x["links"] != y["links"] or x["status"] != y["status"]:
                moved.append(f"  {cid}: links {x['links']} -> {y['links']}, status {x['status']} -> {y['status']}")
            for eid in set(x["scores"]) | set(y["scores"]):
                worst = max(worst, abs(x["scores"].get(eid, 0.0) - y["scores"].get(eid, 0.0)))
            if (x["answered"] is None) != (y["answered"] is None):
                moved.append(f"  {cid}: answered {x['answered']} -> {y['answered']}")
            elif x["answered"] is not None:
                worst = max(worst, abs(x["answered"] - y["answered"]))
        links = sum(len(r["links"]) for r in b.values())
        lines.append(f"{key}: {len(b)} comments, {links} links shown; decisions moved: {len(moved)}; "
                     f"largest score change {worst:.3g}")
        lines += moved
    return lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default=str(shared_data_folder()))
    parser.add_argument("--cache", help="the built corpus (default: $REDRAFT_CORPUS or ~/.cache/redraft/corpus)")
    parser.add_argument("--out", required=True, help="where this version's decisions and scores are written (JSON)")
    parser.add_argument("--compare", help="an earlier --out file: print what moved")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        result = run(Path(args.data), Path(args.cache) if args.cache else None)
        Path(args.out).write_text(json.dumps(result, indent=1, sort_keys=True), encoding="utf-8")
        return
    with tempfile.TemporaryDirectory() as home:  # an empty embedding cache: every text embedded by this version
        cmd = [sys.executable, "-m", "bench.check_align_same", "--child", "--data", args.data, "--out", args.out]
        cmd += ["--cache", args.cache] if args.cache else []
        subprocess.run(cmd, env={**os.environ, "REDRAFT_HOME": home, "PYTHONPATH": str(REPO)}, check=True)
    if args.compare:
        lines = compare(json.loads(Path(args.compare).read_text(encoding="utf-8")),
                        json.loads(Path(args.out).read_text(encoding="utf-8")))
        print("\n".join(lines))


if __name__ == "__main__":
    main()
