from __future__ import annotations

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
