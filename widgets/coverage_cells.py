"""The Coverage table's edits cell: the edits a comment rests on as wrapped links (``edits_html``), their
sections on its tooltip (``edits_tip``), and the label that draws them at its column's width (``SnippetLabel``)."""

from __future__ import annotations

import html

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QLabel

from engine.project.coverage import CoverageRow

#: The edits column's width when there is room (snippets stay readable).
EDITS_MIN_WIDTH = 260


def edits_html(row: CoverageRow, link_color: str | None = None) -> str:
    """The edits cell; ``link_color`` for the links of a selected row (the default link blue is unreadable on the
    selection's, a new-user trial found)."""
    if not row.edits:
        return "<i>no edit</i>"
    style = f' style="color:{link_color}"' if link_color else ""
    items = []
    for e in row.edits:
        mark = f" <i>({e.mark})</i>" if e.mark else ""
        where = f" <small>({html.escape(e.where)})</small>" if e.where else ""
        items.append(f'<a href="{html.escape(e.edit_id)}"{style}>{html.escape(e.snippet)}</a>{where}{mark}')
    return "<br>".join(items)


def edits_tip(row: CoverageRow) -> str:
    """The edits cell's tooltip: each edit's whole section path (the cell names the innermost section alone), then
    what a click does."""
    paths = list(dict.fromkeys(e.section_path for e in row.edits if e.section_path))
    return "\n".join([*(f"In {p}" for p in paths), "Click a change to open its diff"])


class SnippetLabel(QLabel):
    """The edits cell: wrapped links whose size hint follows the column's width (the tree sizes rows by it)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.fit_width = EDITS_MIN_WIDTH
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setContentsMargins(4, 3, 4, 3)

    def sizeHint(self) -> QSize:
        return QSize(self.fit_width, self.heightForWidth(self.fit_width))
