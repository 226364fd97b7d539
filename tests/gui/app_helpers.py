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


def demo_with_comment(qtbot, shell: Shell, tmp_path: Path, text: str, gguf: Path, size: tuple[int, int]) -> str:
    """The window at ``size`` on the demo project with ``text`` added as Reviewer 2's comment and shown, and the tiny
    GGUF ``gguf`` as the loaded model (one thread, no GPU): the added comment's id."""
    from desktop.app import build_demo_now
    from engine.models.llama.llm import LlamaGenerator

    c, w = shell.controller, shell.window
    w.resize(*size)
    session = build_demo_now(tmp_path)
    cid = session.add_comment("Reviewer 2", text).comment_ids[0]
    c.use_session(session)
    qtbot.waitUntil(lambda: c.project is not None and c.current_comment is not None, timeout=30_000)
    with qtbot.waitSignal(c.sig_comment_shown, timeout=10_000):
        w.comments.select_comment(cid)
    c.owner.set_generator(LlamaGenerator(gguf, n_ctx=2048, n_gpu_layers=0, threads=1))
    return cid
