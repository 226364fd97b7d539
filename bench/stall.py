"""How long the window stops answering while something runs: a 10 ms timer ticking on the UI thread, and the longest
gap between two ticks (``Ticks``), with the bench's own loop that lets the app's events through until a condition
holds (``spin``; the bench's loop, never the app's). Shared by ``bench_open_stall`` and ``bench_git_stall``."""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication


class Ticks:
    """A timer on the UI thread from its creation; ``longest_gap(since)``: the longest stretch without a tick from
    ``since`` (a ``time.perf_counter()``) to now, in seconds."""

    def __init__(self, interval_ms: int = 10) -> None:
        self.ticks: list[float] = []
        self.timer = QTimer()
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(lambda: self.ticks.append(time.perf_counter()))
        self.timer.start()

    def longest_gap(self, since: float) -> float:
        marks = [since, *(t for t in self.ticks if t >= since), time.perf_counter()]
        return max(b - a for a, b in zip(marks, marks[1:]))

    def stop(self) -> None:
        self.timer.stop()


def spin(until: Callable[[], bool], after_s: float = 0.0, limit_s: float = 300.0) -> float:
    """Let the app's events through until ``until()`` holds, then ``after_s`` more; returns the seconds until it
    held (``limit_s`` at most)."""
    app, start = QApplication.instance(), time.perf_counter()
    while not until() and time.perf_counter() - start < limit_s:
        app.processEvents()
        time.sleep(0.002)
    held = time.perf_counter() - start
    while time.perf_counter() - start < held + after_s:
        app.processEvents()
        time.sleep(0.002)
    return held
