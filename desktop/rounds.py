"""File → New Round…: the dialog, the round built on a worker, taken by the session on the UI
thread, and a message saying what was kept and what had to be dropped. Reviews that read like an author
response are refused as the CLI refuses them; the app asks whether to go on anyway (the CLI's ``--force``):
yes builds the round, no brings the dialog back with the author's files. The authors' letter alone is added to
the round the project holds (``engine.project.letter_added``): the statuses are read again with it, and a message
lists each status it moved and what the letter says of that point (trial24: the dialog refused a letter alone)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from desktop.editing import Editing
from desktop.job_runner import JobHandle
from desktop.models import ModelOwner
from desktop.project_wizard import LETTER_FILTER, LETTER_SUFFIXES, file_problem, response_problem, reviews_problem
from engine.errors import DoubtfulInput, InputError
from engine.inputs import DRAFT_SUFFIXES, name_filter, review_suffixes
from engine.project.session import NOTHING, Changes, ProjectSession
from engine.project.work import round_job
from widgets.round_dialog import RoundDialog, RoundFiles, details, letter_summary, moved_lines, round_summary, summary_box


class Rounds:
    """Starts a new round of the open project and reports what it kept and dropped."""

    def __init__(self, parent: QWidget, editing: Editing, owner: ModelOwner,
                 session: Callable[[], ProjectSession | None], use_session: Callable[..., None]) -> None:
        self.parent, self.editing, self.owner = parent, editing, owner
        self.session, self.use_session = session, use_session
        self.dialog: RoundDialog | None = None
        self.message: QMessageBox | None = None
        #: The question asked when an input is doubtful (reviews that read like an author response or a paper,
        #: a revised version with the draft's content).
        self.question: QMessageBox | None = None
        #: Saves the response typed and not saved yet before a round or a letter is taken (an author's trial, session
        #: 32: the typed answer was left out of the round's "Kept" count and came back with a false "Redraft did not
        #: close normally" message); the main window's response box, as exports save it first.
        self.before = getattr(getattr(parent, "response", None), "flush", None)
        commands = getattr(parent, "commands", None)  # the main window's File → New Round…, Add Authors' Response…
        if commands is not None:
            commands.new_round.triggered.connect(lambda: self.open_dialog())
            commands.add_letter.triggered.connect(lambda: self.choose_letter())

    def open_dialog(self, files: RoundFiles | None = None, problem: str = "") -> RoundDialog | None:
        session = self.session()
        if session is None:
            return None
        self.dialog = RoundDialog(session.project.name, name_filter("Drafts", DRAFT_SUFFIXES),
                                  name_filter("Reviews", review_suffixes()), self.start, self.parent, files,
                                  revised_name=Path(session.project.new_path).name if session.project.new_path else "",
                                  letter_filter=LETTER_FILTER)
        if problem:
            self.dialog.show_problem(problem)
        self.dialog.open()
        return self.dialog

    def start(self, files: RoundFiles) -> str | None:
        """Check the files and start the round; a message when they will not do (the dialog stays)."""
        if not files.any() and not files.response:
            return "Give a new revised version, new reviews or a new draft (or the authors' response alone)."
        for path, suffixes, check in ((files.revised, DRAFT_SUFFIXES, file_problem),
                                      (files.reviews, review_suffixes(), reviews_problem),
                                      (files.draft, DRAFT_SUFFIXES, file_problem),
                                      (files.response, LETTER_SUFFIXES, response_problem)):
            if path and (problem := check(str(Path(path).expanduser()))):
                return problem
            if path and Path(path).suffix.lower() not in suffixes:
                return f"{Path(path).name}: Redraft reads {', '.join(suffixes)} here."
        session = self.session()
        if session is None:
            return "No project is open."
        if self.before is not None:
            self.before()
        if not files.any():
            return self.add_letter(session, files)
        self.run(session, files)
        return None

    def choose_letter(self, path: str | None = None) -> None:
        """File → Add Authors' Response…: a letter chosen (``path`` in tests) is added to the round; a file that
        will not do brings the New Round dialog with it and why."""
        if path is None:  # opened where the reviews are (the letter is kept beside them), not the app's own folder
            session = self.session()
            near = next((p for p in ((session.project.reviews_path, session.project.old_path) if session else ())
                         if p), "")
            path, _ = QFileDialog.getOpenFileName(self.parent, "Add the authors' response",
                                                  str(Path(near).parent) if near else "", LETTER_FILTER)
        if path and (problem := self.start(RoundFiles(response=path))):
            self.open_dialog(RoundFiles(response=path), problem)

    def add_letter(self, session: ProjectSession, files: RoundFiles, force: bool = False) -> str | None:
        """The letter alone: read, the comments aligned again with it on a worker, then a message listing the
        statuses it moved and why (a file that is no letter: the dialog stays, with why)."""
        from engine.project.letter_added import letter_job

        try:
            job = letter_job(session, self.owner, str(Path(files.response).expanduser()), force=force)
        except DoubtfulInput as err:  # the reviews given as the letter: ask, as for a round's doubtful input
            self.ask_to_go_on(session, files, str(err))
            return None
        except InputError as err:
            return str(err)

        def done(_result) -> None:
            if job.added is None:  # another project was opened meanwhile
                return
            lines = job.added.lines()
            self.message = summary_box(self.parent, "Authors' response", letter_summary(session.project.name, lines),
                                       details(moved_lines(lines)), "Response letter added")
            self.message.open()

        def failed(err: BaseException) -> bool:
            if isinstance(err, InputError):
                self.open_dialog(files, str(err))
                return True
            return False

        self.editing.run(job, on_result=done, on_failure=failed)
        return None

    def run(self, session: ProjectSession, files: RoundFiles, force: bool = False) -> JobHandle | None:
        """The round built on a worker (``engine.project.work.round_job``), taken by the session on the UI
        thread: the dialog again, with why, when the project changed meanwhile. ``force``: reviews that read
        like an author response are built too. The letter alone: ``add_letter``."""
        if not files.any():
            self.add_letter(session, files, force)
            return None
        job = round_job(session, self.owner, draft=files.draft or None, revised=files.revised or None,
                        reviews=files.reviews or None, force=force, response=files.response or None)
        take, taken = job.store, {}

        def store(s: ProjectSession, report) -> Changes:
            try:
                taken["changes"] = take(s, report)
            except InputError as err:
                self.open_dialog(files, str(err))
                return NOTHING
            return taken["changes"]

        def done(report) -> None:
            changes = taken.get("changes")
            if changes is None:  # another project was opened meanwhile, or the round was refused
                return
            self.use_session(session, notes=True)  # and the reading-notes bar: how the new files were read
            text = round_summary(f"{session.project.name}, {changes.label}", report.kept, report.dropped,
                                 str(report.backup), report.replaced)
            self.message = summary_box(self.parent, "New round", text, details(report.dropped), "Round summary")
            self.message.open()

        def failed(err: BaseException) -> bool:
            if isinstance(err, DoubtfulInput):  # the CLI's --force: ask
                self.ask_to_go_on(session, files, str(err))
                return True
            if isinstance(err, InputError):  # a bad file: the dialog again, with the author's paths and why
                self.open_dialog(files, str(err))
                return True
            return False

        job.store = store
        return self.editing.runner.run_session_job(job, self.session, lambda changes: None, on_result=done,
                                                   on_failure=failed)

    def ask_to_go_on(self, session: ProjectSession, files: RoundFiles, why: str) -> QMessageBox:
        """A doubtful input (reviews that read like an author response or a paper, the same version twice):
        "Go on anyway" builds the round with it; Cancel brings the dialog back, the author's files in it. Nothing happens when another project was opened meanwhile."""
        self.question = QMessageBox(QMessageBox.Icon.Question, "New round",
                                    f"{why[:1].upper()}{why[1:].rstrip('.')}.\n\nBuild the round anyway?",
                                    QMessageBox.StandardButton.Cancel, self.parent)
        self.question.setAccessibleName("Doubtful input")
        go_on = self.question.addButton("Go on anyway", QMessageBox.ButtonRole.AcceptRole)
        self.question.setDefaultButton(QMessageBox.StandardButton.Cancel)

        def answered() -> None:
            if self.session() is not session:
                return
            if self.question is not None and self.question.clickedButton() is go_on:
                self.run(session, files, force=True)
            else:
                self.open_dialog(files, why)

        self.question.finished.connect(answered)
        self.question.open()
        return self.question
