"""``JobRunner``: engine work off the UI thread, results back on it.

Three kinds of work, each given as a factory taking the job's ``CancelToken``:

- ``run_job``: an engine job generator (yields ``Progress``, returns a result);
- ``run_call``: one blocking call (a model load, an export);
- ``run_stream``: an iterator of text pieces (LLM tokens), delivered to the UI
  in batches every ``STREAM_INTERVAL_MS`` so a fast model never floods the loop.

General work runs on a thread pool, model work (``llm=True``) on a one-worker
executor: one model, one inference at a time. Results, progress and errors
come back to the UI thread as queued Qt signals, so this works under the qasync
loop, ``app.exec()`` or a test's nested loop alike; it never calls
``processEvents()``.

Failures go through one place: the job's ``on_failure`` callback if any, then
the runner's error handler (``Cancelled`` is quiet, a ``RedraftError`` shows its
one-line message, anything else is logged with its traceback).
"""

from __future__ import annotations

import itertools
import logging
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal, Slot

from engine.errors import Cancelled, RedraftError
from engine.jobs import CancelToken, Job, Progress, run_job

if TYPE_CHECKING:
    from engine.project.work import SessionJob

log = logging.getLogger(__name__)

#: How often streamed text is handed to the UI.
STREAM_INTERVAL_MS = 30
#: Workers of the general pool (the LLM has its own single worker).
GENERAL_WORKERS = 4

Callback = Callable[[Any], Any]


def error_message(err: BaseException) -> str:
    """The one line to show the user for ``err``."""
    if isinstance(err, RedraftError):
        return str(err).splitlines()[0] if str(err) else type(err).__name__
    return f"unexpected error ({type(err).__name__}): {err}".splitlines()[0]


@dataclass
class JobHandle:
    """One submitted job: its id, label, cancel token and future."""

    id: int
    label: str
    llm: bool
    cancel_token: CancelToken = field(default_factory=CancelToken)
    future: Future | None = None
    outcome: str = "running"  # "running" | "done" | "failed" | "cancelled"
    last_progress: Progress | None = None

    def cancel(self) -> None:
        self.cancel_token.cancel()
        if self.future is not None:
            self.future.cancel()  # still queued: never starts

    @property
    def running(self) -> bool:
        return self.outcome == "running"


