"""A new round: the project takes a new revised version, another round of
reviews, or a new draft (the last round's revised version), and keeps the
author's work wherever it still applies.

``build_round`` is a job generator. It copies the project file beside it,
clears the author's work in the copy, builds the new round there with
``build_project`` (what did not change is passed as stored, not read again),
then carries the author's work over in one transaction:

- comments are matched old to new by their normalised text and reviewer
  (``match_comments``): responses, suggestions and link verdicts follow them;
- edits and draft paragraphs are matched by text with the revision's own
  paragraph alignment (``engine.revision.match.align``): a link verdict needs
  its edit, an accepted or edited suggestion its paragraph.

New reviews with a new revised version make the last revised version the draft (the reviewers read it). A new
draft without a revised version starts a round with no revised version: the last one was the revision of the old
draft, so it is dropped and named in the report (give ``revised`` too to compare the new draft with it).

Whatever has no match is dropped and named in the report. New reviews replace the last round's comments: the
report says so with their statuses, and the project keeps a note of that round (``EARLIER``: its statuses, the
file it is kept in, and which new comments it held too, with their status there) that ``redraft project show``
and the app's comment header read (``read_earlier``, ``earlier_phrase``). The session takes
the built file (``ProjectSession.take_round``); the previous round is kept
beside it as ``NAME (round N).redraft`` (``keep_previous``: a file already of
that name is never overwritten; the round goes to ``NAME (round N) (2).redraft``).
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.align.status import Status, status_text
from engine.errors import InputError
from engine.jobs import CancelToken, Job
from engine.project import marks
from engine.project.model import KEPT, Project, SuggestionRecord
from engine.project.peek import peek
from engine.project.schema import dumps
from engine.project.store import ProjectStore
from engine.reviews.corrections import MATCH
from engine.reviews.model import ReviewComment
from engine.revision.match import align
from engine.revision.model import EditType
from engine.revision.normalize import comparable_text, comparable_tokens

_WORD = re.compile(r"[a-z0-9]{2,}")
#: Least overlap of two edits' (or paragraphs') words for one to be the other in the new round.
SAME_TEXT = 0.5
#: The meta key of the round whose reviews the last new reviews replaced (``_note_earlier``).
EARLIER = "earlier_round"


@dataclass
class RoundReport:
    """What a new round kept and dropped; ``path`` is the built file, taken by the session."""

    path: Path
    round: int
    changed: list[str]
    kept: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    #: New reviews: what became of the last round's comments (replaced, their statuses then, which came again).
    replaced: list[str] = field(default_factory=list)
    #: The project file's last change when it was copied (a later one means the copy is stale).
    source_modified: float = 0.0
    #: Where the previous round was kept, once the session took this one.
    backup: Path | None = None


def round_path(path: Path) -> Path:
    """The hidden file a new round is built in."""
    return path.with_name(f".{path.name}.round")


def backup_path(path: Path, number: int) -> Path:
    """Where round ``number`` is kept when the next one is taken."""
    return path.with_name(f"{path.stem} (round {number}){path.suffix}")


def keep_previous(path: Path, number: int) -> Path:
    """Move the project file ``path`` to ``backup_path(path, number)``, never over a file already there: when that
    name is taken (a project built again under the same name), ``NAME (round N) (2).redraft``, ``(3)``... Returns
    where it went."""
    target = backup_path(path, number)
    for n in range(2, 10_000):
        try:
            os.link(path, target)  # fails when target exists: no window for another file to be overwritten
        except FileExistsError:
            target = target.with_name(f"{backup_path(path, number).stem} ({n}){path.suffix}")
            continue
        except OSError:  # no hard links here (FAT, some network drives): check, then rename
            if target.exists():
                target = target.with_name(f"{backup_path(path, number).stem} ({n}){path.suffix}")
                continue
            os.rename(path, target)
            return target
        path.unlink()
        return target
    raise InputError(f"no free name beside {path.name} to keep round {number} under")


def build_round(
    path: str | Path, *, draft: str | Path | None = None, revised: str | Path | None = None,
    reviews: str | Path | None = None, aligner: str | None = None, cancel: CancelToken | None = None,
    **options: Any,
) -> Job[RoundReport]:
    """Build the next round of the project at ``path`` in ``round_path(path)``.

    It reads a copy of the file, never the open session's objects, so it can run on a worker;
    ``ProjectSession.take_round`` refuses it when the project changed meanwhile."""
    from engine.project.pipeline import DEFAULT_ALIGNER, build_project
    from engine.project.response import drop_response

    if not (draft or revised or reviews):
        raise InputError("a new round needs a revised version, new reviews or a new draft")
    path = Path(path)
    tmp = round_path(path)
    for extra in (tmp, tmp.with_name(tmp.name + "-wal"), tmp.with_name(tmp.name + "-shm")):
        extra.unlink(missing_ok=True)
    _copy(path, tmp)
    store = ProjectStore.open(tmp)
    done = False
    try:
        project = store.load()
        number, cleared = _clear_work(store, new_reviews=bool(reviews), new_revision=bool(draft or revised))
        # new reviews of a new revision read the last revised version: the draft (trial32: round 1's edits answered)
        onward = bool(revised and reviews and not draft and project.new is not None)
        old_doc = draft or (project.new if onward else project.old)
        # A new draft is the submission being revised now: the last revision is not its revision.
        new_doc = revised or (None if draft else project.new)
        if draft and not revised and project.new_path:
            _drop_revised(store)
            cleared.insert(0, f"the revised version {Path(project.new_path).name} (a new draft starts a round "
                              "without one: give the revised version of the new draft to compare them)")
        if project.letter and not options.get("response"):  # the last round's letter answered the last reviews
            drop_response(store)
            cleared.append(f"the response letter {project.letter.get('name', '')} (it answered the last round: give "
                           "this round's letter with it)")
        if old_doc is None:
            raise InputError("this project has no draft; build it again instead")
        yield from build_project(
            store, old_doc, new_doc, reviews or project.reviews, aligner=aligner or project.aligner or DEFAULT_ALIGNER,
            cancel=cancel, **options)
        after = store.load()
        changed = [w for w, given in (("draft", draft or onward), ("revised version", revised), ("reviews", reviews))
                   if given]
        report = RoundReport(tmp, number, changed, source_modified=project.modified, dropped=cleared)
        _carry(store, project, after, report)
        if onward:
            report.kept.insert(0, f"the last revised version {Path(project.new_path).name or 'of the project'} as "
                                  "this round's draft (the new reviews are about it; give a draft to choose another)")
        done = True
    finally:
        store.close()
        if not done:
            for extra in (tmp, tmp.with_name(tmp.name + "-wal"), tmp.with_name(tmp.name + "-shm")):
                extra.unlink(missing_ok=True)
    return report


def file_modified(path: Path) -> float:
    """When the project file last changed (its ``meta`` row), read without opening a store."""
    with peek(path) as conn:
        row = conn.execute("SELECT value FROM meta WHERE key = 'modified'").fetchone()
    return float(row[0]) if row else 0.0


def _copy(path: Path, to: Path) -> None:
    """A consistent copy of the project file (its WAL included) through SQLite's backup."""
    with peek(path) as src:
        dst = sqlite3.connect(str(to))
        try:
            src.backup(dst)
        finally:
            dst.close()


