"""Help → Getting started: the workflow, every shortcut and what the labels mean, on one page.

The workflow is ``resources/help/getting_started.html``; the shortcut table is read
from the window's own actions (menu by menu) and from the ``QShortcut``s of its
views (described by their ``whatsThis``), and the labels from ``widgets.glossary``,
so neither can go stale.
"""

from __future__ import annotations

from html import escape

from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMenu,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from engine.inputs import DRAFT_FORMAT_NAMES, DRAFT_FORMATS, review_format_names
from engine.resources import resource
from widgets.glossary import glossary

NATIVE = QKeySequence.SequenceFormat.NativeText


def keys_text(sequences: list[QKeySequence]) -> str:
    """"Ctrl++ or Ctrl+=" for an action's shortcuts."""
    return " or ".join(dict.fromkeys(s.toString(NATIVE) for s in sequences if not s.isEmpty()))


def _label(action: QAction) -> str:
    return action.text().replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").strip()


def menu_shortcuts(window: QWidget) -> list[tuple[str, str, str]]:
    """(menu, key, what it does) for every action with a shortcut, menu by menu, then the rest."""
    rows: list[tuple[str, str, str]] = []
    seen: set[int] = set()

    def walk(menu: QMenu, path: str) -> None:
        for action in menu.actions():
            if action.menu() is not None:
                walk(action.menu(), f"{path} → {_label(action)}")
            elif keys_text(action.shortcuts()) and id(action) not in seen:
                seen.add(id(action))
                rows.append((path, keys_text(action.shortcuts()), f"{_label(action)}: {action.statusTip()}"))

    bar = window.menuBar() if hasattr(window, "menuBar") else None
    for top in bar.actions() if bar is not None else ():
        if top.menu() is not None:
            walk(top.menu(), _label(top))
    for action in window.findChildren(QAction):
        if keys_text(action.shortcuts()) and id(action) not in seen and action.statusTip():
            seen.add(id(action))
            rows.append(("Window", keys_text(action.shortcuts()), f"{_label(action)}: {action.statusTip()}"))
    return rows


def view_shortcuts(window: QWidget) -> list[tuple[str, str, str]]:
    """(where, key, what it does) for the views' own keys, from each ``QShortcut``'s ``whatsThis``
    ("Diff: next change"); a key shared by two panes is listed once."""
    rows: dict[tuple[str, str], tuple[str, str, str]] = {}
    for shortcut in window.findChildren(QShortcut):
        tip = shortcut.whatsThis()
        keys = keys_text([shortcut.key(), *shortcut.keys()])
        if not keys:
            continue
        where, _, what = tip.partition(": ") if ": " in tip else ("View", "", tip or "(not described)")
        rows.setdefault((keys, tip), (where, keys, what))
    return sorted(rows.values())


def shortcut_rows(window: QWidget) -> list[tuple[str, str, str]]:
    return menu_shortcuts(window) + view_shortcuts(window)


#: What each draft format is called on the page: ``engine.inputs``' names (the one table of inputs).
FORMAT_NAMES = DRAFT_FORMAT_NAMES


def format_list(formats: list[str]) -> str:
    """"PDF, LaTeX, Word (.docx), Markdown or text": each format once, in the table's order."""
    names = list(dict.fromkeys(FORMAT_NAMES[f] for f in formats))
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def page_html(window: QWidget) -> str:
    """The whole page: the workflow, then the shortcut and label tables."""
    shortcuts = "".join(f"<tr><td>{escape(where)}</td><td><b>{escape(keys)}</b></td><td>{escape(what)}</td></tr>"
                        for where, keys, what in shortcut_rows(window))
    labels = "".join(f"<tr><td><b>{escape(label)}</b></td><td>{escape(meaning)}</td></tr>"
                     for label, meaning in glossary())
    table = '<table cellspacing="0" cellpadding="3" width="100%">{}</table>'
    text = resource("help", "getting_started.html").read_text(encoding="utf-8")
    text = text.replace("{draft_formats}", format_list(list(DRAFT_FORMATS.values())))
    text = text.replace("{review_formats}", "a file: " + review_format_names())
    return text.replace("{shortcuts}", table.format(shortcuts)).replace("{labels}", table.format(labels))


class GettingStarted(QDialog):
    """A non-modal page beside the window (F1), built afresh each time it is opened."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setWindowTitle("Getting Started with Redraft")
        self.setAccessibleName("Getting started")
        self.resize(760, 680)
        self.browser = QTextBrowser()
        self.browser.setAccessibleName("Getting started text")
        self.browser.setOpenExternalLinks(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser, 1)
        layout.addWidget(buttons)
        self._window = window

    def showEvent(self, event) -> None:
        self.browser.setHtml(page_html(self._window))  # shortcuts as they are now (settings may change them)
        super().showEvent(event)
