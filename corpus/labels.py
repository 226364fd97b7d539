"""Corpus labels (``corpus/labels/<id>.json``) and the adapter to Redraft's alignment gold format.

A label file references, never copies: a comment is a reviewer number, a line range in the built
``reviews.md`` and a hash of that span; an edit is ``<engine id>:<hash of its text>`` (``corpus.units``);
a link is a comment, an edit, ``high``/``medium`` and one line of evidence. ``to_gold`` reads the labels with
the built cache and gives the structure of ``tests/data/*_align_gold.json`` (paths relative to the cache), so
``redraft eval align GOLD --data CACHE`` scores aligners on the corpus.

``python -m corpus.labels distant [--cache DIR] [--only ID...]`` writes distant labels for the training part (never over
a file labelled by hand: ``kind`` ``checked`` or ``hand``, the training part's hand labels, read like the checked part's);
``python -m corpus.labels gold --part train|checked [--cache DIR] --out FILE`` writes a gold file.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from corpus.build_revisions import default_out
from corpus.letters import span_hash
from corpus.manifest import PARTS, load_manifest
from corpus.units import edit_key, load_built

LABELS = Path(__file__).with_name("labels")


class LabelError(ValueError):
    pass


class EditIndex:
    """A rebuilt diff's edits found by a label's edit key (``<engine id>:<text hash>``): the key itself, else its
    text under a shifted id, else its id alone (the text changed since labelling: ``find`` says ``"id"``)."""

    def __init__(self, edits: list) -> None:
        self.by_key = {edit_key(e): e for e in edits}
        self.by_text = {key.split(":", 1)[1]: e for key, e in self.by_key.items()}  # the same text, its id shifted
        self.by_id = {e.id: e for e in edits}

    def find(self, key: str) -> tuple[object | None, str]:
        """The edit and how it was found (``"key"`` or ``"id"``), or ``(None, "")``."""
        ident, _, digest = key.partition(":")
        edit = self.by_key.get(key) or self.by_text.get(digest)
        if edit is not None:
            return edit, "key"
        return (self.by_id[ident], "id") if ident in self.by_id else (None, "")


def read_labels(rid: str, folder: Path = LABELS) -> dict | None:
    path = folder / f"{rid}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def to_gold(entries: list[dict], cache: Path, folder: Path = LABELS, strengths=("high", "medium")) -> tuple[dict, list[str]]:
    """A ``redraft-align-gold`` structure for the labelled entries, and notices (spans or edits not found)."""
    papers, notices = [], []
    for entry in entries:
        labels = read_labels(entry["id"], folder)
        if labels is None:
            continue
        rev = load_built(cache, entry)
        index = EditIndex(rev.edits)
        md = (rev.folder / "reviews.md").read_text(encoding="utf-8").split("\n")
        comments = []
        for c in labels["comments"]:
            a, b = c["lines"]
            text = "\n".join(md[a - 1:b])
            if span_hash(text) != c["hash"]:
                notices.append(f"{entry['id']} {c['id']}: reviews.md lines {a}-{b} changed since labelling")
                continue
            edits = []
            for link in labels["links"]:
                if link["comment"] != c["id"] or link["strength"] not in strengths:
                    continue
                e, how = index.find(link["edit"])
                if how == "id":  # the text changed under the same id: linked, and said
                    notices.append(f"{entry['id']} {c['id']}: edit {link['edit']} matched by its id only ({e.id}'s "
                                   "text changed since labelling: check the link)")
                if e is None:
                    notices.append(f"{entry['id']} {c['id']}: edit {link['edit']} not in the rebuilt diff")
                    continue
                edits.append({"id": e.id, "type": e.type.value, "source_snippet": " ".join(e.source_text.split())[:100],
                              "target_snippet": " ".join(e.target_text.split())[:100]})
            comments.append({"id": f"{entry['id']}/{c['id']}", "reviewer": f"Reviewer {c['reviewer']}",
                             "text": text, "edits": edits})
        papers.append({"id": entry["id"], "old": str(rev.old.relative_to(cache)), "new": str(rev.new.relative_to(cache)),
                       "kind": labels.get("kind", ""), "comments": comments})
    if not papers:
        raise LabelError("no labelled revision among these entries")
    return {"format": "redraft-align-gold", "version": 1,
            "description": "Revisions corpus labels (corpus/labels) read with the built cache; see docs/corpus.md.",
            "papers": papers}, notices


def checked_record(entry: dict, cache: Path, comments: list[tuple], links: list[tuple], reader: str) -> dict:
    """A hand label record: ``comments`` as (id, reviewer, first line, last line, answered), ``links`` as
    (comment id, edit id or key, strength, evidence); spans hashed from the built reviews.md, edits checked
    against the rebuilt diff (an engine id alone is completed with its text hash)."""
    rev = load_built(cache, entry)
    keys = {e.id: edit_key(e) for e in rev.edits}
    md = (rev.folder / "reviews.md").read_text(encoding="utf-8").split("\n")
    out_c = []
    for cid, reviewer, a, b, answered in comments:
        if not (1 <= a <= b <= len(md)):
            raise LabelError(f"{entry['id']} {cid}: lines {a}-{b} are outside reviews.md")
        out_c.append({"id": cid, "reviewer": reviewer, "lines": [a, b], "hash": span_hash("\n".join(md[a - 1:b])),
                      "answered": answered})
    ids = {c["id"] for c in out_c}
    out_l = []
    for cid, edit, strength, evidence in links:
        key = keys.get(edit.split(":")[0])
        if cid not in ids or key is None or strength not in ("high", "medium"):
            raise LabelError(f"{entry['id']}: bad link {cid} -> {edit} ({strength})")
        out_l.append({"comment": cid, "edit": key, "strength": strength, "evidence": evidence})
    return {"format": "redraft-corpus-labels", "version": 1, "id": entry["id"], "kind": "checked",
            "method": f"read by hand ({reader}) from the response, the diff and the commit history; docs/corpus.md",
            "comments": out_c, "edits": [{"id": edit_key(e), "type": e.type.value} for e in rev.edits], "links": out_l}


def _distant(entries: list[dict], cache: Path, folder: Path) -> None:
    from corpus.distant import distant_labels

    for entry in entries:
        pfile = cache / entry["id"] / "points.json"
        if entry["part"] != "train" or entry["response"].get("quotes") is False or not pfile.exists():
            continue
        kept = read_labels(entry["id"], folder)
        if kept is not None and kept.get("kind") != "distant":  # read by hand: never overwritten by a guess
            print(f"{entry['id']}: labelled by hand ({kept.get('kind')}), kept")
            continue
        points = json.loads(pfile.read_text(encoding="utf-8"))
        rev = load_built(cache, entry)
        md = (rev.folder / "reviews.md").read_text(encoding="utf-8")
        labels = distant_labels(entry, rev, points, md)
        (folder / f"{entry['id']}.json").write_text(json.dumps(labels, indent=1) + "\n", encoding="utf-8")
        linked = len({x["comment"] for x in labels["links"]})
        print(f"{entry['id']}: {len(labels['comments'])} comments, {linked} linked, {len(labels['links'])} links")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m corpus.labels")
    ap.add_argument("action", choices=("distant", "gold"))
    ap.add_argument("--cache", help="built corpus (default: $REDRAFT_CORPUS or ~/.cache/redraft/corpus)")
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--part", choices=PARTS)
    ap.add_argument("--out", help="gold file to write (gold)")
    args = ap.parse_args(argv)
    cache = Path(args.cache).expanduser() if args.cache else default_out()
    entries = [e for e in load_manifest()["revisions"] if (not args.only or e["id"] in args.only)
               and (not args.part or e["part"] == args.part)]
    try:
        if args.action == "distant":
            _distant(entries, cache, LABELS)
            return 0
        if not args.out:
            print("corpus.labels: gold needs --out FILE", file=sys.stderr)
            return 2
        gold, notices = to_gold(entries, cache)
    except (LabelError, FileNotFoundError) as err:
        print(f"corpus.labels: {err}", file=sys.stderr)
        return 2
    for n in notices:
        print(f"corpus.labels: note: {n}", file=sys.stderr)
    Path(args.out).write_text(json.dumps(gold, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{args.out}: {len(gold['papers'])} papers, {sum(len(p['comments']) for p in gold['papers'])} comments")
    return 0


if __name__ == "__main__":
    sys.exit(main())
