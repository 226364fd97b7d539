"""``python -m corpus.inspect ID [--cache DIR]``: what a careful reader labels from: reviews.md with line numbers,
each quoted point's reply, and the revision's candidate edits with their stable ids and word-diff markup."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from corpus.build_revisions import default_out
from corpus.manifest import load_manifest
from corpus.units import edit_key, load_built
from engine.revision.render import markup


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m corpus.inspect")
    ap.add_argument("id")
    ap.add_argument("--cache")
    ap.add_argument("--what", choices=("reviews", "points", "edits"), action="append")
    args = ap.parse_args(argv)
    entries = {e["id"]: e for e in load_manifest()["revisions"]}
    if args.id not in entries:
        print(f"corpus.inspect: no revision {args.id} in the manifest", file=sys.stderr)
        return 2
    cache = Path(args.cache).expanduser() if args.cache else default_out()
    folder = cache / args.id
    what = args.what or ["reviews", "points", "edits"]
    if "reviews" in what:
        for n, line in enumerate((folder / "reviews.md").read_text(encoding="utf-8").split("\n"), 1):
            print(f"{n:4} {line}")
    if "points" in what:
        for i, p in enumerate(json.loads((folder / "points.json").read_text(encoding="utf-8")), 1):
            print(f"\n## point {i}: reviewer {p['reviewer']}, lines {p['lines']}\n{' '.join(p['reply'].split())}")
    if "edits" in what:
        rev = load_built(cache, entries[args.id])
        for e in rev.edits:
            body = markup(e.diff) if e.diff else (e.target_text or f"[- {e.source_text} -]")
            print(f"\n### {edit_key(e)} {e.type.value} [{e.section}]\n{' '.join(body.split())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
