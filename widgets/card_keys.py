"""The suggestion card's keys, and the widgets they are live in.

Enter accepts, Delete rejects, F2 edits and Ctrl+Shift+C copies the suggestion shown, with the focus in the card or in
the comment list (the author triages there: Down, Enter, Down, Delete). They were window-wide: Enter typed in the
comment filter, the PDF page box or on a focused button accepted the suggestion (trial25). Ctrl+Enter and Escape save or
stop an edit in the card only.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget

from widgets.suggestion_text import SHORTCUT_TIPS

#: (name, keys, the card's method)
KEYS = (
    ("accept", (Qt.Key.Key_Return, Qt.Key.Key_Enter), "_enter"),
    ("reject", (Qt.Key.Key_Delete,), "reject"),
    ("edit", (Qt.Key.Key_F2,), "toggle_edit"),
    ("save", ("Ctrl+Return",), "_save_edit"),
    ("cancel", (Qt.Key.Key_Escape,), "cancel_edit"),
    ("copy", ("Ctrl+Shift+C",), "copy"),
)
#: The keys live in the comment list too.
TRIAGE = ("accept", "reject", "edit", "copy")


def card_keys(card: QWidget, host: QWidget, names: tuple[str, ...],
              context: Qt.ShortcutContext) -> dict[str, list[QShortcut]]:
    """``card``'s shortcuts ``names`` on ``host`` in ``context``, each described for Help → Getting started."""
    out: dict[str, list[QShortcut]] = {}
    for name, keys, slot in KEYS:
        if name not in names:
            continue
        out[name] = []
        for key in keys:
            shortcut = QShortcut(QKeySequence(key), host, getattr(card, slot))
            shortcut.setContext(context)  # set here: PySide6 drops the constructor's context= with a slot
            shortcut.setWhatsThis(f"Suggestion: {SHORTCUT_TIPS[name]}")
            out[name].append(shortcut)
    return out
