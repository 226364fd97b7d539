"""One call on a lent GPU machine for both fine-tunings that wait for one (issues 32 and 33), under its 64 MiB.

    .venv/bin/python -m bench.gpu_bundle prep [.gpu]      # here: both jobs' inputs, the shared layers split out
    .venv/bin/python -m bench.gpu_bundle untrack           # here, just before the call: the big tracked files stay
    # device run, carry [".gpu"]:  bash bench/gpu_session.sh
    .venv/bin/python -m bench.gpu_bundle retrack           # here, at once after the call

The two jobs (written down before session 28's call, which was refused: no machine was lent; docs/figures-align.md
"Session 28: the tuned encoder refolded on the 86 training revisions" and docs/comments.md "Session 28, GPU"):
``align`` (``bench.align_encoder_gpu_prep``/``align_encoder_gpu``, variant ``section``, the training part's revisions)
and ``ctx`` (``bench.crossfit_encoder_gpu_prep``/``crossfit_encoder_gpu``, ``ctx2`` beside ``base``). Each prep
writes all-MiniLM-L6-v2 as float16 with its own cut word-embedding table (``weights.safetensors``, about 26–31 MB);
every other tensor is the same in both, so ``prep`` keeps each job's word embeddings (``emb.safetensors``) and one
``shared/layers.safetensors`` (21 MB): 39 MB for both jobs where 58 MB would not travel beside the repository.
``assemble`` (on the machine, numpy and safetensors only) puts each job's ``weights.safetensors`` back together.

Session 31's call (placement's second stage out of fold, docs/suggest.md) runs the ``align`` job alone, its drafts'
paragraphs with it, so its weights travel whole:

    .venv/bin/python -m bench.gpu_bundle prep-place [.gpu] [--only ID ...]   # here: the align job's inputs alone
    .venv/bin/python -m bench.gpu_bundle untrack
    .venv/bin/python -m bench.gpu_bundle size [.gpu]     # what would travel, against the 64 MiB (exit 2 if over)
    # device run, carry [".gpu"], timeout_s 600:  bash bench/gpu_place.sh
    .venv/bin/python -m bench.gpu_bundle retrack

The repository travels too (54 MB tracked, of which the comment encoder's ONNX, the tuned layers and the
screenshots are 39 MB that neither job reads): ``untrack`` takes them out of the index for the call (the files stay
on disk, ignored through ``.git/info/exclude``) and ``retrack`` puts them back; commit nothing in between.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
JOBS = ("align", "ctx")
WORD = "embeddings.word_embeddings.weight"
#: Tracked files neither job reads, kept off the call (the ONNX comment encoder, the tuned layers, the screenshots).
OFF_THE_CALL = ("resources/models/comments/encoder.onnx", "resources/models/align/tuned-layers.safetensors",
                "docs/screenshots")
_MARK = "# bench.gpu_bundle untrack\n"


def split(folder: Path, jobs=JOBS) -> int:
    """Each job's ``weights.safetensors`` → its ``emb.safetensors`` + one ``shared/layers.safetensors``; the tensors
    shared must be equal in every job (an error if not). Returns the number of shared tensors."""
    import numpy as np
    from safetensors.numpy import load_file, save_file

    shared = None
    for job in jobs:
        w = load_file(str(folder / job / "weights.safetensors"))
        emb = {WORD: w.pop(WORD)}
        if shared is None:
            shared = w
        elif shared.keys() != w.keys() or any(not np.array_equal(shared[k], w[k]) for k in w):
            raise ValueError(f"{job}: its layers differ from {jobs[0]}'s; the jobs cannot share them")
        save_file(emb, str(folder / job / "emb.safetensors"))
        (folder / job / "weights.safetensors").unlink()
    (folder / "shared").mkdir(exist_ok=True)
    save_file(shared, str(folder / "shared" / "layers.safetensors"))
    return len(shared)


def assemble(folder: Path, jobs=JOBS) -> None:
    """On the machine: each job's ``weights.safetensors`` from the shared layers and its own word embeddings."""
    from safetensors.numpy import load_file, save_file

    shared = load_file(str(folder / "shared" / "layers.safetensors"))
    for job in jobs:
        save_file(shared | load_file(str(folder / job / "emb.safetensors")), str(folder / job / "weights.safetensors"))


