"""Reading fetched snapshots: the git directory of ``owner/name`` under the mirrors folder, files at a commit."""

from __future__ import annotations

import subprocess
from pathlib import Path

from corpus.letters import Reviews, cut_response, locate_points, reviews_from_file, reviews_from_files, reviews_from_points


class SourceError(RuntimeError):
    pass


def git_dir(mirrors: Path, repository: str) -> Path:
    """``mirrors/owner+name/repo`` (bare) or ``.../repo/.git``, as ``fetch`` leaves them."""
    base = Path(mirrors) / repository.replace("/", "+") / "repo"
    for d in (base / ".git", base):
        if (d / "HEAD").exists() or (d / "objects").is_dir():
            return d
    raise SourceError(f"no snapshot of {repository} under {mirrors} (fetch it first)")


def git(gdir: Path, *args: str) -> bytes:
    out = subprocess.run(["git", f"--git-dir={gdir}", *args], capture_output=True)
    if out.returncode:
        raise SourceError(f"git {' '.join(args[:2])} failed in {gdir}: {out.stderr.decode(errors='replace').strip()[:200]}")
    return out.stdout


def show(gdir: Path, commit: str, path: str) -> str:
    return git(gdir, "show", f"{commit}:{path}").decode("utf-8", errors="replace")


def archive(gdir: Path, commit: str, dest: Path, leave_out) -> tuple[list[str], list[str]]:
    """The tree at ``commit`` written to ``dest``, file by file: (paths left out by ``leave_out``, paths whose
    content the snapshot lacks, e.g. files of 4 MiB and more)."""
    listing = git(gdir, "ls-tree", "-r", "-z", commit).decode("utf-8", errors="replace").split("\0")
    blobs = []
    for row in filter(None, listing):
        meta, path = row.split("\t", 1)
        mode, kind, sha = meta.split()
        if kind == "blob" and mode != "120000":
            blobs.append((path, sha))
    left = [p for p, _ in blobs if leave_out(p)]
    wanted = [(p, sha) for p, sha in blobs if not leave_out(p)]
    proc = subprocess.run(["git", f"--git-dir={gdir}", "cat-file", "--batch"], capture_output=True,
                          input="".join(f"{sha}\n" for _, sha in wanted).encode())
    out, pos, missing = proc.stdout, 0, []
    for path, sha in wanted:
        end = out.index(b"\n", pos)
        header = out[pos:end].decode()
        pos = end + 1
        if header.endswith("missing"):
            missing.append(path)
            continue
        size = int(header.split()[2])
        data, pos = out[pos:pos + size], pos + size + 1
        target = dest / path
        if ".." in Path(path).parts:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return left, missing


def response_files(resp: dict) -> list[str]:
    """The letter's files in reading order: ``file``, then ``more_files`` (a letter split over files, one per
    referee)."""
    return [resp["file"], *resp.get("more_files", [])]


def response_text(gdir: Path, resp: dict) -> str:
    """The whole letter at its commit: its files joined in order, a blank line between them."""
    return "\n\n".join(show(gdir, resp["commit"], f) for f in response_files(resp))


def letter(entry: dict, gdir: Path) -> Reviews:
    """reviews.md and the response's points for one manifest entry."""
    resp = entry["response"]
    points = [] if resp.get("quotes") is False else cut_response(response_text(gdir, resp), resp)
    rv = entry["reviews"]
    if rv["source"] == "file":
        if isinstance(rv["file"], list):  # one file per reviewer
            reviews = reviews_from_files([show(gdir, rv["commit"], f) for f in rv["file"]], rv)
        else:
            reviews = reviews_from_file(show(gdir, rv["commit"], rv["file"]), rv)
        locate_points(reviews, points)
        reviews.points = points
    else:
        reviews = reviews_from_points(points)
    return reviews
