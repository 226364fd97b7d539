"""Every key the window answers to (its ``QAction``s and ``QShortcut``s) with where it is live, and its menus' access keys:
what the keyboard tests read. A shortcut is live in a scope: the whole window (``WindowShortcut``, ``ApplicationShortcut``),
a widget and its children (``WidgetWithChildrenShortcut``) or one widget (``WidgetShortcut``)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QMenu, QMenuBar, QWidget

Context = Qt.ShortcutContext


@dataclass(frozen=True)
class Binding:
    key: str  # portable text of one sequence
    what: str  # the action's text or the shortcut's whatsThis
    scope: QWidget  # the widget the context is measured from
    whole: bool  # the scope's children too
    live: bool  # enabled now (an action or shortcut that is off takes no key)

    def overlaps(self, other: Binding) -> bool:
        """Whether one key press can reach both: one scope holds the other's widget."""
        a, b = self, other
        if a.scope is b.scope:
            return True
        return (a.whole and a.scope.isAncestorOf(b.scope)) or (b.whole and b.scope.isAncestorOf(a.scope))


def bindings(window: QWidget) -> list[Binding]:
    found: list[Binding] = []

    def add(keys: list[QKeySequence], what: str, context: Qt.ShortcutContext, widgets: list[QWidget],
            live: bool) -> None:
        for seq in keys:
            if seq.isEmpty():
                continue
            key = seq.toString(QKeySequence.SequenceFormat.PortableText)
            for widget in widgets:
                if context in (Context.WindowShortcut, Context.ApplicationShortcut):
                    found.append(Binding(key, what, widget.window(), True, live))
                else:
                    found.append(Binding(key, what, widget, context == Context.WidgetWithChildrenShortcut, live))

    for action in window.findChildren(QAction):
        widgets = [o for o in action.associatedObjects() if isinstance(o, QWidget) and not isinstance(o, QMenu)]
        add(action.shortcuts(), action.text(), action.shortcutContext(), widgets, action.isEnabled())
    for shortcut in window.findChildren(QShortcut):
        add(shortcut.keys(), shortcut.whatsThis() or repr(shortcut), shortcut.context(), [shortcut.parent()],
            shortcut.isEnabled())
    # the same action reached twice in one scope (a window action also in a menu) is one binding
    unique = {(b.key, b.what, id(b.scope), b.whole, b.live): b for b in found}
    return list(unique.values())


def clashes(window: QWidget, live: bool = False) -> list[tuple[str, str, str]]:
    """(key, one, other) for two different commands that one key press can reach (``live``: both enabled now)."""
    found = [b for b in bindings(window) if b.live or not live]
    out = []
    for i, a in enumerate(found):
        for b in found[i + 1:]:
            if a.key == b.key and a.what != b.what and a.overlaps(b):
                out.append((a.key, a.what, b.what))
    return out


def access_keys(menu: QMenu | QMenuBar) -> dict[str, list[str]]:
    """Each access key (the letter after ``&``) of the menu's items, with the items that use it."""
    keys: dict[str, list[str]] = {}
    for action in menu.actions():
        text = action.text().replace("&&", "")
        at = text.find("&")
        if action.isSeparator() or at < 0 or at + 1 >= len(text):
            continue
        keys.setdefault(text[at + 1].lower(), []).append(text.replace("&", ""))
    return keys
