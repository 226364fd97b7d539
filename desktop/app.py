"""Application entry: the one place objects are created and wired; runs the qasync loop.

``main(paths, demo, selftest)`` backs ``redraft gui``. Launch stays fast:
nothing here imports torch, transformers or llama_cpp (models load on a worker
when first used), and the window's frame paints before its panes, the
controller and qasync are built (``make_window``, then ``wire``).
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QEventLoop, QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication

from engine.paths import app_paths
from desktop.window_state import restore_geometry
from engine.settings import Settings, load_settings
from widgets.palette import apply_palette, apply_theme

# The window's frame paints before the rest is imported (``main``): the controller, the panes and
# the project code are imported where they are first needed.
if TYPE_CHECKING:
    from desktop.controller import AppController
    from desktop.job_runner import JobRunner
    from desktop.main_window import MainWindow
    from desktop.project_wizard import ProjectRequest
    from engine.project.session import ProjectSession

DEMO_NAME = "Redraft demo"
#: The window's first size; a larger screen gives it 85% of its room (three panes want the width). A screen whose 85%
#: falls short of it (a 1366 × 768 laptop) gives it all its room: 800 pixels tall put the status bar off that screen,
#: and 1200 wide left the comment list about ten characters of each comment (trial25).
WINDOW_SIZE = (1200, 800)
SCREEN_SHARE = 0.85


def first_size(available: tuple[int, int] | None) -> tuple[int, int]:
    """85% of the screen's available room, or all of it where 85% is less than ``WINDOW_SIZE``, on each side."""
    if available is None:
        return WINDOW_SIZE
    sizes = []
    for least, room in zip(WINDOW_SIZE, available):
        share = int(room * SCREEN_SHARE)
        sizes.append(share if share >= least else room)
    return sizes[0], sizes[1]


@dataclass
class Shell:
    """The wired application: window, job runner, controller."""

    app: QApplication
    window: MainWindow
    runner: JobRunner
    controller: AppController


def make_app() -> QApplication:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Redraft")
    app.setOrganizationName("Redraft")
    app.setApplicationDisplayName("Redraft")
    return app


def system_theme(app: QApplication) -> str:
    """``dark`` or ``light``, as the desktop says (light when it does not say)."""
    scheme = app.styleHints().colorScheme()
    return "dark" if scheme == Qt.ColorScheme.Dark else "light"


def theme_applier(app: QApplication) -> Callable[[str], None]:
    """A function applying ``system``, ``light`` or ``dark``; ``system`` follows later changes too."""
    chosen = {"theme": "system"}

    def apply(theme: str) -> None:
        chosen["theme"] = theme
        apply_theme(app, system_theme(app) if theme == "system" else theme)

    def system_changed(_scheme: object) -> None:
        if chosen["theme"] == "system":
            apply("system")

    app.styleHints().colorSchemeChanged.connect(system_changed)
    return apply


def build_shell(settings: Settings | None = None, remember_recent: bool = True) -> Shell:
    """Create and wire everything; nothing is shown yet."""
    settings = settings or load_settings()
    return wire(*make_window(settings), settings, remember_recent=remember_recent)


def make_window(settings: Settings, body: bool = True) -> tuple[QApplication, MainWindow, Callable[[str], None]]:
    """The application, its themed main window (``body=False``: its frame only), and the theme applier."""
    from desktop.main_window import MainWindow

    app = make_app()
    apply = theme_applier(app)
    apply_palette(app, system_theme(app) if settings.theme == "system" else settings.theme)
    window = MainWindow(body=body)  # before the stylesheet (see apply_palette)
    apply(settings.theme)
    screen = app.primaryScreen()
    room = screen.availableGeometry() if screen is not None else None
    window.resize(*first_size((room.width(), room.height()) if room is not None else None))
    restore_geometry(window)  # where and how large the author left it (Qt keeps it on a screen that is there now)
    return app, window, apply


def wire(app: QApplication, window: MainWindow, apply: Callable[[str], None], settings: Settings,
         remember_recent: bool = True) -> Shell:
    """Give ``window`` its panes (if it has none yet), a job runner and the controller."""
    from desktop.controller import AppController
    from desktop.job_runner import JobRunner

    if window.body is None:  # built without the stylesheet, then given it (see apply_palette)
        sheet = app.styleSheet()
        app.setStyleSheet("")
        window.build_body()
        app.setStyleSheet(sheet)
    runner = JobRunner(window)
    controller = AppController(window, runner, settings, apply, remember_recent=remember_recent)
    return Shell(app, window, runner, controller)


# -- the demo project ------------------------------------------------------------------------------

def demo_request() -> ProjectRequest:
    from desktop.project_wizard import ProjectRequest
    from engine.align.config import DEFAULT_METHOD
    from engine.resources import resource

    demo = resource("demo")
    return ProjectRequest(name=DEMO_NAME, old_path=str(demo / "draft_v1.md"), new_path=str(demo / "draft_v2.md"),
                          reviews=str(demo / "reviews.md"), aligner=DEFAULT_METHOD)


