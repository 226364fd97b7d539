"""Helpers used to build the alignment gold files (docs/gold-icassp20.md, docs/gold-cgo18.md).

    dump OLD NEW            print every candidate edit of the diff with its id, type, intent and markup
                            (what an annotator reads to label comment-edit pairs)
    label GOLD OUT          turn a gold file whose edits are given as bare ids ("edits": ["e0004", ...])
                            into the stable form (id, type, snippets) that survives renumbering
    transfer GOLD OLD NEW OUT
                            carry labels made on one rendering of a paper (the LaTeX sources) to another
                            (its PDFs): each gold edit becomes the candidate edits of the new diff whose text
                            it shares most of (the best match by bigram overlap, at least 0.3, and every edit
                            at least 60% of whose bigrams lie in the labelled edit: a piece of it)

    .venv/bin/python -m bench.build_align_gold dump ../shared/data/revision/icassp20/submission.pdf \\
        ../shared/data/revision/icassp20/final.pdf
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _diff(old: str, new: str):
    from engine.document import load_document
    from engine.revision import diff_documents

    return diff_documents(load_document(old), load_document(new))


def _label(e) -> dict:
    return {"id": e.id, "type": e.type.value, "source_snippet": " ".join(e.source_text.split())[:100],
            "target_snippet": " ".join(e.target_text.split())[:100]}


def dump(old: str, new: str) -> None:
    from engine.align.base import candidate_edits
    from engine.align.text import edit_text
    from engine.revision.intent import classify_edit

    diff = _diff(old, new)
    print(diff.summary())
    for e in candidate_edits(diff):
        intent = classify_edit(e)
        print(f"\n== {e.id} {e.type.value} [{intent.kind}: {', '.join(intent.labels)}] {e.section}")
        print(edit_text(e, "diff")[:1500])


def label(gold: str, out: str) -> None:
    from engine.align.base import candidate_edits
    from engine.align.gold import data_folder

    raw = json.loads(Path(gold).read_text(encoding="utf-8"))
    root = data_folder(None)
    for p in raw["papers"]:
        edits = {e.id: e for e in candidate_edits(_diff(str(root / p["old"]), str(root / p["new"])))}
        for c in p["comments"]:
            c["edits"] = [_label(edits[x]) if isinstance(x, str) else x for x in c.get("edits", [])]
    Path(out).write_text(json.dumps(raw, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _bigrams(text: str) -> set[tuple[str, str]]:
    from engine.revision import comparable_text

    words = comparable_text(text).split()
    return set(zip(words, words[1:]))


def transfer(gold: str, old: str, new: str, out: str) -> None:
    from engine.align.base import candidate_edits
    from engine.align.gold import load_gold

    (paper,) = load_gold(gold)
    src = {e.id: e for e in paper.diff.edits}
    target = candidate_edits(_diff(old, new))
    raw = json.loads(Path(gold).read_text(encoding="utf-8"))
    (p,) = raw["papers"]
    p["old"], p["new"] = str(Path(old).resolve().relative_to(Path(old).resolve().parents[2])), \
        str(Path(new).resolve().relative_to(Path(new).resolve().parents[2]))
    for c in p["comments"]:
        labels: dict[str, dict] = {}
        for eid in sorted(paper.gold.get(str(c["id"]), ())):
            e = src[eid]
            side = e.target_text or e.source_text
            mine = _bigrams(side)
            best, best_score = None, 0.3
            for t in target:
                theirs = _bigrams(t.target_text or t.source_text)
                shared = len(mine & theirs)
                if shared / max(len(mine), len(theirs), 1) >= best_score:
                    best, best_score = t, shared / max(len(mine), len(theirs), 1)
                if shared >= 0.6 * max(len(theirs), 1) and len(theirs) >= 3:  # a piece of the labelled edit
                    labels.setdefault(t.id, _label(t))
            if best is not None:
                labels.setdefault(best.id, _label(best))
        c["edits"] = list(labels.values())
    Path(out).write_text(json.dumps(raw, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    command, *rest = sys.argv[1:]
    {"dump": dump, "label": label, "transfer": transfer}[command](*rest)
