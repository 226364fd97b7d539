"""Does a change to the PDF reader read the same? Dump what it reads, then compare two dumps.

    .venv/bin/python -m bench.extract_same dump OUT.json [--layouts-part dev] [PDF ...]
    .venv/bin/python -m bench.extract_same compare OLD.json NEW.json

``dump`` reads ``../shared/data``'s PDFs (those of ``bench_extract``) and, with ``--layouts-part``, the built PDFs
of that part of the layouts corpus (``corpus/layouts.json``, cache of ``corpus.build_layouts``), and writes each
``Document.to_dict()`` (paragraphs with their kinds, sections and regions, title, abstract, notices). Run it
with the old code on ``PYTHONPATH`` (a worktree of the old commit) and with the new, then ``compare``: it
prints each paper that reads differently, with its first differing paragraph, and exits 1 if any does.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from bench.bench_extract import DEFAULT

REPO = Path(__file__).resolve().parents[1]


def _layout_pdfs(part: str) -> list[Path]:
    from corpus.build_layouts import default_out

    papers = json.loads((REPO / "corpus" / "layouts.json").read_text(encoding="utf-8"))["papers"]
    found = (default_out() / f"{p['id']}.pdf" for p in papers if p["part"] == part)
    return [path for path in found if path.is_file()]


def dump(out: Path, paths: list[Path]) -> int:
    from engine.document.pdf.load import load_pdf

    read: dict[str, Any] = {}
    for path in paths:
        try:
            read[str(path)] = load_pdf(path).to_dict()
        except Exception as err:  # a paper that does not read is a result too
            read[str(path)] = {"error": f"{type(err).__name__}: {err}"}
    out.write_text(json.dumps(read, ensure_ascii=False, sort_keys=True), encoding="utf-8")
    print(f"{len(read)} PDFs read into {out}")
    return 0


def _first_difference(old: dict[str, Any], new: dict[str, Any]) -> str:
    for key in sorted(set(old) | set(new)):
        if key == "paragraphs":
            continue
        if old.get(key) != new.get(key):
            return f"{key}: {str(old.get(key))[:160]!r} -> {str(new.get(key))[:160]!r}"
    a, b = old.get("paragraphs", []), new.get("paragraphs", [])
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"paragraph {i}: {json.dumps(x, ensure_ascii=False)[:240]} -> {json.dumps(y, ensure_ascii=False)[:240]}"
    return f"paragraph count {len(a)} -> {len(b)}"


def compare(old_path: Path, new_path: Path) -> int:
    old = json.loads(old_path.read_text(encoding="utf-8"))
    new = json.loads(new_path.read_text(encoding="utf-8"))
    differ = 0
    for name in sorted(set(old) | set(new)):
        if name not in old or name not in new:
            print(f"{Path(name).name}: only in {'new' if name in new else 'old'}")
            differ += 1
        elif old[name] != new[name]:
            print(f"{Path(name).name}: {_first_difference(old[name], new[name])}")
            differ += 1
    print(f"{len(set(old) | set(new)) - differ} of {len(set(old) | set(new))} PDFs read the same")
    return 1 if differ else 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.extract_same")
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("dump")
    d.add_argument("out", type=Path)
    d.add_argument("pdfs", nargs="*", type=Path)
    d.add_argument("--layouts-part", choices=("dev", "test"))
    c = sub.add_parser("compare")
    c.add_argument("old", type=Path)
    c.add_argument("new", type=Path)
    args = parser.parse_args(argv)
    if args.command == "compare":
        return compare(args.old, args.new)
    paths = list(args.pdfs) or list(DEFAULT)
    if args.layouts_part:
        paths += _layout_pdfs(args.layouts_part)
    return dump(args.out, paths)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