def _clear_work(store: ProjectStore, *, new_reviews: bool, new_revision: bool) -> tuple[int, list[str]]:
    """The copy without the author's work (carried over by id later); returns the new round's number (of review)
    and what is dropped for good (corrections of the old reviews' comments, TLDRs of the old revision)."""
    with store.transaction() as conn:
        for table in ("responses", "links", "suggestions", "history"):
            conn.execute(f"DELETE FROM {table}")
        marks.set_marked(conn, [])  # the author's marks: ``_carry`` puts back those of comments found again
        dropped = []
        if new_reviews:  # corrections name comments of the old reviews
            n = conn.execute("DELETE FROM corrections").rowcount
            if n:
                dropped.append(f"{n} correction(s) to the comments extracted from the previous reviews")
        if new_revision:  # TLDRs summarise the revision
            n = conn.execute("DELETE FROM tldrs").rowcount
            if n:
                dropped.append(f"{n} TLDR(s) of the previous revised version")
        row = conn.execute("SELECT value FROM meta WHERE key = 'round'").fetchone()  # the round of review: the same
        number = (int(row[0]) if row else 1) + new_reviews  # reviews answered again stay in theirs (trial35)
        conn.execute("INSERT INTO meta VALUES ('round', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                     (dumps(number),))
    return number, dropped


def _drop_revised(store: ProjectStore) -> None:
    """The copy without its revised version (the build's ``save_documents`` drops its diff and alignments)."""
    with store.transaction() as conn:
        conn.execute("DELETE FROM documents WHERE role = 'new'")


def match_comments(old: list[ReviewComment], new: list[ReviewComment]) -> dict[str, str]:
    """Old comment id -> new comment id: same normalised text and reviewer, then same text,
    then the same reviewer's comment sharing the most words (at least ``MATCH`` of them)."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for same_reviewer in (True, False):
        by_text: dict[tuple[str, str], list[str]] = {}
        for c in new:
            if c.id not in taken:
                by_text.setdefault((c.reviewer if same_reviewer else "", comparable_text(c.text)), []).append(c.id)
        for c in old:
            ids = by_text.get((c.reviewer if same_reviewer else "", comparable_text(c.text)))
            if c.id not in out and ids:
                out[c.id] = ids.pop(0)
                taken.add(out[c.id])
    pairs = []
    for c in old:
        if c.id in out:
            continue
        have = set(_WORD.findall(c.text.lower()))
        for d in new:
            if d.id not in taken and d.reviewer == c.reviewer:
                want = set(_WORD.findall(d.text.lower()))
                pairs.append((len(have & want) / max(1, len(have | want)), c.id, d.id))
    for score, a, b in sorted(pairs, reverse=True):
        if score >= MATCH and a not in out and b not in taken:
            out[a] = b
            taken.add(b)
    return out


def match_texts(old: dict[str, str], new: dict[str, str]) -> dict[str, str]:
    """Old id -> new id of texts (edits, paragraphs) that are the same one, by the revision's alignment."""
    old_ids, new_ids = list(old), list(new)
    found = align([comparable_tokens(old[i]) for i in old_ids], [comparable_tokens(new[j]) for j in new_ids])
    return {old_ids[m.src[0]]: new_ids[m.tgt[0]] for m in found.matches if m.similarity >= SAME_TEXT}


def match_edits(old: list[Any], new: list[Any]) -> dict[str, str]:
    """Old edit id -> new edit id: the same text after (before, for a deletion) and the same text before.
    With a new draft, an edit made in the last round is in the draft now: no edit of the new round."""
    found = match_texts({e.id: e.target_text or e.source_text for e in old},
                        {e.id: e.target_text or e.source_text for e in new})
    before, after = {e.id: e for e in old}, {e.id: e for e in new}
    return {a: b for a, b in found.items() if _similar(before[a].source_text, after[b].source_text)
            and (after[b].type is not EditType.UNCHANGED or before[a].type is EditType.UNCHANGED)}


def _similar(a: str, b: str) -> bool:
    x, y = set(comparable_tokens(a)), set(comparable_tokens(b))
    return not (x or y) or len(x & y) / max(1, len(x | y)) >= SAME_TEXT


def _carry(store: ProjectStore, before: Project, after: Project, report: RoundReport) -> None:
    """Responses, link verdicts and suggestions of ``before`` put on ``after``'s ids, in one transaction."""
    comments = match_comments(before.comments, after.comments)
    edits = match_edits(before.diff.edits if before.diff else [], after.diff.edits if after.diff else [])
    paragraphs = match_texts({p.id: p.text for p in before.old.paragraphs} if before.old else {},
                             {p.id: p.text for p in after.old.paragraphs} if after.old else {})
    gone = {c.id: f"{c.reviewer}: \u201c{_short(c.text)}\u201d" for c in before.comments if c.id not in comments}
    responses, links, suggestions = [], [], []
    for cid, text in before.notes.items():
        if cid in comments:
            responses.append((comments[cid], text))
        else:
            report.dropped.append(f"the response to {gone[cid]} (the comment is gone)")
    for cid, verdicts in before.links.items():
        for eid, verdict in verdicts.items():
            if cid not in comments:
                report.dropped.append(f"a {verdict} link of {gone[cid]} (the comment is gone)")
            elif eid not in edits:
                report.dropped.append(f"a {verdict} link of {cid} to an edit " + (
                    "the new revision no longer has" if after.diff else "of the dropped revised version"))
            else:
                links.append((comments[cid], edits[eid], verdict))
    old_ids = {p.id for p in before.old.paragraphs} if before.old else set()
    for cid, recs in before.suggestions.items():
        for rec in recs:
            what = "an accepted edit" if rec.status in KEPT else "a suggestion"
            if cid not in comments:
                report.dropped.append(f"{what} for {gone[cid]} (the comment is gone)")
                continue
            location = rec.location
            if location in old_ids:
                if location not in paragraphs:
                    report.dropped.append(f"{what} for {cid} (its paragraph is no longer in the draft)")
                    continue
                location = paragraphs[location]
            alternative, other = rec.alternative, rec.alternative.get("location")
            if other in old_ids:  # its second place follows its paragraph, or is dropped
                alternative = {**alternative, "location": paragraphs[other]} if other in paragraphs else {}
            suggestions.append(SuggestionRecord.from_dict({**rec.to_dict(), "comment_id": comments[cid],
                                                           "location": location, "alternative": alternative}))
    marked = sorted(comments[cid] for cid in before.throughout if cid in comments)
    report.dropped += [f"the mark \u201canswered throughout the paper\u201d of {gone[cid]} (the comment is gone)"
                       for cid in sorted(before.throughout) if cid not in comments and cid in gone]
    with store.transaction() as conn:
        marks.set_marked(conn, marked)
        conn.executemany("INSERT INTO responses VALUES (?, ?)", responses)
        conn.executemany("INSERT INTO links VALUES (?, ?, ?)", links)
        conn.executemany("INSERT INTO suggestions VALUES (?, ?, ?, ?, ?, ?)", [
            (s.id, s.comment_id, i, s.status, s.edit, dumps(s.to_dict())) for i, s in enumerate(suggestions)])
    totals = [(len(responses), len(before.notes), "responses"),
              (len(links), sum(len(v) for v in before.links.values()), "link verdicts"),
              (sum(s.status in KEPT for s in suggestions),
               sum(len(before.kept_suggestions(c)) for c in before.suggestions), "accepted edits")]
    report.kept = [f"{n} of {total} {what}" for n, total, what in totals if total]
    again = " found again in the new reviews" if "reviews" in report.changed else ""
    report.kept.append(f"{len(comments)} of {len(before.comments)} comments{again} (now {len(after.comments)})")
    if again:
        _note_earlier(store, before, after, comments, report)


def _note_earlier(store: ProjectStore, before: Project, after: Project, comments: dict[str, str],
                  report: RoundReport) -> None:
    """New reviews: the report says the last round's comments were replaced, with their statuses, and which of the
    new comments they held too; the project keeps that round's note (``EARLIER``; its file added by ``note_kept``)."""
    number = report.round - 1
    status = {c.id: status_text(before.status(c.id)) for c in before.comments}
    order = [status_text(s) for s in Status]  # addressed, partly, not addressed, ... as the views list them
    counts = sorted(Counter(status.values()).items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 99)
    carried = {comments[cid]: {"id": cid, "status": status[cid]} for cid in status if cid in comments}
    line = (f"round {number}'s {len(before.comments)} comments"
            + (f" ({', '.join(f'{n} {s}' for s, n in counts)})" if counts else "")
            + f" by the new reviews' {len(after.comments)}; ")
    if carried:
        pairs = [f"{new} was {old['id']}" for new, old in sorted(carried.items(), key=lambda kv: _order(after, kv[0]))]
        line += (f"{len(carried)} of them {('are', 'is a')[len(carried) == 1]} round {number} comment{'s' * (len(carried) > 1)} again ("
                 + ", ".join(pairs[:8]) + (", \u2026" if len(pairs) > 8 else "") + ")")
    else:
        line += f"none of them is a round {number} comment again"
    report.replaced.append(line + f"; round {number}'s file keeps its comments and their statuses")
    record = {"round": number, "comments": len(before.comments), "statuses": dict(counts), "carried": carried,
              "file": ""}
    with store.transaction() as conn:
        conn.execute("INSERT INTO meta VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                     (EARLIER, dumps(record)))


def _order(project: Project, comment_id: str) -> int:
    return next((i for i, c in enumerate(project.comments) if c.id == comment_id), len(project.comments))


def note_kept(store: ProjectStore, kept: Path) -> None:
    """Name the file the last round was kept in (``keep_previous``'s answer) in this round's ``EARLIER`` note."""
    with store.transaction() as conn:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (EARLIER,)).fetchone()
        if row is None:
            return
        record = json.loads(row[0])
        if record.get("file"):  # a round of a new revised version only: the note is of an earlier round's reviews
            return
        record["file"] = kept.name
        conn.execute("UPDATE meta SET value = ? WHERE key = ?", (dumps(record), EARLIER))


def read_earlier(path: str | Path) -> dict[str, Any]:
    """The project file's ``EARLIER`` note ({} when its reviews were never replaced), read without a store."""
    try:
        with peek(path) as conn:  # leaves no -wal/-shm beside the file (engine.project.peek)
            row = conn.execute("SELECT value FROM meta WHERE key = ?", (EARLIER,)).fetchone()
    except sqlite3.Error:
        return {}
    return json.loads(row[0]) if row else {}


def earlier_phrase(record: dict[str, Any], comment_id: str) -> str:
    """"in round 1 as R2.3: partly addressed (check)" for a comment the replaced reviews held too, else ""."""
    old = (record.get("carried") or {}).get(comment_id)
    return f"in round {record['round']} as {old['id']}: {old['status']}" if old else ""


def earlier_line(record: dict[str, Any]) -> str:
    """One line on the round whose reviews were replaced: its comments' statuses and where it is kept."""
    if not record:
        return ""
    counts = ", ".join(f"{n} {s}" for s, n in record.get("statuses", {}).items())
    kept = f", kept in {record['file']}" if record.get("file") else ""
    again = len(record.get("carried") or {})
    return (f"round {record['round']}: {record['comments']} comments ({counts}){kept}; "
            f"{again} of this round's comments were in it too")


def _short(text: str, words: int = 12) -> str:
    parts = text.split()
    return " ".join(parts[:words]) + (" \u2026" if len(parts) > words else "")
