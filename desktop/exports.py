"""The response letter, the revision report, the marked-up PDF and the coverage table, written on a worker
from the open project.

The letter's format follows the file name (``.md``, ``.tex``, ``.docx``, ``.pdf``); a name typed without a
suffix takes the one of the file type picked in the dialog, and any other suffix is refused with a message
before anything is written (an export never ends silently with no file).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QFileDialog, QWidget

from desktop.job_runner import JobHandle, JobRunner
from engine.errors import InputError
from engine.project import Project



def with_filter_suffix(path: str, selected_filter: str) -> str:
    """``path`` as typed; without a suffix, with the suffix of the dialog's selected file type."""
    m = re.search(r"\*(\.\w+)", selected_filter or "")
    return path + m.group(1) if m and not Path(path).suffix else path


def export_folder(project: Project) -> Path:
    """Where the save dialog opens: beside the project file (unless it sits in the app's own data
    folder), else beside the revised version, else the draft; the first that can be written to,
    else the home folder."""
    import os

    from engine.paths import app_paths

    own = app_paths().projects.resolve()
    candidates = [Path(project.path).parent] if project.path and Path(project.path).parent.resolve() != own else []
    candidates += [Path(p).expanduser().parent for p in (project.new_path, project.old_path) if p]
    return next((c for c in candidates if c.is_dir() and os.access(c, os.W_OK)), Path.home())


class Exports(QObject):
    sig_export_written = Signal(str)  # path
    sig_export_refused = Signal(str)  # the message: nothing was written
    sig_export_note = Signal(str)  # the message: written, with something the author has to do before sending

    def __init__(self, parent: QWidget, runner: JobRunner, project: Callable[[], Project | None],
                 before: Callable[[], None] | None = None) -> None:
        """``before``: run first, on every export (the response typed and not saved yet is saved, so the letter and
        the tables hold it: a new-user trial, session 29, typed an answer, pressed Ctrl+E, and the letter said "25 of
        the 25 comments are still marked 'to answer'")."""
        super().__init__(parent)
        self.parent_widget = parent
        self.runner = runner
        self.project = project
        self.before = before

    def export_letter(self, path: str | Path | None = None) -> JobHandle | None:
        from engine.letter import letter_format
        from engine.letter.export import (letter_placeholders, placeholder_comments, placeholder_note,
                                          write_response_letter)
        from engine.letter.formats import dialog_filters

        def check(target: str) -> None:
            letter_format(target)

        def note(project: Project) -> str:
            left = placeholder_note(letter_placeholders(project), placeholder_comments(project))
            return f"The letter was written, but {left}." if left else ""

        return self._export(path, "Export the response letter", "response.docx", dialog_filters(".docx"),
                            write_response_letter, "writing the response letter", check, note)

    def export_report(self, path: str | Path | None = None) -> JobHandle | None:
        from engine.project.report import write_revision_report

        return self._export(path, "Export the revision report", "report.html", "HTML (*.html)",
                            write_revision_report, "writing the revision report")

    def export_marked(self, path: str | Path | None = None) -> JobHandle | None:
        from engine.project.marked_pdf import write_marked_pdf

        return self._export(path, "Export the marked-up revised PDF", "marked.pdf", "PDF (*.pdf)",
                            lambda project, out: write_marked_pdf(project, out).path, "marking the revised PDF")

    def export_coverage(self, path: str | Path | None = None) -> JobHandle | None:
        from engine.project.coverage_csv import write_coverage_csv

        return self._export(path, "Export the coverage table", "coverage.csv", "CSV (*.csv)",
                            write_coverage_csv, "writing the coverage table")

    def _export(self, path: str | Path | None, caption: str, suffix: str, filters: str,
                write: Callable[[Project, str | Path], Path], label: str,
                check: Callable[[str], None] | None = None,
                note: Callable[[Project], str] | None = None) -> JobHandle | None:
        if self.before is not None:
            self.before()
        project = self.project()
        if project is None:
            return None
        if path is None:
            path, chosen = QFileDialog.getSaveFileName(self.parent_widget, caption,
                                                       str(export_folder(project) / f"{project.name} {suffix}"),
                                                       filters)
            if not path:
                return None
            path = with_filter_suffix(path, chosen)
        if check is not None:
            try:
                check(str(path))
            except InputError as err:
                self.sig_export_refused.emit(f"Nothing was written: {err}.")
                return None
        def job(cancel) -> tuple[str, str]:
            written = str(write(project, path))
            return written, note(project) if note else ""

        def done(result: tuple[str, str]) -> None:
            self.sig_export_written.emit(result[0])
            if result[1]:
                self.sig_export_note.emit(result[1])

        return self.runner.run_call(job, label=label, on_success=done)
