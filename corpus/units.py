"""The edits of a built revision, as Redraft's own LaTeX reader and revision differ make them.

Edits are paragraph units of the LaTeX body (``\\input`` files inlined, floats' captions, headings and
the abstract as their own units: ``engine.document.latex``), paired by ``engine.revision.diff_documents``;
the candidates are the edits whose wording changed (``engine.align.base.candidate_edits``). A label names
an edit by a stable id: the engine's id plus a hash of both sides' text, which a rebuild reproduces.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from corpus.letters import span_hash
from engine.align.base import candidate_edits
from engine.document import load_document
from engine.revision import Edit, RevisionDiff, diff_documents


@dataclass
class BuiltRevision:
    id: str
    folder: Path
    old: Path
    new: Path
    diff: RevisionDiff
    edits: list[Edit]


def edit_key(e: Edit) -> str:
    """Stable id of an edit: ``<engine id>:<hash of old and new text>``."""
    return f"{e.id}:{span_hash(e.source_text + ' || ' + e.target_text)}"


def load_built(cache: Path, entry: dict) -> BuiltRevision:
    folder = Path(cache) / entry["id"]
    old = folder / "submitted" / entry["submitted"]["main"]
    new = folder / "revised" / entry["revised"]["main"]
    for f in (old, new):
        if not f.exists():
            raise FileNotFoundError(f"{f} is not built (python -m corpus.build_revisions --only {entry['id']})")
    diff = diff_documents(load_document(old), load_document(new))
    return BuiltRevision(entry["id"], folder, old, new, diff, candidate_edits(diff))
