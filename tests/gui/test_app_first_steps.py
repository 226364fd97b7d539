"""What a new user meets first: the wizard on a bad file, the View menu of the demo, the PDF zoom keys,
Help → Getting started and the tooltips of the labels."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QTextCursor
from PySide6.QtWidgets import QDialogButtonBox, QLabel

from desktop.app import Shell, open_demo
from desktop.help import (
    FORMAT_NAMES,
    GettingStarted,
    keys_text,
    page_html,
    shortcut_rows,
)
from desktop.main_window import TABS
from engine.inputs import DRAFT_FORMATS, REVIEW_FORMATS
from engine.paths import app_paths
from engine.resources import resource
from tests.gui.app_helpers import light_shell as shell, shot  # noqa: F401 (fixture)
from widgets.glossary import glossary, is_abbreviated


def _open_demo(qtbot, shell: Shell) -> None:
    with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=120_000):
        open_demo(shell)


def _press(qtbot, shell: Shell, key: str) -> None:
    """Ctrl + ``key`` sent to the window, as a user types it (shortcuts included)."""
    shell.window.activateWindow()
    qtbot.waitUntil(lambda: shell.app.activeWindow() is shell.window)
    qtbot.keyClick(shell.window.focusWidget() or shell.window, key, Qt.KeyboardModifier.ControlModifier)


def test_wizard_keeps_everything_typed_when_the_draft_is_unusable(qtbot, shell: Shell, tmp_path: Path) -> None:
    demo = resource("demo")
    reviews = (demo / "reviews.md").read_text(encoding="utf-8")
    empty = tmp_path / "draft.pdf"
    empty.write_bytes(b"")
    wizard = shell.controller.new_project_dialog()
    wizard.name.setText("My revision")
    wizard.draft.set_path(str(empty))
    wizard.revised.set_path(str(demo / "draft_v2.md"))
    wizard.set_pasted_reviews(reviews)
    wizard.aligner.setCurrentIndex(wizard.aligner.findData("bm25"))
    create = wizard.buttons.button(QDialogButtonBox.StandardButton.Ok)
    # a zero-byte PDF: a message at once, Create disabled, the dialog open
    assert "empty (0 bytes)" in wizard.problem.text() and not create.isEnabled() and wizard.isVisible()

    # a file that starts like a PDF but is not one gets past the glance: the build fails
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.7\n" + b"\x00garbage" * 200)
    wizard.draft.set_path(str(broken))
    assert create.isEnabled()
    qtbot.mouseClick(create, Qt.MouseButton.LeftButton)
    assert wizard.building and not wizard.form.isEnabled()
    qtbot.waitUntil(lambda: not wizard.building, timeout=60_000)
    shot(shell, "wizard_error", tmp_path, widget=wizard)
    assert wizard.isVisible() and "broken.pdf" in wizard.problem.text()
    assert wizard.form.isEnabled() and create.isEnabled()
    request = wizard.request()
    assert (request.name, request.old_path, request.reviews) == ("My revision", str(broken), reviews)
    assert request.new_path == str(demo / "draft_v2.md") and request.aligner == "bm25"
    assert shell.controller.project is None and not list(app_paths().projects.glob("*.redraft"))

    # the author picks the right draft: the same dialog builds it, then closes
    wizard.draft.set_path(str(demo / "draft_v1.md"))
    with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=60_000):
        qtbot.mouseClick(create, Qt.MouseButton.LeftButton)
    assert not wizard.isVisible() and shell.controller.project.name == "My revision"


def test_view_menu_of_the_demo_offers_only_its_views(qtbot, shell: Shell) -> None:
    a = shell.window.commands
    assert not any(action.isEnabled() for action in a.views)  # no project: no views
    _open_demo(qtbot, shell)
    tabs = shell.window.tabs
    assert not tabs.isTabVisible(TABS.index("pdf"))  # Markdown drafts: no pages to show
    assert not a.show_pdf.isEnabled() and all(v.isEnabled() for v in a.views if v is not a.show_pdf)
    assert not any(z.isEnabled() for z in a.zoom)
    _press(qtbot, shell, "3")
    assert tabs.currentIndex() == TABS.index("document")
    _press(qtbot, shell, "2")  # the PDF view's shortcut does nothing
    assert tabs.currentIndex() == TABS.index("document")
    shell.window.show_tab("pdf")
    assert tabs.currentIndex() == TABS.index("document")
    a.show_pdf.trigger()
    assert tabs.currentIndex() == TABS.index("document")
    _press(qtbot, shell, "1")
    assert tabs.currentIndex() == TABS.index("diff")


@pytest.mark.shared_data
def test_zoom_keys_act_on_both_pdf_panes(qtbot, shell: Shell, shared_data: Path) -> None:
    cgo = shared_data / "revision" / "cgo18"
    w = shell.window
    w.pdf_old.open(cgo / "submission.pdf")
    w.pdf_new.open(cgo / "camera_ready.pdf")
    w.show_project_view(True)
    w.set_view_available("pdf", True)
    assert not w.commands.zoom_in.isEnabled()  # the diff is on screen
    _press(qtbot, shell, "2")
    assert w.tabs.currentIndex() == TABS.index("pdf") and w.commands.zoom_in.isEnabled()
    panes = (w.pdf_old, w.pdf_new)
    qtbot.waitUntil(lambda: all(p.canvas.width() <= p.scroll.viewport().width() for p in panes))
    assert all(p.fits_width for p in panes)
    fitted = [p.canvas.zoom for p in panes]
    _press(qtbot, shell, "+")
    assert all(not p.fits_width and p.canvas.zoom > z for p, z in zip(panes, fitted))
    _press(qtbot, shell, "-")
    _press(qtbot, shell, "-")
    assert all(p.canvas.zoom < z for p, z in zip(panes, fitted)) or all(p.canvas.zoom == 0.5 for p in panes)
    _press(qtbot, shell, "0")
    qtbot.waitUntil(lambda: all(p.fits_width and p.scroll.horizontalScrollBar().maximum() == 0 for p in panes))
    fitted = [p.canvas.zoom for p in panes]
    _press(qtbot, shell, "9")  # Fit Column: one column of the two-column pages as wide as each pane
    qtbot.waitUntil(lambda: all(p.fits_column and p.canvas.zoom > 1.8 * z for p, z in zip(panes, fitted)))
    _press(qtbot, shell, "0")
    qtbot.waitUntil(lambda: all(p.fits_width and p.scroll.horizontalScrollBar().maximum() == 0 for p in panes))


def test_getting_started_lists_every_shortcut_and_label(qtbot, shell: Shell, tmp_path: Path) -> None:
    _open_demo(qtbot, shell)
    shell.window.commands.getting_started.trigger()
    dialog = shell.window.findChild(GettingStarted)
    assert dialog is not None and dialog.isVisible()
    text = dialog.browser.toPlainText()
    keyed = [a for a in shell.window.findChildren(QAction) if keys_text(a.shortcuts()) and a.statusTip()]
    assert len(keyed) >= 25
    for action in keyed:  # each action's keys and what it does, as the action says it now
        assert keys_text(action.shortcuts()) in text and action.statusTip() in text, action.text()
    rows = shortcut_rows(shell.window)
    described = {what for _where, _keys, what in rows}
    assert {"next change", "accept it", "next page"} <= described  # the views' own keys, from their QShortcuts
    assert "(not described)" not in described
    for label, meaning in glossary():
        assert label in text and meaning in text
    assert "The workflow" in text and "Getting Started" in dialog.windowTitle()
    qtbot.waitExposed(dialog)
    shot(shell, "getting_started", tmp_path, widget=dialog)


def test_getting_started_names_every_input_format_and_real_menu_items(qtbot, shell: Shell) -> None:
    """The workflow names the formats ``engine.inputs`` reads (Word .docx too), the response box, and
    only menu items the window has (File → New Round…, Export Marked-up PDF, Export Coverage Table …)."""
    text = " ".join(page_html(shell.window).split())
    draft = text.split("choose the draft the reviewers read (", 1)[1].split("), the revised version", 1)[0]
    reviews = text.split("and the reviews (", 1)[1].split(", or paste them)", 1)[0]
    assert draft.count("Word (.docx)") == 1 and reviews.count("Word (.docx)") == 1
    for suffix, fmt in DRAFT_FORMATS.items():
        assert FORMAT_NAMES[fmt] in draft, suffix
    assert all(fmt.name in reviews for fmt in REVIEW_FORMATS.values())
    assert "{" not in text.split("<h3>Shortcuts")[0]  # every placeholder filled
    assert "Your response" in text and "No change" in text
    menus = {a.text().replace("&", ""): a.menu() for a in shell.window.menuBar().actions() if a.menu()}
    named = re.findall(r"(File|Edit|Generate|View|Help) → ([A-Z][\w-]*(?: [A-Z][\w-]*)*…?)", text)
    assert len(named) >= 8
    for menu, item in named:
        labels = {a.text().replace("&", "") for a in menus[menu].actions()}
        assert item in labels or f"{item}…" in labels, f"{menu} → {item}"


def test_every_abbreviated_label_and_badge_has_a_tooltip(qtbot, shell: Shell) -> None:
    """Walk the window's visible labels on each tab of the demo: an id, a score or facts joined
    by " · " needs a tooltip saying it in words; so does every chip."""
    _open_demo(qtbot, shell)
    w = shell.window
    checked = 0
    for name in TABS:
        if name not in w.available_views:
            continue
        w.show_tab(name)
        qtbot.wait(50)
        for label in w.findChildren(QLabel):
            if not label.isVisibleTo(w) or not label.text().strip():
                continue
            chip = "border-radius" in label.styleSheet()
            if chip or is_abbreviated(label.text()):
                checked += 1
                assert label.toolTip().strip(), f"no tooltip on {label.text()!r}"
    assert checked >= 5
    tree = w.comments.tree  # the reviewer rows ("Reviewer 1 · 4") and every column of a comment
    for i in range(tree.topLevelItemCount()):
        group = tree.topLevelItem(i)
        assert is_abbreviated(group.text(0)) and "comments to answer" in group.toolTip(0)
        for j in range(group.childCount()):
            assert all(group.child(j).toolTip(col).strip() for col in range(tree.columnCount()))
    assert "Compare" in w.comment_header.toolTip() and "direct" in w.comment_header.toolTip()
    # the grey header over each edit in the diff ("major · Experiments · line 40"; the ids on this tooltip)
    pane = w.diff.new_pane
    cursor = QTextCursor(pane.document())
    cursor.setPosition(pane.starts[0] + 1)
    tip = pane.header_tip_at(pane.cursorRect(cursor).center())
    edit = w.diff.edits[0]
    assert tip.startswith(edit.id) and edit.type.value in tip and "paragraph" in tip
    cursor.movePosition(QTextCursor.MoveOperation.NextBlock)
    assert pane.header_tip_at(pane.cursorRect(cursor).center()) == ""  # the text itself: no tooltip


REBUTTAL = """Reviewer 1

