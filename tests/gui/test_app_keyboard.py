"""A keyboard-first author on a 1366 × 768 laptop in dark mode (trial25): every key reaches one command, the menus'
access keys are unique, the window fits the screen and comes back where it was, a project opens with the focus in the
comment list and Tab follows the layout, and text is readable (WCAG's 4.5:1) in both themes."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QMenu

from desktop.app import Shell, build_shell, first_size, open_demo
from desktop.window_state import GEOMETRY, read_layout
from engine.resources import resource
from engine.settings import Settings
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (fixture)
from tests.gui.keyboard_map import access_keys, bindings, clashes
from widgets.palette import DARK, LIGHT, dark_palette, light_palette

Role = QPalette.ColorRole


def _open_demo(qtbot, shell: Shell) -> None:
    with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=120_000):
        open_demo(shell)


def test_no_key_reaches_two_commands_at_once(qtbot, shell: Shell) -> None:
    """Esc was Cancel Job window-wide and, in the response editor and the suggestion card, their own Escape: while a
    job ran, Qt found two shortcuts for one key and ran neither ("Ambiguous shortcut overload")."""
    _open_demo(qtbot, shell)
    cancel = shell.window.commands.cancel_job
    assert len(bindings(shell.window)) > 40  # the menus' actions and the panes' own keys, all collected
    for running in (False, True):  # JobStatusWiring enables Cancel Job while a job runs
        cancel.setEnabled(running)
        assert clashes(shell.window, live=True) == [], running
    # the one key two commands hold is Escape, never live for both at once (checked just above)
    assert {(key, one) for key, one, _ in clashes(shell.window)} == {("Esc", cancel.text())}


def test_every_menu_gives_each_item_its_own_access_key(shell: Shell) -> None:
    """Alt+F then R chose between Open Recent, New Round and Export Revision Report; the Edit menu's R, the View
    menu's C and X were shared the same way (a shared key only moves the highlight, it runs nothing)."""
    menus = [shell.window.menuBar(), *shell.window.findChildren(QMenu)]
    shared = {(m.title(), k): items for m in menus if isinstance(m, QMenu) or m is menus[0]
              for k, items in access_keys(m).items() if len(items) > 1}
    assert shared == {}
    assert len(menus) >= 7


def test_the_window_fits_a_small_screen() -> None:
    """1200 × 800 on a 1366 × 768 laptop (or 2732 × 1536 at 200 %) put the status bar below the screen's edge."""
    assert first_size((1366, 768)) == (1366, 768)  # all of a small screen (1200 wide cut the comments' text short)
    assert first_size((1280, 720)) == (1280, 720) and first_size((1024, 600)) == (1024, 600)
    assert first_size((1920, 1080)) == (1632, 918)  # 85% of a larger one


def test_the_window_opens_where_it_was_closed(qtbot) -> None:
    first = build_shell(Settings(theme="dark"), remember_recent=False)
    qtbot.addWidget(first.window)
    first.window.show()
    qtbot.waitExposed(first.window)
    first.window.resize(first.window.width(), 520)  # the offscreen screen is 800 wide: the height is what moves
    qtbot.waitUntil(lambda: first.window.height() == 520)
    assert first.window.height() != first_size((800, 600))[1]
    first.window.close()
    first.controller.close()
    assert isinstance(read_layout().get(GEOMETRY), str)

    again = build_shell(Settings(theme="dark"), remember_recent=False)  # the next launch
    qtbot.addWidget(again.window)
    assert again.window.height() == 520
    again.controller.close()


def test_a_project_opens_with_the_focus_in_the_list_and_tab_follows_the_layout(qtbot, shell: Shell) -> None:
    """The focus was nowhere after a project opened (Up and Down did nothing), Ctrl+F went to the list rather than
    the filter box, and Tab skipped the filter box and the status filter (the list was the pane's focus proxy)."""
    _open_demo(qtbot, shell)
    w = shell.window
    assert w.focusWidget() is w.comments.tree
    w.activateWindow()
    qtbot.waitUntil(lambda: shell.app.activeWindow() is w)
    w.comments.filter_box.setText("old words")
    qtbot.keyClick(w.focusWidget(), Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert shell.app.focusWidget() is w.comments.filter_box and w.comments.filter_box.selectedText() == "old words"
    w.comments.filter_box.clear()
    order = []
    for _ in range(2):
        qtbot.keyClick(shell.app.focusWidget(), Qt.Key.Key_Tab)
        order.append(shell.app.focusWidget())
    assert order == [w.comments.status_box, w.comments.tree]
    qtbot.keyClick(shell.app.focusWidget(), Qt.Key.Key_Tab)
    assert shell.app.focusWidget() is w.tabs.tabBar()  # then the views, left to right


def _luminance(colour: str) -> float:
    c = QColor(colour)
    parts = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in (c.redF(), c.greenF(), c.blueF())]
    return 0.2126 * parts[0] + 0.7152 * parts[1] + 0.0722 * parts[2]


