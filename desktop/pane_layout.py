"""How the window shares its width: the comment list | the views | the side panel, per view, and the two PDF
panes, remembered between sessions in ``layout.json`` beside the settings.

A new-user trial found the PDF tab's two pages side by side in 44% of a 1600-pixel window, about 340 pixels a
page: the text could not be read at the page's width. The PDF tab now opens with the views given 55% of the
width (about 430 pixels a page there; at 60% the comment list kept only the comments' numbers), the other views
keep 32% | 44% | 24%, and a share the author drags is kept for that view, and for the next session.

The side panel's height (the suggestion card | the response | the TLDRs) is split once, at the window's first real
size, from what its panes ask for in the font they are drawn in (``side_sizes``): the TLDR panel two candidates
whole where the card keeps its share (a split fixed in pixels cut the second TLDR under Noto Sans, session 28).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QSplitter, QTabWidget, QWidget

from desktop.window_state import LAYOUT_FILE, read_layout, update_layout

__all__ = ["LAYOUT_FILE", "PaneShares", "PaneSizer", "card_sizes"]  # LAYOUT_FILE: the file the shares are kept in

#: The key of the two PDF panes' share (the body's are ``pdf`` on the PDF tab, ``views`` on the others).
PAGES = "pdf-pages"
#: The comment list, the views, the side panel (the comment list holds an id, the text, a type badge and a status
#: badge: at 27% a new-user trial read a dozen characters of each comment in a 1360-pixel window).
DEFAULT_SHARE = (0.32, 0.44, 0.24)
#: Two pages side by side need the room more than the comment list and the side panel do.
DEFAULT_SHARES: dict[str, tuple[float, ...]] = {"pdf": (0.25, 0.55, 0.20), PAGES: (0.5, 0.5)}
#: The side panel's first split by share (the suggestion card, the response, the TLDRs), and the least share the
#: card keeps when the TLDR panel asks for more than its own (the card holds the plan, the quote and two boxes; at
#: 1366 x 768 under Noto Sans 9 pt it has 306 px, 322 before; 0.47 kept 320 but cut the second TLDR at 1600 x 900
#: under Noto Sans 10 pt, KDE's default).
SIDE_SHARE = (410 / 800, 155 / 800, 235 / 800)
CARD_LEAST_SHARE = 0.45


def side_sizes(height: int, response_least: int, tldr_asked: int) -> list[int]:
    """The side panel's split of ``height``: the response its share or its least height, the TLDR panel its share or
    what it asks for (``tldr_asked``: two candidates in its font), whichever is more, as long as the card keeps
    ``CARD_LEAST_SHARE``; the card the rest."""
    response = max(response_least, round(height * SIDE_SHARE[1]))
    tldr = min(max(tldr_asked, round(height * SIDE_SHARE[2])), height - response - round(height * CARD_LEAST_SHARE))
    return [height - response - tldr, response, tldr]


def card_sizes(sizes: list[int], wanted: int, least: tuple[int, int]) -> list[int]:
    """The side panel's ``sizes`` (card, response, TLDRs) with the card grown toward ``wanted`` pixels, the room taken
    from the TLDR panel first, then from the response, each down to its ``least`` height (response, TLDRs); a card
    that fits keeps its room (a shorter suggestion does not shrink it: the panes do not jump at each comment)."""
    card, response, tldr = sizes
    tldr_gives = min(max(0, wanted - card), max(0, tldr - least[1]))
    response_gives = min(max(0, wanted - card - tldr_gives), max(0, response - least[0]))
    return [card + tldr_gives + response_gives, response - response_gives, tldr - tldr_gives]


@dataclass
class PaneShares:
    """Shares of a splitter's width by key (``views``, ``pdf`` for the PDF tab, ``pdf-pages`` for its two panes)."""

    shares: dict[str, tuple[float, ...]] = field(default_factory=dict)

    def share(self, key: str) -> tuple[float, ...]:
        return self.shares.get(key) or DEFAULT_SHARES.get(key, DEFAULT_SHARE)

    def remember(self, key: str, sizes: list[int]) -> bool:
        """Keep ``sizes`` (pixels) as ``key``'s share; False (nothing kept) for a collapsed or unsized splitter."""
        total = sum(sizes)
        if total <= 0 or min(sizes) <= 0:
            return False
        self.shares[key] = tuple(round(s / total, 4) for s in sizes)
        return True

    def sizes(self, key: str, width: int) -> list[int]:
        return [int(width * s) for s in self.share(key)]

    @classmethod
    def load(cls, path: Path | None = None) -> PaneShares:
        """The remembered shares; none (the defaults) when the file is missing or not what it should be."""
        shares = read_layout(path).get("shares")
        if not isinstance(shares, dict):
            return cls()
        kept = {}
        for key, value in shares.items():
            size = len(DEFAULT_SHARES.get(key, DEFAULT_SHARE))
            if (isinstance(key, str) and isinstance(value, list) and len(value) == size
                    and all(isinstance(v, (int, float)) and 0.05 <= v <= 0.95 for v in value)):
                kept[key] = tuple(float(v) for v in value)
        return cls(kept)

    def save(self, path: Path | None = None) -> Path:
        return update_layout("shares", {k: list(v) for k, v in self.shares.items()}, path)  # the window's kept


