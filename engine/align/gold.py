"""Labelled comment-edit alignments (the format ``redraft eval align`` reads).

``{"format": "redraft-align-gold", "version": 1, "papers": [{"id", "old", "new",
"comments": [{"id", "reviewer", "text", "edits": [{"id", "type",
"source_snippet", "target_snippet"}]}]}]}``. ``old``/``new`` are relative to
the shared data folder (``--data``, else ``REDRAFT_DATA``, else
``../shared/data`` beside the working directory). Gold edits are re-matched
by their snippets when the revision engine numbers edits differently.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, replace
from pathlib import Path

from engine.align.base import candidate_edits
from engine.document import load_document
from engine.document.pdf.assemble import NOTE_NUMBER
from engine.document.text import normalize_text
from engine.errors import InputError
from engine.revision import Edit, RevisionDiff, diff_documents
from engine.reviews.model import ReviewComment


@dataclass
class GoldPaper:
    id: str
    diff: RevisionDiff
    comments: list[ReviewComment]
    gold: dict[str, set[str]]
    notices: list[str] = field(default_factory=list)
    #: Revisions of one group are held out together when a model is fitted across papers (``engine.align.folds``):
    #: the corpus manifest's ``repository``; empty: the paper is its own group.
    group: str = ""


def data_folder(explicit: str | os.PathLike[str] | None = None) -> Path:
    if explicit:
        return Path(explicit).expanduser()
    env = os.environ.get("REDRAFT_DATA")
    return Path(env).expanduser() if env else Path.cwd().parent / "shared" / "data"


def _norm(text: str) -> str:
    return " ".join(text.split())


def _holds(e: Edit, src: str, tgt: str) -> bool:
    """``e`` holds both snippets (an empty one holds anywhere)."""
    return (not tgt or tgt in _norm(e.target_text)) and (not src or src in _norm(e.source_text))


def rematch(label: dict, edits: list[Edit]) -> str | None:
    """The id of the candidate edit a gold label points at: same id with matching text, else the snippet's edit."""
    # A snippet labelled on an older extraction may still hold a glyph today's extraction cleans (e.g. a
    # variation selector after a big sum) or a footnote's number glued to its first word ("1Reproducible …"):
    # normalised as the edits' text already is, once per label.
    src, tgt = (_norm(normalize_text(label.get(k, ""))) for k in ("source_snippet", "target_snippet"))
    if not any(_holds(e, src, tgt) for e in edits):  # written before footnotes lost their numbers
        src, tgt = (NOTE_NUMBER.sub("", x, count=1) for x in (src, tgt))

    def fits(e: Edit) -> bool:
        return _holds(e, src, tgt)

    for e in edits:
        if e.id == label.get("id") and fits(e):
            return e.id
    for e in edits:
        if fits(e):
            return e.id
    for e in edits:  # a split or merge changed one side: accept either snippet
        if (tgt and tgt in _norm(e.target_text)) or (src and src in _norm(e.source_text)):
            return e.id
    return None


def load_gold(path: str | os.PathLike[str], data: str | os.PathLike[str] | None = None) -> list[GoldPaper]:
    path = Path(path).expanduser()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"no such file: {path}") from None
    except json.JSONDecodeError as err:
        raise InputError(f"{path.name} is not valid JSON ({err.msg}, line {err.lineno})") from None
    return gold_papers(raw, data_folder(data), path.name)


def gold_papers(raw: dict, root: Path, name: str = "gold") -> list[GoldPaper]:
    """The papers of a gold structure (as ``load_gold`` reads it), documents relative to ``root``."""
    if raw.get("format") != "redraft-align-gold":
        raise InputError(f"{name} is not a Redraft alignment gold file")
    papers = []
    for p in raw.get("papers", []):
        old_path, new_path = root / p["old"], root / p["new"]
        for f in (old_path, new_path):
            if not f.exists():
                raise InputError(f"gold document not found: {f} (set --data or REDRAFT_DATA)")
        diff = diff_documents(load_document(old_path), load_document(new_path))
        edits = candidate_edits(diff)
        comments, gold, notices = [], {}, []
        for c in p["comments"]:
            cid = str(c["id"])
            comments.append(ReviewComment(id=cid, reviewer=c.get("reviewer", ""), text=c["text"],
                                          context=c.get("context", ""), action=c.get("action", "Explain")))
            ids = set()
            for label in c.get("edits", []):
                found = rematch(label, edits)
                if found is None:
                    notices.append(f"{p['id']} {cid}: gold edit {label.get('id')} not found in the diff")
                else:
                    ids.add(found)
            gold[cid] = ids
        papers.append(GoldPaper(p["id"], diff, comments, gold, notices))
    if not papers:
        raise InputError(f"{name} holds no papers")
    return papers


def with_extracted_types(papers: list[GoldPaper]) -> list[GoldPaper]:
    """The papers with each gold comment typed as the comment extractor types it (``fine_type``: experiment,
    clarification, typo, criticism, ...), each comment read alone as a one-comment review; what the app and
    ``redraft align`` give the aligner. A comment the extractor would not keep stays untyped, as one a person adds
    by hand: the aligner then guesses its type from cue words (``engine.reviews.fine_types.guess_fine_type``), as it does
    for every gold comment without this (gold files carry no types). One it splits into several comments takes
    the first one's type (the app would have several comments, each with its own)."""
    from engine.reviews import extract_comments, parse_reviews

    out = []
    for p in papers:
        comments = []
        for c in p.comments:
            found = extract_comments(parse_reviews(f"## Reviewer 1\n\n{c.text}\n", "markdown"))
            comments.append(replace(c, fine_type=found[0].fine_type if found else ""))
        out.append(replace(p, comments=comments))
    return out