class _StreamBuffer:
    """Text pieces from a worker thread, drained by the UI timer."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._parts: list[str] = []

    def add(self, text: str) -> None:
        with self._lock:
            self._parts.append(text)

    def drain(self) -> str:
        with self._lock:
            parts, self._parts = self._parts, []
        return "".join(parts)


class JobRunner(QObject):
    """Runs engine work in executors and reports back through Qt signals."""

    sig_job_started = Signal(int, str)  # job id, label
    sig_job_progress = Signal(int, int, int, str)  # job id, done, total, label
    sig_job_finished = Signal(int, str)  # job id, outcome: done | failed | cancelled
    sig_error_reported = Signal(str)  # one-line message for the user
    _sig_post = Signal(object)  # a callable to run on the UI thread

    def __init__(self, parent: QObject | None = None, workers: int = GENERAL_WORKERS) -> None:
        super().__init__(parent)
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="redraft-job")
        self._llm_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="redraft-llm")
        self._ids = itertools.count(1)
        self._jobs: dict[int, JobHandle] = {}
        self._sig_post.connect(self._run_posted, Qt.ConnectionType.QueuedConnection)

    # -- public API ----------------------------------------------------------------------

    @property
    def active(self) -> list[JobHandle]:
        """Jobs still running, oldest first."""
        return [h for h in self._jobs.values() if h.running]

    def run_job(self, factory: Callable[[CancelToken], Job[Any]], *, label: str = "",
                on_success: Callback | None = None, on_failure: Callback | None = None,
                llm: bool = False) -> JobHandle:
        """Drive the generator ``factory(cancel)`` on a worker; progress comes back as signals."""
        handle = self._new(label, llm)

        def work() -> Any:
            job = factory(handle.cancel_token)
            report = self._progress_sink(handle)
            try:
                while True:
                    handle.cancel_token.check()
                    try:
                        progress = next(job)
                    except StopIteration as stop:
                        return stop.value
                    report(progress)
            finally:
                job.close()  # a job stopped between two steps still runs its cleanup (its finally blocks)

        return self._submit(handle, work, on_success, on_failure)

    def _progress_sink(self, handle: JobHandle) -> Callable[[Progress], None]:
        """Where a worker reports ``handle``'s progress: kept as its last, posted to the UI thread as
        ``sig_job_progress`` (coalesced: at most one post in flight)."""
        pending = threading.Event()
        pending.set()

        def report(progress: Progress) -> None:
            handle.last_progress = progress
            if pending.is_set():
                pending.clear()
                self._post(lambda: (pending.set(), self._emit_progress(handle)))

        return report

    def run_call(self, fn: Callable[[CancelToken], Any], *, label: str = "",
                 on_success: Callback | None = None, on_failure: Callback | None = None,
                 llm: bool = False) -> JobHandle:
        """Run the blocking ``fn(cancel)`` on a worker."""
        handle = self._new(label, llm)
        return self._submit(handle, lambda: fn(handle.cancel_token), on_success, on_failure)

    def run_stream(self, factory: Callable[[CancelToken], Iterator[str]], *, on_text: Callable[[str], Any],
                   label: str = "", on_success: Callback | None = None, on_failure: Callback | None = None,
                   llm: bool = True, interval_ms: int = STREAM_INTERVAL_MS) -> JobHandle:
        """Iterate ``factory(cancel)`` on a worker; ``on_text`` gets the text in batches.

        ``on_success`` receives the whole text, after the last ``on_text``.
        """
        def work(cancel: CancelToken, emit: Callable[[str], None]) -> str:
            pieces = []
            for piece in factory(cancel):
                cancel.check()
                pieces.append(piece)
                emit(piece)
            return "".join(pieces)

        return self.run_streaming_call(work, on_text=on_text, label=label, on_success=on_success,
                                       on_failure=on_failure, llm=llm, interval_ms=interval_ms)

    def run_streaming_call(self, fn: Callable[[CancelToken, Callable[[str], None]], Any], *,
                           on_text: Callable[[str], Any], label: str = "", on_success: Callback | None = None,
                           on_failure: Callback | None = None, llm: bool = True,
                           interval_ms: int = STREAM_INTERVAL_MS, progress: bool = False) -> JobHandle:
        """Run ``fn(cancel, emit)`` on a worker; text passed to ``emit`` reaches ``on_text`` in batches.

        For features that stream tokens on their way to a result (a suggestion's JSON). ``progress``: ``fn`` takes
        a third argument, where its ``Progress`` goes (``sig_job_progress``, as ``run_job``'s).
        """
        handle = self._new(label, llm)
        buffer = _StreamBuffer()
        timer = QTimer(self)
        timer.setInterval(interval_ms)

        def flush() -> None:
            text = buffer.drain()
            if text:
                on_text(text)

        timer.timeout.connect(flush)
        timer.start()

        def finish() -> None:
            timer.stop()
            timer.deleteLater()
            flush()

        args = (self._progress_sink(handle),) if progress else ()
        return self._submit(handle, lambda: fn(handle.cancel_token, buffer.add, *args), on_success, on_failure,
                            before=finish)

    def run_session_job(self, job: SessionJob, current: Callable[[], Any], on_changes: Callback, *,
                        on_text: Callable[[str], Any] | None = None, on_result: Callback | None = None,
                        on_failure: Callback | None = None) -> JobHandle:
        """Any model-backed session job (``engine.project.work``): computed on a worker (the LLM worker when it
        runs the generator), its text streamed to ``on_text``, then stored on the UI thread through its session,
        if ``current()`` (the open session) still holds the project it read. ``on_changes`` gets the ``Changes``
        (``NOTHING`` when it came too late), then ``on_result`` the result itself."""
        def stored(result: Any) -> None:
            on_changes(job.finish(result, current()))
            if on_result is not None:
                on_result(result)

        if job.streams:  # its steps before the text (a suggestion's placement pass) still reach the status bar
            return self.run_streaming_call(lambda cancel, emit, report: run_job(job.compute(cancel, emit), report),
                                           on_text=on_text or (lambda text: None), label=job.label,
                                           on_success=stored, on_failure=on_failure, llm=job.llm, progress=True)
        return self.run_job(lambda cancel: job.compute(cancel, None), label=job.label, on_success=stored,
                            on_failure=on_failure, llm=job.llm)

    def cancel(self, job_id: int | None = None) -> None:
        """Cancel one job, or the most recent running one."""
        jobs = [self._jobs[job_id]] if job_id in self._jobs else self.active[-1:]
        for handle in jobs:
            handle.cancel()

    def cancel_all(self) -> None:
        for handle in self.active:
            handle.cancel()

    def shutdown(self, wait: bool = True) -> None:
        """Cancel everything and stop the workers (on quit)."""
        self.cancel_all()
        self._pool.shutdown(wait=wait, cancel_futures=True)
        self._llm_pool.shutdown(wait=wait, cancel_futures=True)

    def report_error(self, err: BaseException) -> None:
        """The one error handler: quiet on cancel, one line for the user otherwise."""
        if isinstance(err, Cancelled):
            return
        if not isinstance(err, RedraftError):
            log.error("unexpected error in a job", exc_info=(type(err), err, err.__traceback__))
        self.sig_error_reported.emit(error_message(err))

    # -- internals -----------------------------------------------------------------------

    def _new(self, label: str, llm: bool) -> JobHandle:
        handle = JobHandle(next(self._ids), label, llm)
        self._jobs[handle.id] = handle
        return handle

    def _submit(self, handle: JobHandle, work: Callable[[], Any], on_success: Callback | None,
                on_failure: Callback | None, before: Callable[[], None] | None = None) -> JobHandle:
        executor = self._llm_pool if handle.llm else self._pool
        self.sig_job_started.emit(handle.id, handle.label)
        handle.future = executor.submit(work)
        handle.future.add_done_callback(
            lambda fut: self._post(lambda: self._finish(handle, fut, on_success, on_failure, before)))
        return handle

    def _finish(self, handle: JobHandle, fut: Future, on_success: Callback | None,
                on_failure: Callback | None, before: Callable[[], None] | None) -> None:
        if before is not None:
            before()
        self._jobs.pop(handle.id, None)
        if fut.cancelled():
            err: BaseException | None = Cancelled()
        else:
            err = fut.exception()
        if err is None:
            handle.outcome = "done"
            self.sig_job_finished.emit(handle.id, handle.outcome)
            if on_success is not None:
                try:
                    on_success(fut.result())
                except Exception as callback_err:  # a bug in the UI callback: still one handler
                    self.report_error(callback_err)
            return
        handle.outcome = "cancelled" if isinstance(err, Cancelled) else "failed"
        self.sig_job_finished.emit(handle.id, handle.outcome)
        handled = False
        if on_failure is not None:
            try:
                handled = bool(on_failure(err))
            except Exception as callback_err:
                self.report_error(callback_err)
        if not handled:
            self.report_error(err)

    def _emit_progress(self, handle: JobHandle) -> None:
        p = handle.last_progress
        if p is not None and handle.running:
            self.sig_job_progress.emit(handle.id, p.done, p.total, p.label)

    def _post(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` on the UI thread (safe from any thread)."""
        self._sig_post.emit(fn)

    @Slot(object)
    def _run_posted(self, fn: Callable[[], Any]) -> None:
        fn()
