"""Settings: the embedded model is named as small, the recommended downloads are listed,
and "Import model…" registers a real GGUF (the tiny test model) and selects it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from desktop.settings_dialog import SettingsDialog
from engine.models.download import RECOMMENDED
from engine.models.registry import ModelRegistry
from engine.settings import Settings
from tests.gguf_factory import tiny_chat_gguf  # noqa: F401


def test_import_model_registers_and_selects_it(qtbot, tiny_chat_gguf: Path, tmp_path: Path) -> None:  # noqa: F811
    dialog = SettingsDialog(Settings())
    qtbot.addWidget(dialog)
    assert "small" in dialog.model_label.text() and "3-8B instruct" in dialog.model_label.text()
    assert all(r.name in dialog.recommended.text() for r in RECOMMENDED)
    assert dialog.import_button.text() == "Import model…"
    dialog.import_model(str(tiny_chat_gguf))
    [record] = ModelRegistry().models()
    assert dialog.settings().generator_path == record.id and dialog.models.current_model() == record.id
    assert "Imported" in dialog.import_status.text() and dialog.import_button.isEnabled()
    bad = tmp_path / "notes.gguf"
    bad.write_text("not a model")
    dialog.import_model(str(bad))
    assert dialog.import_status.text().startswith("Not imported:") and "\n" not in dialog.import_status.text()
    assert dialog.settings().generator_path == record.id  # the earlier choice stands


def test_encoder_folder_says_which_runtime_and_how_to_add_torch(qtbot, tmp_path: Path, monkeypatch) -> None:
    from engine.models import embedded

    monkeypatch.setitem(sys.modules, "torch", None)  # as after a default install: no PyTorch
    mpnet = tmp_path / "all-mpnet-base-v2"
    mpnet.mkdir()
    (mpnet / "config.json").write_text(json.dumps({"model_type": "mpnet", "hidden_size": 768}))
    (mpnet / "tokenizer.json").write_text("{}")  # a whole folder: only its runtime is missing
    dialog = SettingsDialog(Settings(encoder_path=str(mpnet)))
    qtbot.addWidget(dialog)
    note = dialog.encoder_note.text()
    assert "needs PyTorch" in note and 'pip install "redraft[torch]"' in note and "mpnet" in note
    dialog.encoder.setText(str(embedded.encoder_path()))
    assert dialog.encoder_note.text() == "Runs on ONNX Runtime (BERT family)."
    dialog.encoder.setText("")
    assert "embedded" in dialog.encoder_note.text()
    dialog.encoder.setText(str(tmp_path / "nowhere"))
    assert dialog.encoder_note.text().startswith("The encoder folder is not there (moved or deleted?)")
    dialog.encoder.setText(str(mpnet))
    assert dialog.settings().encoder_path == str(mpnet)  # the author's choice is kept, only explained
    dialog.resize(620, 700)
    dialog.grab().save(str(tmp_path / "settings_no_torch.png"))


def test_ok_keeps_the_previous_encoder_when_the_new_folder_cannot_load(qtbot, tmp_path: Path) -> None:
    """trial26: a folder copied without its tokenizer was saved and the next build placed the comments without it."""
    import shutil

    from PySide6.QtWidgets import QLabel

    from engine.models import embedded

    mine = Path(shutil.copytree(embedded.encoder_path(), tmp_path / "my-encoder"))
    dialog = SettingsDialog(Settings(encoder_path=str(mine)))
    qtbot.addWidget(dialog)
    dialog.show()
    [label] = [w for w in dialog.findChildren(QLabel) if w.buddy() is dialog.encoder]
    assert label.text() == "&Encoder folder:"  # shown as "Encoder folder:" with its access key, not a literal "&"
    assert dialog.models.tree.height() >= 3 * dialog.models.tree.sizeHintForRow(0)  # three models in view
    assert dialog.height() <= 700  # it fits a 1366 x 768 screen with a panel and a title bar (trial25)
    half = Path(shutil.copytree(mine, tmp_path / "half"))
    (half / "tokenizer.json").unlink()
    (half / "vocab.txt").unlink()
    dialog.encoder.setText(str(half))
    assert "has no tokenizer" in dialog.encoder_note.text()
    with qtbot.assertNotEmitted(dialog.accepted):
        dialog.accept()
    assert dialog.isVisible() and dialog.encoder_note.text().startswith("Not saved: the encoder folder has no tokenizer")
    dialog.encoder.setText(str(mine))  # back to the folder it had: no problem shown, OK closes
    assert dialog.encoder_note.property("role") == "" and dialog.encoder_note.text().startswith("Runs on ONNX")
    with qtbot.waitSignal(dialog.accepted, timeout=1000):
        dialog.accept()
    assert dialog.settings().encoder_path == str(mine)
    moved = tmp_path / "moved"
    mine.rename(moved)  # moved after it was chosen: the dialog still opens and saves the other settings
    again = SettingsDialog(Settings(encoder_path=str(mine)))
    qtbot.addWidget(again)
    assert again.encoder_note.text().startswith("The encoder folder is not there (moved or deleted?)")
    with qtbot.waitSignal(again.accepted, timeout=1000):
        again.accept()


def test_the_dialog_fits_a_small_screen_in_each_desktop_font(desktop_font: str, qtbot, tmp_path: Path) -> None:
    """A 1366 x 768 screen with a panel and a title bar has about 1300 x 700 for a dialog (trial25). Stacked, the
    dialog was 715 px tall under Noto Sans and squeezed its list of recommended models (session 28); side by side,
    it fits under each desktop font with every label whole and three models in view."""
    from PySide6.QtWidgets import QLabel

    dialog = SettingsDialog(Settings())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.wait(30)
    assert dialog.height() <= 700 and dialog.width() <= 1300, (desktop_font, dialog.size())
    assert dialog.minimumSizeHint().height() <= 700
    tree = dialog.models.tree
    assert tree.viewport().height() >= 3 * tree.sizeHintForRow(0)  # three models in view
    for label in dialog.findChildren(QLabel):
        if label.isVisible() and label.wordWrap() and label.text():
            assert label.height() >= label.heightForWidth(label.width()), (desktop_font, label.text()[:40])
    assert dialog.recommended.text().count("\n") == len(RECOMMENDED)  # the heading and a line a model, all there
    dialog.grab().save(str(tmp_path / f"settings_{desktop_font.replace(' ', '_')}.png"))