def contrast(fg: str, bg: str) -> float:
    """WCAG 2's contrast ratio, 1 to 21."""
    hi, lo = sorted((_luminance(fg), _luminance(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_of_the_colours_widgets_paint_text_with() -> None:
    """Text the themes paint is readable in both (4.5:1): white on the selection was 3.3:1 in the dark theme and 4.2:1
    in the light one, Qt's "gray" above the comment 4.1:1 on the dark window, the Coverage table's unsure comments
    3.0:1 and the dialogs' red problem line 2.6:1 on it."""
    assert contrast("#808080", "#1e2126") < 4.5 and contrast("#4f8fe8", "#ffffff") < 4.5  # what they were
    for name, colors, pal in (("light", LIGHT, light_palette()), ("dark", DARK, dark_palette())):
        window, base = pal.color(Role.Window).name(), pal.color(Role.Base).name()
        sheet = resource("styles", f"{name}.qss").read_text(encoding="utf-8")
        problem = re.search(r'QLabel\[role="problem"\] \{ color: (#[0-9a-f]{6})', sheet).group(1)
        pairs = {
            "text": (pal.color(Role.Text).name(), base), "window text": (pal.color(Role.WindowText).name(), window),
            "button text": (pal.color(Role.ButtonText).name(), pal.color(Role.Button).name()),
            "selected": (pal.color(Role.HighlightedText).name(), pal.color(Role.Highlight).name()),
            "link": (pal.color(Role.Link).name(), base), "tooltip": (pal.color(Role.ToolTipText).name(),
                                                                    pal.color(Role.ToolTipBase).name()),
            "inserted": (colors.insert_fg, colors.insert_bg), "deleted": (colors.delete_fg, colors.delete_bg),
            "placeholder": (colors.placeholder_fg, colors.placeholder_bg),
            "muted on window": (colors.muted, window), "muted on base": (colors.muted, base),
            "unsure": (colors.low, base), "problem": (problem, window),
            **{f"badge {k}": v for k, v in colors.badge.items()},
        }
        low = {k: round(contrast(fg, bg), 2) for k, (fg, bg) in pairs.items() if contrast(fg, bg) < 4.5}
        assert low == {}, name


def test_enter_and_delete_act_on_the_suggestion_only_from_the_card_or_the_list(qtbot, shell: Shell) -> None:
    """Enter and Delete were window-wide: Enter typed in the comment filter (or the PDF page box, or on a focused button)
    accepted the suggestion shown. They are live in the card and the comment list now."""
    from engine.project.model import SuggestionRecord

    w = shell.window
    w.show_project_view(True)
    w.comments.set_comments([])
    w.suggestion.set_suggestion(SuggestionRecord(id="s1", comment_id="R1.1", location="p1", model="m", response="",
                                                 edit="We added the baseline.", flags=[], status="pending"))
    accepted, rejected = [], []
    w.suggestion.sig_suggestion_accepted.connect(accepted.append)
    w.suggestion.sig_suggestion_rejected.connect(rejected.append)
    w.activateWindow()
    qtbot.waitUntil(lambda: shell.app.activeWindow() is w)
    for widget in (w.comments.filter_box, w.comments.status_box, w.tabs.tabBar()):
        widget.setFocus()
        qtbot.waitUntil(lambda widget=widget: shell.app.focusWidget() is widget)
        qtbot.keyClick(widget, Qt.Key.Key_Return)
        qtbot.keyClick(widget, Qt.Key.Key_Delete)
    assert accepted == [] and rejected == []
    w.comments.tree.setFocus()
    qtbot.waitUntil(lambda: shell.app.focusWidget() is w.comments.tree)
    qtbot.keyClick(w.comments.tree, Qt.Key.Key_Return)
    qtbot.keyClick(w.comments.tree, Qt.Key.Key_Delete)
    assert accepted == ["s1"] and rejected == ["s1"]


def _changed_pixels(a, b) -> int:
    return sum(a.pixel(x, y) != b.pixel(x, y) for y in range(a.height()) for x in range(a.width()))


def test_tab_shows_where_the_focus_is(qtbot, shell: Shell) -> None:
    """Tab to the response box or to a diff pane changed no pixel there but the text cursor (Fusion draws no focus on a
    text box's frame, and the diff panes have none): the keyboard lost sight of the focus at those stops. A Highlight
    frame (the box) or line (a pane) shows now: more changed pixels than half the widget's longer side."""
    shell.app.setCursorFlashTime(0)  # a steady cursor: the grabs do not depend on its blink
    _open_demo(qtbot, shell)
    w = shell.window
    w.activateWindow()
    qtbot.waitUntil(lambda: shell.app.activeWindow() is w)
    w.comments.tree.setFocus()
    wanted = {w.response.text, w.diff.old_pane, w.diff.new_pane}
    changed: dict[str, int] = {}
    for _ in range(30):  # Tab, as the author does: Qt draws keyboard focus only after a focus key
        qtbot.keyClick(shell.app.focusWidget(), Qt.Key.Key_Tab)
        now = shell.app.focusWidget()
        if now in wanted and now.accessibleName() not in changed:
            rect = now.rect().translated(now.mapTo(w, now.rect().topLeft())).adjusted(-2, -2, 2, 2)
            qtbot.wait(50)
            focused = w.grab(rect).toImage()
            qtbot.keyClick(now, Qt.Key.Key_Tab)
            qtbot.wait(50)
            count = _changed_pixels(focused, w.grab(rect).toImage())
            changed[now.accessibleName()] = count if count > max(rect.width(), rect.height()) // 2 else -count
    assert len(changed) == len(wanted) and min(changed.values()) > 0, changed
