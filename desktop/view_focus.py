"""Ctrl+1…5 (View → Diff, PDF, …): the view shows and its main widget takes the focus, so that the keys pressed next
(arrows, Page Down, Home) act on what was just opened. A keyboard-first trial (trial25) found the tab switched and
the focus left in the comment list or the response box."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget


def _takes_focus(widget: QWidget | None) -> bool:
    return (widget is not None and widget.isVisible() and widget.isEnabled()
            and bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus))


def main_widget(window, name: str) -> QWidget | None:
    """The widget of view ``name`` (``main_window.TABS``) that takes the focus: the revised side of the diff, the
    revised pages, the outline, the coverage rows, the expertise table; else the view's first that can."""
    preferred = {
        "diff": [window.diff.new_pane],
        "pdf": [window.pdf_new.stack.currentWidget(), window.pdf_old.stack.currentWidget()],
        "document": [window.document],
        "coverage": [window.coverage.tree],
        "expertise": [window.expertise.table, window.expertise.profile_list],
    }.get(name, [])
    for widget in preferred:
        if _takes_focus(widget):
            return widget
    page = window.tabs.currentWidget()
    return next((w for w in page.findChildren(QWidget) if _takes_focus(w)), None) if page is not None else None


def focus_view(window, name: str) -> None:
    """Show view ``name`` and give its main widget the focus (nothing moves for a view the project lacks)."""
    window.show_tab(name)
    if name in window.available_views and (widget := main_widget(window, name)) is not None:
        widget.setFocus(Qt.FocusReason.ShortcutFocusReason)
