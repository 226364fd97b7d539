"""Progress records and cancel tokens for long-running engine work.

Long work is a generator that yields ``Progress`` records and checks a
``CancelToken`` between steps, so it runs the same in a terminal, a test or
the desktop job runner.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TypeVar

from engine.errors import Cancelled

T = TypeVar("T")


@dataclass(frozen=True)
class Progress:
    done: int
    total: int
    label: str = ""

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0


class CancelToken:
    """Thread-safe flag a job checks between steps."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def check(self) -> None:
        """Raise ``Cancelled`` if the user asked to stop."""
        if self._event.is_set():
            raise Cancelled()


Job = Generator[Progress, None, T]


def run_job(job: Job[T], on_progress: Callable[[Progress], None] | None = None) -> T:
    """Drive a job generator to completion and return its result."""
    while True:
        try:
            progress = next(job)
        except StopIteration as stop:
            return stop.value
        if on_progress is not None:
            on_progress(progress)
