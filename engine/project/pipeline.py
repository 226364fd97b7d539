"""Building a project: load the documents, read the reviews, extract the
comments, find where each applies in the draft, compare the versions, align
comments to edits.

``build_project`` is a job generator (``Progress`` records, a ``CancelToken``
checked between and inside stages). Each stage is stored as soon as it is
done, in its own transaction, so a cancel or a crash keeps what was finished.
``build_project_file`` builds a new file that gets its final name only when
the build succeeds (a partial one is kept, named as such, only when asked).
"""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path
from typing import Any

from engine.align.config import DEFAULT_METHOD, needs_encoder
from engine.document.model import Document
from engine.errors import InputError
from engine.inputs import review_suffixes
from engine.jobs import Cancelled, CancelToken, Job, Progress
from engine.project.model import Project
from engine.project.schema import SUFFIX
from engine.project.store import ProjectStore
from engine.project.sources import same_file, same_text, versions_refused
from engine.reviews.guard import check_not_paper, check_not_response
from engine.reviews.repeats import drop_repeats
from engine.reviews.model import Review

#: The best aligner that needs no LLM on the cgo18 gold (configured thresholds, micro-F1 34.0 vs
#: BM25 33.9, macro-F1 34.2 vs 29.4, recall 36.1 vs 28.9; see docs/gold-cgo18.md).
DEFAULT_ALIGNER = DEFAULT_METHOD  # one default for the CLI and the app (engine/align/config.py)

# Share of the progress bar each stage takes.
_WEIGHTS = {"old": 10, "new": 10, "reviews": 3, "comments": 2, "locate": 10, "diff": 25, "align": 40}


def reviews_source(reviews: str | Path) -> tuple[Path | None, str]:
    """``(path, "")`` when ``reviews`` names a file, ``(None, text)`` for pasted text."""
    if isinstance(reviews, Path):
        return reviews.expanduser(), ""
    one_line = "\n" not in reviews and len(reviews) < 1024
    if one_line and reviews.strip():
        candidate = Path(reviews.strip()).expanduser()
        if candidate.is_file():
            return candidate.resolve(), ""
        if candidate.is_dir():  # a folder named as the reviews, not pasted text
            from engine.reviews.load import folder_message

            raise InputError(folder_message(candidate))
        if candidate.suffix.lower() in review_suffixes():  # a string ending in one of these is taken for a path
            raise InputError(f"no such file: {candidate}")
    return None, reviews


class _Bar:
    """Maps the progress of each stage onto one 0..total bar."""

    def __init__(self, stages: list[str]) -> None:
        self.stages = stages
        self.total = sum(_WEIGHTS[s] for s in stages)

    def at(self, stage: str, fraction: float, label: str) -> Progress:
        start = sum(_WEIGHTS[s] for s in self.stages[: self.stages.index(stage)])
        done = start + round(_WEIGHTS[stage] * min(max(fraction, 0.0), 1.0))
        return Progress(done, self.total, label)

    def forward(self, stage: str, job: Generator[Progress, None, Any], label: str) -> Generator[Progress, None, Any]:
        """Run a sub-job, re-yielding its progress inside ``stage``'s share (never going back)."""
        furthest = 0.0
        while True:
            try:
                p = next(job)
            except StopIteration as stop:
                return stop.value
            furthest = max(furthest, p.fraction)
            yield self.at(stage, furthest, f"{label}: {p.label}" if p.label else label)


