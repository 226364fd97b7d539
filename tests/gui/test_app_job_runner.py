"""JobRunner: real engine jobs off the UI thread, progress, cancel, errors, batched streams."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from desktop.job_runner import JobRunner
from engine.document import load_document
from engine.errors import InputError
from engine.jobs import CancelToken
from engine.models.llama.llm import LlamaGenerator
from engine.project import ProjectStore
from engine.project.pipeline import build_project
from engine.resources import resource
from engine.revision import RevisionDiff, iter_diff
from tests.gguf_factory import tiny_gguf  # noqa: F401


@pytest.fixture
def runner(qtbot):
    runner = JobRunner()
    yield runner
    runner.shutdown()


def test_job_runs_off_the_ui_thread_and_reports_progress(qtbot, runner: JobRunner) -> None:
    old = load_document(resource("demo", "draft_v1.md"))
    new = load_document(resource("demo", "draft_v2.md"))
    threads: list[str] = []
    progress: list[tuple[int, int, str]] = []
    results: list[RevisionDiff] = []

    def job(cancel: CancelToken):
        threads.append(threading.current_thread().name)
        return iter_diff(old, new, cancel=cancel)

    runner.sig_job_progress.connect(lambda _id, done, total, label: progress.append((done, total, label)))
    with qtbot.waitSignal(runner.sig_job_finished, timeout=30_000) as finished:
        handle = runner.run_job(job, label="diff", on_success=results.append)
    assert finished.args == [handle.id, "done"]
    assert threads and threads[0].startswith("redraft-job")
    assert isinstance(results[0], RevisionDiff) and results[0].edits
    assert progress and all(total > 0 for _, total, _ in progress)
    assert runner.active == []


@pytest.mark.shared_data
def test_cancel_stops_a_project_build_quietly(qtbot, runner: JobRunner, shared_data: Path, tmp_path) -> None:
    cgo = shared_data / "revision" / "cgo18"
    store = ProjectStore.create(tmp_path / "cgo.redraft", "cgo18")
    errors: list[str] = []
    failures: list[BaseException] = []
    runner.sig_error_reported.connect(errors.append)
    handle = runner.run_job(
        lambda cancel: build_project(store, cgo / "submission.pdf", cgo / "camera_ready.pdf",
                                     Path(__file__).resolve().parents[1] / "data" / "cgo18_reviews.md", aligner="bm25", cancel=cancel),
        label="build", on_failure=failures.append)
    with qtbot.waitSignal(runner.sig_job_progress, timeout=30_000):
        pass
    with qtbot.waitSignal(runner.sig_job_finished, timeout=60_000) as finished:
        runner.cancel(handle.id)
    assert finished.args == [handle.id, "cancelled"]
    assert len(failures) == 1 and type(failures[0]).__name__ == "Cancelled"
    assert errors == []  # a cancel is not an error
    project = store.load()
    assert "diff" not in project.stages or "alignments" not in project.stages
    store.close()


def test_redraft_error_reaches_the_one_handler_as_one_line(qtbot, runner: JobRunner, tmp_path) -> None:
    missing = tmp_path / "nothing.pdf"
    with qtbot.waitSignal(runner.sig_error_reported, timeout=10_000) as reported:
        runner.run_call(lambda cancel: load_document(missing), label="load")
    message = reported.args[0]
    assert "nothing.pdf" in message and "\n" not in message


def test_unexpected_error_is_logged_and_reported(qtbot, runner: JobRunner, caplog) -> None:
    def broken(cancel: CancelToken) -> None:
        {}["missing"]

    with qtbot.waitSignal(runner.sig_error_reported, timeout=10_000) as reported:
        runner.run_call(broken)
    assert reported.args[0].startswith("unexpected error (KeyError)")
    assert any("unexpected error in a job" in r.message for r in caplog.records)


def test_failure_callback_can_handle_the_error(qtbot, runner: JobRunner, tmp_path) -> None:
    errors: list[str] = []
    seen: list[BaseException] = []
    runner.sig_error_reported.connect(errors.append)

    def handle(err: BaseException) -> bool:
        seen.append(err)
        return True

    with qtbot.waitSignal(runner.sig_job_finished, timeout=10_000):
        runner.run_call(lambda cancel: load_document(tmp_path / "x.md"), on_failure=handle)
    assert isinstance(seen[0], InputError) and errors == []


def test_stream_arrives_in_batches_on_the_llm_worker(qtbot, runner: JobRunner, tiny_gguf: Path) -> None:
    generator = LlamaGenerator(tiny_gguf, n_ctx=2048, n_gpu_layers=0, threads=1)
    threads: list[str] = []
    batches: list[str] = []
    whole: list[str] = []

    def stream(cancel: CancelToken):
        threads.append(threading.current_thread().name)
        yield from generator.stream("Once upon a time", max_tokens=150, seed=1, cancel=cancel)

    with qtbot.waitSignal(runner.sig_job_finished, timeout=60_000) as finished:
        runner.run_stream(stream, on_text=batches.append, on_success=whole.append)
    assert finished.args[1] == "done"
    assert threads[0].startswith("redraft-llm")
    assert "".join(batches) == whole[0] and whole[0]
    pieces = generator.last_usage["completion_tokens"]
    assert len(batches) < pieces  # batched, not one call per token
    generator.close()


def test_llm_jobs_run_one_at_a_time(qtbot, runner: JobRunner) -> None:
    inside = []
    overlap = []
    lock = threading.Lock()

    def work(cancel: CancelToken) -> None:
        with lock:
            inside.append(1)
            overlap.append(len(inside))
        cancel_event = threading.Event()
        cancel_event.wait(0.05)
        with lock:
            inside.pop()

    for _ in range(3):
        runner.run_call(work, llm=True)
    qtbot.waitUntil(lambda: not runner.active, timeout=10_000)
    assert overlap == [1, 1, 1]
