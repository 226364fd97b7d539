"""Revision diff speed and accuracy.

1. Synthetic papers with a typical revision (ARIES proportions: 14% minor,
   14% major, 8% deleted, 23% new paragraphs, plus moves, splits and merges):
   a 10-page paper (~100 paragraphs, target < 0.5 s), a 60-page one (~600,
   target < 3 s), and how the time grows from 100 to 3,000 paragraphs. Also
   how many of the generated edits the diff recovered exactly.
2. The real cgo18 pair (../shared/data/revision/cgo18): diff time PDF-PDF and
   LaTeX-LaTeX, and precision/recall of the PDF diff against the LaTeX truth.

Times are the diff alone (the documents are loaded first), best of three,
wall-clock and CPU (the CPU time is the fairer figure on a busy machine).

    .venv/bin/python -m bench.bench_diff
"""

from __future__ import annotations

import os
import sys
import time

from bench.shared_data import shared_data_folder
from engine.document import load_document
from engine.revision import Flag, diff_documents
from engine.revision.evaluate import compare_changes
from engine.revision.synthetic import make_document, make_revision, typical_edits

DATA = shared_data_folder() / "revision" / "cgo18"


def best_of(runs: int, fn):
    """Best wall time and best CPU time of ``runs`` calls, and the last result."""
    best, best_cpu, result = float("inf"), float("inf"), None
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        result = fn()
        best = min(best, time.perf_counter() - t)
        best_cpu = min(best_cpu, time.process_time() - c)
    return (best, best_cpu), result


def synthetic(n: int, runs: int = 3) -> tuple[tuple[float, float], int, int, int]:
    rev = make_revision(make_document(n, seed=n), typical_edits(n), seed=n + 1, spread=False)
    seconds, diff = best_of(runs, lambda: diff_documents(rev.old, rev.new))
    got = {
        (e.type.value, e.source_ids, e.target_ids, frozenset(f for f in e.flags if f != Flag.SECTION_MOVED))
        for e in diff.edits
    }
    expected = {(x.type, x.source_ids, x.target_ids, x.flags) for x in rev.expected}
    return seconds, len(diff.edits), len(expected & got), len(expected)


def main() -> int:
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs (wall times suffer when it is high; CPU times less)")
    print("Synthetic papers, typical revision (diff only, best of 3)")
    print(f"{'paper':<10} {'paragraphs':>10} {'edits':>6} {'wall s':>7} {'cpu s':>7} {'target':>7} {'recovered':>14}")
    for label, n, target in (("10 pages", 100, 0.5), ("60 pages", 600, 3.0)):
        (wall, cpu), edits, ok, total = synthetic(n)
        verdict = "ok" if wall < target else "SLOW"
        print(f"{label:<10} {n:>10} {edits:>6} {wall:>7.3f} {cpu:>7.3f} {'<' + str(target):>7} {ok:>6}/{total:<6} {verdict}")
    print()
    print("Growth with paragraph count")
    print(f"{'paragraphs':>10} {'wall s':>7} {'cpu s':>7} {'cpu ms/100 paragraphs':>22} {'recovered':>14}")
    for n in (100, 300, 1000, 2000, 3000):
        (wall, cpu), _, ok, total = synthetic(n, runs=1 if n >= 2000 else 3)
        print(f"{n:>10} {wall:>7.3f} {cpu:>7.3f} {100_000 * cpu / n:>22.1f} {ok:>6}/{total:<6}")
    if not DATA.is_dir():
        print("\n../shared/data/revision/cgo18 not found; skipping the real pair")
        return 0
    print()
    print("Real pair: cgo18 submission -> camera-ready")
    tex = [load_document(DATA / v / "cgo18mscr.tex") for v in ("submission", "camera_ready")]
    pdf = [load_document(DATA / f"{v}.pdf") for v in ("submission", "camera_ready")]
    t_tex, truth = best_of(3, lambda: diff_documents(*tex))
    t_pdf, predicted = best_of(3, lambda: diff_documents(*pdf))
    t_mix, mixed = best_of(3, lambda: diff_documents(tex[0], pdf[1]))
    print(f"LaTeX-LaTeX {t_tex[0]:.3f} s wall {t_tex[1]:.3f} s cpu  {truth.summary()}")
    print(f"PDF-PDF     {t_pdf[0]:.3f} s wall {t_pdf[1]:.3f} s cpu  {predicted.summary()}")
    print(f"LaTeX-PDF   {t_mix[0]:.3f} s wall {t_mix[1]:.3f} s cpu  {mixed.summary()}")
    print(f"PDF-PDF against the LaTeX truth:   {compare_changes(truth, predicted).summary()}")
    print(f"LaTeX-PDF against the LaTeX truth: {compare_changes(truth, mixed).summary()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
