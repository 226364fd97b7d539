"""The same input gives the same locations and pair features in every process.

A comment that names two tables is read into a set, whose order is the string hash's (``PYTHONHASHSEED``): the
reference boost of a table's caption that cites the other table named used to follow that order (the full boost or
half of it), so ``localize``'s top 3 and the learned aligner's ``located`` feature changed from one process to the
next (the training revision r0framework-rsif-r1, comment 27, in session 28). And BM25 and the cosines were float32
matrix products, whose last bits followed the BLAS kernel (the CPU) and its thread count. The documents here are
ours.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.align.localize import REFERENCE_BOOST, reference_boosts
from engine.document.model import Paragraph, ParagraphKind

DRAFT = """# Early exits on a phone

## 1 Introduction

Phones need fast inference, so we skip layers on easy frames to lower the latency of speech recognition.

## 4 Evaluation

Table 1 lists the latency of every model on the phone, averaged over ten runs of the test set.

Table 1: Latency in milliseconds per model on the phone.

Table 2: Energy per inference for each exit threshold; the latency of the same runs is in Table 1.

The energy estimates vary little across runs, and the exit threshold matters more than the model size.

We measured energy with the power monitor of the phone while the screen was off.
"""

REVISED = DRAFT.replace(
    "averaged over ten runs of the test set.", "averaged over ten runs of the test set, with their standard deviation."
).replace(
    "the latency of the same runs is in Table 1.", "the latency of the same runs, with its variance, is in Table 1."
).replace(
    "vary little across runs,", "vary little across runs (a standard deviation under two percent),"
)

REVIEWS = """# Reviewer 1

## Weaknesses
1. Table 1 and Table 2 should report the variance of the latency and energy estimates over the runs.
2. The introduction should say which phone was used.
"""

#: Run in a fresh interpreter: the named tables in the order this process's set holds them, then every result.
CHILD = """
import hashlib, json, sys
from pathlib import Path
from engine.align.base import candidate_edits
from engine.align.evidence import place_features
from engine.align.learned import LearnedAligner
from engine.align.localize import localize, references, score_paragraphs
from engine.document import load_document
from engine.jobs import run_job
from engine.models.factory import open_model
from engine.reviews import extract_comments, parse_reviews
from engine.revision import diff_documents

folder = Path(sys.argv[1])
old, new = load_document(str(folder / "draft.md")), load_document(str(folder / "revised.md"))
comments = extract_comments(parse_reviews((folder / "reviews.md").read_text(encoding="utf-8")))
diff, encoder = diff_documents(old, new), open_model("encoder")
edits = candidate_edits(diff)
digest = lambda a: hashlib.sha256(a.tobytes()).hexdigest()
aligner = LearnedAligner(encoder)
aligner.diff = diff
evidence, allowed, x, mask = run_job(aligner.iter_pairs(comments, edits))
print(json.dumps({
    "caption": next(p.id for p in old.paragraphs if p.text.startswith("Table 2:")),
    "order": [list(r) for r in references(comments[0].full_text)[2]],
    "lexical": [loc.paragraphs for loc in localize(comments, old, top_k=3, lexical_only=True)],
    "encoder": [loc.paragraphs for loc in localize(comments, old, encoder, top_k=3)],
    "scores": digest(score_paragraphs(comments, old, encoder)[1]),
    "place": [digest(a) for a in place_features(comments, edits, diff)],
    "pairs": [digest(a) for a in (evidence, allowed, x, mask)],
    "links": digest(aligner.model.probabilities(x, mask)),
}))
"""


def test_a_caption_naming_one_table_and_citing_the_other_gets_the_full_boost_in_either_order() -> None:
    caption = Paragraph(id="p", text="Table 2: Energy per threshold; the latency is in Table 1.", section=("4",),
                        kind=ParagraphKind.CAPTION)
    body = Paragraph(id="b", text="Table 2 and Table 1 list energy and latency.", section=("4",))
    for order in ((("table", "1"), ("table", "2")), (("table", "2"), ("table", "1"))):
        refs = (set(), set(), dict.fromkeys(order))  # a dict keeps the order a set would have chosen
        assert reference_boosts("", [caption, body], refs).tolist() == [REFERENCE_BOOST, REFERENCE_BOOST / 2], order


#: OpenBLAS kernels any x86-64 CPU with AVX2 runs (NumPy's wheels pick one by CPU; the variable picks one here, and
#: other BLAS builds ignore it): a float32 matrix product rounds as its kernel adds up.
KERNELS = (None, "Prescott", "Haswell", "Sandybridge")


def _child(folder: Path, seed: int) -> dict:
    threads = str(seed % 2 + 1)  # BLAS and ONNX Runtime threads too: one and two
    env = {**os.environ, "PYTHONHASHSEED": str(seed), "OMP_NUM_THREADS": threads, "OPENBLAS_NUM_THREADS": threads,
           "REDRAFT_HOME": str(folder / f"home{seed}")}  # a fresh embedding cache for every process
    env.pop("OPENBLAS_CORETYPE", None)
    if KERNELS[seed % len(KERNELS)]:
        env["OPENBLAS_CORETYPE"] = KERNELS[seed % len(KERNELS)]
    done = subprocess.run([sys.executable, "-c", CHILD, str(folder)], env=env, capture_output=True, text=True,
                          timeout=300, cwd=Path(__file__).resolve().parents[3])
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.slow
@pytest.mark.embedded
def test_locations_and_pair_features_are_the_same_in_every_process(tmp_path: Path) -> None:
    """Fresh processes with other hash seeds (until both orders of the named tables have been seen, at least four),
    thread counts and BLAS kernels locate the comments and compute the learned aligner's pair features and link
    probabilities with the real models: all the same."""
    for name, text in (("draft.md", DRAFT), ("revised.md", REVISED), ("reviews.md", REVIEWS)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    runs = []
    for seed in range(16):
        runs.append(_child(tmp_path, seed))
        if len(runs) >= len(KERNELS) and len({json.dumps(r["order"]) for r in runs}) > 1:
            break
    assert len({json.dumps(r["order"]) for r in runs}) > 1, "no seed read the two tables in the other order"
    first = {k: v for k, v in runs[0].items() if k != "order"}
    for how in ("lexical", "encoder"):  # the caption whose boost the order decided is among the places found
        assert first["caption"] in [pid for pid, _ in first[how][0]], (how, first)
    for run in runs[1:]:
        assert {k: v for k, v in run.items() if k != "order"} == first
