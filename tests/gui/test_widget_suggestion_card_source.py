"""The suggestion card's Copy in the draft's own syntax (branch source19): a LaTeX paper written in the test, read
by the real reader, the edit written back by ``engine.generate.source_syntax`` as ``Project.in_source`` does."""

from __future__ import annotations

from pathlib import Path

from engine.project.model import SuggestionRecord
from tests.engine.generate.test_source_syntax import LATEX
from tests.engine.generate.test_source_syntax_use import EDIT, IN_LATEX


def test_the_card_copies_the_edit_as_latex_and_says_so(qtbot, tmp_path: Path) -> None:
    from PySide6.QtGui import QGuiApplication

    from engine.document.latex.load import load_latex
    from engine.generate.source_syntax import write_back
    from tests.gui.test_widget_suggestion_card import _card

    paper = tmp_path / "paper.tex"
    paper.write_text(LATEX, encoding="utf-8")
    doc = load_latex(paper)
    para = next(q for q in doc.paragraphs if q.text.startswith("Populations"))
    rec = SuggestionRecord("s1", "R1.1", edit=EDIT + " Not [Made2024].", location=para.id)
    card = _card(qtbot)
    card.set_suggestion(rec, "Introduction, line 4", "", lambda text: (write_back(text, para, doc), ""))
    assert card.copy_button.text() == "Copy LaTeX" and "Made2024" in card.copy_button.toolTip()
    copied = []
    card.sig_suggestion_copied.connect(copied.append)
    card.copy()
    assert copied == [IN_LATEX + " Not [Made2024]."] == [QGuiApplication.clipboard().text()]
    assert card.edit.toPlainText() == rec.edit  # the card shows the edit as it reads
    card.set_suggestion(rec, "p. 3")  # a PDF draft: as it reads
    card.copy()
    assert card.copy_button.text() == "Copy" and copied[-1] == rec.edit