def add_demo_suggestions(session: ProjectSession) -> None:
    """Add the hand-written example suggestion(s) of ``resources/demo/suggestions.json``."""
    from engine.project import SuggestionRecord
    from engine.resources import resource

    data = json.loads(resource("demo", "suggestions.json").read_text(encoding="utf-8"))
    known = {c.id for c in session.project.comments}
    for i, item in enumerate(data["suggestions"]):
        if item["comment_id"] in known:
            session.add_suggestion(SuggestionRecord.from_dict({**item, "id": f"demo-{i + 1}", "created": 1.0}))


def open_demo(shell: Shell) -> None:
    """Reopen the demo project in the data folder, or build it there."""
    path = app_paths().projects / f"{DEMO_NAME}.redraft"
    if path.is_file():
        shell.controller.open_project(path)
    else:
        shell.controller.create_project(demo_request(), path=path, after=add_demo_suggestions)


def build_demo_now(folder: Path) -> ProjectSession:
    """Build the demo project in ``folder`` on this thread (for the selftest)."""
    from engine.jobs import run_job
    from engine.models.factory import open_model
    from engine.project.pipeline import build_project_file
    from engine.project.session import ProjectSession

    req = demo_request()
    path = run_job(build_project_file(folder / "demo.redraft", req.name, req.old_path, req.new_path, req.reviews,
                                      overwrite=True, aligner=req.aligner, encoder=open_model("encoder", Settings())))
    session = ProjectSession.open(path)
    add_demo_suggestions(session)
    return session


# -- entry points ----------------------------------------------------------------------------------

class FirstPaint(QObject):
    """Runs ``then`` once, on the loop turn after ``window`` first paints (or after ``fallback_ms``).

    The window shows with the settings and the recent list only; a project (the
    demo, files given on the command line) is opened after it is on screen.
    """

    def __init__(self, window: MainWindow, then: Callable[[], None], fallback_ms: int = 1000) -> None:
        super().__init__(window)
        self.window, self.then, self.done = window, then, False
        window.installEventFilter(self)
        # timers, not the static QTimer.singleShot (see MainWindow)
        self.next_turn = QTimer(self, singleShot=True, interval=0)
        self.next_turn.timeout.connect(self._run)
        self.fallback = QTimer(self, singleShot=True, interval=fallback_ms)  # a window that never paints
        self.fallback.timeout.connect(self._run)
        self.fallback.start()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if obj is self.window and event.type() == QEvent.Type.Paint and not self.done:
            self.next_turn.start()
        return False

    def _run(self) -> None:
        if self.done:
            return
        self.done = True
        self.fallback.stop()
        self.window.removeEventFilter(self)
        self.then()


def wait(ms: int) -> None:
    """Let the Qt loop run for ``ms`` (layout, painting) without ``processEvents``."""
    loop = QEventLoop()
    timer = QTimer(singleShot=True, interval=ms)  # not the static singleShot: see MainWindow
    timer.timeout.connect(loop.quit)
    timer.start()
    loop.exec()


def run_selftest(out: Path) -> int:
    """Open the demo project offscreen-capable, show comment, diff and suggestion, save ``out``."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="redraft-selftest-") as tmp:
        shell = build_shell(Settings(), remember_recent=False)
        shell.controller.use_session(build_demo_now(Path(tmp)))
        shell.window.show()
        wait(400)
        out.parent.mkdir(parents=True, exist_ok=True)
        ok = shell.window.grab().save(str(out))
        shell.window.close()
        shell.controller.close()
    if not ok:
        print(f"redraft: error: cannot write {out}", file=sys.stderr)
        return 2
    comment = shell.controller.current_comment
    print(f"selftest: comment {comment}, screenshot {out} in {time.perf_counter() - started:.1f} s")
    return 0


def main(paths: list[str] | None = None, demo: bool = False, selftest: str | None = None) -> int:
    if selftest:
        return run_selftest(Path(selftest))
    settings = load_settings()
    app, window, apply = make_window(settings, body=False)
    window.show()
    # The frame paints in a plain Qt loop; then the panes are built, the controller wired, and
    # qasync takes over (the panes, the project code, asyncio and qasync take about 0.2 s).
    painted = QEventLoop()
    FirstPaint(window, painted.quit)
    app.lastWindowClosed.connect(painted.quit)
    painted.exec()
    app.lastWindowClosed.disconnect(painted.quit)
    if not window.isVisible():  # closed before it painted
        return 0
    shell = wire(app, window, apply, settings)
    import asyncio

    import qasync

    loop = qasync.QEventLoop(shell.app)
    asyncio.set_event_loop(loop)
    if demo:  # a project opens only once the window is on screen
        open_demo(shell)
    elif paths:
        shell.controller.open_paths([str(Path(p).resolve()) for p in paths])
    closed = asyncio.Event()
    shell.app.aboutToQuit.connect(closed.set)
    with loop:
        loop.run_until_complete(closed.wait())
    return 0
