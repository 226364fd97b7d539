"""A suggestion shown before the window has its first real size (the demo opens with one) gets the side panel's room
once the window has that size: the lead's look at the demo under Xvfb, session 33, saw the card scroll inside itself
while the TLDR panel below stood half empty, because the card asked for room before the pane sizer had started."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QMainWindow, QSplitter, QTabWidget, QWidget

from desktop.pane_layout import PaneShares, PaneSizer


class _Card(QWidget):
    """Stands for the suggestion card: it needs ``wanted`` pixels and says so when asked (as the card's ``announce``)."""

    sig_content_resized = Signal(int)

    def __init__(self, wanted: int) -> None:
        super().__init__()
        self.wanted = wanted

    def announce(self) -> None:
        self.sig_content_resized.emit(self.wanted)


def _window(qtbot, card: QWidget) -> tuple[QMainWindow, QSplitter, PaneSizer]:
    window = QMainWindow()
    body, pages, tabs = QSplitter(), QSplitter(), QTabWidget()
    tabs.addTab(pages, "Diff")
    side = QSplitter(Qt.Orientation.Vertical)
    for part in (card, QWidget(), QWidget()):
        part.setMinimumHeight(60)
        side.addWidget(part)
    body.addWidget(QWidget())
    body.addWidget(tabs)
    body.addWidget(side)
    window.setCentralWidget(body)
    window.resize(1200, 800)
    qtbot.addWidget(window)
    sizer = PaneSizer(window, body, tabs, pages, ("diff",), shares=PaneShares(), side=side)
    return window, side, sizer


def test_a_card_that_asked_before_the_first_size_is_given_room_once_the_sizer_starts(qtbot) -> None:
    card = _Card(wanted=520)
    window, side, sizer = _window(qtbot, card)
    card.announce()  # before the first real size: nothing to give yet
    window.show()
    qtbot.waitExposed(window)
    before = side.sizes()[0]
    assert before < 520
    sizer.start(window.width())
    qtbot.waitUntil(lambda: side.sizes()[0] >= 500, timeout=5_000)  # the card asked again, and the panes below gave
    assert all(side.widget(i).height() >= 60 for i in (1, 2))
