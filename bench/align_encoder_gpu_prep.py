"""Prepare the comment↔edit encoder's fine-tuning for a lent GPU machine (``bench.align_encoder_gpu``; issue 32).

    .venv/bin/python -m bench.align_encoder_gpu_prep FOLDER [--corpus corpus/revisions.json] [--cache DIR]

Reads the **training part** of the revisions corpus only (``corpus_papers(..., "train")``) and writes to FOLDER
what the GPU side needs, under the size a call carries:

- ``data.json``: per paper, its fold (5 folds of papers, the revisions of one repository in one fold, shuffled with
  seed 0; written here, before any model is trained), its comments and candidate edits as the ``learned`` aligner
  sees them (the comment with its lead-in, ``ReviewComment.full_text``; each edit as the sentences it wrote,
  ``embed.changed_sentences``, the texts of the aligner's sentence-max cosine), which edits answer each comment
  (the hand labels) and its hard negatives (the first-stage pairs, ``learned.first_stage``, that are not gold);
- ``tokens.npz``: every distinct text's token ids as the runtime tokenizer gives them (at most 256 tokens), ids
  remapped to the used ones; each edit sentence twice, alone (variant ``plain``) and after its section's title
  (``"Introduction: ..."``, variant ``section``, the issue's "edit with its section");
- ``weights.safetensors``, ``config.json``, ``used_ids.npy``: all-MiniLM-L6-v2 as float16 with its word-embedding
  table cut to the used ids (``crossfit_encoder_gpu_prep.cut_weights``; the embeddings are frozen in the recipe).

Each paper also carries ``place`` (session 31, docs/suggest.md "Session 31: placement's second stage out of fold"):
the submitted draft's candidate paragraphs (``engine.align.localize.candidates``, what placement chooses among), each
as the texts placement's second stage reads at run time (``engine.generate.rerank.tuned_pieces``: every sentence
after its section path), numbered **after** every paper's comment and edit texts, so the numbering of the pair texts
is the one earlier runs had; a fold model scores its held-out papers' comments against them
(``bench.align_encoder_gpu``'s ``oof_place.npz``). ``--only`` prepares a few revisions (a test of the recipe).
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from bench.crossfit_encoder_gpu_prep import cut_weights, tokenizer
from engine.align.folds import group_of

FOLDS = 5
SEED = 0
MAX_TOKENS = 256  # the embedded MiniLM's max_seq_length, what the aligner's encoder truncates at
VARIANTS = ("plain", "section")


def edit_pieces(edit) -> dict[str, list[str]]:
    """An edit's texts in each variant: the sentences it wrote, alone and after its section's title."""
    from engine.align.embed import changed_sentences

    plain = changed_sentences(edit)
    return {"plain": plain, "section": [f"{edit.section}: {s}" if edit.section else s for s in plain]}


def paper_folds(ids: list[str], folds: int = FOLDS, seed: int = SEED,
                groups: Mapping[str, str] | None = None) -> dict[str, int]:
    """Papers dealt into folds by group (``groups``: paper id → its repository, ``engine.align.folds``; a paper
    without one is its own group): the groups shuffled with ``seed`` (sorted first, so the order of the corpus does
    not matter), each group's papers in one fold, so no fold model is tuned on a held-out paper's sibling."""
    groups = groups or {}
    keys = {pid: groups.get(pid) or pid for pid in ids}
    order = np.random.default_rng(seed).permutation(sorted(set(keys.values())))
    fold = {str(g): k % folds for k, g in enumerate(order)}
    return {str(pid): fold[key] for pid, key in keys.items()}


def paper_texts(paper, edits, index) -> dict:
    """A paper's ``comments`` and ``edits`` entries of ``data.json``: each text's number by ``index`` (text → its
    number, numbering new texts in the order met), comments first, then each variant's edit sentences. The
    numbering of ``data.json``'s texts, which ``bench.align_encoder_sentences`` rebuilds from the same papers."""
    pieces = [edit_pieces(e) for e in edits]
    return {"comments": [index(c.full_text) for c in paper.comments],
            "edits": {v: [[index(s) for s in p[v]] for p in pieces] for v in VARIANTS}}


def place_pieces(paper) -> tuple[list[str], list[list[str]]]:
    """The submitted draft's candidate paragraphs (their ids) and each one's texts as placement's second stage reads
    them at run time (``rerank.tuned_pieces``, through ``rerank.tuned_cosines``)."""
    from engine.align.localize import candidates
    from engine.generate.rerank import tuned_pieces

    paragraphs = candidates(paper.diff.old)
    return [p.id for p in paragraphs], [tuned_pieces(p) for p in paragraphs]


