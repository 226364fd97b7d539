"""The response letter, the revision report, the marked-up PDF and the coverage table, written on a worker
from the open project."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QFileDialog, QWidget

from desktop.job_runner import JobHandle, JobRunner
from engine.project import Project


class Exports(QObject):
    sig_export_written = Signal(str)  # path

    def __init__(self, parent: QWidget, runner: JobRunner, project: Callable[[], Project | None]) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.runner = runner
        self.project = project

    def export_letter(self, path: str | Path | None = None) -> JobHandle | None:
        from engine.project.export import write_response_letter

        return self._export(path, "Export the response letter", "response.md", "Markdown (*.md);;PDF (*.pdf)",
                            write_response_letter, "writing the response letter")

    def export_report(self, path: str | Path | None = None) -> JobHandle | None:
        from engine.project.report import write_revision_report

        return self._export(path, "Export the revision report", "report.html", "HTML (*.html)",
                            write_revision_report, "writing the revision report")

    def export_marked(self, path: str | Path | None = None) -> JobHandle | None:
        from engine.project.marked_pdf import write_marked_pdf

        return self._export(path, "Export the marked-up revised PDF", "marked.pdf", "PDF (*.pdf)",
                            lambda project, out: write_marked_pdf(project, out).path, "marking the revised PDF")

    def export_coverage(self, path: str | Path | None = None) -> JobHandle | None:
        from engine.project.coverage import write_coverage_csv

        return self._export(path, "Export the coverage table", "coverage.csv", "CSV (*.csv)",
                            write_coverage_csv, "writing the coverage table")

    def _export(self, path: str | Path | None, caption: str, suffix: str, filters: str,
                write: Callable[[Project, str | Path], Path], label: str) -> JobHandle | None:
        project = self.project()
        if project is None:
            return None
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self.parent_widget, caption,
                                                  str(Path.home() / f"{project.name} {suffix}"), filters)
            if not path:
                return None
        return self.runner.run_call(lambda cancel: str(write(project, path)), label=label,
                                    on_success=self.sig_export_written.emit)
