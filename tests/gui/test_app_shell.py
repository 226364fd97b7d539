"""The wired window: demo project, drag and drop, recent projects, settings, theme, shortcuts."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent, QKeySequence
from PySide6.QtWidgets import QMessageBox

from desktop.app import Shell, add_demo_suggestions, build_shell, open_demo, system_theme
from desktop.project_wizard import ProjectWizard
from desktop.settings_dialog import SettingsDialog, offload_text
from engine.models.llama.backend import backend_report
from engine.models.factory import open_model
from engine.paths import app_paths
from engine.settings import Settings, load_settings
from tests.engine.old_schema import downgrade
from widgets.palette import is_dark
import pytest


@pytest.fixture
def shell(qtbot) -> Shell:
    shell = build_shell(Settings())
    qtbot.addWidget(shell.window)
    shell.window.show()
    yield shell
    shell.controller.close()


def test_demo_project_is_built_then_reopened(qtbot, shell: Shell) -> None:
    c = shell.controller
    with qtbot.waitSignal(c.sig_project_loaded, timeout=120_000):
        open_demo(shell)
    project = c.project
    assert project.path.parent == app_paths().projects and project.path.is_file()
    assert c.current_comment == "R1.1" and project.aligned_edits("R1.1")
    assert project.suggestions["R1.1"][0].model.startswith("example")
    assert shell.window.commands.export_letter.isEnabled()
    c.close()
    other = build_shell(Settings())
    qtbot.addWidget(other.window)
    with qtbot.waitSignal(other.controller.sig_project_loaded, timeout=60_000):
        open_demo(other)  # the file exists now: opened, not rebuilt
    assert other.controller.project.id == project.id
    assert other.window.recent_menu.actions()[0].toolTip() == str(project.path)
    other.controller.close()


@pytest.mark.shared_data
def test_dropping_drafts_opens_the_new_project_dialog(qtbot, shell: Shell, shared_data: Path) -> None:
    cgo = shared_data / "revision" / "cgo18"
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in (cgo / "submission.pdf", cgo / "camera_ready.pdf", Path(__file__).resolve().parents[1] / "data" / "cgo18_reviews.md")])
    event = QDropEvent(QPointF(50, 50), Qt.DropAction.CopyAction, mime, Qt.MouseButton.NoButton,
                       Qt.KeyboardModifier.NoModifier)
    shell.window.dropEvent(event)
    wizard = shell.window.findChild(ProjectWizard)
    assert wizard is not None and wizard.isVisible()
    assert wizard.request().new_path == str(cgo / "camera_ready.pdf") and wizard.problem_text() == ""
    wizard.reject()


def test_shortcuts_follow_the_contract(shell: Shell) -> None:
    a = shell.window.commands
    assert a.new_project.shortcut() == QKeySequence("Ctrl+N")
    assert a.open_project.shortcut() == QKeySequence("Ctrl+O")
    assert a.undo.shortcut() == QKeySequence("Ctrl+Z")
    assert a.redo.shortcut() == QKeySequence("Ctrl+Shift+Z")
    assert not a.settings.shortcut().isEmpty()
    names = [m.title() for m in shell.window.menuBar().findChildren(type(shell.window.recent_menu))]
    assert "&File" in names and "&Generate" in names


def test_settings_dialog_edits_and_saves(qtbot, shell: Shell) -> None:
    dialog = shell.controller.open_settings()
    assert isinstance(dialog, SettingsDialog)
    qtbot.waitUntil(lambda: "GPU offload" in dialog.offload.text() and "Checking" not in dialog.offload.text(),
                    timeout=30_000)
    assert dialog.offload.text() == offload_text(backend_report())
    dialog.gpu_layers.setValue(0)
    dialog.threads.setValue(2)
    dialog.context.setCurrentText("8192")
    dialog.theme.setCurrentIndex(dialog.theme.findData("dark"))
    assert dialog.precision.currentData() == "int8"
    dialog.precision.setCurrentIndex(dialog.precision.findData("fp32"))
    dialog.accept()
    saved = load_settings()
    assert (saved.n_gpu_layers, saved.n_threads, saved.n_ctx, saved.theme) == (0, 2, 8192, "dark")
    assert saved.encoder_precision == "fp32"
    assert open_model("encoder", saved).precision == "fp32"  # the next alignment job embeds in float32
    assert is_dark(shell.app.palette())
    shell.window.commands.theme_actions["light"].trigger()
    assert not is_dark(shell.app.palette()) and load_settings().theme == "light"
    shell.window.commands.theme_actions["system"].trigger()
    assert is_dark(shell.app.palette()) == (system_theme(shell.app) == "dark")


def test_draft_only_project_shows_where_each_comment_applies(qtbot, shell: Shell, tmp_path: Path) -> None:
    """Before revising, the author picks a comment and sees the draft paragraphs it is about."""
    from desktop.project_wizard import ProjectRequest

    demo = Path(__file__).resolve().parents[2] / "resources" / "demo"
    c, w = shell.controller, shell.window
    request = ProjectRequest("draft only", str(demo / "draft_v1.md"), None, str(demo / "reviews.md"))
    with qtbot.waitSignal(c.sig_project_loaded, timeout=120_000):
        c.create_project(request, tmp_path / "draft-only.redraft", after=add_demo_suggestions)
    project = c.project
    assert project.diff is None and set(project.locations) == {x.id for x in project.comments}
    with qtbot.waitSignal(c.sig_comment_shown, timeout=10_000):
        w.comments.select_comment("R1.3")
    assert w.diff.position_label.text() == "Where this comment applies: 3 draft paragraphs"
    assert w.diff.edits[0].source_ids == ("p0008",) and "exit" in w.diff.old_pane.toPlainText()
    assert not w.diff.new_pane.isVisibleTo(w.diff)  # no revised version: the draft gets the width
    assert w.document.marked() == [p.id for p in project.located_paragraphs("R1.3")]  # the Document tab too
    # statuses track the author's answers: open until a suggested edit is kept
    assert set(project.statuses().values()) == {"open"}
    entries = [w.comments.status_box.itemText(i) for i in range(w.comments.status_box.count())]
    assert [e for e in entries if not e.startswith(("type: ", "low confidence"))] == ["All", "open"]
    demo_id = project.suggestions["R1.1"][0].id
    c.set_status(demo_id, "accepted")
    assert project.status("R1.1") == "answered" and w.comments._items["R1.1"].text(2) == "answered"
    assert "answered" in [w.comments.status_box.itemText(i) for i in range(w.comments.status_box.count())]
    summary = w.status_text.text()
    assert summary.startswith("7 comments from 2 reviewers") and summary.endswith("1 answered")
    c.flash("Wrote response.md", 50)
    assert w.status_text.text() == "Wrote response.md"
    qtbot.waitUntil(lambda: w.status_text.text() == summary, timeout=2_000)
    # a hovered command's tip takes the status line's place, never drawn over it (a new-user trial saw both at once)
    from PySide6.QtGui import QStatusTipEvent
    from PySide6.QtWidgets import QApplication, QLabel

    c.flash("Wrote response.md", 2_000)
    QApplication.sendEvent(w, QStatusTipEvent("Write the response to reviewers"))
    assert QLabel.text(w.status_text) == "Write the response to reviewers" and w.statusBar().currentMessage() == ""
    assert w.status_text.text() == "Wrote response.md"
    QApplication.sendEvent(w, QStatusTipEvent(""))
    assert QLabel.text(w.status_text) == "Wrote response.md"
    QApplication.sendEvent(w, QStatusTipEvent("Write the response to reviewers"))
    c.flash("Wrote letter.docx", 2_000)  # the message after a click on the hovered command is shown at once
    assert QLabel.text(w.status_text) == "Wrote letter.docx"


def test_one_reviewers_project_is_counted_in_the_singular(qtbot, shell: Shell, tmp_path: Path) -> None:
    """"1 comment from 1 reviewer", not "1 comments from 1 reviewers", in the status line; and the
    revised pane of a draft-only project names no page of a document it does not have."""
    from desktop.project_wizard import ProjectRequest

    demo = Path(__file__).resolve().parents[2] / "resources" / "demo"
    reviews = tmp_path / "one.md"
    reviews.write_text("# Reviewer 1\n\nThe baseline is weak; please compare against static layer skipping.\n", encoding="utf-8")
    c, w = shell.controller, shell.window
    with qtbot.waitSignal(c.sig_project_loaded, timeout=120_000):
        c.create_project(ProjectRequest("one", str(demo / "draft_v1.md"), None, str(reviews)), tmp_path / "one.redraft")
    assert len(c.project.comments) == 1
    assert w.status_text.text().startswith("1 comment from 1 reviewer ·") or w.status_text.text() == \
        "1 comment from 1 reviewer"
    assert w.pdf_new.page_count_label.text() == "/ 0" and w.pdf_new.page_box.value() == 0


def test_projects_saved_before_locating_are_located_on_open(qtbot, shell: Shell, tmp_path: Path) -> None:
    from engine.jobs import run_job
    from engine.project import ProjectStore
    from engine.project.pipeline import build_project

    demo = Path(__file__).resolve().parents[2] / "resources" / "demo"
    path = tmp_path / "old.redraft"
    store = ProjectStore.create(path, "saved by schema 1")
    run_job(build_project(store, demo / "draft_v1.md", None, demo / "reviews.md", aligner="bm25"))
    store.close()
    downgrade(path, 1)  # as schema 1 left it: no locations table, no stage
    c, w = shell.controller, shell.window
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_paths([str(path)])
    qtbot.waitUntil(lambda: c.project is not None and "locations" in c.project.stages, timeout=60_000)
    assert set(c.project.locations) == {x.id for x in c.project.comments}
    assert c.current_comment is not None
    assert w.diff.position_label.text() == "Where this comment applies: 3 draft paragraphs"
    assert (path.parent / "old.redraft.schema1.bak").is_file()  # kept before the upgrade, and said so
    notices = [b for b in w.findChildren(QMessageBox) if b.accessibleName() == "Notice"]
    assert len(notices) == 1 and "old.redraft.schema1.bak" in notices[0].text()


def test_the_window_takes_most_of_a_large_screen() -> None:
    """1200 × 800 on a 1600 × 1000 screen left the Coverage and PDF panes cramped; a larger screen now
    gives the window 85% of its room, and a small one still gets the least size the panes need."""
    from desktop.app import WINDOW_SIZE, first_size

    assert first_size((1600, 1000)) == (1360, 850)
    assert first_size((2560, 1400)) == (2176, 1190)
    assert first_size((800, 600)) == (800, 600) and first_size(None) == WINDOW_SIZE  # never larger than the screen


def test_about_names_the_version_and_the_non_commercial_models() -> None:
    from desktop.main_window import about_text

    text = about_text()
    assert "Redraft 0." in text and "CC BY-NC 4.0" in text and "non-commercial" in text


def test_offload_text_says_why_a_gpu_build_runs_on_the_cpu() -> None:
    from engine.models.llama.backend import BackendReport, unusable_gpu_hint

    problem = "its CUDA backend could not load (libcudart.so.13: cannot open shared object file)"
    report = BackendReport("CUDA", False, None, "0.3.36", unusable_gpu_hint(problem, None), gpu_problem=problem)
    text = offload_text(report)
    assert text.startswith("GPU offload not available: this build has a GPU backend, but its CUDA backend")
    assert "models run on the CPU" in text and "CPU-only" not in text