We thank the reviewer for the careful reading. We have added a comparison with static layer skipping in
Section 5. In the revised version we report wall-clock latency on a phone CPU. We will clarify how the exit
loss weights were chosen. We have added their values to the appendix. We thank the reviewer again.
"""


def test_the_app_build_refuses_an_author_response_until_asked_again(qtbot, shell: Shell) -> None:
    """Issue 35: the app's build runs the CLI's author-response guard; Create again builds it anyway."""
    demo = resource("demo")
    wizard = shell.controller.new_project_dialog()
    wizard.name.setText("Rebuttal")
    wizard.draft.set_path(str(demo / "draft_v1.md"))
    wizard.set_pasted_reviews(REBUTTAL)
    wizard.aligner.setCurrentIndex(wizard.aligner.findData("bm25"))
    create = wizard.buttons.button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(create, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not wizard.building, timeout=60_000)
    assert wizard.isVisible() and "author response" in wizard.problem.text()
    assert "Create again to build it anyway" in wizard.problem.text()
    assert shell.controller.project is None and not list(app_paths().projects.glob("*.redraft"))
    with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=60_000):
        qtbot.mouseClick(create, Qt.MouseButton.LeftButton)
    assert shell.controller.project.name == "Rebuttal" and not wizard.isVisible()


def test_wizard_names_the_file_to_give_when_the_reviews_are_a_folder(qtbot, shell: Shell, tmp_path: Path) -> None:
    demo = resource("demo")
    folder = tmp_path / "reviews"
    folder.mkdir()
    (folder / "reviewer2.txt").write_text("Please add a baseline.\n", encoding="utf-8")
    wizard = shell.controller.new_project_dialog()
    wizard.name.setText("Folder")
    wizard.draft.set_path(str(demo / "draft_v1.md"))
    wizard.review_file.set_path(str(folder))
    create = wizard.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert "is a folder, not a reviews file" in wizard.problem.text() and "reviewer2.txt" in wizard.problem.text()
    assert not create.isEnabled()
    wizard.review_file.set_path(str(demo / "reviews.md"))
    assert wizard.problem.text() == "" and create.isEnabled()
    wizard.reject()