def build_project(
    store: ProjectStore,
    old_path: str | Path | Document,
    new_path: str | Path | Document | None = None,
    reviews: str | Path | list[Review] = "",
    *,
    aligner: str = DEFAULT_ALIGNER,
    cancel: CancelToken | None = None,
    encoder: Any = None,
    generator: Any = None,
    old_password: str | None = None,
    new_password: str | None = None,
    force: bool = False,
    response: str | Path | None = None,
) -> Job[Project]:
    """Fill ``store`` from the files; yields ``Progress``, returns the loaded ``Project``.

    ``reviews`` is a file path or pasted review text. Without ``new_path`` there is
    no diff and no alignment (comments show as "unknown"). A new round
    (``engine.project.rounds``) passes the documents and reviews it keeps as
    they are stored (a ``Document``, a list of ``Review``): not read again. Reviews that read as a paper or like
    an author response are refused (``LooksLikePaper``, ``LooksLikeResponse``, before any document is read), and
    a draft and a revised version with the same content (``SameVersions``: the same file before either is read,
    the same text once both are), unless ``force``; a review given more than once is kept once (``drop_repeats``).
    ``response``: the authors' response letter (a file), read before any document and kept in the project; the
    ``learned`` aligner's statuses then read it (``engine.project.response``).
    """
    from engine.align import make_aligner
    from engine.align.localize import encoder_record, locate
    from engine.document import load_document
    from engine.project.corrections import apply_corrections
    from engine.project.response import check_letter, letter_use, read_response, save_response
    from engine.project.sources import fingerprint
    from engine.reviews import extract_comments, load_reviews, parse_reviews
    from engine.revision.compare import iter_diff

    cancel = cancel or CancelToken()
    if not isinstance(old_path, Document):
        old_path = Path(old_path).expanduser().resolve()
    if new_path and not isinstance(new_path, Document):
        new_path = Path(new_path).expanduser().resolve()
    if not reviews or not isinstance(reviews, list) and not str(reviews).strip():
        raise InputError("no reviews given (a file or pasted text)")
    review_file, review_text = (None, "") if isinstance(reviews, list) else reviews_source(reviews)
    found = reviews if isinstance(reviews, list) else (
        load_reviews(review_file) if review_file else parse_reviews(review_text))  # stored at its stage below
    if not isinstance(reviews, list):  # a round's stored reviews were read and checked when they were new
        found, _ = drop_repeats(found)  # a review given twice is kept once; the notice stays on the reviews
        if not force:
            check_not_paper(found)
            check_not_response(found)
    letter = read_response(response) if response else None  # a file that is no letter: one line, nothing read
    if letter is not None:  # the reviews, the draft or the revised file given as the letter: one line
        check_letter(response, letter[1], [r.text for r in found],
                     {"the draft": old_path, "the revised version": new_path, "the reviews": review_file}, force)
        letter[1].know_reviews(r.text for r in found)  # its answers open on the authors' words
    # the same version twice: two files compared before either is read, two texts once both are (two stored, no)
    compare = bool(new_path) and not force and not (isinstance(old_path, Document) and isinstance(new_path, Document))
    if compare and not isinstance(old_path, Document) and not isinstance(new_path, Document) \
            and (line := same_file(old_path, new_path)):
        raise versions_refused(line)
    if encoder is None and needs_encoder(aligner):  # one encoder for locating and aligning: one cache, one load
        from engine.models.factory import open_model

        encoder = open_model("encoder")
    align_with = make_aligner(aligner, encoder=encoder, generator=generator) if new_path else None
    # its models load on a thread while the documents are read (a first run builds the encoders' graphs)
    loading = align_with.preload() if align_with is not None and hasattr(align_with, "preload") else None
    stages = ["old", "new", "reviews", "comments", "locate", "diff", "align"] if new_path else [
        "old", "reviews", "comments", "locate"]
    bar = _Bar(stages)

    try:
        yield bar.at("old", 0, "loading the draft")
        # a path is fingerprinted as read (a stored Document, in a round, keeps the fingerprint it has)
        read = {} if isinstance(old_path, Document) else {"old": fingerprint(old_path)}
        old = old_path if isinstance(old_path, Document) else load_document(old_path, password=old_password)
        store.save_documents(old, None, old_path=old.source_path if isinstance(old_path, Document) else str(old_path),
                             sources=read)
        cancel.check()
        new = None
        if new_path:
            yield bar.at("new", 0, "loading the revised version")
            read = {} if isinstance(new_path, Document) else {"new": fingerprint(new_path)}
            new = new_path if isinstance(new_path, Document) else load_document(new_path, password=new_password)
            if compare and (line := same_text(old, new)):
                raise versions_refused(line)
            store.save_documents(None, new, sources=read, new_path=new.source_path if isinstance(
                new_path, Document) else str(new_path))
            cancel.check()
    except Exception as err:  # a draft that cannot be read fails at once: the encoders' thread ends first, or the
        if loading is not None and not isinstance(err, Cancelled):  # process exits while ONNX Runtime loads and
            loading.join()  # aborts ("terminate called without an active exception", exit 134, not 2)
        raise

    yield bar.at("reviews", 0, "reading the reviews")
    if not isinstance(reviews, list):  # a round's are stored already
        store.save_reviews(found, str(review_file or ""))
    cancel.check()

    yield bar.at("comments", 0, "extracting comments")
    comments, _ = apply_corrections(extract_comments(found), store.corrections())  # the author's fixes again
    store.save_comments(comments)
    if letter is not None:  # read by the statuses only when it quotes enough of these points (``letter_use``)
        use = letter_use(letter[1], comments, reads=hasattr(align_with, "letter"))
        if use["read"]:
            align_with.letter = letter[1]
        save_response(store, *letter, use)
    cancel.check()

    yield bar.at("locate", 0, "finding where each comment applies in the draft")
    fell_back: list[str] = []  # the encoder failed to load: located by words alone, and the project says why
    store.save_locations(locate(comments, old, encoder, cancel, fell_back), encoder_record(encoder, fell_back))
    cancel.check()

    if new is not None and align_with is not None:
        yield bar.at("diff", 0, "comparing the versions")
        diff = yield from bar.forward("diff", iter_diff(old, new, cancel=cancel), "comparing the versions")
        store.save_diff(diff)
        cancel.check()

        yield bar.at("align", 0, f"aligning comments ({align_with.name})")
        alignments = yield from bar.forward(
            "align", align_with.iter_align(comments, diff, cancel), f"aligning comments ({align_with.name})")
        cancel.check()
        store.save_alignments(alignments, align_with.name)

    yield Progress(bar.total, bar.total, "done")
    return store.load()


