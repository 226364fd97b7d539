"""The suggestion card in the window, at 1200×800 on the demo project (issue 34, round nine): a real model (the tiny
random GGUF) writes; as the embedded model's suggestion its failed rewrite gives way to the scaffold, which offers
its close second place and moves there in one click; as another model's, it is a flagged rewrite with Accept off,
written again at the other place only on request. The buttons stay inside the visible card throughout."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QRect, Qt

from tests.engine.generate.test_generate_alternative import CLOSE
from tests.gguf_factory import tiny_gguf  # noqa: F401
from tests.gui.app_helpers import demo_with_comment, shot
from tests.gui.app_helpers import light_shell as shell  # noqa: F401


def _buttons_in_view(w) -> None:
    card = w.suggestion
    shown = card.visibleRegion().boundingRect()
    for button in (card.accept_button, card.edit_button, card.copy_button, card.reject_button):
        box = QRect(button.mapTo(card, QPoint(0, 0)), button.size())
        assert button.isVisible() and shown.contains(box), (button.text(), box, shown)
        assert button.mapTo(w, QPoint(0, button.height())).y() <= w.statusBar().geometry().top()


def _suggest(qtbot, c, **call) -> None:
    card = c.window.suggestion
    before = card.suggestion()
    c.editing.suggest(**call)
    qtbot.waitUntil(lambda: not card.streaming and card.suggestion() is not None and card.suggestion() is not before,
                    timeout=120_000)
    qtbot.wait(100)


def test_a_scaffold_and_a_flagged_rewrite_at_1200_by_800(qtbot, shell, tiny_gguf: Path, tmp_path: Path) -> None:
    c, w = shell.controller, shell.window
    cid = demo_with_comment(qtbot, shell, tmp_path, CLOSE, tiny_gguf, (1200, 800))  # its second place scores close
    card = w.suggestion

    c.editing.suggest_options = {"max_tokens": 40, "max_chars": 60, "scaffold": True}  # as the embedded model
    _suggest(qtbot, c)
    rec = card.suggestion()
    assert rec.kind == "scaffold" and card.title.text() == "Scaffold" and card.accept_button.isEnabled()
    assert card.alternative.isVisible() and card.switch_button.text() == "Put it there" and rec.switchable
    assert card.alternative.text().startswith(f"Also fits: {c.project.paragraph_where(rec.alternative['location'])}")
    _buttons_in_view(w)
    shot(shell, "app_scaffold_1200x800", tmp_path)
    first, other = rec.location, rec.alternative["location"]
    qtbot.mouseClick(card.switch_button, Qt.MouseButton.LeftButton)  # no model: at once
    moved = card.suggestion()
    assert moved.id == rec.id and moved.location == other and moved.alternative["location"] == first
    assert card.edit.toPlainText() == moved.edit and c.project.suggestions[cid][-1] is moved
    _buttons_in_view(w)

    c.editing.suggest_options = {"max_tokens": 40, "max_chars": 60}  # another model: its rewrite, flagged
    _suggest(qtbot, c)
    rec = card.suggestion()
    assert rec.kind == "rewrite" and card.failed() and not card.accept_button.isEnabled()
    assert card.switch_button.text() == "Suggest there" and card.switch_button.isEnabled()
    _buttons_in_view(w)
    bar = card.scroll.verticalScrollBar()
    bar.setValue(card.edit_heading.y())  # the text scrolled to the edit and its flags: the buttons stay put
    qtbot.wait(50)
    _buttons_in_view(w)
    shot(shell, "app_flagged_rewrite_1200x800", tmp_path)
    other = rec.alternative["location"]
    card.switch_place()  # the model writes again, there
    qtbot.waitUntil(lambda: not card.streaming and card.suggestion().id != rec.id, timeout=120_000)
    assert card.suggestion().location == other and card.suggestion().alternative["location"] == rec.location
