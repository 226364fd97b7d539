"""The job runner's signals drawn in the status bar's ``JobStatus`` strip, and its Cancel wired back."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction

from desktop.job_runner import JobRunner
from widgets.job_status import JobStatus


class JobStatusWiring(QObject):
    def __init__(self, runner: JobRunner, status: JobStatus, cancel_action: QAction) -> None:
        super().__init__(status)
        self.runner, self.status, self.cancel_action = runner, status, cancel_action
        runner.sig_job_started.connect(self._started)
        runner.sig_job_progress.connect(lambda _id, done, total, label: status.set_progress(done, total, label))
        runner.sig_job_finished.connect(self._finished)
        status.sig_cancel_requested.connect(lambda: runner.cancel())
        cancel_action.triggered.connect(lambda: runner.cancel())

    def _started(self, job_id: int, label: str) -> None:
        self.status.start(label)
        self.cancel_action.setEnabled(True)

    def _finished(self, job_id: int, outcome: str) -> None:
        active = self.runner.active
        if active:
            self.status.start(active[-1].label)
        else:
            self.status.finish(outcome)
            self.cancel_action.setEnabled(False)
