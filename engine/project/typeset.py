"""Where a LaTeX version's paragraphs are on the PDF typeset from it, for the app's PDF panes.

A LaTeX version has no boxes on any page. Its paragraphs are matched to the typeset PDF's paragraphs by their
words, the mapping the marked-up export uses (``engine.project.marked_source.typeset_matcher``), once per version:
``engine.project.work.typeset_job`` computes it on a worker (cancellable between paragraphs) and stores it through
the session, in the project file's ``meta`` row ``typeset.ROLE``, keyed by the version's paragraphs and the PDF's
bytes; opening the project again reads it back (``cached_typeset``) instead of reading the PDF again.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.document.model import Document, ParagraphKind, Region
from engine.jobs import CancelToken, Job, Progress

if TYPE_CHECKING:
    from engine.project.model import Project

#: Below this share of the version's body paragraphs placed on the pages, the pages highlight nothing.
MIN_FOUND = 0.5
ROLES = ("old", "new")


@dataclass(frozen=True)
class TypesetRegions:
    """Where one version's paragraphs are on the pages of its typeset PDF (1-based pages, PDF points)."""

    role: str
    #: The version's paragraphs and the PDF's bytes, hashed: a cached mapping is used only for the same pair.
    key: str
    pdf: str
    regions: dict[str, tuple[Region, ...]] = field(default_factory=dict)
    #: Body paragraphs in the version, and how many of them were placed.
    body: int = 0
    placed: int = 0

    @property
    def enough(self) -> bool:
        return self.body > 0 and self.placed >= MIN_FOUND * self.body

    def of(self, paragraph_id: str) -> list[Region]:
        """The paragraph's places on the pages; none when too little of the version was placed to trust them."""
        return list(self.regions.get(paragraph_id, ())) if self.enough else []

    def note(self) -> str:
        """What the pane says of its highlights."""
        if self.enough:
            return f"changes highlighted: {self.placed} of {self.body} body paragraphs found on its pages"
        return (f"changes not highlighted: only {self.placed} of {self.body} body paragraphs of the LaTeX "
                "were found on its pages")

    def to_dict(self) -> dict[str, Any]:
        return {"role": self.role, "key": self.key, "pdf": self.pdf, "body": self.body, "placed": self.placed,
                "regions": {pid: [[r.page, *r.bbox] for r in rs] for pid, rs in self.regions.items()}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TypesetRegions:
        regions = {pid: tuple(Region(int(r[0]), tuple(float(v) for v in r[1:5])) for r in rs)
                   for pid, rs in data["regions"].items()}
        return cls(data["role"], data["key"], data["pdf"], regions, int(data["body"]), int(data["placed"]))


def version(project: Any, role: str) -> Document | None:
    """The project's version in ``role`` (``old``: the draft, ``new``: the revision) when its pages are a PDF's
    beside it (LaTeX, Word, Markdown: ``marked_source.BESIDE_FORMATS``), or None."""
    from engine.project.marked_source import BESIDE_FORMATS

    doc = project.old if role == "old" else project.new
    return doc if doc is not None and doc.source_format in BESIDE_FORMATS else None


def typeset_key(document: Document, pdf: str | Path) -> str:
    """The version's paragraphs and the PDF's bytes, hashed."""
    digest = hashlib.sha256()
    for p in document.paragraphs:
        digest.update(f"{p.id}\x00{p.text}\x01".encode())
    with open(pdf, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def find_regions(document: Document, pdf: str | Path, role: str, key: str,
                 cancel: CancelToken | None = None) -> Job[TypesetRegions]:
    """Each paragraph of ``document`` matched on ``pdf``'s pages (a job: progress, cancel between paragraphs)."""
    from engine.project.marked_source import typeset_matcher

    cancel = cancel or CancelToken()
    paragraphs = list(document.paragraphs)
    label = f"finding the {'draft' if role == 'old' else 'revision'}'s paragraphs on {Path(pdf).name}"
    yield Progress(0, len(paragraphs), label)
    match = typeset_matcher(Path(pdf))
    regions: dict[str, tuple[Region, ...]] = {}
    for n, para in enumerate(paragraphs):
        if n % 16 == 0:
            cancel.check()
            yield Progress(n, len(paragraphs), label)
        found = match(para)
        if found:
            regions[para.id] = tuple(found)
    body = [p.id for p in paragraphs if p.kind == ParagraphKind.BODY]
    return TypesetRegions(role, key, str(pdf), regions, len(body), sum(1 for pid in body if pid in regions))


def _meta_key(role: str) -> str:
    return f"typeset.{role}"


@contextmanager
def _connect(project: Project) -> Iterator[sqlite3.Connection]:
    """A connection of its own to the project file: the mapping is derived from the versions, not the author's
    work, so keeping it leaves the file's ``modified`` alone (a round built meanwhile is still taken)."""
    conn = sqlite3.connect(project.path, timeout=10)
    try:
        with conn:
            yield conn
    finally:
        conn.close()


def cached_typeset(project: Project, role: str, key: str) -> TypesetRegions | None:
    """The mapping kept in the project file for this version and PDF (``key``), now the project's; None if none."""
    with _connect(project) as conn:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (_meta_key(role),)).fetchone()
    if row is None:
        return None
    try:
        found = TypesetRegions.from_dict(json.loads(row[0]))
    except (ValueError, KeyError, TypeError, IndexError):
        return None  # unreadable: found again
    if found.key != key:
        return None
    project.typeset[role] = found
    return found


def save_typeset(project: Project, found: TypesetRegions) -> None:
    """Keep ``found`` in the project file (one transaction) and on the project."""
    with _connect(project) as conn:  # commits, or rolls back on an error
        conn.execute("INSERT INTO meta VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                     (_meta_key(found.role), json.dumps(found.to_dict())))
    project.typeset[found.role] = found

