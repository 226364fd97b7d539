"""``python -m bench.measure_git_versions [--mirrors DIR] [--corpus DIR] [--part train]``: a project's two versions
taken from a git history (``engine.project.git_build``) against the corpus's own checkout of the same commits.

For each revision of the part (the training part by default; never the blind part): the repository's commits
listed (seconds, how many touch the paper), the main file found with no ``--main`` (the corpus's, several, or
another), then, with the corpus's main named, both commits written with only the files their main file needs, and
read by the LaTeX reader beside the corpus's whole checkout (``~/.cache/redraft/corpus/<id>/{submitted,revised}``):
the same paragraphs, in the same order, or not. The rule, written before the first run: every revision reads the
same paragraphs from the written files as from the whole checkout; each that does not is a defect to explain.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from corpus.manifest import load_manifest
from corpus.sources import SourceError, git_dir
from engine.document.latex.load import load_latex
from engine.errors import InputError
from engine.project.git_build import GitVersions, Side, prepare, write_side
from engine.project.git_history import RepoTree, open_repository, paper_commits, resolve
from engine.project.paper_files import needed_files


def paragraphs(main: Path) -> list[str]:
    return [" ".join(p.text.split()) for p in load_latex(main).paragraphs]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.measure_git_versions", description=__doc__.split("\n\n")[0])
    ap.add_argument("--mirrors", default="/work/.mirror")
    ap.add_argument("--corpus", default=str(Path.home() / ".cache" / "redraft" / "corpus"))
    ap.add_argument("--part", default="train", choices=("train", "checked"))
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args(argv)
    rows, listing = [], []
    for entry in load_manifest()["revisions"]:
        if entry.get("part") != args.part or (args.only and entry["id"] not in args.only):
            continue
        rid, sides = entry["id"], ("submitted", "revised")
        try:
            gdir = git_dir(Path(args.mirrors), entry["repository"])
        except SourceError as err:
            rows.append((rid, "no snapshot", str(err)[:80]))
            continue
        start = time.perf_counter()
        with open_repository(gdir) as repository:
            commits = paper_commits(repository)
        listing.append(time.perf_counter() - start)
        old, new = entry["submitted"], entry["revised"]
        try:
            found = prepare(GitVersions(str(gdir), old["commit"], new["commit"]))
            found.repository.close()
            auto = "corpus's" if (found.old.main, found.new.main) == (old["main"], new["main"]) else \
                f"other: {found.old.main}, {found.new.main}"
        except InputError as err:
            auto = "several" if "main files" in str(err) else f"refused: {str(err)[:60]}"
        same = []
        with tempfile.TemporaryDirectory() as tmp:
            for side, spec_main in zip(sides, (old["main"], new["main"])):
                with open_repository(gdir) as repository:
                    tree = RepoTree(repository, resolve(repository, entry[side]["commit"]))
                    written = write_side(Side(tree, spec_main, needed_files(tree, spec_main)), Path(tmp) / side)
                whole = Path(args.corpus) / rid / side / spec_main
                if not whole.is_file():
                    same.append(f"{side}: no corpus checkout")
                    continue
                a, b = paragraphs(written), paragraphs(whole)
                same.append("same" if a == b else f"{side} differs: {len(a)} vs {len(b)} paragraphs, "
                            f"{sum(x != y for x, y in zip(a, b))} unlike")
        rows.append((rid, f"{len(commits)} commits listed, main {auto}", "; ".join(same)))
    for rid, what, same in rows:
        print(f"{rid:32} {what:48} {same}")
    alike = sum(1 for _, _, s in rows if s == "same; same")
    print(f"\n{len(rows)} revisions ({args.part}): both versions read alike from the written files in {alike}; "
          f"listing the commits: median {statistics.median(listing):.2f} s, max {max(listing):.2f} s" if listing else "")
    return 0


if __name__ == "__main__":
    sys.exit(main())
