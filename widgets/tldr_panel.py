"""``TldrPanel``: the paper's TLDR candidates, each with its word count and a Copy button.

Each candidate's text wraps to the panel's whole width and is never cut: a row is as tall as its text at the
width it has, and the panel keeps room for at least one candidate (more scroll). Both that room and the height
the panel asks for (two candidates) are counted in lines of the font it is drawn in, never in pixels tuned on
one font: the desktop's default font differs (Noto Sans is 17 px a line at 9 pt where DejaVu Sans is 14).

``set_tldrs`` shows the candidates; ``set_candidates`` shows the engine's
candidate dicts, a candidate that failed Redraft's checks as a flagged
failure (marked, no Copy, not among ``valid_tldrs()``, so the shell saves
only the valid ones), what failed said on its row in the CLI's words
(``engine.generate.tldr_words.failure_words``) with "not kept"; ``begin_stream`` / ``append_text`` /
``end_stream`` show a model's answer as it is written, and ``set_step`` which candidate and try it is. The two generate
buttons emit ``sig_generate_requested("llm" | "extractive")``; the shell runs
the job and calls ``set_tldrs`` with the result.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QFontMetricsF, QTextCursor
from PySide6.QtWidgets import (
    QApplication, QFrame, QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QScrollArea, QSizePolicy,
    QToolButton, QVBoxLayout, QWidget,
)

from engine.generate.tldr_words import MAX_WORDS, MIN_WORDS, failure_words  # a module that loads no model
from widgets.palette import colors_for

MODES = ("llm", "extractive")
#: The list's least height holds one candidate of this many lines and its footer: a 25-word TLDR (about 160
#: characters, 900-1000 px at 9 pt) wraps to 4-5 lines in the side column at its least width (300 px).
LEAST_LINES = 5
#: The height the panel asks for holds two candidates of this many lines: a 25-word TLDR in the ~350-px column
#: of a 1600-px window (Qt's label wraps a 16-word one to three lines there).
ASKED_LINES, ASKED_ROWS = 3, 2
EMPTY_TEXT = ("No TLDR yet. <b>Write</b> asks the model for one-sentence summaries; "
              "<b>From abstract</b> picks the abstract's most central sentence.")


def word_count(text: str) -> int:
    return len(text.split())


class TldrRow(QFrame):
    """One candidate: its text, its word count as a chip, and a Copy button."""

    sig_copy_requested = Signal(str)

    def __init__(self, index: int, text: str, parent: QWidget | None = None, failure: str = "") -> None:
        super().__init__(parent)
        self.text = text
        self.failed = bool(failure)
        self.setObjectName("TldrRow")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.body = QLabel(text)
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.PlainText)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.body.setAccessibleName(f"TLDR {index + 1}")
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)  # its height follows its width: without it, a narrow pane cut the text
        self.body.setSizePolicy(policy)
        n = word_count(text)
        self.count = QLabel(f"{n} words")
        self.count.setProperty("role", "chip")
        ok = MIN_WORDS <= n <= MAX_WORDS
        bg, fg = colors_for(self).badge["addressed" if ok else "minor"]
        self.count.setStyleSheet(f"background: {bg}; color: {fg};")
        self.count.setToolTip(f"A TLDR has {MIN_WORDS}–{MAX_WORDS} words" + ("" if ok else f"; this one has {n}"))
        self.count.setAccessibleName(f"Word count of TLDR {index + 1}")
        self.in_range = ok
        #: A failed candidate's reason, shown under its text (or alone when the model wrote nothing): said in
        #: words on the row, not only in the chip's tooltip under "(no text)" (a new-user trial).
        self.why = QLabel(failure_text(failure, bool(text)))
        self.why.setWordWrap(True)
        self.why.setTextFormat(Qt.TextFormat.PlainText)
        self.why.setAccessibleName(f"Why TLDR {index + 1} failed its checks")
        self.why.setSizePolicy(policy)
        self.why.setVisible(bool(failure))
        if failure:
            bg, fg = colors_for(self).badge["major"]
            self.count.setText("failed checks")
            self.count.setStyleSheet(f"background: {bg}; color: {fg};")
            self.count.setToolTip(f"Not a TLDR: {failure}")
            self.body.setEnabled(False)
            self.body.setVisible(bool(text))
        self.copy_button = QToolButton()
        self.copy_button.setText("Copy")
        self.copy_button.setAccessibleName(f"Copy TLDR {index + 1}")
        self.copy_button.setToolTip("Copy this TLDR to the clipboard")
        self.copy_button.clicked.connect(lambda: self.sig_copy_requested.emit(self.text))
        self.copy_button.setEnabled(not failure)
        footer = QHBoxLayout()  # below the text, so the text has the row's whole width
        footer.setSpacing(6)
        footer.addWidget(self.count)
        footer.addStretch(1)
        footer.addWidget(self.copy_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 6, 6)
        layout.setSpacing(4)
        layout.addWidget(self.body)
        layout.addWidget(self.why)
        layout.addLayout(footer)

    def height_for_lines(self, lines: int) -> int:
        """This row's height with ``lines`` lines of text: the lines in the body's font, the footer, the margins."""
        self.ensurePolished()  # the style sheet's chip font and frame, before they are measured
        margins = self.layout().contentsMargins()
        footer = self.layout().itemAt(2).sizeHint().height()
        return (lines * line_height(self.body) + footer + self.layout().spacing()
                + margins.top() + margins.bottom() + 2 * self.frameWidth())


def failure_text(failure: str, has_text: bool) -> str:
    """What a failed candidate's row says: what failed, and that it is not kept (the project, opened again,
    shows only the TLDRs that passed)."""
    lead = "Failed its checks" if has_text else "The model wrote no usable TLDR"
    return f"{lead}: {failure}. Not kept: it is gone when the project is opened again." if failure else ""


def line_height(label: QLabel) -> int:
    """A wrapped line of ``label``: its font's line spacing rounded up (DejaVu Sans at 10 pt: 15.1 px, laid out
    16 px a line, where ``QFontMetrics.lineSpacing`` says 15)."""
    return math.ceil(QFontMetricsF(label.font()).lineSpacing())


class TldrPanel(QFrame):
    """TLDR candidates of the open paper, and the buttons that ask for new ones."""

    sig_generate_requested = Signal(str)  # "llm" | "extractive"
    sig_tldr_copied = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("TldrPanel")
        self.setAccessibleName("TLDR panel")
        self._tldrs: list[str] = []
        self._failed: set[str] = set()
        self._streaming = False

        title = QLabel("TLDR")
        title.setProperty("role", "title")
        self.write_button = QPushButton("Write")
        self.write_button.setAccessibleName("Write TLDRs with the model")
        self.write_button.setToolTip("Ask the language model for TLDR candidates (Ctrl+T)")
        self.write_button.clicked.connect(lambda: self.request("llm"))
        self.extract_button = QPushButton("From abstract")
        self.extract_button.setAccessibleName("Pick an extractive TLDR from the abstract")
        self.extract_button.setToolTip("Pick the abstract's most central sentence (instant, no model)")
        self.extract_button.clicked.connect(lambda: self.request("extractive"))
        header = QHBoxLayout()
        header.addWidget(title)
        header.addStretch(1)
        header.addWidget(self.extract_button)
        header.addWidget(self.write_button)

        self.empty = QLabel(EMPTY_TEXT)
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)  # under the title, not adrift
        self.empty.setAccessibleName("No TLDR yet")
        self.empty.setStyleSheet(f"color: {colors_for(self).muted};")
        self.rows_box = QWidget()
        self.rows_layout = QVBoxLayout(self.rows_box)
        self.rows_layout.setContentsMargins(0, 0, 0, 0)
        self.rows_layout.setSpacing(6)
        self.rows_layout.addStretch(1)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setWidget(self.rows_box)
        self.scroll.setAccessibleName("TLDR candidates")
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # the text wraps instead

        self.stream = QPlainTextEdit()
        self.stream.setReadOnly(True)
        self.stream.setAccessibleName("TLDR being written")
        self.stream.setPlaceholderText("Waiting for the model…")
        #: Which candidate and which try the model is on while it writes (``set_step``; a new-user trial waited
        #: 100 s on "writing TLDRs" alone).
        self.step = QLabel()
        self.step.setAccessibleName("TLDR step")
        self.step.setTextFormat(Qt.TextFormat.PlainText)
        self.step.setWordWrap(True)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addLayout(header)
        layout.addWidget(self.empty)
        layout.addWidget(self.scroll, 1)
        layout.addWidget(self.step)
        layout.addWidget(self.stream, 1)
        self.rows: list[TldrRow] = []
        self._refresh_visibility()
        self._fit_font()

    # -- room, in lines of the font ------------------------------------------------------------

    def row_height(self, lines: int) -> int:
        """A candidate's row with ``lines`` lines of text, in the panel's font now."""
        sample = TldrRow(0, "x", self)
        try:
            return sample.height_for_lines(lines)
        finally:
            sample.setParent(None)
            sample.deleteLater()

    def least_list_height(self) -> int:
        """The list's least height: one candidate of ``LEAST_LINES`` lines, whole."""
        return self.row_height(LEAST_LINES)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        """As tall as the title and ``ASKED_ROWS`` candidates of ``ASKED_LINES`` lines (what the window gives it)."""
        hint = super().sizeHint()
        margins = self.layout().contentsMargins()
        rows = ASKED_ROWS * self._asked_row + (ASKED_ROWS - 1) * self.rows_layout.spacing()
        header = self.layout().itemAt(0).sizeHint().height() + self.layout().spacing()
        return QSize(hint.width(), margins.top() + header + rows + margins.bottom() + 2 * self.frameWidth())

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange) and hasattr(self, "rows"):
            self._fit_font()  # (not while __init__ builds the panel: it fits the font once it is built)

    def _fit_font(self) -> None:
        self._asked_row = self.row_height(ASKED_LINES)
        self.scroll.setMinimumHeight(self.least_list_height())
        self.updateGeometry()

    # -- candidates ------------------------------------------------------------------------

    def set_tldrs(self, tldrs: list[str]) -> None:
        """Show these candidates (best first), replacing the ones shown."""
        self.set_candidates([{"text": t} for t in tldrs])

    def set_candidates(self, candidates: list[dict]) -> None:
        """Show the engine's candidates (``text``, ``flags``); failed ones are marked."""
        shown = [((c.get("text") or "").strip(), _failure(c)) for c in candidates
                 if (c.get("text") or "").strip() or _failure(c)]
        self._tldrs = [text for text, _ in shown]
        self._failed = {text for text, why in shown if why}
        for row in self.rows:
            self.rows_layout.removeWidget(row)
            row.hide()  # at once: until Qt deletes it, a shown row stayed drawn under the new one
            row.deleteLater()
        self.rows = []
        for i, (text, why) in enumerate(shown):
            row = TldrRow(i, text, failure=why)
            row.sig_copy_requested.connect(self.copy)
            self.rows_layout.insertWidget(i, row)
            self.rows.append(row)
        self._refresh_visibility()

    def tldrs(self) -> list[str]:
        return list(self._tldrs)

    def valid_tldrs(self) -> list[str]:
        """The shown candidates that passed the checks (what may be saved or copied)."""
        return [t for t in self._tldrs if t and t not in self._failed]

    def copy(self, text: str) -> None:
        """Put ``text`` on the clipboard and say so."""
        QApplication.clipboard().setText(text)
        self.sig_tldr_copied.emit(text)

    def request(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown TLDR mode {mode!r}; expected one of {', '.join(MODES)}")
        if not self._streaming:
            self.sig_generate_requested.emit(mode)

    # -- streaming ---------------------------------------------------------------------------

    def begin_stream(self) -> None:
        """A model starts writing: its text shows below, the generate buttons wait."""
        self._streaming = True
        self.stream.clear()
        self.step.setText("Starting…")
        self._refresh_visibility()

    def append_text(self, text: str) -> None:
        cursor = self.stream.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.End)
        cursor.insertText(text)
        self.stream.setTextCursor(cursor)
        self.stream.ensureCursorVisible()

    def end_stream(self) -> None:
        """Writing ended (done, failed or cancelled): back to the candidates."""
        self._streaming = False
        self._refresh_visibility()

    def set_step(self, label: str) -> None:
        """The job's step while the model writes ("candidate 2 of 2, try 1 of 2"), said above its text."""
        if self._streaming and label:
            self.step.setText(label[:1].upper() + label[1:])

    def is_streaming(self) -> bool:
        return self._streaming

    def streamed_text(self) -> str:
        return self.stream.toPlainText()

    def _refresh_visibility(self) -> None:
        self.stream.setVisible(self._streaming)
        self.step.setVisible(self._streaming)
        self.scroll.setVisible(not self._streaming and bool(self.rows))
        self.empty.setVisible(not self._streaming and not self.rows)
        self.write_button.setEnabled(not self._streaming)
        self.extract_button.setEnabled(not self._streaming)


def _failure(candidate: dict) -> str:
    """Why a candidate failed Redraft's checks ("" when it did not): the engine's ``valid`` false or a failed
    check, said in ``failure_words``'s words (the CLI's)."""
    failed = candidate.get("valid") is False or any(
        isinstance(f, dict) and f.get("severity") == "error" for f in candidate.get("flags") or [])
    return (failure_words(candidate) or "failed its checks") if failed else ""
