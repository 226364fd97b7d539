"""``python -m corpus.stats [--cache DIR]``: the manifest's counts and the labels' counts as Markdown tables
(what docs/corpus.md quotes); with a built cache, each side's typesetting status too."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from corpus.labels import read_labels
from corpus.manifest import load_manifest


def _table(title: str, counter: Counter) -> list[str]:
    rows = [f"| {title} | revisions |", "|---|---|"]
    rows += [f"| {k} | {v} |" for k, v in sorted(counter.items(), key=lambda x: (-x[1], x[0]))]
    return rows + [""]


def report(cache: Path | None) -> str:
    entries = load_manifest()["revisions"]
    out = [f"{len(entries)} revisions from {len({e['repository'] for e in entries})} repositories; "
           f"{sum(e['part'] == 'checked' for e in entries)} checked, {sum(e['part'] == 'train' for e in entries)} train, "
           f"{sum(e['part'] == 'blind' for e in entries)} blind.", ""]
    for key in ("venue", "field", "class", "part"):
        out += _table(key, Counter(e[key] for e in entries))
    out += ["| id | part | venue | reviews | labels | comments | answered by an edit | links (high/medium) | PDF submitted / revised |",
            "|---|---|---|---|---|---|---|---|---|"]
    total = Counter()
    for e in entries:
        lab = read_labels(e["id"])
        pdf = "not built"
        if cache and (cache / e["id"] / "build.json").exists():
            st = json.loads((cache / e["id"] / "build.json").read_text(encoding="utf-8"))
            pdf = " / ".join(st[s].get("typeset", {}).get("status", "not typeset") for s in ("submitted", "revised"))
        if lab:
            n = len(lab["comments"])
            edit = sum(c["answered"] == "edit" for c in lab["comments"])
            hi = sum(x["strength"] == "high" for x in lab["links"])
            md = len(lab["links"]) - hi
            group = "blind" if e["part"] == "blind" else lab["kind"]  # blind labels are read like checked ones: counted apart
            total.update({f"{group} comments": n, f"{group} links": len(lab["links"]), group: 1})
            cells = [lab["kind"], str(n), str(edit), f"{hi} / {md}"]
        else:
            cells = ["-", "-", "-", "-"]
        source = "file" if e["reviews"]["source"] == "file" else "quoted"
        out.append(f"| {e['id']} | {e['part']} | {e['venue']} | {source} | " + " | ".join(cells) + f" | {pdf} |")
    out += ["", ", ".join(f"{k}: {v}" for k, v in sorted(total.items()))]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m corpus.stats")
    ap.add_argument("--cache", help="built corpus, for the typesetting status")
    args = ap.parse_args(argv)
    sys.stdout.write(report(Path(args.cache).expanduser() if args.cache else None))
    return 0


if __name__ == "__main__":
    sys.exit(main())
