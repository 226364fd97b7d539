"""Application entry: builds the objects, wires them, runs the Qt loop."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMessageBox

from desktop.main_window import MainWindow
from engine.document import load_document
from engine.errors import RedraftError
from engine.resources import resource


def demo_draft() -> Path:
    return Path(str(resource("demo", "draft_v1.md")))


def main(paths: list[str] | None = None, demo: bool = False, selftest: str | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Redraft")
    app.setOrganizationName("Redraft")
    window = MainWindow()
    targets = list(paths or [])
    if demo or selftest or not targets:
        targets = [str(demo_draft())]
    try:
        window.show_document(load_document(targets[0]))
    except RedraftError as err:
        if selftest:
            print(f"redraft: error: {err}", file=sys.stderr)
            return 2
        QMessageBox.warning(window, "Redraft", str(err))
    window.resize(1200, 800)
    window.show()
    if selftest:
        app.processEvents()
        out = Path(selftest)
        out.parent.mkdir(parents=True, exist_ok=True)
        if not window.grab().save(str(out)):
            print(f"redraft: error: cannot write {out}", file=sys.stderr)
            return 2
        return 0
    return app.exec()
