"""What a dialog that builds a project does while the build runs (New Project, New Project from a Git History…).

Create does not close the dialog: it asks for the build (``sig_create_requested``, the dialog's own signal), locks
its inputs while the build runs, shows its progress, and on failure says why and gives the inputs back as they were;
Cancel reads Stop meanwhile and asks to cancel (``sig_cancel_requested``). A dialog mixes this in before
``QDialog`` and has ``form``, ``buttons``, ``problem`` and ``problem_text()``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialogButtonBox, QLabel

from widgets.controls import PROBLEM_ROLE


class BuildSteps:
    """Create, Stop, progress and errors of a project build, shared by the dialogs that start one."""

    building = False
    job_id: int | None = None

    def _build_controls(self, aligners) -> None:
        """The alignment method's choice (``aligners``: (key, label) pairs), the line that says what is missing,
        and Create / Cancel wired to ``create`` and ``reject``: the dialog lays them out."""
        self.aligner = QComboBox()
        self.aligner.setAccessibleName("Alignment method")
        for key, label in aligners:
            self.aligner.addItem(label, key)
        self.problem = QLabel()
        self.problem.setAccessibleName("What is missing")
        self.problem.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Create")
        self.buttons.accepted.connect(self.create)
        self.buttons.rejected.connect(self.reject)

    def create(self) -> None:
        """Create: ask for the build; the dialog stays open until it is done."""
        if not self.building and not self.problem_text():
            self.sig_create_requested.emit(self.request())

    def set_building(self, job_id: int | None) -> None:
        """The build of job ``job_id`` started (None: it ended): the inputs are locked meanwhile."""
        self.building, self.job_id = job_id is not None, job_id
        self.form.setEnabled(not self.building)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not self.building and not self.problem_text())
        stop = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        stop.setText("Stop" if self.building else "Cancel")
        # the focus leaves Create for the progress line, not for Stop, where a second Enter or Space would stop the
        # build (trial30, keyboard only); Esc still stops it
        self.problem.setFocusPolicy(Qt.FocusPolicy.StrongFocus if self.building else Qt.FocusPolicy.NoFocus)
        if self.building:
            self._say("Building the project… (Stop cancels it; what you chose stays here)")
            self.problem.setFocus()

    def show_progress(self, job_id: int, done: int, total: int, label: str) -> None:
        if self.building and job_id == self.job_id:
            self._say(f"Building the project: {label}" + (f" ({done}/{total})" if total else "") + "…")

    def show_error(self, message: str) -> None:
        """The build failed or was stopped: say why and give the inputs back, as they were."""
        self.set_building(None)
        self._say(message, error=True)

    def offer_anyway(self) -> None:
        """The build refused a doubtful input (the message says why): Create reads "Create Anyway" until an input
        changes."""
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Create Anyway")

    def reject(self) -> None:
        if self.building:  # Stop: cancel the build, keep the dialog
            self.sig_cancel_requested.emit()
            return
        super().reject()

    def _say(self, text: str, error: bool = False) -> None:
        self.problem.setText(text)
        self.problem.setProperty("role", PROBLEM_ROLE if error else "")  # the theme's colour (trial25)
        self.problem.style().polish(self.problem)
