"""Launch: the window paints before anything it does not need is imported or read.

`redraft gui` runs in a fresh process with a paint spy (as bench/bench_launch.py does);
a project given at launch opens only after the first paint.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from desktop.app import FirstPaint, build_shell, make_window, wire
from engine.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
#: Libraries the first window must not wait for: they load with the first project, PDF or model.
HEAVY = ("numpy", "scipy", "sklearn", "pymupdf", "torch", "transformers", "llama_cpp", "onnxruntime", "onnx",
         "engine.reviews.comments", "engine.reviews.parse", "engine.revision.compare", "engine.align.evidence",
         "asyncio", "qasync",  # the event loop of asyncio starts after the first paint
         "desktop.controller", "widgets.comment_list", "widgets.pdf_view")  # the panes: after it too

SPIED_GUI = f"""
import json, os, sys
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QMainWindow
import desktop.app

class Spy(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and isinstance(obj, QMainWindow):
            print("PAINTED " + json.dumps([m for m in {HEAVY!r} if m in sys.modules]), flush=True)
            os._exit(0)
        return False

spy, make_app = Spy(), desktop.app.make_app
def spied_make_app():
    app = make_app()
    app.installEventFilter(spy)
    return app
desktop.app.make_app = spied_make_app
from redraft_app.main import main
sys.exit(main(sys.argv[1:]))
"""


def test_first_window_paints_before_heavy_libraries_load(tmp_path: Path) -> None:
    env = {**os.environ, "REDRAFT_HOME": str(tmp_path), "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    for args in (["gui"], ["gui", "--demo"], ["gui", str(ROOT / "resources" / "demo" / "draft_v2.md")]):
        out = subprocess.run([sys.executable, "-c", SPIED_GUI, *args], cwd=tmp_path, env=env, capture_output=True,
                             text=True, timeout=120)
        line = next((l for l in out.stdout.splitlines() if l.startswith("PAINTED ")), None)
        assert line is not None, out.stderr[-3000:]
        assert json.loads(line[len("PAINTED "):]) == [], args
    assert not list((tmp_path / "data").rglob("*.redraft"))  # the demo is built after the first paint, not before


def test_a_project_opens_after_the_first_paint(qtbot) -> None:
    shell = build_shell(Settings(), remember_recent=False)
    qtbot.addWidget(shell.window)
    events: list[str] = []

    class PaintLog(FirstPaint):
        def eventFilter(self, obj, event):  # noqa: N802
            if obj is self.window and event.type() == event.Type.Paint:
                events.append("paint")
            return super().eventFilter(obj, event)

    PaintLog(shell.window, lambda: events.append("opened"), fallback_ms=10_000)
    assert events == []  # nothing runs before the window is shown
    shell.window.show()
    qtbot.waitUntil(lambda: "opened" in events, timeout=5000)
    assert events[0] == "paint" and events.count("opened") == 1
    shell.window.update()
    qtbot.wait(50)
    assert events.count("opened") == 1  # later paints run nothing more
    shell.controller.close()


def test_the_frame_paints_first_and_the_panes_come_after(qtbot) -> None:
    settings = Settings()
    app, window, apply = make_window(settings, body=False)
    qtbot.addWidget(window)
    sheet = app.styleSheet()
    assert window.body is None and not hasattr(window, "comments")  # the welcome page, menus and toolbar only
    assert sheet and window.stack.currentWidget() is window.empty
    # the frame paints as the wired window does: the project's commands already off
    assert not window.commands.suggest.isEnabled() and not window.commands.export_letter.isEnabled()
    assert window.commands.new_project.isEnabled()
    shell = wire(app, window, apply, settings, remember_recent=False)
    assert window.body is not None and window.stack.indexOf(window.body) == 1
    assert app.styleSheet() == sheet  # the panes were built without it, and it is back
    assert window.stack.currentWidget() is window.empty  # still the welcome page until a project opens
    window.commands.views[0].trigger()  # the View items reach the panes built late
    assert window.tabs.currentIndex() == 0
    assert shell.controller.window is window
    shell.controller.close()
