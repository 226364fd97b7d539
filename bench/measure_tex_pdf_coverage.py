"""How many LaTeX BODY paragraphs are found among the PDF's paragraphs (cgo18, both versions).

Usage: .venv/bin/python -m bench.measure_tex_pdf_coverage [DATA_DIR] [--misses] [--threshold 0.9]

For each version, loads ``<version>/`` (LaTeX, main file found) and ``<version>.pdf``,
then prints found/total with ``engine.document.paragraph_recall.paragraph_coverage``
(token SequenceMatcher ratio >= threshold on normalised text, or containment in
a merged PDF paragraph, or a match with two consecutive PDF paragraphs).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


from bench.shared_data import shared_data_folder
from engine.document import load_document
from engine.document.paragraph_recall import paragraph_coverage

DEFAULT_DATA = shared_data_folder() / "revision" / "cgo18"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="?", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--threshold", type=float, default=0.9)
    parser.add_argument("--misses", action="store_true", help="print each missed paragraph and its best PDF match")
    args = parser.parse_args()
    found = total = 0
    for version in ("submission", "camera_ready"):
        start = time.perf_counter()
        tex = load_document(args.data / version)
        pdf = load_document(args.data / f"{version}.pdf")
        cov = paragraph_coverage(tex, pdf, threshold=args.threshold)
        found += cov.found
        total += cov.total
        how = ", ".join(f"{n} {k}" for k, n in sorted(cov.by_how().items()))
        print(
            f"{version}: {cov.found}/{cov.total} LaTeX body paragraphs found in the PDF "
            f"({100 * cov.ratio:.1f}%; {how}) [{time.perf_counter() - start:.1f}s]"
        )
        if args.misses:
            for miss in cov.misses:
                print(f"  MISS {miss.score:.2f} {miss.reference.file}:{miss.reference.line}: {miss.reference.text[:160]}")
                for cand in miss.candidates:
                    print(f"       pdf {cand.id} {cand.kind.value} p.{cand.page}: {cand.text[:160]}")
    print(f"overall: {found}/{total} ({100 * found / max(total, 1):.1f}%) at threshold {args.threshold}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
