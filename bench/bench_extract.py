"""PDF extraction speed on the real papers in ../shared/data.

Prints seconds per paper and pages per second (best of three runs, after the
imports), and the one-off cost of importing the loader. Target: a 10-page
paper in under 0.5 s.

    .venv/bin/python -m bench.bench_extract [PDF ...]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from bench.shared_data import shared_data_folder

DATA = shared_data_folder()
DEFAULT = sorted((DATA / "pdfs").glob("*.pdf")) + sorted((DATA / "revision" / "cgo18").glob("*.pdf"))


def main(argv: list[str]) -> int:
    t = time.perf_counter()
    from engine.document.pdf.load import load_pdf

    print(f"import engine.document.pdf.load: {time.perf_counter() - t:.2f} s (once per process)")
    paths = [Path(a) for a in argv] or DEFAULT
    if not paths:
        print("no PDFs found; pass paths", file=sys.stderr)
        return 1
    print(f"{'paper':<28} {'pages':>5} {'s/paper':>8} {'pages/s':>8} {'s/10 pages':>10} {'paragraphs':>10}")
    total_pages = total_time = 0.0
    for path in paths:
        best = float("inf")
        for _ in range(3):
            t = time.perf_counter()
            doc = load_pdf(path)
            best = min(best, time.perf_counter() - t)
        total_pages += doc.page_count
        total_time += best
        print(f"{path.name:<28} {doc.page_count:>5} {best:>8.3f} {doc.page_count / best:>8.1f} "
              f"{10 * best / doc.page_count:>10.3f} {len(doc.paragraphs):>10}")
    print(f"{'all':<28} {int(total_pages):>5} {total_time:>8.3f} {total_pages / total_time:>8.1f} "
          f"{10 * total_time / total_pages:>10.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
