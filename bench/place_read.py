"""Placement's encoder pass ahead of ``place`` (``engine.generate.placement_read``, docs/suggest.md "cancel17"):
the same paragraphs, and the times, on the demo draft and the cgo18 submission (a test PDF, no corpus part).

For every comment of the paper's reviews (the build's located paragraphs are not used: the rules and BM25 alone
locate, as ``redraft suggest --lexical`` would): the placement with an empty embedding cache and no pass ahead (as
before), and with the pass ahead in a second empty cache (as now); they must be the same paragraphs in the same
order with the same margin. Times: the first comment's ``place`` with the empty cache (before: the encoder pass
inside it, not cancellable), the pass ahead plus ``place`` (after), and a new encoder on the filled cache (the
draft reopened in a new process: the pass has nothing to do).

``REDRAFT_DATA=… python -m bench.place_read``: one line per paper, then the first difference if any (exit 1).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from bench.shared_data import REPO, shared_data_folder


def _papers() -> list[tuple[str, Path, Path]]:
    data = shared_data_folder()
    return [("demo", REPO / "resources" / "demo" / "draft_v1.md", REPO / "resources" / "demo" / "reviews.md"),
            ("cgo18", data / "revision" / "cgo18" / "submission.pdf", REPO / "tests" / "data" / "cgo18_reviews.md")]


def main() -> int:
    from engine.align.tuned import tuned_encoder
    from engine.document import load_document
    from engine.generate.placement import place, review_position
    from engine.generate.placement_read import read_for_placement
    from engine.jobs import run_job
    from engine.models.encoders.embed_cache import EmbeddingCache
    from engine.reviews.comments import extract_comments
    from engine.reviews.load import load_reviews

    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, paper, reviews in _papers():
            document = load_document(paper)
            comments = extract_comments(load_reviews(reviews))
            before = tuned_encoder(EmbeddingCache(Path(tmp) / f"{name}-before.sqlite3"))
            after = tuned_encoder(EmbeddingCache(Path(tmp) / f"{name}-after.sqlite3"))
            before.load(), after.load()  # the model's load is no part of either time
            t0 = time.perf_counter()
            firsts = {}
            same = 0
            for i, c in enumerate(comments):
                pos = review_position(c, comments)
                a = place(c, document, position=pos, tuned=before)
                if i == 0:
                    firsts["before"] = time.perf_counter() - t0
                    t1 = time.perf_counter()
                    read = run_job(read_for_placement(c, document, tuned=after))
                    b = place(c, document, position=pos, tuned=after)
                    firsts["after"] = time.perf_counter() - t1
                else:
                    run_job(read_for_placement(c, document, tuned=after))
                    b = place(c, document, position=pos, tuned=after)
                key = lambda p: (p.paragraph.id if p.paragraph else None, [q.id for q in p.ranked], p.margin,  # noqa
                                 p.mode, p.sentence)
                if key(a) == key(b):
                    same += 1
                elif not bad:
                    print(f"  {name} {c.id}: {key(a)} != {key(b)}")
                    bad += 1
            t2 = time.perf_counter()
            again = run_job(read_for_placement(comments[0], document, tuned=tuned_encoder(EmbeddingCache(
                Path(tmp) / f"{name}-after.sqlite3"))))
            reopened = time.perf_counter() - t2
            print(f"{name}: {same} of {len(comments)} comments placed the same; first comment: place alone "
                  f"{firsts['before']:.2f} s, pass ahead ({read} texts) + place {firsts['after']:.2f} s; "
                  f"reopened: {again} texts to read, {reopened:.2f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
