"""The GPU run's per-sentence out-of-fold cosines in the shipped sentence file's form (issue 32).

    .venv/bin/python -m bench.align_encoder_sentences RUN PREP PAPERS.pkl --out FILE [--variant section]

``RUN/oof_sentences.npz`` (``bench.align_encoder_gpu``) keys each paper's comments × distinct edit sentences by the
sentences' numbers in ``PREP/data.json`` (``VARIANT|PAPER`` and ``VARIANT|PAPER|ids``); the engine reads them by the
sentence's text (``engine.align.tuned.SENTENCES_FILE``: ``PAPER`` and ``PAPER|keys``, each key
``tuned.sentence_key`` of the text). ``data.json`` holds numbers, not texts, so the texts are numbered again from the
same training papers (``PAPERS.pkl``, ``bench.measure_lexical_tex papers``) exactly as the prep numbered them
(``align_encoder_gpu_prep.paper_texts``), and checked: every paper's numbers must be ``data.json``'s and every text's
tokens ``PREP/tokens.npz``'s, else nothing is written (exit 2: the papers are not the ones the run was prepared on).
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from pathlib import Path

import numpy as np


def numbered_texts(papers, data: dict) -> tuple[list[str], list[str]]:
    """The prep's texts in its numbering, from ``papers`` (in ``data``'s order), and the ids of the papers whose
    numbers differ from ``data``'s (empty when the papers are the prep's). A prep with draft paragraphs for placement
    (``place``) numbered them after every pair text: they are numbered and checked the same way."""
    from bench.align_encoder_gpu_prep import paper_texts, place_entry
    from engine.align.base import candidate_edits

    texts: dict[str, int] = {}
    index = lambda t: texts.setdefault(t, len(texts))  # noqa: E731
    by_id = {p.id: p for p in papers}
    wrong = []
    for entry in data["papers"]:
        paper = by_id.get(entry["id"])
        if paper is None:
            wrong.append(entry["id"])
            continue
        edits = candidate_edits(paper.diff)
        got = paper_texts(paper, edits, index)
        if ([e.id for e in edits] != entry["edit_ids"] or got["comments"] != entry["comments"]
                or got["edits"] != entry["edits"]):
            wrong.append(entry["id"])
    for entry in data["papers"]:
        if "place" in entry and entry["id"] in by_id and place_entry(by_id[entry["id"]], index) != entry["place"]:
            wrong.append(entry["id"])
    return list(texts), sorted(set(wrong), key=wrong.index)


def same_tokens(texts: list[str], prep: Path) -> bool:
    """Whether ``texts`` tokenise to the prep's ``tokens.npz`` (its ids remapped by ``used_ids.npy``)."""
    from bench.align_encoder_gpu_prep import MAX_TOKENS
    from bench.crossfit_encoder_gpu_prep import tokenizer

    tokens, used = np.load(prep / "tokens.npz"), np.load(prep / "used_ids.npy")
    enc = tokenizer(MAX_TOKENS).encode_batch(texts)
    lens = np.array([len(e.ids) for e in enc], dtype=np.int32)
    if not np.array_equal(lens, tokens["lens"]):
        return False
    flat = np.concatenate([e.ids for e in enc])
    pos = np.searchsorted(used, flat)
    return bool(np.all(pos < len(used)) and np.array_equal(used[np.minimum(pos, len(used) - 1)], flat)
                and np.array_equal(pos.astype(np.int16), tokens["flat"]))


def keyed(run_file: Path, texts: list[str], variant: str) -> dict[str, np.ndarray]:
    """The run's sentence cosines keyed as the engine reads them."""
    from engine.align.tuned import sentence_key

    out = {}
    with np.load(run_file) as data:
        for name in data.files:
            tag, _, pid = name.partition("|")
            if tag != variant or pid.endswith("|ids"):
                continue
            out[pid] = data[name].astype(np.float32)
            out[f"{pid}|keys"] = np.array([sentence_key(texts[int(k)]) for k in data[f"{name}|ids"]], dtype="<U16")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.align_encoder_sentences")
    ap.add_argument("run", help="the GPU run's folder (oof_sentences.npz)")
    ap.add_argument("prep", help="the folder bench.align_encoder_gpu_prep wrote for it (data.json, tokens.npz)")
    ap.add_argument("papers", help="the training papers' pickle (bench.measure_lexical_tex papers)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--variant", default="section")
    a = ap.parse_args(argv)
    run, prep = Path(a.run), Path(a.prep)
    for f in (run / "oof_sentences.npz", prep / "data.json", prep / "tokens.npz", Path(a.papers)):
        if not f.is_file():
            print(f"error: no such file: {f}", file=sys.stderr)
            return 2
    data = json.loads((prep / "data.json").read_text())
    texts, wrong = numbered_texts(pickle.loads(Path(a.papers).read_bytes()), data)
    if wrong:
        print(f"error: {len(wrong)} papers are not numbered as the prep numbered them ({', '.join(wrong[:5])}…): "
              "read the papers on the prep's tree", file=sys.stderr)
        return 2
    if not same_tokens(texts, prep):
        print("error: the texts do not tokenise to the prep's tokens.npz", file=sys.stderr)
        return 2
    out = keyed(run / "oof_sentences.npz", texts, a.variant)
    np.savez_compressed(a.out, **out)
    print(f"{a.out}: {len(out) // 2} papers, {len(texts)} texts checked against {prep / 'tokens.npz'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