class PaneSizer(QObject):
    """Gives ``body`` (comment list | views | side panel) the share of the window's width that the view on screen
    in ``tabs`` (named ``names``) asks for, and ``pages`` (the two PDF panes) theirs; a share the author drags is
    kept for that view and saved."""

    def __init__(self, window: QWidget, body: QSplitter, tabs: QTabWidget, pages: QSplitter,
                 names: tuple[str, ...], shares: PaneShares | None = None, side: QSplitter | None = None) -> None:
        super().__init__(window)
        self.window, self.body, self.tabs, self.pages, self.names = window, body, tabs, pages, names
        self.side = side  # the card | the response | the TLDRs, split once at the first real size
        self.shares = shares if shares is not None else PaneShares.load()
        self.started = False
        self._save_timer = QTimer(self, singleShot=True, interval=400)  # once a drag ends, not at each step
        self._save_timer.timeout.connect(self.save)
        tabs.currentChanged.connect(lambda _: self.apply())
        body.splitterMoved.connect(lambda *_: self._remember(self.key, body))
        pages.splitterMoved.connect(lambda *_: self._remember(PAGES, pages))
        card = side.widget(0) if side is not None and side.count() == 3 else None
        if hasattr(card, "sig_content_resized"):  # the suggestion card shows its text whole when the panel has room
            card.sig_content_resized.connect(self.fit_card)

    @property
    def key(self) -> str:
        """``pdf`` on the PDF tab, ``views`` on the others (which share one share: text in a pane of any width)."""
        i = self.tabs.currentIndex()
        return "pdf" if 0 <= i < len(self.names) and self.names[i] == "pdf" else "views"

    def start(self, width: int) -> None:
        """The first real size of the window: the shares apply from now on."""
        self.started = True
        self.apply(width)
        if self.side is not None and self.side.count() == 3 and self.side.height() > 0:
            response, tldr = self.side.widget(1), self.side.widget(2)
            self.side.setSizes(side_sizes(self.side.height() - 2 * self.side.handleWidth(),
                                          response.minimumSizeHint().height(), tldr.sizeHint().height()))
            card = self.side.widget(0)
            if hasattr(card, "announce"):  # a suggestion shown before the first real size (the demo) asks again now
                QTimer.singleShot(0, card.announce)

    def fit_card(self, wanted: int) -> None:
        """Grow the suggestion card toward ``wanted`` pixels (``card_sizes``), once the panel has its real size."""
        if not self.started or self.side is None or self.side.height() <= 0:
            return
        sizes = self.side.sizes()
        response, tldr = self.side.widget(1), self.side.widget(2)
        fitted = card_sizes(sizes, wanted, (response.minimumSizeHint().height(), tldr.minimumSizeHint().height()))
        if fitted != sizes:
            self.side.setSizes(fitted)

    def apply(self, width: int | None = None) -> None:
        if not self.started:
            return
        width = width or self.window.width()  # the body's own width lags behind the window's during a resize
        sizes = self.shares.sizes(self.key, width)
        self.body.setSizes(sizes)
        self.pages.setSizes(self.shares.sizes(PAGES, sizes[1]))

    def save(self) -> None:
        try:
            self.shares.save()
        except OSError:  # a read-only config folder: the shares last this session
            pass

    def _remember(self, key: str, splitter: QSplitter) -> None:
        if self.shares.remember(key, splitter.sizes()):
            self._save_timer.start()
