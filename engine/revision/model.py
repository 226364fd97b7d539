"""Edits between two versions of a paper, and the ``RevisionDiff`` that holds them."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from engine.document.model import Document


class EditType(str, Enum):
    UNCHANGED = "unchanged"
    MINOR = "minor"
    MAJOR = "major"
    ADDED = "added"
    DELETED = "deleted"
    MOVED = "moved"


#: Order in which counts are listed.
EDIT_TYPES = tuple(EditType)


class Flag:
    """Extra facts about an edit, kept in ``Edit.flags``."""

    ALSO_CHANGED = "also_changed"  # a moved paragraph whose text was edited too
    SPLIT = "split"  # one old paragraph became several new ones
    MERGED = "merged"  # several old paragraphs became one new one
    SECTION_MOVED = "section_moved"  # part of a section that moved as a whole
    NOISE = "noise"  # extraction debris (figure labels, glyphs, a heading matched to itself): no edit at all


@dataclass(frozen=True)
class DiffSpan:
    """One run of a word diff. For ``equal`` runs, ``old`` holds the old wording
    when it differs only in what comparison ignores (a citation marker)."""

    op: str  # "equal", "insert" or "delete"
    text: str
    old: str | None = None

    def to_dict(self) -> dict[str, str]:
        out = {"op": self.op, "text": self.text}
        if self.old is not None:
            out["old"] = self.old
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "DiffSpan":
        return cls(data["op"], data["text"], data.get("old"))


@dataclass(frozen=True)
class Edit:
    id: str
    type: EditType
    source_ids: tuple[str, ...]
    target_ids: tuple[str, ...]
    source_text: str
    target_text: str
    section: str
    diff: tuple[DiffSpan, ...] = ()
    flags: tuple[str, ...] = ()
    #: Bigram similarity of the two sides (0 for additions and deletions).
    similarity: float = 0.0
    #: Words changed: the larger of words deleted and words inserted.
    changed_tokens: int = 0

    @property
    def changed(self) -> bool:
        return self.type is not EditType.UNCHANGED

    @property
    def text_changed(self) -> bool:
        """True when the wording changed (a pure move or an unchanged paragraph is not)."""
        if Flag.NOISE in self.flags:
            return False
        if self.type is EditType.MOVED:
            return Flag.ALSO_CHANGED in self.flags
        return self.type is not EditType.UNCHANGED

    def changed_words(self) -> tuple[str, str]:
        """The words this edit deleted and inserted (all of one side for an added or deleted unit)."""
        if not self.diff:
            return self.source_text, self.target_text
        old = " ".join(s.text for s in self.diff if s.op == "delete")
        new = " ".join(s.text for s in self.diff if s.op == "insert")
        return old, new

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "type": self.type.value,
            "source_ids": list(self.source_ids),
            "target_ids": list(self.target_ids),
            "source_text": self.source_text,
            "target_text": self.target_text,
            "section": self.section,
            "diff": [s.to_dict() for s in self.diff],
            "flags": list(self.flags),
            "similarity": self.similarity,
            "changed_tokens": self.changed_tokens,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Edit":
        return cls(
            id=data["id"],
            type=EditType(data["type"]),
            source_ids=tuple(data.get("source_ids", ())),
            target_ids=tuple(data.get("target_ids", ())),
            source_text=data.get("source_text", ""),
            target_text=data.get("target_text", ""),
            section=data.get("section", ""),
            diff=tuple(DiffSpan.from_dict(s) for s in data.get("diff", ())),
            flags=tuple(data.get("flags", ())),
            similarity=float(data.get("similarity", 0.0)),
            changed_tokens=int(data.get("changed_tokens", 0)),
        )


@dataclass(frozen=True)
class SectionMove:
    """A section whose paragraphs moved together to another place."""

    section: str
    edit_ids: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"section": self.section, "edit_ids": list(self.edit_ids)}


def edit_id(index: int) -> str:
    """Id of the ``index``-th (0-based) edit: ``e0001``."""
    return f"e{index + 1:04d}"


@dataclass
class RevisionDiff:
    """Every paragraph of two versions, paired into edits in the new version's order."""

    old: Document
    new: Document
    edits: list[Edit] = field(default_factory=list)
    section_moves: list[SectionMove] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._by_id = {e.id: e for e in self.edits}
        self._by_source = {pid: e for e in self.edits for pid in e.source_ids}
        self._by_target = {pid: e for e in self.edits for pid in e.target_ids}

    @property
    def counts(self) -> dict[str, int]:
        """Number of edits of each type, every type listed."""
        out = {t.value: 0 for t in EDIT_TYPES}
        for e in self.edits:
            out[e.type.value] += 1
        return out

    @property
    def has_changes(self) -> bool:
        return any(e.changed for e in self.edits)

    def changed_edits(self) -> list[Edit]:
        """Changed edits, extraction noise (``Flag.NOISE``) left out."""
        return [e for e in self.edits if e.changed and Flag.NOISE not in e.flags]

    def edit(self, edit_id: str) -> Edit:
        try:
            return self._by_id[edit_id]
        except KeyError:
            raise KeyError(edit_id) from None

    def by_source_paragraph(self, paragraph_id: str) -> Edit | None:
        """The edit holding the old paragraph ``paragraph_id``, if it was compared."""
        return self._by_source.get(paragraph_id)

    def by_target_paragraph(self, paragraph_id: str) -> Edit | None:
        """The edit holding the new paragraph ``paragraph_id``, if it was compared."""
        return self._by_target.get(paragraph_id)

    def summary(self) -> str:
        """One line: ``212 paragraphs: 180 unchanged, 15 minor, ...``."""
        if not self.has_changes:
            return f"{len(self.edits)} paragraphs: no changes"
        parts = [f"{n} {t}" for t, n in self.counts.items() if n or t == "unchanged"]
        line = f"{len(self.edits)} paragraphs: " + ", ".join(parts)
        if self.section_moves:
            line += f"; {len(self.section_moves)} section(s) moved"
        return line

    def to_dict(self, *, include_documents: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "counts": self.counts,
            "summary": self.summary(),
            "edits": [e.to_dict() for e in self.edits],
            "section_moves": [m.to_dict() for m in self.section_moves],
        }
        if include_documents:
            out["old"] = self.old.to_dict()
            out["new"] = self.new.to_dict()
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RevisionDiff":
        return cls(
            old=Document.from_dict(data.get("old", {})),
            new=Document.from_dict(data.get("new", {})),
            edits=[Edit.from_dict(e) for e in data.get("edits", [])],
            section_moves=[
                SectionMove(m["section"], tuple(m["edit_ids"])) for m in data.get("section_moves", [])
            ],
        )
