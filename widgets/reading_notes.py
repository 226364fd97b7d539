"""The reading-notes bar: what Redraft noticed while reading the draft, the revised version and the reviews
(``engine.project.notes``), above the project's panes after a build or a new round, and again from View →
Reading Notes. One bar for every note, never a box per note; it blocks nothing and closes with its ✕."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QStyle, QToolButton, QVBoxLayout

from engine.project.notes import ReadingNote
from widgets.palette import colors_for

#: The most notes listed before a "Show N more" link.
SHOWN = 6


class ReadingNotesBar(QFrame):
    """A dismissible strip listing each note with its source; hidden until ``show_notes``."""

    sig_dismissed = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("readingNotes")
        self.setAccessibleName("Reading notes")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.notes: list[ReadingNote] = []
        self.heading, self.expanded = "", False
        icon = QLabel()
        icon.setPixmap(self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxInformation).pixmap(20, 20))
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.title = QLabel()
        self.title.setAccessibleName("Reading notes title")
        self.text = QLabel()
        self.text.setAccessibleName("Reading notes list")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                          | Qt.TextInteractionFlag.LinksAccessibleByMouse)
        self.text.linkActivated.connect(self._expand)
        self.close_button = QToolButton()
        self.close_button.setText("✕")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip("Hide these notes (View → Reading Notes shows them again)")
        self.close_button.setAccessibleName("Hide reading notes")
        self.close_button.clicked.connect(self.dismiss)
        words = QVBoxLayout()
        words.setSpacing(2)
        words.addWidget(self.title)
        words.addWidget(self.text)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 4, 6)
        layout.addWidget(icon)
        layout.addLayout(words, 1)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self.hide()

    def show_notes(self, notes: list[ReadingNote], heading: str = "How Redraft read your files") -> None:
        """List ``notes`` (each under its source) and show the bar; with none, say so. Past ``SHOWN`` notes (a PDF
        with many unreadable pages), the rest wait behind a "Show N more" link, so the panes keep their room."""
        self.notes, self.heading, self.expanded = list(notes), heading, False
        self._render()
        self.show()

    def _render(self) -> None:
        notes, muted = self.notes, colors_for(self).muted
        count = f"{len(notes)} note" + ("" if len(notes) == 1 else "s") if notes else "nothing to note"
        self.title.setText(f"<b>{escape(self.heading)}</b> <span style='color:{muted}'>· {count}</span>")
        if not notes:
            self.text.setText("Redraft read the draft, the revised version and the reviews without anything to note.")
            return
        shown = notes if self.expanded or len(notes) <= SHOWN else notes[:SHOWN - 1]
        rows = "".join(f"<li><b>{escape(n.label())}</b>: {escape(_sentence(n.text))}</li>" for n in shown)
        more = f"<p style='margin:0'><a href='more'>Show {len(notes) - len(shown)} more</a></p>" if len(
            shown) < len(notes) else ""
        self.text.setText(f"<ul style='margin:0; margin-left:-20px'>{rows}</ul>{more}")

    def _expand(self, _link: str) -> None:
        self.expanded = True
        self._render()

    def dismiss(self) -> None:
        self.hide()
        self.sig_dismissed.emit()

    def listed(self) -> list[str]:
        """Every note as the bar words it, "Source (file): text" (for tests and accessibility tools)."""
        return [f"{n.label()}: {_sentence(n.text)}" for n in self.notes]


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ".)")) else text + "."
