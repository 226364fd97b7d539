"""``ProjectPresenter``: draws a project into the window and redraws what a change record names.

``show_project`` resets every view first (switching projects never leaves a
stale PDF, diff or outline), then draws the new one. ``apply(changes)`` takes a
``Changes`` record from the ``ProjectSession`` and redraws only that. For the
selected comment the window shows its aligned edits in the diff and on both
PDFs (both panes on the same edit, the one the diff is on), or, when no edit
addresses it, the draft paragraphs it applies to.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication, QMessageBox

from desktop.main_window import MainWindow
from desktop.page_regions import _regions, located_note, show_marked_pdf_state, start_edit
from desktop.pdf_panes import show_pdf_beside
from engine.project import Project, SuggestionRecord, title_name
from engine.project.coverage import CoverageView, coverage_view
from engine.project.rounds import earlier_phrase, read_earlier
from engine.project.session import Changes
from engine.project.sources import source_changed
from engine.revision import Edit
from engine.revision.sections import section_fates
from widgets.link_bar import SUGGESTED

#: PDF highlight colours: text the aligned edits removed, text they added, where an open comment applies.
REMOVED, ADDED, LOCATED = "#f28b82", "#81c995", "#fdd663"
#: What an edit's header in the diff says of the author's verdict on its link.
LINK_MARKS = {"confirmed": "✓ confirmed", "added": "✓ added by you"}
#: Beside an edit linked too weakly to count, in the diff's header line (the link bar, Coverage and the report
#: say the same; on the pages it is a dashed frame, not a filled box)
CLOSEST_MARK = "closest edit, not counted"


class ProjectPresenter(QObject):
    sig_comment_shown = Signal(str)  # comment id

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.project: Project | None = None
        #: The open project's coverage (statuses, rows, counts), computed once per change that moves a status.
        self.view: CoverageView | None = None
        self.current_comment: str | None = None
        self.earlier: dict = {}
        self.sources_box: QMessageBox | None = None  # the question about changed source files (tests answer it)
        self._flash_timer = QTimer(self, singleShot=True)  # not the static singleShot: see MainWindow
        self._flash_timer.timeout.connect(self.update_summary)
        window.diff.sig_edit_selected.connect(self.focus_edit)

    # -- the whole project ---------------------------------------------------------------

    def reset(self) -> None:
        """No project: every view empty (what the previous project showed is gone)."""
        w = self.window
        self.project, self.view, self.current_comment = None, None, None
        w.setWindowTitle("Redraft")
        w.setWindowFilePath("")
        w.comments.set_comments([], {})
        w.show_comment(None)
        w.diff.set_documents(None, None)
        w.diff.set_edits([])
        for view in (w.pdf_old, w.pdf_new):
            view.close_document()
        w.document.mark_paragraphs([])
        w.tldr.set_tldrs([])
        w.suggestion.set_suggestion(None)
        w.response.set_comment(None)
        self.show_link()
        w.expertise.set_results([])  # scores were against the previous paper (the profiles stay)
        self.update_summary()

    def show_project(self, project: Project) -> None:
        self.reset()
        w = self.window
        self.project, self.view = project, coverage_view(project)
        self.earlier = read_earlier(project.path)  # the round whose reviews these replaced (comment header)
        w.setWindowTitle(f"{title_name(project)} — Redraft")  # the round kept beside it says so (trial37)
        w.setWindowFilePath(str(project.path))
        w.show_project_view(True)
        w.comments.set_comments(project.comments, self.view.assessments)
        w.coverage.set_view(self.view)
        w.coverage.set_sections(section_fates(project.diff) if project.diff is not None else [])
        w.tldr.set_tldrs(project.tldrs)
        doc = project.new or project.old
        if doc is not None:
            w.document.set_document(doc)
        pdf_shown = False
        changed = {role: line for role in ("old", "new") if (line := source_changed(project, role))}
        held = []  # PDFs at a stored path that now holds another file: read only if the author says so
        for view, source, role in ((w.pdf_old, project.old_path, "old"), (w.pdf_new, project.new_path, "new")):
            if source.lower().endswith(".pdf") and Path(source).is_file():
                if role in changed:
                    held.append((view, source))
                    continue
                view.open(source)
                pdf_shown = True
            elif source:
                pdf_shown = show_pdf_beside(view, source) or pdf_shown
        w.set_view_available("pdf", pdf_shown)
        show_marked_pdf_state(w.commands.export_marked, project, "new" not in changed)
        w.diff.set_titles("Draft", "Revised" if project.new is not None else "—")
        w.diff.show_new_side(project.new is not None)
        w.diff.set_documents(project.old, project.new)
        w.diff.set_edits(project.diff.changed_edits() if project.diff is not None else [])
        self.update_summary()
        if not project.comments:
            self.show_message("No request was found in the reviews. Add the ones they make with "
                              "Edit → Comment → Add Comment… (or right-click the comment list).", notice=True)
        first = self.first_aligned_comment()
        if first is not None:
            self.select_comment(first)
        focused = w.focusWidget()  # the window's, active or not (QApplication's is None in an inactive window)
        if focused is None or not w.body.isAncestorOf(focused):  # a keyboard user starts in the comment list, not
            w.comments.tree.setFocus()  # nowhere (trial25: Up and Down did nothing until a click or a Tab)
        if changed:
            self.ask_changed_sources(project, list(changed.values()), held)

    def ask_changed_sources(self, project: Project, lines: list[str], held: list) -> QMessageBox:
        """Ask before reading files at stored paths that are not the ones the project was built from; until
        the author says yes, their PDF panes stay closed and the marked-up PDF is not drawn on them."""
        box = QMessageBox(QMessageBox.Icon.Question, "Changed source files",
                          "\n".join(line[:1].upper() + line[1:] + "." for line in lines)
                          + "\n\nRead them anyway (PDF panes, marked-up PDF)?",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self.window)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.setAccessibleName("Changed source files")

        def read_anyway() -> None:
            if self.project is not project:
                return
            for view, source in held:
                view.open(source)
            if held:
                self.window.set_view_available("pdf", True)
            show_marked_pdf_state(self.window.commands.export_marked, project)

        box.accepted.connect(read_anyway)
        self.sources_box = box
        box.open()  # not exec(): the loop keeps running
        return box

    def first_aligned_comment(self) -> str | None:
        p = self.project
        if p is None or not p.comments:
            return None
        return next((c.id for c in p.comments if p.aligned_edits(c.id)), p.comments[0].id)

    def apply(self, changes: Changes) -> None:
        """Redraw what ``changes`` names (the whole project for ``everything``)."""
        p, w = self.project, self.window
        if p is None or not changes.any:
            return
        if changes.everything:
            selected = self.current_comment
            self.show_project(p)
            if selected is not None:
                self.select_comment(selected)
            return
        if changes.comment_list or changes.statuses:
            self.view = coverage_view(p)  # once for the list, the Coverage tab and the status line
        if changes.comment_list:  # comments added, removed, merged, split or rewritten
            w.comments.set_comments(p.comments, self.view.assessments)
            if self.current_comment not in {c.id for c in p.comments}:
                self.current_comment = None
                w.show_comment(None)
                w.response.set_comment(None)  # its response went with it
        if changes.statuses:
            w.comments.set_statuses(self.view.assessments)
            w.coverage.set_view(self.view)
            if self.current_comment is not None:
                w.comments.select_comment(self.current_comment)
            self.update_summary()
        if changes.tldrs:
            w.tldr.set_tldrs(p.tldrs)
        cid = self.current_comment
        if cid is None and changes.comment_list:
            first = self.first_aligned_comment()
            if first is not None:
                self.select_comment(first)
            return
        if cid is None or cid not in changes.comment_ids:
            return
        if changes.suggestion_id is not None:  # the card and the header: the diff and PDFs stay where they are
            self.draw_suggestion(p.suggestion(changes.suggestion_id))
            w.show_comment(p.comment(cid), self.assessment(cid).status, earlier_phrase(self.earlier, cid),
                           self.letter_said(cid))
            self.show_response(cid)
        else:  # its links or where it applies changed
            self.show_comment(cid)

    def letter_said(self, comment_id: str) -> str:
        """The start of the authors' letter's answer to the comment, as the Coverage row holds it ("" when none)."""
        rows = self.view.rows if self.view is not None else []
        return next((r.letter_said for r in rows if r.comment_id == comment_id), "")

    def assessment(self, comment_id: str):
        """The comment's assessment as the view computed it (the project's own for one added since)."""
        found = self.view.assessments.get(comment_id) if self.view is not None else None
        return found if found is not None else self.project.assessment(comment_id)

    # -- the selected comment ----------------------------------------------------------------

    def select_comment(self, comment_id: str) -> bool:
        p = self.project
        if p is None or comment_id == self.current_comment:
            return False
        try:
            p.comment(comment_id)
        except KeyError:
            return False
        self.current_comment = comment_id
        self.window.comments.select_comment(comment_id)
        self.window.coverage.select_comment(comment_id)
        self.show_comment(comment_id)
        self.sig_comment_shown.emit(comment_id)
        return True

    def show_comment(self, comment_id: str) -> None:
        p, w = self.project, self.window
        w.show_comment(p.comment(comment_id), self.assessment(comment_id).status,
                       earlier_phrase(self.earlier, comment_id), self.letter_said(comment_id))
        w.pdf_old.clear_highlights()
        w.pdf_new.clear_highlights()
        edits = p.aligned_edits(comment_id)
        if edits:
            verdicts = p.links.get(comment_id, {})
            closest = self._closest(comment_id, verdicts)
            w.diff.set_edits(edits, marks={e.id: LINK_MARKS[verdicts[e.id]] if verdicts.get(e.id) in LINK_MARKS
                                           else CLOSEST_MARK for e in edits
                                           if verdicts.get(e.id) in LINK_MARKS or e.id in closest})
            first = self._highlight(edits, REMOVED, ADDED, outlined=closest)
            w.diff.select_edit(first.id)  # the diff on the edit the PDF panes show
            self._mark_outline(edits, "added")
            if all(e.id in closest for e in edits):  # no counted edit: where the comment applies, too, as for one
                self._show_where_applies(comment_id)  # that no edit addresses
        else:
            self._show_location(comment_id)
        self.show_link()
        self.show_suggestion(comment_id)
        self.show_response(comment_id)

    def show_suggestion(self, comment_id: str) -> None:
        """The card on the comment's latest suggestion (the presenter is the card's one writer of records)."""
        p = self.project
        recs = p.suggestions.get(comment_id, []) if p is not None else []
        self.draw_suggestion(recs[-1] if recs else None)

    def draw_suggestion(self, rec: SuggestionRecord | None) -> None:
        """The card on ``rec``, its place and its alternative place named as a reader finds them."""
        p, alt = self.project, rec.alternative if rec is not None else {}
        self.window.suggestion.set_suggestion(rec, p.paragraph_where(rec.location) if rec is not None else "",
                                              p.paragraph_where(alt["location"]) if alt.get("location") else "",
                                              (lambda text: p.in_source(rec, text)) if rec is not None else None)

    def show_response(self, comment_id: str) -> None:
        """The response editor on the comment: the author's note, the card's suggested response, the kept ones."""
        p = self.project
        recs = p.suggestions.get(comment_id, [])
        suggested = recs[-1].response if recs and recs[-1].status != "rejected" and not recs[-1].failed else ""
        kept = "\n\n".join(s.response for s in p.kept_suggestions(comment_id) if s.response.strip())
        self.window.response.set_comment(comment_id, p.notes.get(comment_id, ""), suggested, kept)

    def open_edit(self, comment_id: str, edit_id: str) -> None:
        """A snippet clicked in the Coverage tab: the comment, and the diff on that edit."""
        p, w = self.project, self.window
        if p is None or p.diff is None:
            return
        self.select_comment(comment_id)
        if not any(e.id == edit_id for e in w.diff.edits):
            try:
                w.diff.set_edits([p.diff.edit(edit_id)])
            except KeyError:
                return
        w.diff.select_edit(edit_id)
        self.focus_edit(edit_id)
        w.show_tab("diff")

    def focus_edit(self, edit_id: str) -> None:
        """Both PDF panes on the same edit: its old text on the left, its new text on the right."""
        p, w = self.project, self.window
        edit = next((e for e in w.diff.edits if e.id == edit_id), None)
        if p is None or edit is None:
            return
        self.show_link()
        for view, ids, new in ((w.pdf_old, edit.source_ids, False), (w.pdf_new, edit.target_ids, True)):
            regions = [r for pid in ids for r in _regions(p, pid, new)]
            if regions:
                view.scroll_to(regions[0])

    def _closest(self, comment_id: str, verdicts: dict[str, str]) -> set[str]:
        """The comment's edits linked too weakly to count ("closest edit, not counted") that the author has not
        confirmed: drawn as frames on the pages, not filled as the counted ones are."""
        return {e.edit_id for e in self.assessment(comment_id).evidence
                if e.candidate and verdicts.get(e.edit_id) not in LINK_MARKS}

    def show_link(self) -> None:
        """The link bar: what the author said about the selected comment and the edit the diff is on."""
        p, w, cid = self.project, self.window, self.current_comment
        if p is None or cid is None or p.diff is None:
            w.links.show_link(None, None, 0, enabled=False)
            self._enable_links(None, False)
            return
        linked = p.linked_edit_ids(cid)
        closest = {e.edit_id for e in self.assessment(cid).evidence if e.candidate} & set(linked)  # too weak to count
        eid = w.diff.current_edit_id
        if eid is not None and eid in linked:
            state = p.links.get(cid, {}).get(eid) or ("closest" if eid in closest else "aligned")
        elif eid is not None and any(e.id == eid and e.changed for e in w.diff.edits):
            state = "unlinked"
        else:
            eid, state = None, None
        w.links.show_link(eid, state, len(linked) - len(closest), closest=len(closest))
        self._enable_links(state, True, cid in p.throughout)

    def _enable_links(self, state: str | None, linkable: bool, marked: bool = False) -> None:
        """The Edit menu's link steps as the bar offers them for the edit shown, and the comment's mark."""
        a = self.window.commands
        a.confirm_link.setEnabled(state in SUGGESTED)
        a.reject_link.setEnabled(state in (*SUGGESTED, "confirmed", "added"))
        a.link_edit.setEnabled(linkable)
        a.mark_throughout.setEnabled(linkable)
        a.mark_throughout.setChecked(marked)  # the response pane's box follows (desktop/link_steps.py)

    def _show_location(self, comment_id: str) -> None:
        """No edit addresses the comment: where in the draft it applies instead."""
        p, w = self.project, self.window
        located = p.located_paragraphs(comment_id)
        if not located:
            w.diff.set_edits([], "No edit addresses this comment")
            w.document.mark_paragraphs([])
            return
        edits = p.location_edits(comment_id)
        w.diff.set_edits(edits, located_note(p, len(located), edits, self.assessment(comment_id).status))
        # the draft paragraphs, and the same text in the revision, where it still waits for the change
        self._highlight(edits, LOCATED, LOCATED)
        self._mark_outline(edits, "located")

    def _show_where_applies(self, comment_id: str) -> None:
        """The draft paragraphs the comment applies to, amber on the draft's pages (scrolled to the first), beside the
        dashed frames of its closest edits: the diff stays on those edits."""
        p, w = self.project, self.window
        regions = [r for e in p.location_edits(comment_id) for pid in e.source_ids for r in _regions(p, pid, new=False)]
        if regions:
            w.pdf_old.highlight(regions, LOCATED, scroll=False)
            w.pdf_old.scroll_to(regions[0])

    def _highlight(self, edits: list[Edit], old_color: str, new_color: str, outlined: set[str] = frozenset()) -> Edit:
        """Highlight every edit on the PDFs, those in ``outlined`` (closest edits, not counted) as dashed frames with
        no fill; both panes start on the same one (returned)."""
        p, w = self.project, self.window
        for e in edits:
            frame = e.id in outlined
            old_regions = [r for pid in e.source_ids for r in _regions(p, pid, new=False)]
            new_regions = [r for pid in e.target_ids for r in _regions(p, pid, new=True)]
            if old_regions:
                w.pdf_old.highlight(old_regions, old_color, scroll=False, outlined=frame)
            if new_regions:
                w.pdf_new.highlight(new_regions, new_color, scroll=False, outlined=frame)
        first, elsewhere = start_edit(p, edits, outlined)  # both panes on one edit (``start_edit``); a pane it has
        self.focus_edit(first.id)  # no text on shows another of the edits (a deleted caption's new one: trial36)
        for view, region in zip((w.pdf_old, w.pdf_new), elsewhere):
            if region is not None:
                view.scroll_to(region)
        return first

    def _mark_outline(self, edits: list[Edit], kind: str) -> None:
        """The same paragraphs in the Document tab (which shows the revision when there is one)."""
        w, p = self.window, self.project
        shows_new = w.document.document is not None and w.document.document is p.new
        w.document.mark_paragraphs([pid for e in edits for pid in (e.target_ids if shows_new else e.source_ids)], kind)

    # -- the status line ---------------------------------------------------------------------

    def update_summary(self) -> None:
        self.window.status_text.setText(self.view.status_line() if self.view is not None else "")

    def show_message(self, message: str, notice: bool = False) -> QMessageBox:
        """An error (the runner's one error handler ends here) or a notice: a message box
        that does not block the loop, and the status line."""
        icon = QMessageBox.Icon.Information if notice else QMessageBox.Icon.Warning
        box = QMessageBox(icon, "Redraft", message, QMessageBox.StandardButton.Ok, self.window)
        box.setAccessibleName("Notice" if notice else "Error")
        box.open()  # not exec(): the loop keeps running
        self.flash(message, 8000)
        return box

    def copy_text(self, text: str) -> None:
        QApplication.clipboard().setText(text)
        self.flash("Copied to the clipboard", 3000)

    def flash(self, message: str, ms: int) -> None:
        """A message in place of the project summary for ``ms``, then the summary again
        (one label: QStatusBar's own messages can be drawn over it)."""
        self.window.status_text.setText(message)
        self._flash_timer.start(ms)  # a later message restarts it
