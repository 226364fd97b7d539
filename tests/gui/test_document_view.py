from __future__ import annotations

from PySide6.QtCore import Qt

from engine.document import Document, Paragraph, ParagraphKind
from widgets.document_view import DocumentView


def test_document_view_nests_paragraphs_under_headings(qtbot) -> None:
    doc = Document(
        title="T",
        paragraphs=[
            Paragraph("p0001", "1 Introduction", ParagraphKind.HEADING, ("1 Introduction",)),
            Paragraph("p0002", "First paragraph.", section=("1 Introduction",)),
            Paragraph("p0003", "2 Method", ParagraphKind.HEADING, ("2 Method",)),
            Paragraph("p0004", "Second paragraph.", section=("2 Method",)),
        ],
    )
    view = DocumentView(doc)
    qtbot.addWidget(view)
    assert view.topLevelItemCount() == 2
    assert view.topLevelItem(1).child(0).text(0) == "Second paragraph."
    with qtbot.waitSignal(view.sig_paragraph_selected) as blocker:
        view.setCurrentItem(view.topLevelItem(0).child(0))
    assert blocker.args == ["p0002"]


def test_marked_paragraphs_are_shaded_and_cleared(qtbot) -> None:
    from widgets.palette import colors_for

    doc = Document(title="T", paragraphs=[
        Paragraph("p0001", "1 Introduction", ParagraphKind.HEADING, ("1 Introduction",)),
        *[Paragraph(f"p{i:04d}", f"Paragraph {i}.", section=("1 Introduction",)) for i in range(2, 60)],
    ])
    view = DocumentView(doc)
    qtbot.addWidget(view)
    view.resize(500, 200)
    view.show()
    view.mark_paragraphs(["p0050", "p0051", "nope"], "located")
    assert view.marked() == ["p0050", "p0051"]
    item = view.topLevelItem(0).child(48)
    assert item.background(0).color().name() == colors_for(view).placeholder_bg
    assert view.visualItemRect(item).isValid() and view.viewport().rect().intersects(view.visualItemRect(item))
    view.mark_paragraphs(["p0002"], "added")
    assert item.background(0).style() == Qt.BrushStyle.NoBrush and view.marked() == ["p0002"]
    assert view.topLevelItem(0).child(0).background(0).color().name() == colors_for(view).insert_bg
