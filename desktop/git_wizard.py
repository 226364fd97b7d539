"""File → New Project from a Git History…: a folder, its commits in a list, the submitted and the revised version
chosen there (the working copy by default), the main file when there are several, the reviews.

It asks for the build as the New Project dialog does (``sig_create_requested`` with a ``ProjectRequest`` that
carries the ``GitVersions``; ``desktop/builds.py`` runs ``engine.project.git_build.build_from_git``), shows its
progress, and stays open with everything chosen when the build fails or is stopped. The history is read with
dulwich (``engine.project.git_history``): no git program is needed.

Nothing of the repository is read on the window's thread: the history (``read_history``) and each chosen pair's main
files (``main_choices``) are read on the app's ``JobRunner``, the dialog usable meanwhile (its line says how far the
reading is; Stop Reading, Cancel, or another folder stops it). A result that comes back after the folder or the
versions changed is dropped.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.build_steps import BuildSteps
from desktop.job_runner import JobHandle, JobRunner
from desktop.project_wizard import (ALIGNERS, LETTER_FILTER, ProjectRequest, response_problem, review_filter,
                                    reviews_problem)
from engine.errors import Cancelled, RedraftError
from engine.inputs import review_format_names
from engine.project.git_build import GitVersions, main_choices
from engine.project.git_history import WORKING_COPY, Commit, History, read_history
from widgets.controls import plain_button
from widgets.path_field import PathField

#: The list's columns.
COLUMNS = ("Version", "Date", "Subject", "Tags", "Author", "Commit")
#: The item data role holding a row's revision: a commit hash, or "" for the working copy.
REV_ROLE = Qt.ItemDataRole.UserRole
#: A tag that names the version sent to the reviewers: its commit is the submitted version until one is chosen (the
#: newest tag at all was a "camera-ready" after the revision, in a look at the dialog on a made-up history).
_SENT = re.compile(r"submi|sent|review|initial|first", re.I)


class GitWizard(BuildSteps, QDialog):
    """Collects a ``ProjectRequest`` whose versions come from a git repository."""

    sig_create_requested = Signal(object)  # ProjectRequest
    sig_cancel_requested = Signal()  # Stop while the project is being built

    def __init__(self, parent: QWidget | None, runner: JobRunner, folder: str = "") -> None:
        super().__init__(parent)
        self.runner = runner
        #: The history being read and the main-file lookup under way (None: none); a result from another is dropped.
        self.reading: JobHandle | None = None
        self.looking: JobHandle | None = None
        self.read_for = ("", "")  # the folder being read, and its name as the line says it
        self.setWindowTitle("New Project from a Git History")
        self.setAccessibleName("New project from a git history")
        self.resize(960, 620)
        self.name = QLineEdit()
        self.name.setAccessibleName("Project name")
        self.name.setPlaceholderText("e.g. CGO submission, round 1")
        self.folder = QLineEdit()
        self.folder.setAccessibleName("Repository folder")
        self.folder.setPlaceholderText("the folder of your paper's repository (an Overleaf project's clone, say)")
        self.folder.editingFinished.connect(lambda: self.set_folder(self.folder.text()))
        browse = QPushButton("&Browse…")
        browse.setAccessibleName("Browse for the repository folder")
        browse.setAutoDefault(False)
        browse.clicked.connect(self._browse)
        self.stop_reading = plain_button("S&top Reading", "Stop reading this repository's history (the dialog stays "
                                         "open)", self.stop)
        self.stop_reading.setVisible(False)
        folder_row = QHBoxLayout()
        folder_row.setContentsMargins(0, 0, 0, 0)
        folder_row.addWidget(self.folder, 1)
        folder_row.addWidget(browse)
        folder_row.addWidget(self.stop_reading)
        self.commits = QTreeWidget()
        self.commits.setAccessibleName("Commits that touch the paper, newest first")
        self.commits.setHeaderLabels(list(COLUMNS))
        self.commits.setRootIsDecorated(False)
        self.commits.setAlternatingRowColors(True)
        self.commits.setUniformRowHeights(True)
        self.commits.setMinimumHeight(250)  # a dozen commits at once on a 768-pixel screen
        header = self.commits.header()
        header.setStretchLastSection(False)
        for i in range(len(COLUMNS)):
            header.setSectionResizeMode(i, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COLUMNS.index("Subject"), QHeaderView.ResizeMode.Stretch)
        self.use_old = plain_button("Use as &Submitted", "The selected commit is the version the reviewers read",
                                    lambda: self.choose("old"))
        self.use_new = plain_button("Use as Re&vised", "The selected commit, or the working copy, is the revised "
                                    "version", lambda: self.choose("new"))
        self.commits.installEventFilter(self)  # Enter in the list chooses nothing and builds nothing
        picks = QHBoxLayout()
        picks.addWidget(self.use_old)
        picks.addWidget(self.use_new)
        picks.addStretch(1)
        self.chosen = QLabel()
        self.chosen.setAccessibleName("Chosen versions")
        self.chosen.setTextFormat(Qt.TextFormat.PlainText)
        self.chosen.setWordWrap(True)  # a long commit subject widened the dialog past a small screen (trial32)
        self.main = QComboBox()
        self.main.setAccessibleName("Main file")
        self.main_label = QLabel("&Main file:")
        self.main_label.setBuddy(self.main)
        self.review_file = PathField("Reviews file", review_filter(), f"reviews as {review_format_names()}")
        self.letter = PathField("Authors' response", LETTER_FILTER, "optional: your response letter to the reviewers")
        self._build_controls(ALIGNERS)

        form = QFormLayout()
        form.addRow("&Name:", self.name)
        folder_label = QLabel("&Repository:")
        folder_label.setBuddy(self.folder)
        form.addRow(folder_label, folder_row)
        commits_label = QLabel("&Commits:")
        commits_label.setBuddy(self.commits)
        form.addRow(commits_label, self.commits)
        form.addRow("", picks)
        form.addRow("", self.chosen)
        form.addRow(self.main_label, self.main)
        form.addRow("R&eviews:", self.review_file)
        form.addRow("Authors' res&ponse:", self.letter)
        form.addRow("&Alignment:", self.aligner)
        self.form = QWidget()
        self.form.setLayout(form)
        layout = QVBoxLayout(self)
        layout.addWidget(self.form, 1)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)

        self.root: Path | None = None
        self.history: list[Commit] = []
        self.old_rev: str | None = None  # a commit hash
        self.new_rev: str | None = None  # a commit hash, "" for the working copy
        self.folder_problem = ""
        self.mains_pending = False
        for signal in (self.name.textChanged, self.review_file.sig_path_changed, self.letter.sig_path_changed,
                       self.main.currentIndexChanged):
            signal.connect(self._validate)
        runner.sig_job_progress.connect(self._reading_progress)
        if folder:
            self.set_folder(folder)
        self._validate()

    # -- API -----------------------------------------------------------------------------

    def set_folder(self, folder: str) -> None:
        """Read the repository holding ``folder`` on a worker and list its commits once read (``_listed``); a read
        still under way for another folder is stopped."""
        folder = folder.strip()
        if self.folder.text() != folder:
            self.folder.setText(folder)
        if not folder or (self.root is not None and Path(folder).expanduser().resolve() == self.root):
            self._validate()
            return
        if self.reading is not None and folder == self.read_for[0]:
            return  # Enter, then the field left: one read
        self.stop()
        self.commits.clear()
        self.root, self.history, self.old_rev, self.new_rev, self.folder_problem = None, [], None, None, ""
        self._update_mains()
        name = Path(folder).name or folder
        handle = self.runner.run_job(lambda cancel: read_history(folder), label=f"reading the history of {name}",
                                     on_success=lambda history: self._listed(handle, history),
                                     on_failure=lambda err: self._unread(handle, name, err))
        self.reading, self.read_for = handle, (folder, name)
        self.stop_reading.setVisible(True)
        self._validate()

    def stop(self) -> None:
        """Stop Reading: the history's read stops; nothing of it is listed, the folder stays to be read again."""
        if self.reading is not None:
            self.reading.cancel()

    def _reading_progress(self, job_id: int, done: int, total: int, label: str) -> None:
        if self.reading is not None and job_id == self.reading.id and not self.building:
            self._say(f"Reading the history of {self.read_for[1]}: {label}… (Stop Reading stops it)")

    def _unread(self, handle: JobHandle, name: str, err: BaseException) -> bool:
        """The read failed or was stopped: why, in the dialog's line (a bug still goes to the runner's handler)."""
        if handle is not self.reading:
            return True  # an older read: it says nothing
        self._end_reading()
        self.folder_problem = (f"Stopped reading the history of {name}: press Enter in the folder's field, or choose "
                               "it again, to read it" if isinstance(err, Cancelled) else str(err))
        self._validate()
        return isinstance(err, RedraftError)

    def _end_reading(self) -> None:
        self.reading = None
        self.stop_reading.setVisible(False)

    def _listed(self, handle: JobHandle, history: History) -> None:
        """The history read: its commits in the list; the revised version is the working copy, the submitted one a
        commit whose tag says it was sent (``_SENT``), else none."""
        if handle is not self.reading:
            return  # read for a folder no longer chosen
        self._end_reading()
        self.root, self.history, working = history.root, history.commits, history.has_working_copy
        items = []
        if working:
            item = QTreeWidgetItem(["", "", "Working copy (what is in the folder now, saved or not)", "", "", ""])
            item.setData(0, REV_ROLE, "")
            items.append(item)
        for c in self.history:
            item = QTreeWidgetItem(["", c.date, c.subject, ", ".join(c.tags), c.author, c.short])
            item.setData(0, REV_ROLE, c.sha)
            item.setToolTip(COLUMNS.index("Subject"), c.subject)
            items.append(item)
        self.commits.addTopLevelItems(items)  # at once: the columns fit their contents once, not once a row
        self.new_rev = "" if working else (self.history[0].sha if self.history else None)
        self.old_rev = next((c.sha for c in self.history if c.sha != self.new_rev
                             and any(_SENT.search(t) for t in c.tags)), None)  # a tag that says so, else none
        if not self.name.text().strip():
            self.name.setText(self.root.name.replace("_", " "))
        if self.commits.topLevelItemCount():
            self.commits.setCurrentItem(self.commits.topLevelItem(0))
        self._refresh()

    def choose(self, role: str, rev: str | None = None) -> None:
        """The selected row (or ``rev``: a hash, "" for the working copy) becomes the submitted (``old``) or the
        revised (``new``) version."""
        if rev is None:
            item = self.commits.currentItem()
            if item is None:
                return
            rev = item.data(0, REV_ROLE)
        if role == "old" and not rev:
            self._say("The working copy cannot be the submitted version: choose the commit you sent.", error=True)
            return
        if role == "old":
            self.old_rev = rev
        else:
            self.new_rev = rev
        self._refresh()

    def request(self) -> ProjectRequest:
        spec = GitVersions(str(self.root or self.folder.text().strip()), self.old_rev or "", self.new_rev or None,
                           self.main.currentData() if self.main.count() else None)
        return ProjectRequest(name=self.name.text().strip(), old_path="", new_path=None,
                              reviews=self.review_file.path(), response=self.letter.path() or None, git=spec,
                              aligner=self.aligner.currentData())

    def problem_text(self) -> str:
        """What stops the project from being created ("" when nothing does)."""
        if self.folder_problem:
            return self.folder_problem
        if self.reading is not None:
            return f"Reading the history of {self.read_for[1]}… (Stop Reading stops it)"
        if self.root is None:
            return "Choose the folder of your paper's git repository."
        if not self.history:
            return f"No commit in {self.root.name} touches a .tex, .bib, Markdown or Word file."
        if not self.old_rev:
            return "Choose the submitted version: select the commit you sent, then Use as Submitted (Alt+S)."
        if self.new_rev is None:
            return "Choose the revised version: a commit or the working copy, then Use as Revised (Alt+V)."
        if self.old_rev == self.new_rev:
            return "The submitted and the revised version are the same commit: choose two."
        if self.mains_pending:
            return "Looking for the paper's main file in the two versions…"
        if self.main.count() and self.main.currentData() is None:
            return "The repository holds several main files: choose the paper's."
        if not self.review_file.path():
            return "Choose the reviews file."
        if problem := reviews_problem(self.review_file.path()):
            return problem
        if self.letter.path() and (problem := response_problem(self.letter.path())):
            return problem
        if not self.name.text().strip():
            return "Give the project a name."
        return ""

    # -- internals -----------------------------------------------------------------------

    def _refresh(self) -> None:
        """The Version column, the chosen versions' line and the main file's choices, from the choices."""
        bold = QFont(self.commits.font())
        bold.setBold(True)
        changed = []
        for i in range(self.commits.topLevelItemCount()):
            item = self.commits.topLevelItem(i)
            rev = item.data(0, REV_ROLE)
            roles = " + ".join(w for w, r in (("submitted", self.old_rev), ("revised", self.new_rev))
                               if r is not None and r == rev)
            if item.text(0) != roles:  # only the rows whose role changed are restyled
                changed.append((item, roles))
        # the columns fit their contents once, after: each cell restyled under ResizeToContents made them fit again,
        # over every row (every cell of 113 rows restyled at each choice froze the window 3.5 s, session 30)
        header = self.commits.header()
        fit = QHeaderView.ResizeMode.ResizeToContents
        fitted = [i for i in range(len(COLUMNS)) if header.sectionResizeMode(i) == fit]
        for i in fitted:
            header.setSectionResizeMode(i, QHeaderView.ResizeMode.Interactive)
        for item, roles in changed:
            item.setText(0, roles)
            for col in range(len(COLUMNS)):
                item.setFont(col, bold if roles else self.commits.font())
        for i in fitted:
            header.setSectionResizeMode(i, fit)
        self.chosen.setText(f"Submitted: {self._describe(self.old_rev)}\nRevised: {self._describe(self.new_rev)}")
        self._update_mains()
        self._validate()

    def _describe(self, rev: str | None) -> str:
        if rev is None:
            return "not chosen yet"
        if rev == "":
            return f"{WORKING_COPY} of {self.root}"
        commit = next((c for c in self.history if c.sha == rev), None)
        return commit.label() if commit is not None else rev[:7]

    def _update_mains(self) -> None:
        """Look for the main files of the chosen versions on a worker (``_show_mains`` offers them when either has
        several; hidden otherwise: the build finds it); a lookup for an earlier choice is stopped and dropped."""
        if self.looking is not None:
            self.looking.cancel()
        self.looking, self.mains_pending = None, False
        if self.root is None or not self.old_rev or self.new_rev is None or self.old_rev == self.new_rev:
            self._show_mains([], None)
            return
        spec = GitVersions(str(self.root), self.old_rev, self.new_rev or None)
        handle = self.runner.run_call(lambda cancel: main_choices(spec), label="looking for the paper's main file",
                                      on_success=lambda got: self._mains_found(handle, got),
                                      on_failure=lambda err: self._mains_found(handle, ([], None), err))
        self.looking, self.mains_pending = handle, True

    def _mains_found(self, handle: JobHandle, got: tuple[list[str], str | None],
                     err: BaseException | None = None) -> bool:
        """A lookup's answer (a failed one offers nothing: the build says why); dropped when the choice changed."""
        if handle is not self.looking:
            return True
        self.looking, self.mains_pending = None, False
        self._show_mains(*got)
        self._validate()
        return err is None or isinstance(err, RedraftError)

    def _show_mains(self, choices: list[str], likely: str | None) -> None:
        current = self.main.currentData() or likely  # the user's choice kept; else the likely paper, shown
        self.main.blockSignals(True)
        self.main.clear()
        if choices:
            self.main.addItem("Choose the paper's main file…", None)
            for path in choices:
                self.main.addItem(f"{path}   (likely the paper: check)" if path == likely else path, path)
            if current in choices:
                self.main.setCurrentIndex(choices.index(current) + 1)
        self.main.blockSignals(False)
        self.main.setVisible(bool(choices))
        self.main_label.setVisible(bool(choices))

    def _validate(self) -> None:
        if self.building:
            return
        problem = self.problem_text()
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("Create")
        ok.setEnabled(not problem)
        self._say(problem, error=bool(self.folder_problem))

    def done(self, result: int) -> None:
        """Closed (Cancel, Esc, Create's project built): a read or lookup still under way is stopped."""
        self.stop()
        if self.looking is not None:
            self.looking.cancel()
        super().done(result)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt override)
        """Enter on a commit would press Create (the list passes it on): it is kept from the dialog."""
        if watched is self.commits and event.type() == QEvent.Type.KeyPress and event.key() in (
                Qt.Key.Key_Return, Qt.Key.Key_Enter):
            return True
        return super().eventFilter(watched, event)

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Your paper's git repository",
                                                  self.folder.text() or str(Path.home()))
        if folder:
            self.set_folder(folder)
