"""``ProjectSession``: the one owner of an open project and the only writer of its file.

Every operation writes the store in one transaction, updates the in-memory
``Project`` to match, and returns a ``Changes`` record saying what changed (as
Anki's ``OpChanges`` does), so a view redraws only that, and never reloads the
project for one undo. The desktop and the CLI both go through it. Reviews,
links and responses are undoable; corrections to the comments are kept in a
log and replayed on a new extraction (``engine.project.corrections``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.align.records import Alignment, Location
from engine.errors import InputError
from engine.project.changes import NOTHING, Changes
from engine.project.corrections import REASSIGNABLE, apply_correction, new_comment_id, typed_place
from engine.project.history import Step
from engine.project.mark_steps import MarkSteps
from engine.project.model import STATUSES, Project, SuggestionRecord
from engine.project.store import ProjectStore
from engine.reviews.model import ReviewComment

if TYPE_CHECKING:  # rounds match paragraphs with numpy: loaded when a round is taken, not at start
    from engine.models.protocols import Encoder, ModelSource
    from engine.project.rounds import RoundReport




class ProjectSession(MarkSteps):
    """An open project: ``project`` is what the views show, ``store`` the file behind it."""

    def __init__(self, store: ProjectStore, project: Project | None = None,
                 models: "ModelSource | None" = None) -> None:
        self.store = store
        self.project = project if project is not None else store.load()
        #: Where the encoder that locates added and rewritten comments comes from, as the build located them (an app
        #: lends the models its jobs loaded, so they are not loaded twice); None: the configured ones, opened on the
        #: first such comment (never for a project aligned with BM25 alone).
        self.models = models

    @classmethod
    def open(cls, path: str | Path, project: Project | None = None,
             models: "ModelSource | None" = None) -> "ProjectSession":
        """Open a project file (an older one is backed up and upgraded: see ``notices``); ``project`` is what a
        build just loaded from it (not read again)."""
        store = ProjectStore.open(path)
        try:
            return cls(store, project, models)
        except BaseException:
            store.close()
            raise

    @property
    def path(self) -> Path:
        return self.store.path

    @property
    def notices(self) -> list[str]:
        return list(self.store.notices)

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> "ProjectSession":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def reload(self) -> Changes:
        """Read the whole project again (after a build step wrote to the file); the typeset pages stay."""
        self.project, typeset = self.store.load(), self.project.typeset
        self.project.typeset = typeset
        return Changes(everything=True, history=True, label="reloaded")

    def refresh(self) -> Changes:
        """``reload`` when another window or app wrote to the file since this session last looked (trial27: the
        same project open twice showed, exported and undid a stale one), else ``NOTHING``."""
        return replace(self.reload(), label="changed in another window") if self.store.changed_elsewhere() else NOTHING

    def take_round(self, built: RoundReport) -> Changes:
        """Open the round ``build_round`` built in place of this one, kept as ``NAME (round N).redraft``.
        Refused (``InputError``) when the project changed after the round's copy was made."""
        import os

        from engine.project.rounds import file_modified, keep_previous, note_kept

        if file_modified(self.path) != built.source_modified:
            built.path.unlink(missing_ok=True)
            raise InputError("the project changed while the new round was being built; start the round again")
        path = self.path
        self.store.close()
        try:
            # never over an earlier round's file; a round of the same reviews keeps their round's number (trial35)
            built.backup = keep_previous(path, built.round - ("reviews" in built.changed))
            os.replace(built.path, path)
        finally:
            self.store = ProjectStore.open(path)  # the new round, or (when a move failed) this one again
        note_kept(self.store, built.backup)  # where the replaced reviews' round is, for the views that name it
        self.project = self.store.load()
        return Changes(everything=True, comment_list=True, statuses=True, history=True,
                       label=f"round {built.round}: {', '.join(built.changed)}")

    # -- suggestions ---------------------------------------------------------------------

    def set_status(self, suggestion_id: str, status: str, edit_text: str | None = None) -> Changes:
        """Accept, reject or edit a suggestion; undoable."""
        if status not in STATUSES:
            raise ValueError(f"unknown suggestion status {status!r}")
        rec = self.project.suggestion(suggestion_id)
        if not self.store.set_suggestion_status(suggestion_id, status, edit_text):
            return NOTHING
        rec.status = status
        if edit_text is not None:
            rec.edit = edit_text
        return self._suggestion_changed(rec, f"{status} {suggestion_id}")

    def accept(self, suggestion_id: str) -> Changes:
        return self.set_status(suggestion_id, "accepted")

    def reject(self, suggestion_id: str) -> Changes:
        return self.set_status(suggestion_id, "rejected")

    def edit(self, suggestion_id: str, text: str) -> Changes:
        return self.set_status(suggestion_id, "edited", text)

    def add_suggestion(self, rec: SuggestionRecord) -> Changes:
        """Store a new suggestion (not an undoable step: generating it again is the way back)."""
        self.project.comment(rec.comment_id)
        self.store.add_suggestion(rec)
        recs = self.project.suggestions.setdefault(rec.comment_id, [])
        recs[:] = [r for r in recs if r.id != rec.id] + [rec]
        return Changes(comment_ids=(rec.comment_id,), suggestion_id=rec.id, statuses=True,
                       label=f"added suggestion {rec.id}")

    def switch_place(self, suggestion_id: str) -> Changes:
        """A pending scaffold moved to its alternative place, its draft the one written there; the place it leaves
        becomes the alternative (not an undoable step: switching again is the way back). ValueError: not one."""
        rec = self.project.suggestion(suggestion_id)
        if not rec.switchable:
            raise ValueError(f"suggestion {suggestion_id} has no draft at another place to switch to")
        changes = self.add_suggestion(rec.switched())
        return replace(changes, label=f"moved suggestion {suggestion_id} to {rec.alternative['location']}")

    def _suggestion_changed(self, rec: SuggestionRecord, label: str) -> Changes:
        return Changes(comment_ids=(rec.comment_id,), suggestion_id=rec.id, statuses=True, history=True, label=label)

    # -- links between comments and edits -------------------------------------------------

    def confirm_link(self, comment_id: str, edit_id: str) -> Changes:
        """The author agrees that ``edit_id`` addresses the comment."""
        return self.set_link(comment_id, edit_id, "confirmed")

    def reject_link(self, comment_id: str, edit_id: str) -> Changes:
        """The author says ``edit_id`` does not address the comment (the aligner's link is dropped)."""
        return self.set_link(comment_id, edit_id, "rejected")

    def add_link(self, comment_id: str, edit_id: str) -> Changes:
        """The author links an edit the aligner missed."""
        return self.set_link(comment_id, edit_id, "added")

    def clear_link(self, comment_id: str, edit_id: str) -> Changes:
        """Forget the author's verdict: the aligner's word stands again."""
        return self.set_link(comment_id, edit_id, None)

    def set_link(self, comment_id: str, edit_id: str, verdict: str | None) -> Changes:
        self.project.comment(comment_id)  # KeyError for an unknown comment
        if self.project.diff is not None:
            self.project.diff.edit(edit_id)  # ... or an unknown edit
        if not self.store.set_link(comment_id, edit_id, verdict):
            return NOTHING
        self._apply_link(comment_id, edit_id, verdict)
        return Changes(comment_ids=(comment_id,), statuses=True, history=True,
                       label=f"{verdict or 'cleared'} link {comment_id}–{edit_id}")

    def _apply_link(self, comment_id: str, edit_id: str, verdict: str | None) -> None:
        verdicts = self.project.links.setdefault(comment_id, {})
        if verdict is None:
            verdicts.pop(edit_id, None)
        else:
            verdicts[edit_id] = verdict
        if not verdicts:
            del self.project.links[comment_id]

    # -- responses, TLDRs, locations ------------------------------------------------------

    def set_response(self, comment_id: str, text: str) -> Changes:
        """The author's response to a comment ("" removes it); undoable."""
        self.project.comment(comment_id)
        if not self.store.set_response(comment_id, text, undoable=True):
            return NOTHING
        self._apply_response(comment_id, text)
        return Changes(comment_ids=(comment_id,), statuses=True, history=True, label=f"response to {comment_id}")

    def _apply_response(self, comment_id: str, text: str | None) -> None:
        if text and text.strip():
            self.project.notes[comment_id] = text
        else:
            self.project.notes.pop(comment_id, None)

    def set_tldrs(self, tldrs: list[str]) -> Changes:
        self.store.set_tldrs(tldrs)
        self.project.tldrs = list(tldrs)
        return Changes(tldrs=True, label="TLDRs")

    def set_typeset(self, found: Any) -> Changes:
        """Where a LaTeX version's paragraphs are on its typeset PDF (``engine.project.typeset``), kept in the file."""
        from engine.project.typeset import save_typeset

        save_typeset(self.project, found)
        self.store.changed_elsewhere()  # written through a connection of its own: not another window's step
        return Changes(label="typeset pages")

    def set_locations(self, locations: list[Location]) -> Changes:
        """Where each comment applies in the draft (replaces what was there)."""
        self.store.save_locations(locations)
        self.project.locations = {loc.comment_id: loc for loc in locations}
        if "locations" not in self.project.stages:
            self.project.stages.append("locations")
        return Changes(comment_ids=tuple(self.project.locations), locations=True, label="locations")

    def add_alignments(self, alignments: list[Alignment], aligned: dict[str, tuple[str, str]]) -> Changes:
        """Alignments of comments added or rewritten since the build (``engine.project.realign``), kept beside
        the others. ``aligned`` holds what each was scored as (``realign.scored_as``): a comment deleted or
        corrected again meanwhile is left out (still unaligned)."""
        from engine.project.realign import scored_as

        if self.project.diff is None or "alignments" not in self.project.stages:  # a round came in meanwhile
            return NOTHING
        now = {c.id: scored_as(c) for c in self.project.comments}
        fresh = [a for a in alignments if now.get(a.comment_id) == aligned.get(a.comment_id)
                 and a.comment_id not in self.project.alignments]
        self.store.save_alignments(fresh, aligner=None)
        self.project.alignments.update((a.comment_id, a) for a in fresh)
        return Changes(comment_ids=tuple(a.comment_id for a in fresh), statuses=True, label="alignments")

    # -- corrections to the extracted comments (kept, and replayed on a new extraction) -----------

    def edit_comment(self, comment_id: str, text: str) -> Changes:
        if not text.strip():
            raise ValueError("a comment needs some text (delete it instead)")
        return self._correct("edit", {"id": comment_id, "text": text.strip()}, (comment_id,))

    def delete_comment(self, comment_id: str) -> Changes:
        """Not a comment after all (its response, suggestions and links go with it)."""
        return self._correct("delete", {"id": comment_id}, ())

    def add_comment(self, reviewer: str, text: str, action: str = "Explain", after: str | None = None) -> Changes:
        """A comment the extractor missed, placed after ``after`` (else where its review holds its words, else at the
        end)."""
        if not text.strip():
            raise ValueError("a comment needs some text")
        same = [c.id for c in self.project.comments if c.reviewer == reviewer]
        numbered = re.fullmatch(r"reviewer\s*#?\s*(\d+)", reviewer.strip(), re.IGNORECASE)
        prefix = (same[0].rsplit(".", 1)[0] if same and "." in same[0]
                  else f"R{numbered.group(1)}" if numbered else "C")  # "Reviewer 2"'s first comment: R2.h1
        span, section, place = typed_place(self.project, reviewer, text) if after is None else ((0, 0), "", {})
        comment = ReviewComment(new_comment_id(self.project.comments, prefix), reviewer, text.strip(), action=action,
                                span=span, section=section)  # pasted from the review: its place there
        return self._correct("add", {"comment": comment.to_dict(), "after": after, **place}, (comment.id,))

    def merge_comments(self, comment_ids: list[str]) -> Changes:
        """One request split in several comments: joined into the first."""
        if len(comment_ids) < 2:
            raise ValueError("merge needs two comments or more")
        return self._correct("merge", {"ids": list(comment_ids)}, (comment_ids[0],))

    def split_comment(self, comment_id: str, at: int) -> Changes:
        """Two requests in one comment: the text from ``at`` on becomes a new comment after it."""
        prefix = comment_id.rsplit(".", 1)[0] if "." in comment_id else "C"
        new_id = new_comment_id(self.project.comments, prefix)
        return self._correct("split", {"id": comment_id, "at": at, "new_id": new_id}, (comment_id, new_id))

    def reassign_comment(self, comment_id: str, **fields: str) -> Changes:
        """Another reviewer, action or type (``reviewer=``, ``action=``, ``fine_type=``, ``directness=``)."""
        unknown = set(fields) - set(REASSIGNABLE)
        if unknown or not fields:
            raise ValueError(f"reassign takes {', '.join(REASSIGNABLE)}")
        return self._correct("reassign", {"id": comment_id, **fields}, (comment_id,))

    def _correct(self, op: str, data: dict[str, Any], touched: tuple[str, ...]) -> Changes:
        from engine.project.realign import scored_as

        before = {c.id: scored_as(c) for c in self.project.comments}
        comments = apply_correction(self.project.comments, op, data)  # KeyError / ValueError: nothing written
        located = self._locate([c for c in comments if before.get(c.id, ("",))[0] != c.full_text])  # new words
        stale = tuple(c.id for c in comments if c.id in self.project.alignments and before[c.id] != scored_as(c))
        self.store.save_comments(comments, (op, data), located, stale)  # one transaction: comments, places, stale
        p, kept = self.project, {c.id for c in comments}
        p.comments = comments
        for cid in stale:
            del p.alignments[cid]
        for by_comment in (p.notes, p.suggestions, p.alignments, p.locations, p.links):
            for cid in [cid for cid in by_comment if cid not in kept]:
                del by_comment[cid]  # as the store's foreign keys dropped them
        p.locations.update((loc.comment_id, loc) for loc in located)
        return Changes(comment_ids=touched, statuses=True, locations=bool(located), comment_list=True, history=True,
                       label=f"{op} {', '.join(touched) or data.get('id', '')}")

    def _locate(self, comments: list[ReviewComment]) -> list[Location]:
        """Where added or rewritten comments apply in the draft, found as the build finds every comment's
        (``engine.align.localize.locate``: a comment's places do not depend on the other comments)."""
        if not comments or self.project.old is None:
            return []
        from engine.align.localize import locate

        return locate(comments, self.project.old, self._build_encoder())

    def _build_encoder(self) -> "Encoder | None":
        """The encoder the build located and aligned with (None: BM25 alone, as the build falls back to), from
        ``models`` (asked each time: the app's follows its settings), else the configured one, opened once."""
        from engine.align.config import aligner_encoder
        from engine.errors import RedraftError

        if self.models is None:
            from engine.models.factory import ConfiguredModels

            self.models = ConfiguredModels()
        try:
            return aligner_encoder(self.models, self.project.aligner or "")
        except RedraftError:  # a setting naming a missing or broken encoder: BM25 places; aligning will say why
            return None

    def align_unaligned(self) -> Changes:
        """Align, here and now, the comments added or rewritten since the build (the app computes the same on a
        worker: ``engine.project.work.realign_job``)."""
        from engine.align.config import aligner_encoder
        from engine.project.realign import align_comments, scored_as, unaligned

        todo = unaligned(self.project)
        if not todo:
            return NOTHING
        self._build_encoder()  # the configured models, when none were lent
        encoder = aligner_encoder(self.models, self.project.aligner or "")  # RedraftError: none to align with
        return self.add_alignments(align_comments(self.project, todo, encoder), {c.id: scored_as(c) for c in todo})

    # -- undo ----------------------------------------------------------------------------

    def can_undo(self) -> bool:
        return self.store.can_undo()

    def can_redo(self) -> bool:
        return self.store.can_redo()

    def undo(self) -> Changes:
        """Undo the author's last step of any kind (status, link, response)."""
        return self._stepped(self.store.step_history(True), "undid")

    def redo(self) -> Changes:
        return self._stepped(self.store.step_history(False), "redid")

    def _stepped(self, step: Step | None, verb: str) -> Changes:
        if step is None:
            return Changes(history=True)
        state: Any = step.state
        if step.kind == "suggestion":
            rec = self.project.suggestion(step.target)
            rec.status, rec.edit = state["status"], state["edit"]
            changes = self._suggestion_changed(rec, f"{verb} {rec.status} {rec.id}")
        elif step.kind == "link":
            comment_id, edit_id = step.target
            self._apply_link(comment_id, edit_id, state)
            changes = Changes(comment_ids=(comment_id,), statuses=True, history=True,
                              label=f"{verb} link {comment_id}–{edit_id}")
        elif step.kind == "mark":
            changes = self._mark_stepped(step.target, state, verb)
        else:
            self._apply_response(step.target, state)
            changes = Changes(comment_ids=(step.target,), statuses=True, history=True,
                              label=f"{verb} response to {step.target}")
        return changes
