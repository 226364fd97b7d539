"""``python -m corpus.build_revisions [--mirrors DIR] [--out DIR] [--only ID ...] [--no-pdf]``: rebuild the
revisions corpus from fetched snapshots.

For each manifest entry: both commits ``git archive``d into ``OUT/<id>/submitted`` and ``OUT/<id>/revised``
with the review and response files left out; each typeset to PDF (``latexmk -pdf``, a timeout, two-line
stand-ins for the style files the entry lists); ``reviews.md`` (``## Reviewer N`` sections, verbatim),
``response.<ext>``, ``points.json`` (each quoted point's reviewer, line range in reviews.md, span hash and the
reply) and ``build.json`` (what was built, what failed). OUT defaults to ``$REDRAFT_CORPUS`` or
``~/.cache/redraft/corpus``. The corpus is rebuilt, not shipped: nothing here is committed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import time
from pathlib import Path

from corpus.letters import span_hash
from corpus.manifest import ManifestError, load_manifest
from corpus.sources import SourceError, archive, git_dir, letter, response_files, response_text
from corpus.typeset_pdf import keep_finished, run_latexmk

#: Files that are part of the review round, not of the paper (left out of the paper folders).
ROUND_FILES = re.compile(r"(^|/)[^/]*(respon|reply|rebut|review|referee|decision|cover[-_ ]?letter)[^/]*$", re.I)
TYPESET_SECONDS = 240


def default_out() -> Path:
    env = os.environ.get("REDRAFT_CORPUS")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "redraft" / "corpus"


def _leave_out(entry: dict):
    files = entry["reviews"].get("file", "")
    named = {*response_files(entry["response"]), *(files if isinstance(files, list) else [files])}
    named |= set(entry.get("leave_out", []))
    # ``keep``: paper sources named like round files (a section file decision-tree.tex), never left out by name
    kept = {entry["submitted"]["main"], entry["revised"]["main"], *entry.get("keep", [])}

    def leave(path: str) -> bool:
        return path in named or (path not in kept and bool(ROUND_FILES.search(path)))
    return leave


#: ``\input{file}`` / ``\include{file}`` (the argument in braces); a ``%`` comment to the end of its line.
_INPUT = re.compile(r"\\(?:input|include)\s*\{([^}]+)\}")
_COMMENT = re.compile(r"(?<!\\)%.*")


def stand_in_left_out(folder: Path, main: str, left: list[str]) -> list[str]:
    """The left-out round files (a response letter) that the paper's own ``.tex`` files ``\\input`` or ``\\include``,
    each written as an empty stand-in, so that leaving the letter out does not stop the paper's typesetting (a
    missing ``\\input`` is fatal in nonstop mode); the paths stood in, for the build log."""
    gone = set(left)
    base = Path(main).parent
    named: set[str] = set()
    for tex in sorted(folder.rglob("*.tex")):
        text = _COMMENT.sub("", tex.read_text(encoding="utf-8", errors="replace"))
        for arg in _INPUT.findall(text):
            name = arg.strip()
            path = (base / name).as_posix()
            named |= {path, f"{path}.tex"} if not Path(name).suffix else {path}
    stood = [path for path in sorted(named & gone) if ".." not in Path(path).parts]
    for path in stood:
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("% stand-in: a round file (review or response), left out of the paper's folder\n",
                          encoding="utf-8")
    return stood


def typeset(folder: Path, main: str, stand_ins: list[str], timeout: int = TYPESET_SECONDS) -> dict:
    """latexmk -pdf on ``folder/main``; the result's status, seconds and the log's first error."""
    for sty in stand_ins:  # a path relative to the main file's folder, e.g. "styles/inv.sty"
        name = Path(sty).stem
        target = folder / Path(main).parent / sty
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists():
            continue
        if target.suffix == ".sty":
            target.write_text(f"\\NeedsTeXFormat{{LaTeX2e}}\n\\ProvidesPackage{{{name}}}\n"
                              "\\DeclareOption*{}\\ProcessOptions\\relax\n", encoding="utf-8")  # any option accepted
        else:  # an input file a build script would generate (e.g. an author list): empty
            target.write_text("% stand-in: absent from the repository\n", encoding="utf-8")
    tex = folder / main
    start = time.monotonic()
    # -norc: no latexmkrc of the snapshot runs (one may move the PDF to another folder, $out_dir, or turn on
    # pdflatex's shell escape); as python -m corpus.build_layouts does
    cmd = ["latexmk", "-norc", "-pdf", "-f", "-interaction=nonstopmode", "-bibtex", tex.name]
    code, _ = run_latexmk(cmd, tex.parent, timeout, {**os.environ, "openout_any": "p"})
    pdf = tex.with_suffix(".pdf")
    log = tex.with_suffix(".log")
    first_error = ""
    if log.exists():
        m = re.search(r"^! (.*)$", log.read_text(encoding="utf-8", errors="replace"), re.M)
        first_error = m.group(1)[:160] if m else ""
    ok = keep_finished(pdf)  # a PDF written part way (stopped at the time limit) is removed, never cached
    return {"pdf": str(pdf.relative_to(folder.parent)) if ok else None, "status": "ok" if ok and code == 0 else
            ("pdf with errors" if ok else "failed"), "exit": code, "seconds": round(time.monotonic() - start, 1),
            "first_error": first_error}


def build_entry(entry: dict, mirrors: Path, out: Path, pdf: bool = True) -> dict:
    rid = entry["id"]
    target = out / rid
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    status: dict = {"id": rid, "repository": entry["repository"], "notices": []}
    gdir = git_dir(mirrors, entry["repository"])
    leave = _leave_out(entry)
    for side in ("submitted", "revised"):
        s = entry[side]
        left, missing = archive(gdir, s["commit"], target / side, leave)
        status[side] = {"commit": s["commit"], "main": s["main"], "left_out": sorted(left),
                        "missing_in_snapshot": sorted(missing)}
        if not (target / side / s["main"]).exists():
            raise SourceError(f"{rid}: {s['main']} is not in {side} commit {s['commit']}")
        stood = stand_in_left_out(target / side, s["main"], left)
        if stood:
            status[side]["left_out_stood_in"] = stood
            status["notices"].append(f"{side}: {', '.join(stood)} left out and input by the paper: an empty "
                                     "stand-in typeset in its place")
        if pdf:
            status[side]["typeset"] = typeset(target / side, s["main"], entry.get("stand_ins", []))
    reviews = letter(entry, gdir)
    (target / "reviews.md").write_text(reviews.markdown, encoding="utf-8")
    resp = entry["response"]
    (target / f"response{Path(resp['file']).suffix or '.txt'}").write_text(response_text(gdir, resp), encoding="utf-8")
    md = reviews.markdown.split("\n")
    points = [{"reviewer": p.reviewer, "lines": list(p.lines) if p.lines else None, "located": p.located,
               "hash": span_hash("\n".join(md[p.lines[0] - 1:p.lines[1]])) if p.lines else None,
               "reply": p.reply} for p in reviews.points]
    (target / "points.json").write_text(json.dumps(points, indent=1, ensure_ascii=False), encoding="utf-8")
    status["reviews"] = {"source": entry["reviews"]["source"], "points": len(points),
                         "located": sum(1 for p in points if p["lines"]), "notices": reviews.notices}
    status["stand_ins"] = entry.get("stand_ins", [])
    (target / "build.json").write_text(json.dumps(status, indent=1), encoding="utf-8")
    return status


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m corpus.build_revisions", description=__doc__.split("\n\n")[0])
    ap.add_argument("--mirrors", default="/work/.mirror", help="folder of fetched snapshots (owner+name/repo)")
    ap.add_argument("--out", help="cache folder (default: $REDRAFT_CORPUS or ~/.cache/redraft/corpus)")
    ap.add_argument("--manifest", help="manifest (default: corpus/revisions.json)")
    ap.add_argument("--only", nargs="*", help="build these ids only")
    ap.add_argument("--no-pdf", action="store_true", help="skip typesetting")
    args = ap.parse_args(argv)
    try:
        raw = load_manifest(args.manifest) if args.manifest else load_manifest()
    except ManifestError as err:
        print(f"build_revisions: {err}", file=sys.stderr)
        return 2
    out = Path(args.out).expanduser() if args.out else default_out()
    failed = 0
    for entry in raw["revisions"]:
        if args.only and entry["id"] not in args.only:
            continue
        try:
            st = build_entry(entry, Path(args.mirrors), out, pdf=not args.no_pdf)
            pdfs = [st[s].get("typeset", {}).get("status", "skipped") for s in ("submitted", "revised")]
            print(f"{entry['id']}: points {st['reviews']['points']} (located {st['reviews']['located']}); pdf {pdfs}")
        except (SourceError, OSError) as err:
            failed += 1
            print(f"{entry['id']}: not built: {err}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
