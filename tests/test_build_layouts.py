"""``corpus/build_layouts.py`` without TeX or fetched snapshots: a commit taken out of a git directory,
the stand-in styles, and the manifest's shape (CI has no ``fetch``, so no test reads the corpus itself)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from corpus.build_layouts import MANIFEST, extract, git_dir, load_manifest, write_stubs


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout.strip()


def test_commit_is_taken_out_and_stubs_written(tmp_path: Path) -> None:
    repo = tmp_path / "mirrors" / "someone+paper" / "repo"
    (repo / "sections").mkdir(parents=True)
    (repo / "main.tex").write_text("\\documentclass{article}\\usepackage{custom}\n", encoding="utf-8")
    (repo / "sections" / "intro.tex").write_text("Hello.\n", encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "paper")
    commit = _git(repo, "rev-parse", "HEAD")
    gdir = git_dir(tmp_path / "mirrors", "someone/paper")
    assert gdir == repo / ".git"
    dest = tmp_path / "out" / "src"
    assert extract(gdir, commit, dest) == []
    assert (dest / "sections" / "intro.tex").read_text(encoding="utf-8") == "Hello.\n"
    write_stubs(dest, ["custom.sty"])
    assert (dest / "custom.sty").read_text(encoding="utf-8").splitlines()[1] == "\\ProvidesPackage{custom}[stand-in]"
    assert git_dir(tmp_path / "mirrors", "nobody/else") is None


def test_manifest_shape() -> None:
    papers = load_manifest(MANIFEST)
    assert len(papers) >= 40 and len({p["id"] for p in papers}) == len(papers)
    classes = {p["class"] for p in papers}
    assert len(classes) >= 8
    for name in classes:
        assert sum(p["class"] == name and p["part"] == "test" for p in papers) >= 3
    assert all(len(p["commit"]) == 40 and p["licence"] and p["main"].endswith(".tex") for p in papers)
    reserved = ("deepsphere", "setmargin", "axelrod", "nymphalidae", "disapere", "scitldr", "jfleg", "easse",
                "goldstandard")
    assert not [p["repo"] for p in papers if any(r in p["repo"].lower() for r in reserved)]
    assert json.loads(MANIFEST.read_text(encoding="utf-8"))["description"]
