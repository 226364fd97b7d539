"""Does a change leave every LaTeX diff of the training part identical? Dump them, then compare two dumps.

    nice .venv/bin/python -m bench.latex_diffs_same dump OUT.json [--cache DIR] [--part train] [--only ID ...]
    .venv/bin/python -m bench.latex_diffs_same compare OLD.json NEW.json

``dump`` reads each revision of the part from the LaTeX corpus cache (``corpus.build_revisions``'s folder:
``ID/submitted/MAIN`` and ``ID/revised/MAIN``), diffs the two sides as the corpus figures do (``load_document``
of each, ``diff_documents``) and writes every edit: id, type, flags, changed-word count, paragraph ids, both texts
and the word diff's spans. ``compare`` prints each revision whose diff differs, with its first differing edit, and
exits 1 if any does (docs/figures-align.md, "Session 22": a fix on the PDF path must leave all of them identical).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]


def _edit_record(e) -> list[Any]:
    return [e.id, e.type.value, list(e.flags), e.changed_tokens, list(e.source_ids), list(e.target_ids),
            e.source_text, e.target_text, e.section, [[s.op, s.text, s.old] for s in e.diff]]


def dump(out: Path, cache: Path, part: str, only: list[str] | None) -> int:
    from engine.document import load_document
    from engine.revision import diff_documents

    manifest = json.loads((REPO / "corpus" / "revisions.json").read_text(encoding="utf-8"))
    entries = [r for r in manifest["revisions"] if r["part"] == part and (not only or r["id"] in only)]
    read: dict[str, Any] = {}
    for r in sorted(entries, key=lambda r: r["id"]):
        old, new = (cache / r["id"] / side / r[side]["main"] for side in ("submitted", "revised"))
        if not (old.is_file() and new.is_file()):
            read[r["id"]] = "missing"
            continue
        try:
            diff = diff_documents(load_document(old), load_document(new))
        except Exception as err:  # noqa: BLE001 - recorded: the same failure before and after is the same
            read[r["id"]] = f"error: {type(err).__name__}: {err}"
            continue
        read[r["id"]] = [_edit_record(e) for e in diff.edits]
        print(f"{r['id']}: {len(diff.edits)} edits", file=sys.stderr)
    out.write_text(json.dumps(read, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


def compare(old: Path, new: Path) -> int:
    a = json.loads(old.read_text(encoding="utf-8"))
    b = json.loads(new.read_text(encoding="utf-8"))
    differ = 0
    for rid in sorted(set(a) | set(b)):
        x, y = a.get(rid), b.get(rid)
        if x == y:
            continue
        differ += 1
        if not isinstance(x, list) or not isinstance(y, list):
            print(f"{rid}: {str(x)[:80]!r} -> {str(y)[:80]!r}")
            continue
        k = next((i for i, (p, q) in enumerate(zip(x, y)) if p != q), min(len(x), len(y)))
        print(f"{rid}: {len(x)} -> {len(y)} edits; first difference at edit {k}")
    print(f"{len(set(a) | set(b))} revisions, {differ} differ")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump")
    d.add_argument("out")
    d.add_argument("--cache", help="the LaTeX corpus cache (default: $REDRAFT_CORPUS or ~/.cache/redraft/corpus)")
    d.add_argument("--part", default="train")
    d.add_argument("--only", nargs="+", metavar="ID")
    c = sub.add_parser("compare")
    c.add_argument("old")
    c.add_argument("new")
    args = ap.parse_args(argv)
    if args.cmd == "compare":
        return compare(Path(args.old), Path(args.new))
    from corpus.build_revisions import default_out

    cache = Path(args.cache).expanduser() if args.cache else default_out()
    if not cache.is_dir():
        print(f"latex_diffs_same: no corpus cache at {cache}", file=sys.stderr)
        return 2
    return dump(Path(args.out), cache, args.part, args.only)


if __name__ == "__main__":
    sys.exit(main())
