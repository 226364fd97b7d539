"""``AppController``: wiring and the project's lifecycle.

The open project belongs to a ``ProjectSession`` (the only writer of its file);
every step the author takes goes through it, and the ``Changes`` it returns are
drawn by the ``ProjectPresenter``. Builds (``desktop/builds.py``) and loads run on
workers; a new project replaces the open one only once it is built and loaded.
Model-backed work is an engine job on the session, run by ``Editing.run``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QFileDialog

from desktop.builds import Builds, warm_view_imports
from desktop.corrections import Corrections
from desktop.editing import Editing
from desktop.expertise_wiring import ExpertiseWiring
from desktop.exports import Exports
from desktop.job_runner import JobHandle, JobRunner
from desktop.job_wiring import JobStatusWiring
from desktop.keep_work import KeepWork
from desktop.link_steps import LinkSteps
from desktop.main_window import MainWindow
from desktop.models import ModelOwner
from desktop.preferences import Preferences
from desktop.presenter import ProjectPresenter
from desktop.rounds import Rounds
from desktop.typeset_panes import highlight_typeset
from engine.errors import RedraftError
from engine.inputs import input_suffixes, name_filter
from engine.project import Project, recent_projects, remember_project
from engine.project.notes import reading_notes, worth_showing
from engine.project.schema import SUFFIX
from engine.project.session import ProjectSession
from engine.project.work import locate_job, realign_job
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
        self.editing = Editing(window, self.presenter, runner, self.owner, lambda: self.session)
        self.keep_work = KeepWork(window, self.presenter, self.editing, lambda: self.session)  # trial27
        self.exports = Exports(window, runner, self.editing.current_project, window.response.flush)
        self.jobs = JobStatusWiring(runner, window.job_status, window.commands.cancel_job)
        self.expertise = ExpertiseWiring(window.expertise, runner, self._paper_document, self.owner.encoder, self)
        self.link_steps = LinkSteps(window, self.editing, lambda: self.session)
        self.corrections = Corrections(window, self.editing, lambda: self.session, self.show_reading_notes)
        self.corrections.on_corrected = self.align_new_comments
        self.rounds = Rounds(window, self.editing, self.owner, lambda: self.session, self.use_session)
        self.builds = Builds(window, runner, self.owner, self.use_session, self.open_project)
        self.preferences = Preferences(window, runner, settings, self.owner, apply_theme)
        # what tests and the demo drive, by their short names
        self.sig_comment_shown, self.sig_export_written = self.presenter.sig_comment_shown, self.exports.sig_export_written
        self.sig_suggestion_changed = self.editing.sig_suggestion_changed
        self.select_comment, self.flash = self.presenter.select_comment, self.presenter.flash
        self.set_status, self.suggest, self.tldr = self.editing.set_status, self.editing.suggest, self.editing.tldr
        self.open_settings = self.preferences.open_settings
        self.new_project_dialog, self.create_project = self.builds.new_project_dialog, self.builds.create_project
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
        self.builds.wire(a)  # File → New Project…, New Project from a Git History…
        a.open_project.triggered.connect(self.open_dialog)
        a.reading_notes.triggered.connect(lambda: self.show_reading_notes())
        a.export_letter.triggered.connect(lambda: self.exports.export_letter())
        a.export_report.triggered.connect(lambda: self.exports.export_report())
        a.export_marked.triggered.connect(lambda: self.exports.export_marked())
        a.export_coverage.triggered.connect(lambda: self.exports.export_coverage())
        a.undo.triggered.connect(e.undo)
        a.redo.triggered.connect(e.redo)
        a.suggest.triggered.connect(lambda: e.suggest())  # triggered(bool) would be taken as the place `at`
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
        w.suggestion.sig_place_switched.connect(e.switch_place)
        w.suggestion.sig_place_requested.connect(lambda pid: e.suggest(at=pid))
        w.response.sig_response_saved.connect(e.save_response)
        w.tldr.sig_generate_requested.connect(e.tldr)
        self.runner.sig_error_reported.connect(self.presenter.show_message)
        self.exports.sig_export_written.connect(lambda path: self.flash(f"Wrote {path}", 5000))
        self.expertise.sig_export_written.connect(lambda path: self.flash(f"Wrote {path}", 5000))
        self.exports.sig_export_refused.connect(self.presenter.show_message)
        self.exports.sig_export_note.connect(self.presenter.show_message)

    # -- opening, building, switching --------------------------------------------------------

    def open_dialog(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(
            self.window, "Open a project or a draft", str(Path.home()),
            f"Redraft projects (*{SUFFIX});;{name_filter('Drafts and reviews', input_suffixes()[1:])};;All files (*)")
        if paths:
            self.open_paths(paths)

    def open_paths(self, paths: list[str]) -> None:
        """A ``.redraft`` file opens; drafts and reviews go to the New Project dialog."""
        projects = [p for p in paths if p.lower().endswith(SUFFIX)]
        if projects:
            self.open_project(projects[0])
        else:
            self.new_project_dialog(files=paths)

    def open_project(self, path: str | Path) -> JobHandle:
        owner = self.owner
        return self.runner.run_call(lambda cancel: warm_view_imports(ProjectSession.open(path, models=owner)),
                                    label=f"opening {Path(path).name}", on_success=self.use_session)

    def use_session(self, session: ProjectSession, notes: bool = False) -> None:
        """Make ``session`` the open project (closing the previous one) and draw it afresh; with ``notes`` (a build,
        a new round), the reading-notes bar says how its files were read."""
        if self.session is not None and self.session is not session:
            self.window.response.flush()  # what is typed goes to the project it was typed for
            self.session.close()
        self.session = session
        session.models = self.owner  # added comments are located with the jobs' encoder
        if self.remember_recent:
            remember_project(session.path)
            self.refresh_recent()
        self.presenter.show_project(session.project)
        highlight_typeset(self.editing, session)  # a LaTeX version's typeset pages: where its paragraphs are
        self.editing.update_undo()
        # reopened: the notes show when a reviewer's point may be in no comment (trial20) or the letter is not read
        self.show_reading_notes(notes or worth_showing(session.project))
        self.keep_work.opened(session)  # upgraded (a backup kept), read-only, a response typed and never saved
        self.sig_project_loaded.emit(session.project)
        self.expertise.use_store(session.store)  # the reviewer profiles it keeps come back (trial22)
        p = session.project
        if p.old is not None and p.comments and "locations" not in p.stages:
            self.locate_comments()  # saved by a Redraft that did not locate comments yet
        self.align_new_comments()  # added or reworded before the last alignment job could finish

    def show_reading_notes(self, shown: bool = True) -> None:
        """The open project's reading notes in the bar above its panes (View → Reading Notes; off with none)."""
        notes = reading_notes(self.project) if self.project is not None else []
        self.window.commands.reading_notes.setEnabled(bool(notes))
        if shown and notes:
            self.window.reading_notes.show_notes(notes)
        else:
            self.window.reading_notes.hide()

    def locate_comments(self) -> JobHandle | None:
        """Find (again) where each comment applies in the draft, on a worker, and show it."""
        return self.editing.run(locate_job(self.session, self.owner)) if self.session is not None else None

    def align_new_comments(self) -> JobHandle | None:
        """Align the comments added or reworded since the build, on a worker, as the build aligned the others
        (with no encoder to align with, they stay "unknown": the correction stands)."""
        job = realign_job(self.session, self.owner) if self.session is not None else None
        return self.editing.run(job, on_failure=lambda err: isinstance(err, RedraftError))

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
            self.window.response.flush()
            self.session.close()
            self.session = None
