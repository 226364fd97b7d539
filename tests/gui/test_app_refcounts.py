"""PySide6 6.12's static ``QTimer.singleShot(ms, callable)`` drops one reference to
None per call; enough of them (window resizes, status messages) and the
interpreter aborts with "deallocating None". The app keeps its own timers
instead: this checks that resizing, status messages and ``wait`` leave the
reference counts of None, True and False where they were."""

from __future__ import annotations

import sys

from desktop.app import build_shell, wait
from engine.settings import Settings


def counts() -> tuple[int, int, int]:
    return sys.getrefcount(None), sys.getrefcount(True), sys.getrefcount(False)


def test_resizes_messages_and_waits_keep_none_alive(qtbot) -> None:
    shell = build_shell(Settings())
    qtbot.addWidget(shell.window)
    shell.window.show()
    shell.window.show_project_view(True)
    wait(20)
    before = counts()
    for i in range(300):
        shell.window.resize(900 + i % 50, 700)
        shell.window.show_project_view(True)
        shell.controller.flash(f"message {i}", 1)
        if i % 50 == 0:
            wait(5)
    wait(30)
    after = counts()
    shell.controller.close()
    # a static singleShot per call would take 600+ references; allow a little noise either way
    assert all(abs(a - b) < 50 for a, b in zip(after, before)), (before, after)
