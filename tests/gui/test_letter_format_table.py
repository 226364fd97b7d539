"""A new letter format costs its writer and one row in ``engine.letter.formats.LETTER_FORMATS``. A test-only
format, HTML (``.html``, written from the letter's HTML), is registered here, and every reader of the table takes
it up: the writer, the refusal of an unknown suffix, the Export dialog's file types and the menu's tip."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget

from desktop.actions import Actions
from engine.cli.main import main
from engine.letter.formats import LETTER_FORMATS, LetterFormat, dialog_filters, suffixes_text

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"


def write_html(letter, path: Path) -> None:
    """The writer (the format's first file)."""
    from engine.letter.rich_formats import letter_html

    path.write_text(f"<!DOCTYPE html><html><body>{letter_html(letter)}</body></html>", encoding="utf-8")


@pytest.fixture
def html_row(monkeypatch: pytest.MonkeyPatch) -> None:
    """The row (the second)."""
    monkeypatch.setitem(LETTER_FORMATS, ".html", LetterFormat("HTML", f"{__name__}:write_html"))


def test_the_menu_tip_and_the_dialog_list_the_table(qtbot, html_row: None) -> None:
    assert suffixes_text() == ".md, .tex, .docx, .pdf or .html"
    parent = QWidget()
    qtbot.addWidget(parent)
    tip = Actions(parent).export_letter.statusTip()
    assert tip == "Write the response to reviewers (.md, .tex, .docx, .pdf or .html)"
    assert dialog_filters(".html").split(";;")[0] == "HTML (*.html)"


def test_the_writer_and_the_refusal_take_a_registered_format(html_row: None, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    project = tmp_path / "demo.redraft"
    assert main(["project", "new", "demo", "--old", str(DEMO / "draft_v1.md"), "--new", str(DEMO / "draft_v2.md"),
                 "--reviews", str(DEMO / "reviews.md"), "--aligner", "bm25", "--out", str(project)]) == 0
    out = tmp_path / "letter.html"
    assert main(["export", str(project), "--letter", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "<h1>Response to the reviewers</h1>" in text
    capsys.readouterr()
    assert main(["export", str(project), "--letter", str(tmp_path / "letter.odt")]) == 2
    assert "the letter is written as .md, .tex, .docx, .pdf or .html, not “.odt”" in capsys.readouterr().err
