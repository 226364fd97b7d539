"""The views name a line's file when the paper is read from several (an author's trial, session 33: "3 Task Bench ·
line 72" and "draft line 5" in a conference paper whose main file \\inputs fifteen section files): the Document
outline's Where column, the diff's paragraph headers, the suggestion card's place and an edit's place."""

from __future__ import annotations

from pathlib import Path

from engine.document import Document, Paragraph, ParagraphKind
from engine.project.edit_places import EditPlaces
from engine.project.model import Project
from engine.revision.model import Edit, EditType
from widgets.diff_html import place_labels
from widgets.document_view import DocumentView

SPLIT = [
    Paragraph("p0001", "1 Introduction", ParagraphKind.HEADING, ("1 Introduction",), line=3, file="paper.tex"),
    Paragraph("p0002", "The glimmer sorter orders quent tiles.", section=("1 Introduction",), line=4,
              file="paper.tex"),
    Paragraph("p0003", "2 Method", ParagraphKind.HEADING, ("2 Method",), line=1, file="sections/method.tex"),
    Paragraph("p0004", "The frobble pass folds each quent tile.", section=("2 Method",), line=3,
              file="sections/method.tex"),
]
ONE = [Paragraph(p.id, p.text, p.kind, p.section, line=p.line, file="paper.tex") for p in SPLIT]


def test_the_outline_and_the_diff_name_the_file_of_a_paper_in_several(qtbot) -> None:
    view = DocumentView(Document(title="T", paragraphs=SPLIT))
    qtbot.addWidget(view)
    assert view.topLevelItem(1).child(0).text(2) == "sections/method.tex, line 3"
    assert view.topLevelItem(0).child(0).text(2) == "paper.tex, line 4"
    assert place_labels(SPLIT)["p0004"] == "sections/method.tex, line 3"


def test_a_paper_in_one_file_keeps_bare_lines(qtbot) -> None:
    view = DocumentView(Document(title="T", paragraphs=ONE))
    qtbot.addWidget(view)
    assert view.topLevelItem(1).child(0).text(2) == "line 3"
    assert place_labels(ONE)["p0004"] == "line 3"


def test_the_card_and_an_edit_name_the_file(tmp_path: Path) -> None:
    project = Project(id="x", name="x", path=tmp_path / "x.redraft", old=Document(title="T", paragraphs=SPLIT))
    assert project.paragraph_where("p0004") == "2 Method, draft sections/method.tex, line 3"
    removed = Edit(id="e1", type=EditType.DELETED, source_ids=("p0004",), target_ids=(),
                   source_text=SPLIT[3].text, target_text="", section="2 Method")
    assert EditPlaces(project).where(removed).endswith("draft sections/method.tex, line 3")
    project.old = Document(title="T", paragraphs=ONE)
    assert project.paragraph_where("p0004") == "2 Method, draft line 3"
