"""``AppController``: what the window's widgets and actions do to the open project.

It holds the one ``ProjectStore`` and ``Project``, runs every long step through
the ``JobRunner`` and pushes the results into the window's widgets. Store
writes for accept/reject/edit are single small transactions and run on the UI
thread, in order; loads, builds, exports and models run on workers.
"""

from __future__ import annotations

from pathlib import Path
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QMessageBox

from desktop.job_runner import JobHandle, JobRunner
from desktop.main_window import MainWindow
from desktop.comment_display import show_comment
from desktop.expertise_wiring import ExpertiseWiring
from desktop.model_jobs import ModelJobs
from desktop.project_wizard import ProjectRequest, ProjectWizard
from engine.errors import InputError
from engine.jobs import CancelToken
from engine.project import Project, ProjectStore, SuggestionRecord, recent_projects, remember_project
from engine.project.store import SUFFIX, default_project_path
from engine.settings import Settings, save_settings


def free_project_path(name: str) -> Path:
    """``default_project_path(name)``, numbered when that file already exists."""
    path = default_project_path(name)
    n = 2
    while path.exists():
        path = path.with_name(f"{path.stem.rsplit(' (', 1)[0]} ({n}){SUFFIX}")
        n += 1
    return path


class AppController(QObject):
    """Connects the window to the project, the store, the models and the job runner."""

    sig_project_loaded = Signal(object)  # Project
    sig_comment_shown = Signal(str)  # comment id
    sig_suggestion_changed = Signal(str)  # suggestion id (status changed, undone, redone, added)
    sig_export_written = Signal(str)  # path
    sig_tldrs_changed = Signal(list)

    def __init__(self, window: MainWindow, runner: JobRunner, settings: Settings,
                 apply_theme: Callable[[str], None], remember_recent: bool = True) -> None:
        super().__init__(window)
        self.remember_recent = remember_recent
        self.window = window
        self.runner = runner
        self.settings = settings
        self.apply_theme = apply_theme
        self.store: ProjectStore | None = None
        self.project: Project | None = None
        self.current_comment: str | None = None
        self._flash_timer = QTimer(self, singleShot=True)
        self._flash_timer.timeout.connect(self._update_summary)
        self.models = ModelJobs(runner, lambda: self.settings)
        self.expertise = ExpertiseWiring(window.expertise, runner, self._paper_document, lambda: self.settings, self)
        self._wire()
        self.refresh_recent()
        window.show_project_view(False)

    # -- wiring --------------------------------------------------------------------------

    def _wire(self) -> None:
        w, a = self.window, self.window.commands
        a.new_project.triggered.connect(lambda: self.new_project_dialog())
        a.open_project.triggered.connect(self.open_dialog)
        a.export_letter.triggered.connect(lambda: self.export_letter())
        a.export_report.triggered.connect(lambda: self.export_report())
        a.settings.triggered.connect(self.open_settings)
        a.undo.triggered.connect(self.undo)
        a.redo.triggered.connect(self.redo)
        a.suggest.triggered.connect(self.suggest)
        a.tldr.triggered.connect(lambda: self.tldr("llm"))
        a.cancel_job.triggered.connect(lambda: self.runner.cancel())
        a.next_comment.triggered.connect(lambda: self.step_comment(1))
        a.previous_comment.triggered.connect(lambda: self.step_comment(-1))
        a.about.triggered.connect(self._about)
        a.theme_group.triggered.connect(lambda action: self.set_theme(action.data()))
        a.set_theme(self.settings.theme)
        w.sig_files_dropped.connect(self.open_paths)
        w.sig_recent_chosen.connect(self.open_project)
        w.sig_close_requested.connect(self.close)
        w.comments.sig_comment_selected.connect(self.select_comment)
        w.coverage.sig_comment_selected.connect(self.select_comment)
        w.suggestion.sig_suggestion_accepted.connect(lambda sid: self.set_status(sid, "accepted"))
        w.suggestion.sig_suggestion_rejected.connect(lambda sid: self.set_status(sid, "rejected"))
        w.suggestion.sig_suggestion_edited.connect(lambda sid, text: self.set_status(sid, "edited", text))
        w.suggestion.sig_suggestion_copied.connect(self._copied)
        w.suggestion.sig_generate_requested.connect(self.suggest)
        w.tldr.sig_generate_requested.connect(self.tldr)
        w.job_status.sig_cancel_requested.connect(lambda: self.runner.cancel())
        self.runner.sig_job_started.connect(self._job_started)
        self.runner.sig_job_progress.connect(self._job_progress)
        self.runner.sig_job_finished.connect(self._job_finished)
        self.runner.sig_error_reported.connect(self.show_error)

    # -- projects ------------------------------------------------------------------------

    def new_project_dialog(self, files: list[str] | None = None) -> ProjectWizard:
        wizard = ProjectWizard(self.window, files=files)
        wizard.accepted.connect(lambda: self.create_project(wizard.request()))
        wizard.open()
        return wizard

    def open_dialog(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(
            self.window, "Open a project or a draft", str(Path.home()),
            f"Redraft projects (*{SUFFIX});;Drafts and reviews (*.pdf *.tex *.md *.txt *.json);;All files (*)")
        if paths:
            self.open_paths(paths)

    def open_paths(self, paths: list[str]) -> None:
        """A ``.redraft`` file opens; drafts and reviews go to the New Project dialog."""
        projects = [p for p in paths if p.lower().endswith(SUFFIX)]
        if projects:
            self.open_project(projects[0])
        else:
            self.new_project_dialog(files=paths)

    def create_project(self, request: ProjectRequest, path: str | Path | None = None,
                       after: Callable[[ProjectStore], None] | None = None) -> JobHandle:
        """Build a project from files on a worker; it opens when done (``after(store)`` runs first)."""
        from engine.project.pipeline import build_project

        store = ProjectStore.create(Path(path) if path else free_project_path(request.name), request.name,
                                    overwrite=path is not None)
        self.use_store(store)
        settings = self.settings

        def job(cancel: CancelToken):
            encoder = None
            if request.aligner != "bm25":  # it also locates each comment in the draft
                from desktop.generation import open_encoder

                encoder = open_encoder(settings)
            project = yield from build_project(store, request.old_path, request.new_path, request.reviews,
                                               aligner=request.aligner, encoder=encoder, cancel=cancel)
            if after is not None:
                after(store)
                project = store.load()
            return project

        return self.runner.run_job(job, label=f"building “{request.name}”", on_success=self.show_project,
                                   on_failure=lambda err: self._build_failed(store))

    def open_project(self, path: str | Path) -> JobHandle:
        def load(cancel: CancelToken) -> tuple[ProjectStore, Project]:
            store = ProjectStore.open(path)
            try:
                return store, store.load()
            except BaseException:
                store.close()
                raise

        def opened(result: tuple[ProjectStore, Project]) -> None:
            store, project = result
            self.use_store(store)
            self.show_project(project)
            if project.old is not None and project.comments and "locations" not in project.stages:
                self.locate_comments()  # saved by a Redraft that did not locate comments yet

        return self.runner.run_call(load, label=f"opening {Path(path).name}", on_success=opened)

    def locate_comments(self) -> JobHandle | None:
        """Find (again) where each comment applies in the draft, on a worker, and show it."""
        store, project, settings = self.store, self.project, self.settings
        if store is None or project is None or project.old is None:
            return None

        def job(cancel: CancelToken) -> Project:
            from desktop.generation import open_encoder
            from engine.align.localize import locate

            store.save_locations(locate(project.comments, project.old, open_encoder(settings), cancel))
            return store.load()

        def done(fresh: Project) -> None:
            if self.store is store:
                selected, self.current_comment = self.current_comment, None
                self.show_project(fresh)
                if selected is not None:
                    self.select_comment(selected)

        return self.runner.run_call(job, label="finding where each comment applies", on_success=done)

    def use_store(self, store: ProjectStore) -> None:
        """Make ``store`` the open project file (closing the previous one)."""
        if self.store is not None and self.store is not store:
            self.store.close()
        self.store = store
        self.project = None
        self.current_comment = None

    def _build_failed(self, store: ProjectStore) -> bool:
        if self.store is store:
            try:
                project = store.load()
            except InputError:
                return False
            if project.comments:  # show what was finished before the cancel or the error
                self.show_project(project)
        return False

    def show_project(self, project: Project) -> None:
        w = self.window
        self.project = project
        if self.remember_recent:
            remember_project(project.path)
            self.refresh_recent()
        w.setWindowTitle(f"{project.name} — Redraft")
        w.setWindowFilePath(str(project.path))
        w.show_project_view(True)
        w.comments.set_comments(project.comments, project.statuses())
        w.coverage.set_project(project)
        w.tldr.set_tldrs(project.tldrs)
        doc = project.new or project.old
        if doc is not None:
            w.document.set_document(doc)
        pdf_shown = False
        for view, source in ((w.pdf_old, project.old_path), (w.pdf_new, project.new_path)):
            if source.lower().endswith(".pdf") and Path(source).is_file():
                view.open(source)
                pdf_shown = True
        w.tabs.setTabVisible(1, pdf_shown)
        w.diff.set_titles("Draft", "Revised" if project.new is not None else "—")
        w.diff.show_new_side(project.new is not None)
        if project.diff is not None:
            w.diff.set_edits([e for e in project.diff.edits if e.changed])
        else:
            w.diff.set_edits([])
        w.suggestion.set_suggestion(None)
        self._update_summary()
        self._update_undo()
        self.sig_project_loaded.emit(project)
        first = self.first_aligned_comment()
        if first is not None:
            w.comments.select_comment(first)

    def first_aligned_comment(self) -> str | None:
        p = self.project
        if p is None or not p.comments:
            return None
        return next((c.id for c in p.comments if p.aligned_edits(c.id)), p.comments[0].id)

    def refresh_recent(self) -> None:
        self.window.set_recent(recent_projects())

    def _update_summary(self) -> None:
        p = self.project
        if p is None:
            self.window.status_text.setText("")
            return
        statuses = list(p.statuses().values())
        parts = [f"{len(p.comments)} comments from {len(p.reviewers())} reviewers"]
        if p.diff is not None:
            parts.append(f"{sum(1 for e in p.diff.edits if e.changed)} edits")
            parts.append(f"{statuses.count('addressed')} addressed")
        elif "open" in statuses or "answered" in statuses:
            parts.append(f"{statuses.count('answered')} answered")
        self.window.status_text.setText(" · ".join(parts))

    # -- the selected comment ----------------------------------------------------------------

    def select_comment(self, comment_id: str) -> None:
        p, w = self.project, self.window
        if p is None or comment_id == self.current_comment:
            return
        try:
            p.comment(comment_id)
        except KeyError:
            return
        self.current_comment = comment_id
        w.comments.select_comment(comment_id)
        show_comment(w, p, comment_id)
        self.sig_comment_shown.emit(comment_id)

    def _paper_document(self):
        """The paper reviewers are scored against: the revised version, else the draft."""
        p = self.project
        return None if p is None else (p.new or p.old)

    def step_comment(self, step: int) -> None:
        p = self.project
        if p is None or not p.comments:
            return
        ids = [c.id for c in p.comments]
        i = ids.index(self.current_comment) if self.current_comment in ids else -step
        self.select_comment(ids[(i + step) % len(ids)])

    # -- suggestions: review, undo -------------------------------------------------------------

    def set_status(self, suggestion_id: str, status: str, edit_text: str | None = None) -> None:
        if self.store is None or self.project is None:
            return
        self.store.set_suggestion_status(suggestion_id, status, edit_text)
        rec = self.project.suggestion(suggestion_id)
        rec.status = status
        if edit_text is not None:
            rec.edit = edit_text
        self._suggestion_changed(rec)

    def undo(self) -> None:
        if self.store is not None:
            self._after_history(self.store.undo())

    def redo(self) -> None:
        if self.store is not None:
            self._after_history(self.store.redo())

    def _after_history(self, suggestion_id: str | None) -> None:
        if suggestion_id is None or self.store is None:
            self._update_undo()
            return
        stored = self.store.load()  # the suggestion's state as the store has it now
        rec = stored.suggestion(suggestion_id)
        self.project.suggestions = stored.suggestions
        if self.current_comment != rec.comment_id:
            self.select_comment(rec.comment_id)
        self._suggestion_changed(rec)

    def _suggestion_changed(self, rec: SuggestionRecord) -> None:
        p, w = self.project, self.window
        if rec.comment_id == self.current_comment:
            w.suggestion.set_suggestion(rec)
            w.show_comment(p.comment(rec.comment_id), p.status(rec.comment_id))
        w.comments.set_statuses(p.statuses())  # a draft-only project's comment is answered once an edit is kept
        self._update_summary()
        self._update_undo()
        self.sig_suggestion_changed.emit(rec.id)

    def _update_undo(self) -> None:
        a = self.window.commands
        a.undo.setEnabled(self.store is not None and self.store.can_undo())
        a.redo.setEnabled(self.store is not None and self.store.can_redo())

    def _copied(self, text: str) -> None:
        QApplication.clipboard().setText(text)
        self.flash("Copied to the clipboard", 3000)

    # -- generation -----------------------------------------------------------------------------

    def suggest(self) -> JobHandle | None:
        """Generate a suggestion for the selected comment; its tokens stream into the card."""
        p, cid, store = self.project, self.current_comment, self.store
        if p is None or cid is None or store is None:
            return None

        def done(rec: SuggestionRecord) -> None:
            if self.project is p:
                p.suggestions.setdefault(rec.comment_id, []).append(rec)
                self._suggestion_changed(rec)

        return self.models.suggest(p, store, cid, self.window.suggestion, done)

    def tldr(self, mode: str = "llm") -> JobHandle | None:
        p, store = self.project, self.store
        if p is None or store is None or (p.new or p.old) is None:
            return None

        def done(tldrs: list[str]) -> None:
            p.tldrs = tldrs
            self.window.tldr.set_tldrs(tldrs)
            self.sig_tldrs_changed.emit(tldrs)

        return self.models.tldr(p, store, mode, self.window.tldr, done)

    # -- exports ------------------------------------------------------------------------------

    def export_letter(self, path: str | Path | None = None) -> JobHandle | None:
        if self.project is None:
            return None
        if path is None:
            path, _ = QFileDialog.getSaveFileName(
                self.window, "Export the response letter", str(Path.home() / f"{self.project.name} response.md"),
                "Markdown (*.md);;PDF (*.pdf)")
            if not path:
                return None
        from engine.project.export import write_response_letter

        project = self.project
        return self.runner.run_call(lambda cancel: str(write_response_letter(project, path)),
                                    label="writing the response letter", on_success=self._exported)

    def export_report(self, path: str | Path | None = None) -> JobHandle | None:
        if self.project is None:
            return None
        if path is None:
            path, _ = QFileDialog.getSaveFileName(
                self.window, "Export the revision report", str(Path.home() / f"{self.project.name} report.html"),
                "HTML (*.html)")
            if not path:
                return None
        from engine.project.report import write_revision_report

        project = self.project
        return self.runner.run_call(lambda cancel: str(write_revision_report(project, path)),
                                    label="writing the revision report", on_success=self._exported)

    def _exported(self, path: str) -> None:
        self.flash(f"Wrote {path}", 5000)
        self.sig_export_written.emit(path)

    # -- settings, theme, errors ------------------------------------------------------------------

    def open_settings(self) -> QDialog:
        from desktop.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.settings, self.runner, self.window)
        dialog.accepted.connect(lambda: self.apply_settings(dialog.settings()))
        dialog.open()
        return dialog

    def apply_settings(self, settings: Settings) -> None:
        model_keys = ("generator_path", "n_gpu_layers", "n_ctx", "n_threads")
        if any(getattr(settings, k) != getattr(self.settings, k) for k in model_keys):
            self.models.unload()
        self.settings = settings
        save_settings(settings)
        self.window.commands.set_theme(settings.theme)
        self.apply_theme(settings.theme)

    def set_theme(self, theme: str) -> None:
        self.settings.theme = theme
        save_settings(self.settings)
        self.apply_theme(theme)

    def show_error(self, message: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, "Redraft", message, QMessageBox.StandardButton.Ok, self.window)
        box.setAccessibleName("Error")
        box.open()  # not exec(): the loop keeps running
        self.flash(message, 8000)

    def flash(self, message: str, ms: int) -> None:
        """A message in place of the project summary for ``ms``, then the summary again
        (one label: QStatusBar's own messages can be drawn over it)."""
        self.window.status_text.setText(message)
        self._flash_timer.start(ms)  # a later message restarts it (no static singleShot: see MainWindow)

    def _about(self) -> None:
        QMessageBox.about(self.window, "About Redraft",
                          "<b>Redraft</b><br>An offline assistant for revising a paper after peer review.")

    # -- jobs in the status bar -------------------------------------------------------------------

    def _job_started(self, job_id: int, label: str) -> None:
        self.window.job_status.start(label)
        self.window.commands.cancel_job.setEnabled(True)

    def _job_progress(self, job_id: int, done: int, total: int, label: str) -> None:
        self.window.job_status.set_progress(done, total, label)

    def _job_finished(self, job_id: int, outcome: str) -> None:
        active = self.runner.active
        if active:
            self.window.job_status.start(active[-1].label)
        else:
            self.window.job_status.finish(outcome)
            self.window.commands.cancel_job.setEnabled(False)

    def close(self) -> None:
        self.runner.shutdown(wait=False)
        if self.store is not None:
            self.store.close()
            self.store = None