#: Characters no file name may hold on Windows, macOS or Linux (with the control characters).
_NOT_IN_FILE_NAMES = set('<>:"/\\|?*')
#: Names Windows keeps for devices, with any suffix ("CON.redraft" cannot be made there).
#: Characters of a name kept in its file name (a file name holds 255 bytes; an accent takes two).
MAX_NAME = 100
_WINDOWS_DEVICES = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))}


def default_project_path(name: str) -> Path:
    """``app_paths().projects / "<name>.redraft"``, the name as typed but for the characters no file name may hold
    (``_NOT_IN_FILE_NAMES``, controls), each an underscore; a name's dashes, quotes, brackets and accents stay (a
    new-user trial's "Révision EJC — app" was saved as "Révision EJC _ app", session 24)."""
    from engine.paths import app_paths

    safe = "".join("_" if ch in _NOT_IN_FILE_NAMES or ord(ch) < 32 or ch == "\x7f" else ch for ch in name)
    safe = " ".join(safe.split())[:MAX_NAME].strip(" .") or "project"
    if safe.split(".")[0].lower() in _WINDOWS_DEVICES:
        safe = f"{safe}_"
    return app_paths().projects / f"{safe}{SUFFIX}"


def partial_path(path: Path) -> Path:
    """Where a failed or cancelled build is kept when asked: ``paper (partial).redraft``."""
    return path.with_name(f"{path.stem} (partial){path.suffix}")


def building_path(path: Path) -> Path:
    """The hidden file a build writes before it is renamed to ``path``."""
    return path.with_name(f".{path.name}.building")


def build_project_file(
    path: str | Path, name: str, old_path: str | Path, new_path: str | Path | None, reviews: str | Path, *,
    overwrite: bool = False, keep_partial: bool = False, **options: Any,
) -> Job[Path]:
    """``build_project`` into a file that takes its name ``path`` only when the build succeeds.

    A failed or cancelled build leaves no file, unless ``keep_partial``: then what was
    finished is kept as ``partial_path(path)`` (when it got as far as the comments).
    Returns the path of the finished project (closed: open it with a ``ProjectSession``).
    """
    project = yield from build_and_load(path, name, old_path, new_path, reviews, overwrite=overwrite,
                                        keep_partial=keep_partial, **options)
    return project.path


def build_and_load(
    path: str | Path, name: str, old_path: str | Path, new_path: str | Path | None, reviews: str | Path, *,
    overwrite: bool = False, keep_partial: bool = False, meta: dict[str, Any] | None = None, **options: Any,
) -> Job[Project]:
    """``build_project_file``, returning the project the build loaded (its ``path`` the finished file's): a
    ``ProjectSession.open(path, project)`` does not read it again. ``meta``: rows written with the build (the git
    history's commits, ``engine.project.git_build``), in the file before it takes its name."""
    import json
    import os

    path = Path(path).expanduser()
    if path.exists() and not overwrite:
        raise InputError(f"{path} already exists")
    tmp = building_path(path)
    try:  # a folder that cannot be written is said before anything is read
        tmp.parent.mkdir(parents=True, exist_ok=True)
        tmp.touch()
    except OSError as err:
        raise InputError(f"cannot write {path}: {err.strerror or err}") from None
    store = ProjectStore.create(tmp, name, overwrite=True)
    done = False
    try:
        if meta:
            with store.transaction() as conn:
                conn.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                                 [(k, json.dumps(v, ensure_ascii=False)) for k, v in meta.items()])
        project = yield from build_project(store, old_path, new_path, reviews, **options)
        done = True
    finally:
        kept = False
        if not done and keep_partial:
            try:
                kept = "comments" in store.load().stages
            except InputError:
                kept = False
        store.close()
        if done or kept:
            os.replace(tmp, path if done else partial_path(path))
        else:
            for extra in (tmp, tmp.with_name(tmp.name + "-wal"), tmp.with_name(tmp.name + "-shm")):
                extra.unlink(missing_ok=True)
    project.path = path
    return project
