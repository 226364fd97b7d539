"""File → New Round…: the dialog, the round built on a worker, taken by the session on the UI
thread, and a message saying what was kept and what had to be dropped."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget

from desktop.job_runner import JobHandle, JobRunner
from desktop.models import ModelOwner
from desktop.project_wizard import file_problem
from engine.errors import InputError
from engine.inputs import DRAFT_SUFFIXES, REVIEW_SUFFIXES, name_filter
from engine.jobs import CancelToken
from engine.project.session import ProjectSession
from widgets.round_dialog import RoundDialog, RoundFiles, round_summary


class Rounds:
    """Starts a new round of the open project and reports what it kept and dropped."""

    def __init__(self, parent: QWidget, runner: JobRunner, owner: ModelOwner,
                 session: Callable[[], ProjectSession | None], use_session: Callable[[ProjectSession], None]) -> None:
        self.parent, self.runner, self.owner = parent, runner, owner
        self.session, self.use_session = session, use_session
        self.dialog: RoundDialog | None = None
        self.message: QMessageBox | None = None

    def open_dialog(self, files: RoundFiles | None = None, problem: str = "") -> RoundDialog | None:
        session = self.session()
        if session is None:
            return None
        self.dialog = RoundDialog(session.project.name, name_filter("Drafts", DRAFT_SUFFIXES),
                                  name_filter("Reviews", REVIEW_SUFFIXES), self.start, self.parent, files,
                                  revised_name=Path(session.project.new_path).name if session.project.new_path else "")
        if problem:
            self.dialog.show_problem(problem)
        self.dialog.open()
        return self.dialog

    def start(self, files: RoundFiles) -> str | None:
        """Check the files and start the round; a message when they will not do (the dialog stays)."""
        if not files.any():
            return "Give a new revised version, new reviews or a new draft."
        for path, suffixes in ((files.revised, DRAFT_SUFFIXES), (files.reviews, REVIEW_SUFFIXES),
                               (files.draft, DRAFT_SUFFIXES)):
            if path and (problem := file_problem(str(Path(path).expanduser()))):
                return problem
            if path and Path(path).suffix.lower() not in suffixes:
                return f"{Path(path).name}: Redraft reads {', '.join(suffixes)} here."
        session = self.session()
        if session is None:
            return "No project is open."
        self.run(session, files)
        return None

    def run(self, session: ProjectSession, files: RoundFiles) -> JobHandle:
        from engine.project.rounds import build_round

        owner, path = self.owner, session.path
        aligner = session.project.aligner

        def job(cancel: CancelToken):
            encoder = owner.encoder() if aligner != "bm25" else None
            return (yield from build_round(path, draft=files.draft or None, revised=files.revised or None,
                                           reviews=files.reviews or None, encoder=encoder, cancel=cancel))

        def done(report) -> None:
            if self.session() is not session:
                report.path.unlink(missing_ok=True)  # another project was opened meanwhile
                return
            try:
                changes = session.take_round(report)
            except InputError as err:
                self.open_dialog(files, str(err))
                return
            self.use_session(session)
            text = round_summary(f"{session.project.name}, {changes.label}", report.kept, report.dropped,
                                 str(report.backup))
            self.message = QMessageBox(QMessageBox.Icon.Information, "New round", text,
                                       QMessageBox.StandardButton.Ok, self.parent)
            self.message.setAccessibleName("Round summary")
            self.message.open()

        def failed(err: BaseException) -> bool:
            if isinstance(err, InputError):  # a bad file: the dialog again, with the author's paths and why
                self.open_dialog(files, str(err))
                return True
            return False

        return self.runner.run_job(job, label="taking the new round", on_success=done, on_failure=failed)