def _git(*args: str) -> None:
    subprocess.run(["git", "-C", str(REPO), *args], check=True)


def untrack() -> None:
    exclude = REPO / ".git" / "info" / "exclude"
    text = exclude.read_text() if exclude.exists() else ""
    if _MARK not in text:
        exclude.write_text(text + _MARK + "".join(f"/{p}\n" for p in OFF_THE_CALL) + _MARK)
    _git("rm", "-r", "-q", "--cached", *OFF_THE_CALL)


def retrack() -> None:
    _git("reset", "-q", "--", *OFF_THE_CALL)
    exclude = REPO / ".git" / "info" / "exclude"
    parts = exclude.read_text().split(_MARK)
    if len(parts) == 3:
        exclude.write_text(parts[0] + parts[2])


def _ignore(folder: Path) -> None:
    exclude = REPO / ".git" / "info" / "exclude"
    if folder.resolve() == (REPO / ".gpu").resolve() and "/.gpu/" not in (exclude.read_text() if exclude.exists() else ""):
        exclude.parent.mkdir(parents=True, exist_ok=True)
        with exclude.open("a") as f:
            f.write("/.gpu/\n")  # ignored here, so it travels only as the call's carry


def prep(folder: Path) -> None:
    from bench import align_encoder_gpu_prep, crossfit_encoder_gpu_prep

    _ignore(folder)
    align_encoder_gpu_prep.main([str(folder / "align")])
    disapere = REPO.parent / "shared" / "data" / "disapere" / "train.jsonl"
    crossfit_encoder_gpu_prep.main([str(disapere), str(folder / "ctx")])
    print(f"{split(folder)} shared tensors in {folder / 'shared'}")


def prep_place(folder: Path, only: list[str] | None = None) -> None:
    """Session 31's call: the ``align`` job's inputs alone (``weights.safetensors`` whole), with the drafts'
    paragraphs (``align_encoder_gpu_prep``'s ``place``); ``only``: a few training revisions (a test)."""
    from bench import align_encoder_gpu_prep

    others = sorted(p.name for p in folder.iterdir() if p.name != "align") if folder.is_dir() else []
    if others:
        raise SystemExit(f"error: {folder} holds {', '.join(others)} besides align/, which would travel too: "
                         "remove them first")
    _ignore(folder)
    align_encoder_gpu_prep.main([str(folder / "align"), *(["--only", *only] if only else [])])


#: What a device call may carry: the working tree and the carried folder together.
LIMIT = 64 * 2**20


def carried(folder: Path) -> tuple[int, int]:
    """Bytes of the working tree that travels (tracked and untracked files git does not ignore) and of ``folder``."""
    listed = subprocess.run(["git", "-C", str(REPO), "ls-files", "-co", "--exclude-standard", "-z"], check=True,
                            capture_output=True).stdout.decode().split("\0")
    tree = sum((REPO / f).stat().st_size for f in listed if f and (REPO / f).is_file())
    extra = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) if folder.is_dir() else 0
    return tree, extra


def size(folder: Path) -> int:
    tree, extra = carried(folder)
    mib = lambda b: b / 2**20  # noqa: E731
    print(f"working tree {mib(tree):.1f} MiB + {folder.name} {mib(extra):.1f} MiB = {mib(tree + extra):.1f} MiB "
          f"of {mib(LIMIT):.0f} MiB")
    if tree + extra > LIMIT:
        print("error: over the device call's limit (untrack first, or carry less)", file=sys.stderr)
        return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    args = argv if argv is not None else sys.argv[1:]
    if not args or args[0] not in ("prep", "prep-place", "assemble", "untrack", "retrack", "size"):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    only = args[args.index("--only") + 1:] if "--only" in args else None
    rest = args[1:args.index("--only")] if "--only" in args else args[1:]
    folder = Path(rest[0]) if rest else REPO / ".gpu"
    if args[0] == "size":
        return size(folder)
    {"prep": lambda: prep(folder), "prep-place": lambda: prep_place(folder, only), "assemble": lambda: assemble(folder),
     "untrack": untrack, "retrack": retrack}[args[0]]()
    return 0


if __name__ == "__main__":
    sys.exit(main())
