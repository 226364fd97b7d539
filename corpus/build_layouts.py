"""Rebuild the layouts corpus: each manifest entry's commit, typeset to PDF.

    python -m corpus.build_layouts [--manifest corpus/layouts.json] --mirrors /work/.mirror [--out DIR]
        [--only ID ...] [--timeout 240]

For each paper in ``corpus/layouts.json`` the script takes the fetched snapshot
``MIRRORS/owner+name/repo`` (a bare or a non-bare git directory), ``git archive``s
the recorded commit into ``OUT/ID/src``, writes the stand-in style files the entry
names (a two-line ``.sty`` for a style the snapshot lacks and TeX Live does not
ship), and typesets the main file with ``latexmk -pdf -interaction=nonstopmode``
(no rc files, so nothing in a snapshot runs; TeX's own restricted shell escape),
under a timeout, going on past errors (a figure missing from the snapshot, which holds no
file of 4 MiB or more, leaves a gap but the page is laid out). The PDF lands in ``OUT/ID.pdf``; ``OUT/ID.build.json`` records what
each build did. The output folder defaults to ``$REDRAFT_LAYOUTS`` or
``~/.cache/redraft/layouts``; nothing is written inside the repository.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from corpus.typeset_pdf import copy_atomically, keep_finished, run_latexmk

MANIFEST = Path(__file__).with_name("layouts.json")


def default_out() -> Path:
    return Path(os.environ.get("REDRAFT_LAYOUTS") or Path.home() / ".cache" / "redraft" / "layouts")


def load_manifest(path: Path) -> list[dict]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return data["papers"]


def git_dir(mirrors: Path, repo: str) -> Path | None:
    base = mirrors / repo.replace("/", "+") / "repo"
    for cand in (base / ".git", base):
        if (cand / "HEAD").is_file():
            return cand
    return None


def extract(gdir: Path, commit: str, dest: Path) -> list[str]:
    """Write the commit's files into ``dest`` (a fresh folder); return the paths the snapshot lacks
    (it holds no file of 4 MiB or more), which are skipped."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    archive = subprocess.run(["git", f"--git-dir={gdir}", "archive", "--format=tar", commit], capture_output=True)
    if archive.returncode == 0:
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(dest, filter=_safe_member)
        return []
    listing = subprocess.run(["git", f"--git-dir={gdir}", "ls-tree", "-r", "-z", commit],
                             check=True, capture_output=True).stdout.decode("utf-8", "replace")
    missing = []
    for entry in filter(None, listing.split("\0")):
        meta, name = entry.split("\t", 1)
        mode, kind, sha = meta.split()
        target = (dest / name).resolve()
        if kind != "blob" or mode == "120000" or not target.is_relative_to(dest.resolve()):
            continue
        blob = subprocess.run(["git", f"--git-dir={gdir}", "cat-file", "blob", sha], capture_output=True)
        if blob.returncode != 0:
            missing.append(name)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(blob.stdout)
    return missing


def _safe_member(member: tarfile.TarInfo, dest: str) -> tarfile.TarInfo | None:
    """The ``data`` filter, skipping (not failing on) a member it refuses, such as a link out of the tree."""
    try:
        return tarfile.data_filter(member, dest)
    except tarfile.FilterError:
        return None


def write_stubs(folder: Path, stubs: list[str]) -> None:
    for name in stubs:
        stem = Path(name).stem
        (folder / name).write_text(f"\\NeedsTeXFormat{{LaTeX2e}}\n\\ProvidesPackage{{{stem}}}[stand-in]\n",
                                   encoding="utf-8")


def typeset(main: Path, timeout: int) -> tuple[bool, str]:
    """Run latexmk on ``main`` (going on past errors, as a PDF with a missing figure is still a layout)."""
    cmd = ["latexmk", "-norc", "-pdf", "-f", "-interaction=nonstopmode", main.name]
    code, out = run_latexmk(cmd, main.parent, timeout, {**os.environ, "openout_any": "p", "shell_escape": "f"})
    if code == "timeout":
        return False, f"timeout after {timeout} s"
    tail = out.strip().splitlines()[-1:] or [""]
    return code == 0, tail[0].strip()[:200]


def build_one(paper: dict, mirrors: Path, out: Path, timeout: int) -> dict:
    record = {"id": paper["id"], "pdf": None, "clean": False, "note": ""}
    gdir = git_dir(mirrors, paper["repo"])
    if gdir is None:
        record["note"] = f"no snapshot of {paper['repo']} under {mirrors}"
        return record
    src = out / paper["id"] / "src"
    (out / f"{paper['id']}.pdf").unlink(missing_ok=True)
    try:
        missing = extract(gdir, paper["commit"], src)
    except (subprocess.CalledProcessError, OSError, tarfile.TarError) as err:
        record["note"] = f"could not check out {paper['commit'][:10]}: {err}"
        return record
    main = src / paper["main"]
    write_stubs(main.parent, paper.get("stubs", []))
    t = time.perf_counter()
    clean, note = typeset(main, timeout)
    pdf = main.with_suffix(".pdf")
    if not note.startswith("timeout") and keep_finished(pdf):  # not half written
        copy_atomically(pdf, out / f"{paper['id']}.pdf")
        record["pdf"] = f"{paper['id']}.pdf"
    record.update(clean=clean, note=note, seconds=round(time.perf_counter() - t, 1), missing=missing)
    return record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m corpus.build_layouts", description=__doc__.splitlines()[0])
    parser.add_argument("--manifest", type=Path, default=MANIFEST)
    parser.add_argument("--mirrors", type=Path, required=True, help="folder of fetched snapshots (owner+name/repo)")
    parser.add_argument("--out", type=Path, default=None, help="cache folder (default $REDRAFT_LAYOUTS or ~/.cache/redraft/layouts)")
    parser.add_argument("--only", nargs="*", default=None, help="build only these ids")
    parser.add_argument("--missing", action="store_true", help="build only papers with no PDF in the cache yet")
    parser.add_argument("--timeout", type=int, default=240, help="seconds allowed to typeset one paper")
    parser.add_argument("--jobs", type=int, default=1, help="papers typeset at once")
    args = parser.parse_args(argv)
    if shutil.which("latexmk") is None:
        print("build_layouts: latexmk not found; install TeX Live (texlive-publishers brings most classes)", file=sys.stderr)
        return 2
    out = args.out or default_out()
    out.mkdir(parents=True, exist_ok=True)
    papers = [p for p in load_manifest(args.manifest) if args.only is None or p["id"] in args.only]
    if args.missing:
        papers = [p for p in papers if not (out / f"{p['id']}.pdf").is_file()]
    with ThreadPoolExecutor(max_workers=max(args.jobs, 1)) as pool:
        for record in pool.map(lambda paper: build_one(paper, args.mirrors, out, args.timeout), papers):
            (out / f"{record['id']}.build.json").write_text(json.dumps(record, indent=1, sort_keys=True))
            status = "ok" if record["pdf"] and record["clean"] else ("pdf with errors" if record["pdf"] else "FAILED")
            print(f"{record['id']:<40} {status:<16} {record['note']}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
