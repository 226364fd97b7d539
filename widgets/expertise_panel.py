"""``ExpertisePanel``: reviewer profiles, and how well each reviewer knows the paper, with evidence.

The panel asks, the shell does: Add emits ``sig_profile_add_requested(kind)``
(the shell opens the file dialog and loads the profile), Remove emits
``sig_profile_remove_requested(reviewer)``, Score emits ``sig_score_requested()``.
The shell then calls ``set_profiles`` and ``set_results`` with the engine's
``Profile`` and ``ExpertiseReport`` objects (``engine.expertise``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView, QHBoxLayout, QHeaderView, QLabel, QListWidget, QListWidgetItem, QMenu, QPushButton,
    QSplitter, QToolButton, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget,
)

from engine.expertise.profile import Profile
from widgets.palette import colors_for

if TYPE_CHECKING:  # the scorers (numpy) load with the first estimate, not with the window
    from engine.expertise.evidence import ExpertiseReport

#: What Add offers: kind -> menu text.
PROFILE_KINDS = {
    "folder": "Folder of PDFs…",
    "paper": "One paper (PDF, LaTeX, Word, Markdown)…",  # trial22: the CLI took a single paper, the app did not
    "bibtex": "BibTeX file…",
    "openreview": "OpenReview JSONL or Semantic Scholar JSON…",  # the dialog took .json already; the menu hid it
}
#: What an area chair weighs first comes first: the estimate and the conflicts, then the raw score (trial22: in a
#: 1400-pixel window the conflicts column, last, was cut off once reviewer names were shown whole).
COLUMNS = ("Reviewer", "Expertise (1–5)", "Conflicts", "Score")
NAME, ESTIMATE, CONFLICTS, SCORE = range(len(COLUMNS))


def estimate_text(estimate: float | None) -> str:
    """``3.8 ●●●●○``: the estimate and its rounded dots; ``—`` when the scorer gives none."""
    if estimate is None:
        return "—"
    dots = max(1, min(5, round(estimate)))
    return f"{estimate:.1f}  " + "●" * dots + "○" * (5 - dots)


def evidence_text(paper: object) -> str:
    """One line for an ``EvidencePaper``: title (year) and its similarities."""
    year = f" ({paper.year})" if paper.year else ""
    sims = f"TF-IDF {paper.tfidf:.2f}" + (f", embedding {paper.embed:.2f}" if paper.embed is not None else "")
    return f"{paper.title or paper.id}{year} — {sims}"


class ExpertisePanel(QWidget):
    """Profiles on the left; scores, estimates and evidence on the right."""

    sig_profile_add_requested = Signal(str)  # a PROFILE_KINDS key
    sig_profile_remove_requested = Signal(str)  # reviewer name
    sig_score_requested = Signal()
    sig_export_requested = Signal()  # the shown scores as CSV (trial22: the app had no way to keep them)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Expertise")
        self.profiles: list[Profile] = []
        self.results: list[ExpertiseReport] = []

        self.profile_list = QListWidget()
        self.profile_list.setAccessibleName("Reviewer profiles")
        self.profile_list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.profile_list.itemSelectionChanged.connect(self._update_buttons)
        self.add_button = QToolButton()
        self.add_button.setText("Add profile")
        self.add_button.setAccessibleName("Add a reviewer profile")
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.add_menu = QMenu(self.add_button)
        self.add_menu.setAccessibleName("Profile formats")
        self.add_actions = {}
        for kind, text in PROFILE_KINDS.items():
            action = self.add_menu.addAction(text)
            action.triggered.connect(lambda _=False, k=kind: self.sig_profile_add_requested.emit(k))
            self.add_actions[kind] = action
        self.add_button.setMenu(self.add_menu)
        self.remove_button = QToolButton()
        self.remove_button.setText("Remove")
        self.remove_button.setAccessibleName("Remove the selected profile")
        self.remove_button.clicked.connect(self._remove_selected)
        self.score_button = QPushButton("Score")
        self.score_button.setAccessibleName("Score the paper against every profile")
        self.score_button.setToolTip("How well each reviewer's papers match the open paper")
        self.score_button.clicked.connect(self.sig_score_requested)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        buttons.addWidget(self.score_button)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        title = QLabel("Profiles")
        title.setProperty("role", "title")
        left_layout.addWidget(title)
        left_layout.addWidget(self.profile_list, 1)
        left_layout.addLayout(buttons)

        self.table = QTreeWidget()
        self.table.setAccessibleName("Expertise scores")
        self.table.setColumnCount(len(COLUMNS))
        self.table.setHeaderLabels(list(COLUMNS))
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(True)
        header = self.table.header()
        # the reviewer column is as wide as the longest name (set in set_results; trial22: in a 1400-pixel window
        # the stretched column elided "networks" to "netw…"), the score column takes what is left
        header.setStretchLastSection(True)
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Interactive)
        for column in (ESTIMATE, CONFLICTS):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.notices = QLabel()
        self.notices.setAccessibleName("Scoring notes")
        self.notices.setWordWrap(True)
        self.notices.setTextFormat(Qt.TextFormat.PlainText)
        self.notices.setStyleSheet(f"color: {colors_for(self).muted};")
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        results_title = QLabel("Scores")
        results_title.setProperty("role", "title")
        right_layout.addWidget(results_title)
        right_layout.addWidget(self.table, 1)
        self.export_button = QPushButton("Export CSV…")
        self.export_button.setAccessibleName("Export the expertise table as CSV")
        self.export_button.setToolTip("One row per reviewer: score, estimate, conflicts, shared terms, closest papers, "
                                      "notes")
        self.export_button.clicked.connect(self.sig_export_requested)
        bottom = QHBoxLayout()
        bottom.addWidget(self.notices, 1)
        bottom.addWidget(self.export_button, 0, Qt.AlignmentFlag.AlignTop)
        right_layout.addLayout(bottom)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 3)
        split.setChildrenCollapsible(False)
        split.setSizes([300, 700])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(split)
        self.set_profiles([])
        self.set_results([])

    # -- profiles ------------------------------------------------------------------------------

    def set_profiles(self, profiles: list[Profile]) -> None:
        self.profiles = list(profiles)
        self.profile_list.clear()
        for profile in self.profiles:
            n = len(profile.papers)
            item = QListWidgetItem(f"{profile.reviewer} — {n} paper{'s' if n != 1 else ''}"
                                   + (f" ({profile.source})" if profile.source else ""))
            item.setData(Qt.ItemDataRole.UserRole, profile.reviewer)
            item.setToolTip("\n".join([p.title for p in profile.papers[:10]] + profile.notices))
            self.profile_list.addItem(item)
        self._update_buttons()

    def _remove_selected(self) -> None:
        items = self.profile_list.selectedItems()
        if items:
            self.sig_profile_remove_requested.emit(items[0].data(Qt.ItemDataRole.UserRole))

    def _update_buttons(self) -> None:
        self.score_button.setEnabled(bool(self.profiles))
        self.remove_button.setEnabled(bool(self.profile_list.selectedItems()))

    # -- results ---------------------------------------------------------------------------------

    def set_results(self, results: list[ExpertiseReport], origin: str = "") -> None:
        """One row per report, best score first; evidence papers and shared terms beneath; ``origin`` (where the
        scores came from, when they were kept in the project) first among the notes."""
        self.results = sorted(results, key=lambda r: -r.score)
        self.table.clear()
        colors = colors_for(self)
        for report in self.results:
            cells = {NAME: report.reviewer, SCORE: f"{report.score:.3f}", ESTIMATE: estimate_text(report.estimate),
                     CONFLICTS: "; ".join(dict.fromkeys(c.kind for c in report.conflicts)) or "none"}
            row = QTreeWidgetItem([cells[i] for i in range(len(COLUMNS))])
            row.setToolTip(NAME, f"{report.reviewer} on “{report.paper}” ({report.scorer} scorer)")
            row.setToolTip(CONFLICTS, "\n".join(c.detail for c in report.conflicts) or "No conflict found")
            if report.conflicts:
                bg, fg = colors.badge["not addressed"]
                row.setBackground(CONFLICTS, _brush(bg))
                row.setForeground(CONFLICTS, _brush(fg))
            for column in (SCORE, ESTIMATE):
                row.setTextAlignment(column, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            font = row.font(NAME)
            font.setBold(True)
            row.setFont(NAME, font)
            for note in own_notices(report, self.results):  # this reviewer's, under their row (trial22)
                item = QTreeWidgetItem([f"Note: {note}"])
                item.setToolTip(NAME, note)
                item.setForeground(NAME, _brush(colors.muted))
                row.addChild(item)
            if report.shared_terms:
                terms = QTreeWidgetItem([f"Shared terms: {', '.join(report.shared_terms)}"])
                terms.setForeground(NAME, _brush(colors.muted))
                row.addChild(terms)
            for paper in report.evidence:
                child = QTreeWidgetItem([evidence_text(paper)])
                child.setToolTip(NAME, evidence_text(paper) + "\nTerms shared with this paper: "
                                 + (", ".join(paper.shared_terms) or "none"))
                row.addChild(child)
            self.table.addTopLevelItem(row)
            for i in range(row.childCount()):  # evidence lines use the whole width
                row.child(i).setFirstColumnSpanned(True)
            row.setExpanded(True)
        self.export_button.setEnabled(bool(self.results))
        self._fit_names()
        notices = [n for n in dict.fromkeys(n for r in self.results for n in r.notices)
                   if all(n in r.notices for r in self.results)]
        notices = ([origin] if origin else []) + notices
        self.notices.setText("\n".join(notices) if notices else (
            "" if self.results else "Add reviewer profiles, then Score to see who knows this paper best."))

    def _fit_names(self) -> None:
        """The reviewer column: the longest name in bold, its expander and a margin (at least the header's text)."""
        font = self.table.font()
        font.setBold(True)
        names = [self.table.topLevelItem(i).text(NAME) for i in range(self.table.topLevelItemCount())]
        header = self.table.header()
        width = max([QFontMetrics(font).horizontalAdvance(n) for n in names]
                    + [header.fontMetrics().horizontalAdvance(COLUMNS[NAME])])
        self.table.setColumnWidth(NAME, width + self.table.indentation() + 16)

    def reviewers_shown(self) -> list[str]:
        return [self.table.topLevelItem(i).text(NAME) for i in range(self.table.topLevelItemCount())]


def own_notices(report: ExpertiseReport, reports: list[ExpertiseReport]) -> list[str]:
    """The report's notices that not every report shares (a skipped file, a short profile): shown under its row,
    the shared ones (the estimate's calibration) once beneath the table. One report keeps all of its own."""
    if len(reports) < 2:
        return []
    return [n for n in report.notices if not all(n in r.notices for r in reports)]


def _brush(color: str) -> QBrush:
    return QBrush(QColor(color))
