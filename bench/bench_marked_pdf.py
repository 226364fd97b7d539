"""How well the marked-up PDF puts its highlights on the inserted words, against ``page.search_for``.

Usage: python -m bench.bench_marked_pdf [DATA_DIR] [--paper cgo18|icassp20] [--latex]

Builds a project from a paper's two PDFs (``--latex``: the revised side from its
LaTeX sources, marked on the PDF beside them), writes the marked-up PDF, and for
every changed paragraph with inserted words compares the words inside its
highlights with the diff's inserted and unchanged words (normalised tokens):
recall = inserted tokens highlighted / inserted tokens, precision = highlighted
tokens that were inserted / highlighted tokens. The baseline searches each
inserted run of 3+ words, whole, with ``page.search_for``
on the pages of the paragraph and highlights every hit. Also: the share of
changed paragraphs placed on a page at all, and the time to write the file.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections import Counter
from pathlib import Path

import pymupdf

from bench.shared_data import shared_data_folder
from engine.jobs import run_job
from engine.project import ProjectStore
from engine.project.marked_pdf import write_marked_pdf
from engine.project.marked_source import paragraph_regions
from engine.project.marked_words import norm
from engine.project.pipeline import build_project

DATA = shared_data_folder() / "revision"
PAPERS = {"cgo18": ("submission", "camera_ready", Path(__file__).resolve().parents[1] / "tests" / "data" / "cgo18_reviews.md"),
          "icassp20": ("submission", "final", None)}


def tokens(text: str) -> Counter[str]:
    return Counter(t for t in (norm(w) for w in text.split()) if t)


def overlap(found: Counter[str], inserted: Counter[str], equal: Counter[str]) -> tuple[int, int, int]:
    """(inserted tokens highlighted, highlighted tokens, inserted tokens); a token the edit both kept and
    inserted counts as inserted up to the number inserted."""
    hit = sum((found & inserted).values())
    return hit, sum(found.values()), sum(inserted.values())


def text_in(page: pymupdf.Page, quads: list) -> str:
    return " ".join(page.get_textbox(pymupdf.Rect(q.rect) + (-0.5, -0.5, 0.5, 0.5)) for q in quads)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="?", type=Path, default=DATA)
    parser.add_argument("--paper", choices=sorted(PAPERS), default="cgo18")
    parser.add_argument("--latex", action="store_true", help="the revised side from its LaTeX sources")
    args = parser.parse_args()
    old, new, reviews = PAPERS[args.paper]
    folder = args.data / args.paper
    with tempfile.TemporaryDirectory() as tmp:
        store = ProjectStore.create(Path(tmp) / "p.redraft", args.paper)
        revised = folder / new if args.latex else folder / f"{new}.pdf"
        project = run_job(build_project(store, folder / f"{old}.pdf", revised, reviews or folder / "reviews.md"))
        store.close()
        start = time.perf_counter()
        result = write_marked_pdf(project, Path(tmp) / "marked.pdf", summary=False)
        seconds = time.perf_counter() - start
        doc = pymupdf.open(result.path)
        source = pymupdf.open(result.source)
        regions = paragraph_regions(project, result.source)
        ours, base = [0, 0, 0], [0, 0, 0]
        changed = [e for e in project.diff.changed_edits() if e.target_ids]
        placed = 0
        for edit in changed:
            pages = sorted({r.page - 1 for pid in edit.target_ids for r in regions(pid)})
            placed += bool(pages)
            inserted = tokens(" ".join(s.text for s in edit.diff if s.op == "insert") if edit.diff else edit.target_text)
            equal = tokens(" ".join(s.text for s in edit.diff if s.op == "equal"))
            if not inserted:
                continue
            found = Counter()
            for page in doc:
                for a in page.annots():
                    if a.type[1] == "Highlight" and a.info["subject"].startswith(edit.id + " "):
                        found += tokens(text_in(page, [pymupdf.Quad(a.vertices[i:i + 4]) for i in range(0, len(a.vertices), 4)]))
            ours = [x + y for x, y in zip(ours, overlap(found, inserted, equal))]
            hits = Counter()
            runs = [s.text for s in edit.diff if s.op == "insert"] if edit.diff else [edit.target_text]
            for run in runs:
                words = run.split()
                if len(words) < 3:
                    continue
                for n in pages:
                    quads = source[n].search_for(" ".join(words), quads=True)
                    hits += tokens(text_in(source[n], quads))
            base = [x + y for x, y in zip(base, overlap(hits, inserted, equal))]
    side = "LaTeX revision, marked on its PDF" if args.latex else "PDF revision"
    print(f"{args.paper} ({side}): {placed}/{len(changed)} changed paragraphs placed on a page; "
          f"{result.notes} margin notes, {result.highlights} highlights, {result.deletions} carets; {seconds:.1f} s")
    for name, (hit, lit, total) in (("marked PDF", ours), ("search_for baseline", base)):
        print(f"  {name:20s} inserted-word recall {100 * hit / max(1, total):5.1f}  "
              f"precision {100 * hit / max(1, lit):5.1f}  ({hit} of {total} inserted tokens, {lit} highlighted)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
