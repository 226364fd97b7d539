"""JobStatus driven by a real engine job (the demo project build) and a real cancel token."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import Cancelled
from engine.jobs import CancelToken
from engine.project import ProjectStore
from engine.project.pipeline import build_project
from engine.resources import resource
from tests.gui.widget_helpers import save_shot, use_theme
from widgets.job_status import JobStatus


def demo_job(tmp_path: Path, cancel: CancelToken):
    demo = resource("demo")
    store = ProjectStore.create(tmp_path / "demo.redraft", "demo")
    return store, build_project(store, demo / "draft_v1.md", demo / "draft_v2.md", demo / "reviews.md",
                                aligner="bm25", cancel=cancel)


@pytest.fixture
def status(qtbot) -> JobStatus:
    use_theme("light")
    widget = JobStatus()
    qtbot.addWidget(widget)
    widget.resize(520, 28)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_job_status_follows_a_real_job_to_the_end(status: JobStatus, tmp_path: Path) -> None:
    assert not status.bar.isVisible() and not status.cancel_button.isVisible() and status.text() == ""
    status.start("building “demo”")
    assert status.bar.isVisible() and status.cancel_button.isEnabled()
    assert status.bar.maximum() == 0  # busy until the first progress record
    store, job = demo_job(tmp_path, CancelToken())
    values, labels = [], []
    try:
        while True:
            p = next(job)
            status.set_progress(p.done, p.total, p.label)
            values.append(status.bar.value())
            labels.append(status.text())
            assert status.bar.maximum() == p.total
    except StopIteration as stop:
        project = stop.value
    finally:
        store.close()
    assert project.comments and project.diff is not None
    assert values == sorted(values) and values[-1] == status.bar.maximum() > 0
    assert any("comparing the versions" in t for t in labels)
    assert all(t.startswith("building “demo”") for t in labels)
    save_shot(status, "widget_job_status_running", tmp_path)
    status.finish("done")
    assert not status.is_running() and not status.bar.isVisible() and status.text() == "Done"


def test_cancel_button_stops_the_job_between_steps(status: JobStatus, qtbot, tmp_path: Path) -> None:
    cancel = CancelToken()
    status.sig_cancel_requested.connect(cancel.cancel)
    store, job = demo_job(tmp_path, cancel)
    status.start("building “demo”")
    first = next(job)
    status.set_progress(first.done, first.total, first.label)
    with qtbot.waitSignal(status.sig_cancel_requested, timeout=2000):
        status.cancel_button.click()
    assert cancel.cancelled and not status.cancel_button.isEnabled()
    assert status.text().startswith("Cancelling")
    save_shot(status, "widget_job_status_cancelling", tmp_path)
    with pytest.raises(Cancelled):
        for p in job:
            status.set_progress(p.done, p.total, p.label)
    store.close()
    status.finish("cancelled")
    assert status.text() == "Cancelled" and not status.cancel_button.isVisible()
    # a second click after the end asks nothing
    with qtbot.assertNotEmitted(status.sig_cancel_requested):
        status.request_cancel()


def test_an_unknown_total_shows_a_busy_bar(status: JobStatus) -> None:
    status.set_progress(3, 0, "opening demo.redraft")  # progress with no start: the job starts
    assert status.is_running() and status.bar.maximum() == 0 and status.text() == "opening demo.redraft"
    status.finish("failed")
    assert status.text() == "Failed"