def pieces_digest(pieces: list[str]) -> str:
    """A paragraph's texts in one key (16 hex digits of SHA-256): what ``bench.place_oof`` checks a table row by."""
    import hashlib

    return hashlib.sha256("\n".join(pieces).encode("utf-8")).hexdigest()[:16]


def place_entry(paper, index) -> dict:
    """A paper's ``place`` entry of ``data.json``: its draft's candidate paragraphs, their texts' numbers by
    ``index`` and their digests."""
    ids, pieces = place_pieces(paper)
    return {"paragraph_ids": ids, "paragraphs": [[index(s) for s in p] for p in pieces],
            "digests": [pieces_digest(p) for p in pieces]}


def collect(pairs) -> tuple[dict, list[str]]:
    """``data.json``'s structure and the distinct texts it indexes, from the training part's ``PaperPairs`` (the
    draft paragraphs' texts numbered after every pair text)."""
    from engine.align.base import candidate_edits

    texts: dict[str, int] = {}

    def index(t: str) -> int:
        return texts.setdefault(t, len(texts))

    folds = paper_folds([pp.paper.id for pp in pairs], groups={pp.paper.id: group_of(pp.paper) for pp in pairs})
    papers = []
    for pp in pairs:
        edits = candidate_edits(pp.paper.diff)
        assert [e.id for e in edits] == pp.edit_ids
        papers.append({
            "id": pp.paper.id, "fold": folds[pp.paper.id], "edit_ids": pp.edit_ids,
            "comment_ids": [c.id for c in pp.paper.comments],
            **paper_texts(pp.paper, edits, index),
            "gold": [np.flatnonzero(row).tolist() for row in pp.labels],
            "hard": [np.flatnonzero(m & (row == 0)).tolist() for m, row in zip(pp.mask, pp.labels)],
        })
    for entry, pp in zip(papers, pairs):
        entry["place"] = place_entry(pp.paper, index)
    return {"folds": FOLDS, "seed": SEED, "variants": list(VARIANTS), "max_tokens": MAX_TOKENS,
            "papers": papers}, list(texts)


def write(out: Path, data: dict, texts: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    enc = tokenizer(MAX_TOKENS).encode_batch(texts)
    used = sorted({i for e in enc for i in e.ids})
    remap = np.zeros(max(used) + 1, dtype=np.int32)
    remap[used] = np.arange(len(used))
    cut_weights(used, out)
    np.savez_compressed(out / "tokens.npz", flat=np.concatenate([remap[e.ids] for e in enc]).astype(np.int16),
                        lens=np.array([len(e.ids) for e in enc], dtype=np.int32))
    np.save(out / "used_ids.npy", np.array(used))
    (out / "data.json").write_text(json.dumps(data))


def main(argv: list[str] | None = None) -> int:
    from engine.align.learn import iter_paper_pairs
    from engine.align.tuned import OutOfFold
    from engine.models.factory import open_model
    from engine.cli.eval_align_corpus import corpus_papers
    from engine.jobs import run_job

    ap = argparse.ArgumentParser(prog="python -m bench.align_encoder_gpu_prep")
    ap.add_argument("out")
    ap.add_argument("--corpus", default=str(Path(__file__).resolve().parents[1] / "corpus" / "revisions.json"))
    ap.add_argument("--cache")
    ap.add_argument("--only", nargs="+", metavar="ID", help="only these training revisions (a test of the recipe)")
    args = ap.parse_args(argv)
    # the tuned columns are not written here (only the first stage is): read from the out-of-fold file, as the
    # shipped encoder refuses the training papers
    # (a paper whose diff moved since the last GPU run reads the untuned encoder's cosines, as the refit does)
    papers = corpus_papers(args.corpus, args.cache, "train", args.only)
    oof = OutOfFold.for_papers(papers, untuned=functools.cache(lambda: open_model("encoder")))
    pairs = run_job(iter_paper_pairs(papers, tuned=oof))
    if oof.moved:
        print(f"{len(oof.moved)} papers' diffs moved since the last GPU run: {', '.join(sorted(oof.moved))}")
    data, texts = collect(pairs)
    write(Path(args.out), data, texts)
    n = sum(len(p["comments"]) for p in data["papers"])
    answered = sum(bool(g) for p in data["papers"] for g in p["gold"])
    paragraphs = sum(len(p["place"]["paragraph_ids"]) for p in data["papers"])
    print(f"{len(data['papers'])} papers, {n} comments ({answered} answered), {len(texts)} texts; "
          f"{paragraphs} draft paragraphs for placement")
    return 0


if __name__ == "__main__":
    sys.exit(main())
