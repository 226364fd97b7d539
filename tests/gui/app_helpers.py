"""Shared by the whole-app tests: a wired, shown shell in the light theme, and screenshots."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from desktop.app import Shell, build_shell
from engine.settings import Settings


def shot(shell: Shell, name: str, tmp_path: Path, widget=None) -> Path:
    """Save the window (or ``widget``, say a dialog) to $REDRAFT_SCREENSHOTS (else ``tmp_path``) as ``name.png``."""
    folder = Path(os.environ.get("REDRAFT_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    assert (widget or shell.window).grab().save(str(path))
    return path


@pytest.fixture(name="shell")
def light_shell(qtbot) -> Shell:
    shell = build_shell(Settings(theme="light"))
    qtbot.addWidget(shell.window)
    shell.window.show()
    qtbot.waitExposed(shell.window)
    yield shell
    shell.controller.close()


def new_round(qtbot, controller, revised: Path) -> None:
    """File → New Round with REVISED as the new version, built, and its closing message dismissed."""
    from PySide6.QtWidgets import QMessageBox

    dialog = controller.rounds.open_dialog()
    dialog.revised.set_path(str(revised))
    with qtbot.waitSignal(controller.sig_project_loaded, timeout=120_000):
        dialog.accept()
    qtbot.waitUntil(lambda: controller.rounds.message is not None and controller.rounds.message.isVisible(),
                    timeout=5_000)
    controller.rounds.message.button(QMessageBox.StandardButton.Ok).click()
