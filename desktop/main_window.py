"""The main window: comment list | diff, PDF, document, coverage, expertise | suggestion, TLDR.

The window lays out widgets and menus and reports what the user does through
its widgets' signals and its own (``sig_files_dropped``, ``sig_recent_chosen``);
it builds no services. ``app.py`` wires it to the controller.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QLabel, QMainWindow, QMenu, QMessageBox, QSplitter, QStackedWidget, QTabWidget, QToolBar,
    QVBoxLayout, QWidget,
)

from desktop.actions import Actions
from desktop.pane_layout import PaneSizer
from desktop.window_state import save_geometry
from desktop.view_focus import focus_view
from engine.inputs import input_suffixes
from engine.resources import LICENCE_NOTE
from widgets.controls import StatusLine
from widgets.job_status import JobStatus
from widgets.reading_notes import ReadingNotesBar

if TYPE_CHECKING:
    from engine.reviews.model import ReviewComment

#: Files the window accepts when dropped.
TABS = ("diff", "pdf", "document", "coverage", "expertise")


def about_text() -> str:
    """Help → About: the version and the licences (the comment models are non-commercial)."""
    from importlib import metadata

    try:
        version = metadata.version("redraft")
    except metadata.PackageNotFoundError:
        version = "unknown"
    return (f"<b>Redraft {escape(version)}</b><br>An offline assistant for revising a paper after peer review."
            f"<p>{escape(LICENCE_NOTE)}</p>")

class MainWindow(QMainWindow):
    """Layout, menus, toolbar, status bar and drag and drop."""

    sig_files_dropped = Signal(list)  # local paths
    sig_recent_chosen = Signal(str)  # project path
    sig_close_requested = Signal()

    def __init__(self, body: bool = True) -> None:
        """The window; with ``body=False`` only its frame (menus, toolbar, status bar, the welcome page):
        ``redraft gui`` paints that first and calls ``build_body`` after."""
        super().__init__()
        self.setWindowTitle("Redraft")
        self.setAcceptDrops(True)
        self.setUnifiedTitleAndToolBarOnMac(True)
        self.commands = Actions(self)
        # One timer, restarted: PySide6 6.12's static QTimer.singleShot(ms, callable) drops a
        # reference to None on every call, and a long session then crashes the interpreter.
        self._size_timer = QTimer(self, singleShot=True, interval=0)
        self._size_timer.timeout.connect(self._size_panes)

        self.empty = QLabel(
            "<h2>No project open</h2><p>Create one with <b>File → New Project</b> (Ctrl+N), "
            "open a <code>.redraft</code> file (Ctrl+O), or drop a draft, its revised version "
            "and the reviews on this window.</p>")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.empty.setAccessibleName("Welcome")
        self.stack = QStackedWidget()
        self.stack.addWidget(self.empty)
        self.reading_notes = ReadingNotesBar()  # above the panes after a build or a round: View → Reading Notes
        self.setCentralWidget(_stacked(self.reading_notes, self.stack))
        self.body: QSplitter | None = None  # the project's panes: build_body
        self.panes: PaneSizer | None = None  # their share of the width per view, remembered: build_body
        self._panes_sized = False
        self.job_status = JobStatus()

        self.recent_menu = QMenu("Open &Recent", self)
        self.recent_menu.setAccessibleName("Recent projects")
        self._build_menus()
        self._build_toolbar()
        self.status_text = StatusLine()
        self.status_text.setAccessibleName("Project summary")
        self.status_text.setToolTip("The project at a glance: its comments and reviewers, the edits between "
                                    "the draft and the revised version, and how many comments an edit addresses")
        self.statusBar().addWidget(self.status_text, 1)
        self.statusBar().addPermanentWidget(self.job_status)
        #: Views the open project has something for (the demo has no PDF): the others' tabs are hidden
        #: and their View items disabled, so their shortcuts do nothing.
        self.available_views = set(TABS)
        self.commands.quit.triggered.connect(self.close)
        self.show_project_view(False)  # the project's commands are off until one opens (the frame paints so)
        if body:
            self.build_body()

    def build_body(self) -> None:
        """The project's panes: comment list | diff, PDF, document, coverage, expertise | suggestion,
        response, TLDR (once; the welcome page shows until a project opens)."""
        if self.body is not None:
            return
        from widgets.comment_list import CommentList
        from widgets.coverage_table import CoverageTable
        from widgets.diff_view import DiffView
        from widgets.document_view import DocumentView
        from widgets.expertise_panel import ExpertisePanel
        from widgets.link_bar import LinkBar
        from widgets.pdf_view import PdfView
        from widgets.response_editor import ResponseEditor
        from widgets.suggestion_card import SuggestionCard
        from widgets.tldr_panel import TldrPanel

        self.comments = CommentList()
        self.diff = DiffView()
        self.links = LinkBar()
        self.pdf_old = PdfView()
        self.pdf_new = PdfView()
        self.pdf_old.setAccessibleName("Draft pages")
        self.pdf_new.setAccessibleName("Revised pages")
        self.document = DocumentView()
        self.coverage = CoverageTable()
        self.expertise = ExpertisePanel()
        self.suggestion = SuggestionCard()
        self.response = ResponseEditor()
        self.tldr = TldrPanel()

        pdfs = QSplitter(Qt.Orientation.Horizontal)
        pdfs.addWidget(_titled("Draft", self.pdf_old))
        pdfs.addWidget(_titled("Revised", self.pdf_new))
        self.pdf_pages = pdfs
        self.tabs = QTabWidget()
        self.tabs.setAccessibleName("Views")
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(_stacked(self.links, self.diff), "Diff")
        self.tabs.addTab(pdfs, "PDF")
        self.tabs.addTab(self.document, "Document")
        self.tabs.addTab(self.coverage, "Coverage")
        self.tabs.addTab(self.expertise, "Expertise")

        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.suggestion)  # its text scrolls inside it, its buttons stay in view
        right.addWidget(self.response)
        right.addWidget(self.tldr)
        right.setStretchFactor(0, 4)  # the suggestion card: a scaffold with its quote and two boxes
        right.setStretchFactor(1, 2)
        right.setStretchFactor(2, 2)  # the TLDR panel shows a candidate or two whole, not a cut line
        right.setSizes([410, 155, 235])  # until the first real size: then pane_layout.side_sizes, from the fonts
        right.setChildrenCollapsible(False)

        self.comment_header = QLabel()
        self.comment_header.setWordWrap(True)
        self.comment_header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.comment_header.setAccessibleName("Selected comment")
        self.comment_header.setContentsMargins(8, 6, 8, 6)
        self.comment_header.hide()
        centre = _stacked(self.comment_header, self.tabs)

        self.body = QSplitter(Qt.Orientation.Horizontal)
        self.body.addWidget(self.comments)
        self.body.addWidget(centre)
        self.body.addWidget(right)
        self.body.setStretchFactor(0, 2)
        self.body.setStretchFactor(1, 5)
        self.body.setStretchFactor(2, 3)
        self.body.setChildrenCollapsible(False)
        # Explicit minimums: the splitter would otherwise honour the widest tab's
        # size hint (two PDF toolbars side by side) and squeeze the comment list.
        centre.setMinimumWidth(360)
        right.setMinimumWidth(300)

        self.stack.addWidget(self.body)
        self.panes = PaneSizer(self, self.body, self.tabs, pdfs, TABS, side=right)
        for i, action in enumerate(self.commands.views):
            action.triggered.connect(lambda _=False, i=i: focus_view(self, TABS[i]))  # the view takes the focus
        for action, slot in zip(self.commands.zoom, ("zoom_in", "zoom_out", "fit_width", "fit_column")):
            for view in (self.pdf_old, self.pdf_new):
                action.triggered.connect(getattr(view, slot))
        self.tabs.currentChanged.connect(lambda _: self._update_view_actions())
        self.commands.find_comment.triggered.connect(self.comments.find)
        self.commands.respond.triggered.connect(self.response.text.setFocus)
        self.suggestion.add_key_host(self.comments.tree)  # Enter, Delete, F2 from the list: triage (widgets/card_keys)
        for pane in (self.response, self.suggestion):  # Escape: a running job's Cancel, else the pane's own
            self.commands.cancel_job.enabledChanged.connect(lambda on, p=pane: p.set_escape_enabled(not on))
            pane.set_escape_enabled(not self.commands.cancel_job.isEnabled())
        # right-click on a comment: the corrections (shortcuts live while the list has focus)
        self.comments.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.comments.tree.addActions([*self.commands.corrections, self.commands.mark_throughout])
        self.diff.add_context_actions(self.commands.links)  # right-click on an edit: confirm, reject, link

    # -- building ------------------------------------------------------------------------

    def _build_menus(self) -> None:
        a = self.commands
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([a.new_project, a.new_from_git, a.open_project])
        file_menu.addMenu(self.recent_menu)
        file_menu.addActions([a.new_round, a.add_letter])
        file_menu.addSeparator()
        file_menu.addActions([a.export_letter, a.export_report, a.export_marked, a.export_coverage])
        file_menu.addSeparator()
        file_menu.addAction(a.settings)
        file_menu.addSeparator()
        file_menu.addAction(a.quit)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addActions([a.undo, a.redo])
        edit_menu.addSeparator()
        edit_menu.addAction(a.respond)
        edit_menu.addSeparator()
        edit_menu.addActions(a.links)
        edit_menu.addSeparator()
        comment_menu = edit_menu.addMenu("C&omment")
        comment_menu.addActions([*a.corrections, a.mark_throughout])
        edit_menu.addSeparator()
        edit_menu.addAction(a.find_comment)
        view_menu = bar.addMenu("&View")
        view_menu.addActions(a.views)
        view_menu.addSeparator()
        view_menu.addActions(a.zoom)
        view_menu.addSeparator()
        view_menu.addActions([a.next_comment, a.previous_comment, a.reading_notes])
        view_menu.addSeparator()
        theme_menu = view_menu.addMenu("&Theme")
        theme_menu.addActions(list(a.theme_actions.values()))
        gen_menu = bar.addMenu("&Generate")
        gen_menu.addActions([a.suggest, a.tldr])
        gen_menu.addSeparator()
        gen_menu.addAction(a.cancel_job)
        help_menu = bar.addMenu("&Help")
        help_menu.addActions([a.getting_started, a.about])
        a.getting_started.triggered.connect(self.show_getting_started)
        a.about.triggered.connect(lambda: QMessageBox.about(self, "About Redraft", about_text()))

    def _build_toolbar(self) -> None:
        a = self.commands
        tools = QToolBar("Main")
        tools.setObjectName("main_toolbar")
        tools.setAccessibleName("Main toolbar")
        tools.setMovable(False)
        tools.setIconSize(QSize(18, 18))
        tools.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        tools.addActions([a.new_project, a.open_project])
        tools.addSeparator()
        tools.addActions([a.undo, a.redo])
        tools.addSeparator()
        tools.addActions([a.suggest, a.tldr])
        tools.addSeparator()
        tools.addActions([a.export_letter, a.settings])
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, tools)
        self.toolbar = tools

    # -- state -----------------------------------------------------------------------------

    def show_project_view(self, shown: bool = True) -> None:
        if shown:
            self.build_body()
        self.stack.setCurrentWidget(self.body if shown else self.empty)
        if shown:
            self._size_timer.start(0)
        for action in (self.commands.new_round, self.commands.add_letter, self.commands.export_letter, self.commands.export_report,
                       self.commands.export_coverage, self.commands.export_marked,
                       self.commands.respond, self.commands.suggest,
                       self.commands.tldr, self.commands.next_comment, self.commands.previous_comment,
                       *self.commands.corrections):  # the link steps: the presenter, by the edit shown
            action.setEnabled(shown)
        self._update_view_actions()

    def set_view_available(self, name: str, available: bool) -> None:
        """Whether the project has anything for view ``name`` (a PDF tab needs a PDF): a view it has
        nothing for loses its tab, and its View item is disabled (its shortcut does nothing)."""
        self.available_views.discard(name)
        if available:
            self.available_views.add(name)
        self.tabs.setTabVisible(TABS.index(name), available)
        self._update_view_actions()

    def _update_view_actions(self) -> None:
        shown = self.stack.currentWidget() is self.body
        for name, action in zip(TABS, self.commands.views):
            action.setEnabled(shown and name in self.available_views)
        on_pages = shown and "pdf" in self.available_views and self.tabs.currentIndex() == TABS.index("pdf")
        for action in self.commands.zoom:  # Ctrl++ / Ctrl+- / Ctrl+0 / Ctrl+9: the pages on screen only
            action.setEnabled(on_pages)

    def show_getting_started(self) -> QWidget:
        """Help → Getting started: the workflow, every shortcut (read from the actions), the labels."""
        from desktop.help import GettingStarted

        dialog = self.findChild(GettingStarted) or GettingStarted(self)
        dialog.show()
        dialog.raise_()
        return dialog

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if self.stack.currentWidget() is self.body:
            self._size_timer.start(0)

    def _size_panes(self) -> None:
        """Share the width between the panes once, at the first real size, as the view on screen shares it
        (``pane_layout.py``: 32% | 44% | 24%, the PDF tab 25% | 55% | 20%, or as the author last dragged them)."""
        width = self.width()  # the body's own width lags behind the window's during a resize
        if self._panes_sized or width < 600 or not self.isVisible():
            return
        self._panes_sized = True
        self.panes.start(width)

    def show_comment(self, comment: ReviewComment | None, status: str = "", earlier: str = "",
                     letter: str = "") -> None:
        """Show the selected comment in full above the views (its lead-in in grey); ``earlier``: "in round 1 as
        R2.3: partly addressed (check)" for a comment the replaced reviews held too; ``letter``: the start of the
        authors' letter's answer to it (trial24), on a line of its own."""
        from engine.align.status import Status, status_text
        from widgets.comment_list import LOW_CONFIDENCE, type_phrase
        from widgets.glossary import comment_header_tip
        from widgets.palette import colors_for

        if comment is None:
            self.comment_header.hide()
            return
        muted = colors_for(self).muted  # the theme's grey: Qt's "gray" was 4.1:1 on the dark window (trial25)
        lead = f"<span style='color:{muted}'>{escape(comment.context)}</span> " if comment.context else ""
        low = comment.confidence < LOW_CONFIDENCE
        unsure = f"{round(comment.confidence * 100)}% sure it is a request" if low else ""
        shown = status_text(status) if isinstance(status, Status) else status  # "partly addressed (check)", as listed
        facts = " · ".join(x for x in (comment.reviewer, type_phrase(comment), unsure, shown, earlier) if x)  # codes on the tip
        self.comment_header.setText(f"<b>{escape(comment.id)}</b> <span style='color:{muted}'>{escape(facts)}</span>"
                                    f"<br>{lead}{escape(comment.text)}" + (
                                        f"<br><span style='color:{muted}'>Authors' letter:</span> <i>{escape(letter)}</i>"
                                        if letter else ""))
        self.comment_header.setToolTip(comment_header_tip(comment, status))
        self.comment_header.show()

    def set_recent(self, paths: list[Path]) -> None:
        self.recent_menu.clear()
        for i, path in enumerate(paths):
            label = f"&{i + 1} {path.stem}" if i < 9 else path.stem
            action = self.recent_menu.addAction(label)
            action.setToolTip(str(path))
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _=False, p=str(path): self.sig_recent_chosen.emit(p))
        self.recent_menu.setEnabled(bool(paths))

    def show_tab(self, name: str) -> None:
        if name in self.available_views:  # never an empty pane for a view the project lacks
            self.tabs.setCurrentIndex(TABS.index(name))

    # -- events ------------------------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        urls = event.mimeData().urls()
        if any(u.isLocalFile() and Path(u.toLocalFile()).suffix.lower() in input_suffixes() for u in urls):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = [u.toLocalFile() for u in event.mimeData().urls()
                 if u.isLocalFile() and Path(u.toLocalFile()).suffix.lower() in input_suffixes()]
        if paths:
            event.acceptProposedAction()
            self.sig_files_dropped.emit(paths)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.StatusTip:  # a hovered command's tip, in the status line's place
            self.status_text.show_tip(event.tip())
            return True
        return super().event(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        save_geometry(self)  # the next launch opens where and as large as this one closed
        self.sig_close_requested.emit()
        super().closeEvent(event)


def _stacked(top: QWidget, main: QWidget, spacing: int = 0) -> QWidget:
    """``top`` above ``main``, which takes the room left."""
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(spacing)
    layout.addWidget(top)
    layout.addWidget(main, 1)
    return box


def _titled(title: str, widget: QWidget) -> QWidget:
    label = QLabel(f"<b>{title}</b>")
    label.setContentsMargins(6, 4, 6, 0)
    return _stacked(label, widget, spacing=2)
