"""ModelPicker on a real registry (REDRAFT_HOME isolated): the embedded SmolLM2 and an imported tiny GGUF."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from engine.models import embedded
from engine.models.llama.gguf_info import read_gguf_info
from engine.models.registry import ModelRegistry
from tests.gguf_factory import tiny_chat_gguf  # noqa: F401
from tests.gui.widget_helpers import save_shot, use_theme
from widgets.model_picker import COLUMNS, EMBEDDED_TAG, ModelPicker


@pytest.fixture
def registry(tiny_chat_gguf: Path) -> ModelRegistry:  # noqa: F811
    registry = ModelRegistry()
    registry.import_model(tiny_chat_gguf, label="Tiny chat (test)")
    return registry


@pytest.fixture
def picker(qtbot, registry: ModelRegistry) -> ModelPicker:
    use_theme("light")
    widget = ModelPicker(registry)
    qtbot.addWidget(widget)
    widget.resize(760, 260)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def cells(picker: ModelPicker, key: str) -> dict[str, str]:
    item = picker._items[key]
    return {name: item.text(i) for i, name in enumerate(COLUMNS)}


def test_lists_embedded_and_imported_generators(picker: ModelPicker, registry: ModelRegistry,
                                                tiny_chat_gguf: Path, tmp_path: Path, qtbot) -> None:  # noqa: F811
    record = registry.models()[0]
    assert picker.model_ids() == [embedded.GENERATOR_ID, record.id]  # encoders are not generators
    smol = cells(picker, embedded.GENERATOR_ID)
    assert smol["Model"].endswith(EMBEDDED_TAG) and smol["Quantisation"] == "Q4_1"
    assert smol["Size"] == "98 MB" and smol["Chat template"] == "yes"
    info = read_gguf_info(tiny_chat_gguf)
    tiny = cells(picker, record.id)
    assert tiny["Model"] == "Tiny chat (test)" and tiny["Quantisation"] == info.file_type
    assert tiny["Context"] == f"{info.context_length:,}" and tiny["Chat template"] == "yes"
    assert tiny["Size"] == f"{info.size_bytes / 1e3:.0f} KB"
    picker.set_current("")  # the settings' "" means the embedded generator
    assert picker.current_model() == embedded.GENERATOR_ID and "small embedded default" in picker.note.text()
    qtbot.wait(50)  # let the layout settle before the screenshot
    save_shot(picker, "widget_model_picker", tmp_path)


def test_clicking_a_model_chooses_it(picker: ModelPicker, registry: ModelRegistry, qtbot) -> None:
    key = registry.models()[0].id
    rect = picker.tree.visualItemRect(picker._items[key])
    with qtbot.waitSignal(picker.sig_model_chosen, timeout=2000) as chosen:
        qtbot.mouseClick(picker.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert chosen.args == [key] and picker.current_model() == key
    assert registry.models()[0].path in picker.note.text()
    with qtbot.assertNotEmitted(picker.sig_model_chosen):
        picker.set_current(registry.models()[0].path)  # by path too, silently
    registry.remove(key)
    picker.reload()
    assert picker.model_ids() == [embedded.GENERATOR_ID] and picker.current_model() == ""
