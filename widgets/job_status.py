"""``JobStatus``: the status-bar strip showing the running job (label, progress, Cancel).

The shell calls ``start``, ``set_progress`` and ``finish`` from the job
runner's signals and connects ``sig_cancel_requested`` to its cancel. With no
job running the bar and the button are hidden and the label shows how the last
job ended, until ``IDLE_CLEAR_MS`` later.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QSizePolicy, QToolButton, QWidget

#: How long the outcome of the last job stays shown.
IDLE_CLEAR_MS = 5000
#: What the label says when a job ends.
OUTCOME_TEXT = {"done": "Done", "cancelled": "Cancelled", "failed": "Failed"}


class JobStatus(QWidget):
    """A compact progress bar + label + Cancel button; hidden parts when idle."""

    sig_cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Job status")
        self._running = False
        self._job_label = ""
        self._full_text = ""

        self.label = QLabel()
        self.label.setAccessibleName("Job")
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setMinimumWidth(80)
        self.label.setMaximumWidth(320)
        self.label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

        self.bar = QProgressBar()
        self.bar.setAccessibleName("Job progress")
        self.bar.setFixedWidth(160)
        self.bar.setTextVisible(True)

        self.cancel_button = QToolButton()
        self.cancel_button.setText("Cancel")
        self.cancel_button.setAccessibleName("Cancel the running job")
        self.cancel_button.setToolTip("Stop the running job (what was finished is kept)")
        self.cancel_button.clicked.connect(self.request_cancel)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        layout.setSpacing(6)
        layout.addWidget(self.label)
        layout.addWidget(self.bar)
        layout.addWidget(self.cancel_button)

        self._clear_timer = QTimer(self)
        self._clear_timer.setSingleShot(True)
        self._clear_timer.timeout.connect(lambda: self.label.setText(""))
        self._show_running(False)

    # -- the shell's calls ---------------------------------------------------------------

    def start(self, label: str) -> None:
        """A job began (or another one is now the latest): busy bar until progress arrives."""
        self._clear_timer.stop()
        self._running = True
        self._job_label = label
        self.bar.setRange(0, 0)
        self._set_label(label)
        self.cancel_button.setEnabled(True)
        self._show_running(True)

    def set_progress(self, done: int, total: int, label: str = "") -> None:
        """``done`` of ``total`` steps; ``total <= 0`` means unknown (a busy bar)."""
        if not self._running:
            self.start(label or self._job_label)
        if total > 0:
            self.bar.setRange(0, total)
            self.bar.setValue(max(0, min(done, total)))
        else:
            self.bar.setRange(0, 0)
        if label:
            self._set_label(f"{self._job_label}: {label}" if self._job_label and label != self._job_label
                            else label)

    def finish(self, outcome: str) -> None:
        """No job runs any more; ``outcome`` is ``done``, ``failed`` or ``cancelled``."""
        self._running = False
        self._show_running(False)
        self._set_label(OUTCOME_TEXT.get(outcome, outcome.capitalize()))
        self._clear_timer.start(IDLE_CLEAR_MS)

    # -- state -----------------------------------------------------------------------------

    def is_running(self) -> bool:
        return self._running

    def text(self) -> str:
        """What the label says now (in full; the label may elide it)."""
        return self._full_text if self.label.text() else ""

    def request_cancel(self) -> None:
        """The Cancel button: ask once, then wait for ``finish``."""
        if not self._running:
            return
        self.cancel_button.setEnabled(False)
        self._set_label(f"Cancelling {self._job_label}…" if self._job_label else "Cancelling…")
        self.sig_cancel_requested.emit()

    def _set_label(self, text: str) -> None:
        self._full_text = text
        metrics = self.label.fontMetrics()
        self.label.setText(metrics.elidedText(text, Qt.TextElideMode.ElideMiddle, self.label.maximumWidth()))
        self.label.setToolTip(text)
        self.bar.setAccessibleDescription(text)

    def _show_running(self, running: bool) -> None:
        self.bar.setVisible(running)
        self.cancel_button.setVisible(running)
