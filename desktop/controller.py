"""``AppController``: wiring and the project's lifecycle.

The open project belongs to a ``ProjectSession`` (the only writer of its file);
every step the author takes goes through it, and the ``Changes`` it returns are
drawn by the ``ProjectPresenter``. Builds and loads run on workers; a new
project replaces the open one only once it is built and loaded.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QFileDialog

from desktop.corrections import Corrections
from desktop.editing import Editing
from desktop.expertise_wiring import ExpertiseWiring
from desktop.exports import Exports
from desktop.job_runner import JobHandle, JobRunner, error_message
from desktop.job_wiring import JobStatusWiring
from desktop.link_steps import LinkSteps
from desktop.main_window import MainWindow
from desktop.model_jobs import ModelJobs
from desktop.models import ModelOwner
from desktop.preferences import Preferences
from desktop.presenter import ProjectPresenter
from desktop.project_wizard import ProjectRequest, ProjectWizard, free_project_path
from desktop.rounds import Rounds
from engine.errors import Cancelled, RedraftError
from engine.inputs import INPUT_SUFFIXES, name_filter
from engine.jobs import CancelToken
from engine.project import Project, recent_projects, remember_project
from engine.project.session import ProjectSession
from engine.project.schema import SUFFIX
from engine.settings import Settings


class AppController(QObject):
    sig_project_loaded = Signal(object)  # Project

    def __init__(self, window: MainWindow, runner: JobRunner, settings: Settings,
                 apply_theme: Callable[[str], None], remember_recent: bool = True) -> None:
        super().__init__(window)
        self.window, self.runner = window, runner
        self.remember_recent = remember_recent
        self.session: ProjectSession | None = None
        self.presenter = ProjectPresenter(window)
        self.owner = ModelOwner(runner, lambda: self.preferences.settings)
        self.models = ModelJobs(runner, self.owner)
        self.exports = Exports(window, runner, lambda: self.project)
        self.jobs = JobStatusWiring(runner, window.job_status, window.commands.cancel_job)
        self.expertise = ExpertiseWiring(window.expertise, runner, self._paper_document, self.owner.encoder, self)
        self.editing = Editing(window, self.presenter, self.models, lambda: self.session)
        self.link_steps = LinkSteps(window, self.editing, lambda: self.session)
        self.corrections = Corrections(window, self.editing, lambda: self.session)
        self.corrections.on_corrected = self.align_new_comments
        self.rounds = Rounds(window, runner, self.owner, lambda: self.session, self.use_session)
        self.preferences = Preferences(window, runner, settings, self.owner, apply_theme)
        # what tests and the demo drive, by their short names
        self.sig_comment_shown, self.sig_export_written = self.presenter.sig_comment_shown, self.exports.sig_export_written
        self.sig_suggestion_changed = self.editing.sig_suggestion_changed
        self.select_comment, self.flash = self.presenter.select_comment, self.presenter.flash
        self.set_status, self.suggest, self.tldr = self.editing.set_status, self.editing.suggest, self.editing.tldr
        self.open_settings = self.preferences.open_settings
        self._wire()
        self.refresh_recent()
        window.show_project_view(False)

    @property
    def project(self) -> Project | None:
        return self.session.project if self.session is not None else None

    @property
    def current_comment(self) -> str | None:
        return self.presenter.current_comment

    def _wire(self) -> None:
        w, a, e = self.window, self.window.commands, self.editing
        a.new_project.triggered.connect(lambda: self.new_project_dialog())
        a.open_project.triggered.connect(self.open_dialog)
        a.new_round.triggered.connect(lambda: self.rounds.open_dialog())
        a.export_letter.triggered.connect(lambda: self.exports.export_letter())
        a.export_report.triggered.connect(lambda: self.exports.export_report())
        a.export_marked.triggered.connect(lambda: self.exports.export_marked())
        a.export_coverage.triggered.connect(lambda: self.exports.export_coverage())
        a.undo.triggered.connect(e.undo)
        a.redo.triggered.connect(e.redo)
        a.suggest.triggered.connect(e.suggest)
        a.tldr.triggered.connect(lambda: e.tldr("llm"))
        a.next_comment.triggered.connect(lambda: e.step_comment(1))
        a.previous_comment.triggered.connect(lambda: e.step_comment(-1))
        w.sig_files_dropped.connect(self.open_paths)
        w.sig_recent_chosen.connect(self.open_project)
        w.sig_close_requested.connect(self.close)
        w.comments.sig_comment_selected.connect(self.select_comment)
        w.coverage.sig_comment_selected.connect(self.select_comment)
        w.coverage.sig_edit_activated.connect(self.presenter.open_edit)
        w.suggestion.sig_suggestion_accepted.connect(lambda sid: e.set_status(sid, "accepted"))
        w.suggestion.sig_suggestion_rejected.connect(lambda sid: e.set_status(sid, "rejected"))
        w.suggestion.sig_suggestion_edited.connect(lambda sid, text: e.set_status(sid, "edited", text))
        w.suggestion.sig_suggestion_copied.connect(self.presenter.copy_text)
        w.suggestion.sig_generate_requested.connect(e.suggest)
        w.response.sig_response_saved.connect(e.save_response)
        w.tldr.sig_generate_requested.connect(e.tldr)
        self.runner.sig_error_reported.connect(self.presenter.show_message)
        self.exports.sig_export_written.connect(lambda path: self.flash(f"Wrote {path}", 5000))
        self.exports.sig_export_refused.connect(self.presenter.show_message)

    # -- opening, building, switching --------------------------------------------------------

    def new_project_dialog(self, files: list[str] | None = None) -> ProjectWizard:
        """The New Project dialog; it stays open through the build, and after a failed one."""
        wizard = ProjectWizard(self.window, files=files)
        wizard.sig_create_requested.connect(lambda request: self.create_project(request, wizard=wizard))
        self.runner.sig_job_progress.connect(wizard.show_progress)
        wizard.open()
        return wizard

    def open_dialog(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(
            self.window, "Open a project or a draft", str(Path.home()),
            f"Redraft projects (*{SUFFIX});;{name_filter('Drafts and reviews', INPUT_SUFFIXES[1:])};;All files (*)")
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
                       after: Callable[[ProjectSession], None] | None = None,
                       wizard: ProjectWizard | None = None) -> JobHandle:
        """Build a project on a worker; it gets its name, and replaces the open one, only once built.
        From a ``wizard``, the wizard shows the progress, closes once the project is open, and
        says what went wrong (keeping its inputs) if the build fails or is stopped."""
        from engine.project.pipeline import build_project_file, partial_path

        target, owner = Path(path) if path else free_project_path(request.name), self.owner

        def job(cancel: CancelToken):
            encoder = owner.encoder() if request.aligner != "bm25" else None  # it also locates the comments
            yield from build_project_file(target, request.name, request.old_path, request.new_path, request.reviews,
                                          overwrite=path is not None, keep_partial=request.keep_partial,
                                          aligner=request.aligner, encoder=encoder, cancel=cancel)
            session = ProjectSession.open(target)
            if after is not None:
                after(session)
            return session

        def failed(err: BaseException) -> bool:
            kept = request.keep_partial and partial_path(target).is_file()
            if kept:
                self.open_project(partial_path(target))
            if wizard is None:
                return False
            message = "Stopped: nothing was built." if isinstance(err, Cancelled) else error_message(err)
            if kept:
                message += f" What was built is open as “{partial_path(target).name}”."
            wizard.show_error(message)
            return isinstance(err, (Cancelled, RedraftError))  # a bug is still logged and shown by the runner

        def built(session: ProjectSession) -> None:
            self.use_session(session)
            if wizard is not None:
                wizard.set_building(None)
                wizard.accept()

        handle = self.runner.run_job(job, label=f"building “{request.name}”", on_success=built, on_failure=failed)
        if wizard is not None:
            wizard.set_building(handle.id)
            wizard.sig_cancel_requested.connect(handle.cancel)
        return handle

    def open_project(self, path: str | Path) -> JobHandle:
        return self.runner.run_call(lambda cancel: ProjectSession.open(path), label=f"opening {Path(path).name}",
                                    on_success=self.use_session)

    def use_session(self, session: ProjectSession) -> None:
        """Make ``session`` the open project (closing the previous one) and draw it afresh."""
        if self.session is not None and self.session is not session:
            self.session.close()
        self.session = session
        session.encoder_source = self.owner.encoder  # added comments are located with the jobs' encoder
        if self.remember_recent:
            remember_project(session.path)
            self.refresh_recent()
        self.presenter.show_project(session.project)
        self.editing.update_undo()
        for note in session.notices:  # an older file was upgraded, and a backup kept
            self.presenter.show_message(note, notice=True)
        self.sig_project_loaded.emit(session.project)
        p = session.project
        if p.old is not None and p.comments and "locations" not in p.stages:
            self.locate_comments()  # saved by a Redraft that did not locate comments yet
        self.align_new_comments()  # added or reworded before the last alignment job could finish

    def locate_comments(self) -> JobHandle | None:
        """Find (again) where each comment applies in the draft, on a worker, and show it."""
        session, owner = self.session, self.owner
        if session is None or session.project.old is None:
            return None
        comments, draft = session.project.comments, session.project.old

        def job(cancel: CancelToken):
            from engine.align.localize import locate

            return locate(comments, draft, owner.encoder(), cancel)

        return self.runner.run_call(job, label="finding where each comment applies", on_success=lambda found: (
            self.editing.apply(session.set_locations(found)) if self.session is session else None))

    def align_new_comments(self) -> JobHandle | None:
        """Align the comments added or reworded since the build, on a worker, as the build aligned the others."""
        from engine.project.realign import align_comments, scored_as, unaligned

        session, owner = self.session, self.owner
        todo = unaligned(session.project) if session is not None else []
        if not todo:
            return None
        project, aligned = session.project, {c.id: scored_as(c) for c in todo}

        def job(cancel: CancelToken):
            try:
                return align_comments(project, todo, owner.encoder() if project.aligner != "bm25" else None, cancel)
            except RedraftError:  # no encoder to align with: the comments stay "unknown", the correction stands
                return []

        def done(found) -> None:
            if self.session is session and session.project is project:  # not closed, no round taken meanwhile
                self.editing.apply(session.add_alignments(found, aligned))

        return self.runner.run_call(job, label=f"aligning {len(todo)} new comment{'s' * (len(todo) > 1)}",
                                    on_success=done)

    def refresh_recent(self) -> None:
        self.window.set_recent(recent_projects())

    def _paper_document(self):
        """The paper reviewers are scored against: the revised version, else the draft."""
        p = self.project
        return None if p is None else (p.new or p.old)

    # -- closing ---------------------------------------------------------------------------------

    def close(self) -> None:
        self.runner.shutdown(wait=False)
        if self.session is not None:
            self.session.close()
            self.session = None
