"""``LinkBar``: above the diff, what the author said about the link between the selected
comment and the edit on screen, and the buttons to confirm it, reject it or link another edit."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QSizePolicy, QWidget

from widgets.badges import style_chip
from widgets.controls import ElidedLabel

#: What each link state says, its chip colour and the tooltip in plain words.
STATES = {
    "aligned": ("suggested by Redraft", "unknown",
                "Redraft's aligner linked this edit to the comment; confirm it or reject it"),
    "closest": ("closest edit · not counted", "minor",
                "The closest edit Redraft found, too weakly linked to count: the comment's status does not rest on "
                "it. Confirm it if it answers the comment"),
    "confirmed": ("✓ confirmed by you", "addressed", "You confirmed that this edit addresses the comment"),
    "added": ("✓ linked by you", "addressed", "You linked this edit to the comment"),
    "unlinked": ("not linked", "minor", "This edit is shown near the comment but not linked to it"),
}


#: The states of a link the aligner suggested and the author has not judged.
SUGGESTED = ("aligned", "closest")


class LinkBar(QWidget):
    """``show_link(edit_id, state, linked)``: ``state`` is a key of ``STATES`` or None (no edit on screen);
    ``linked`` counts the comment's linked edits. The buttons emit the edit id they act on."""

    sig_link_confirmed = Signal(str)  # edit id
    sig_link_rejected = Signal(str)  # edit id
    sig_link_added = Signal(str)  # edit id shown but not linked: "Link this edit"
    sig_link_requested = Signal()  # "Link an edit…": the author picks one

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Link between the comment and the edit")
        self.edit_id: str | None = None
        self.state: str | None = None
        self.summary = ElidedLabel("")
        self.summary.setAccessibleName("Linked edits")
        self.chip = QLabel("")
        self.chip.setAccessibleName("Link state")
        self.chip.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.confirm_button = _button("✓ Confirm", "This edit addresses the comment (Ctrl+L)",
                                      lambda: self._emit(self.sig_link_confirmed))
        self.reject_button = _button("✗ Reject", "This edit does not address the comment: unlink it "
                                     "(Ctrl+Shift+L)", lambda: self._emit(self.sig_link_rejected))
        self.add_button = _button("Link this edit", "Link the edit on screen to the comment",
                                  lambda: self._emit(self.sig_link_added))
        self.pick_button = _button("Link an edit…", "Choose an edit of the revision that addresses the comment "
                                   "(Ctrl+Alt+L)", self.sig_link_requested.emit)
        # the bar never widens the diff tab (its buttons would squeeze the comment list): it takes the width given
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.summary.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)  # the first to give way
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(8, 2, 8, 2)
        self._grid.setHorizontalSpacing(6)
        self._grid.setVerticalSpacing(0)
        self._grid.setColumnStretch(1, 1)  # the summary takes the room left, and gives it up first
        self.stacked: bool | None = None
        self._arrange(False)
        self.show_link(None, None, 0, False)

    def _arrange(self, stacked: bool) -> None:
        """One row (chip, summary, buttons) or, where that row does not fit, the summary under the chip and the
        buttons beside both: a diff pane of a 1280-pixel window cut "1 link · 2 closest, not counted" to "1 link ·
        2 closest, n…" (a new-user trial, round 8)."""
        if stacked == self.stacked:
            return
        self.stacked = stacked
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        self._grid.addWidget(self.chip, 0, 0, 1, 2 if stacked else 1, left)
        self._grid.addWidget(self.summary, 1 if stacked else 0, 0 if stacked else 1, 1, 2 if stacked else 1)
        for k, button in enumerate((self.confirm_button, self.reject_button, self.add_button, self.pick_button)):
            self._grid.addWidget(button, 0, 2 + k, 2 if stacked else 1, 1)

    def _fit(self) -> None:
        """Stack the summary under the chip when the one row is wider than the bar."""
        shown = [w for w in (self.chip, self.confirm_button, self.reject_button, self.add_button, self.pick_button)
                 if not w.isHidden()]
        margins = self._grid.contentsMargins()
        row = (sum(w.sizeHint().width() for w in shown) + self.summary.fontMetrics().horizontalAdvance(
            self.summary.text()) + 6 * len(shown) + margins.left() + margins.right())
        self._arrange(row > self.width() and not self.chip.isHidden())

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._fit()

    def show_link(self, edit_id: str | None, state: str | None, linked: int, enabled: bool = True,
                  closest: int = 0) -> None:
        """``enabled`` False: no revision (nothing to link), the bar is hidden. ``linked`` edits count towards the
        comment's status; ``closest`` ones were suggested too weakly to count (``status.Evidence.candidate``)."""
        self.edit_id, self.state = edit_id, state
        self.setVisible(enabled)
        parts = [f"{linked} link{'s' if linked != 1 else ''}"] if linked else []
        parts += [f"{closest} closest, not counted"] if closest else []
        self.summary.setText(" · ".join(parts) or "No edit linked to this comment")
        tip = [f"{linked} edit{'s' if linked != 1 else ''} linked to this comment, counted in its status"] if linked else []
        tip += [f"{closest} closest edit{'s' if closest != 1 else ''}, too weak to count"] if closest else []
        self.summary.setToolTip("; ".join(tip) or "No edit linked to this comment")
        text, key, tip = STATES.get(state or "", ("", "unknown", ""))
        self.chip.setText(text if edit_id else "")  # the edit's id is in the diff's "Change 1 of 2 · e7" below
        self.chip.setToolTip(f"{edit_id}: {tip}" if edit_id else "")
        self.chip.setVisible(bool(self.chip.text()))
        style_chip(self.chip, key)
        self.confirm_button.setEnabled(state in SUGGESTED)
        self.reject_button.setEnabled(state in (*SUGGESTED, "confirmed", "added"))
        self.add_button.setVisible(state == "unlinked")
        self.pick_button.setEnabled(enabled)
        self._fit()

    def _emit(self, signal) -> None:
        if self.edit_id is not None:
            signal.emit(self.edit_id)


def _button(text: str, tip: str, slot) -> QPushButton:
    button = QPushButton(text)
    button.setToolTip(tip)
    button.setAccessibleName(text.strip("✓✗ "))
    button.setAutoDefault(False)
    button.clicked.connect(slot)
    return button
