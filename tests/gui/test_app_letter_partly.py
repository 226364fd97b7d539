"""Session 29 (letter30): the demo paper built with a letter whose answer to one point states no change in the change
patterns' words, opened in the window: the Coverage tab's status column reads "partly addressed (check)" for it, and
its tooltip says what the letter says (docs/figures-align.md, "Session 29: the letter that loses answered
comments"). The letter is written by ``tests.engine.align.test_letter_held_found``."""

from __future__ import annotations

from pathlib import Path

from desktop.app import Shell
from tests.engine.align.test_letter_held_found import SAID, demo_with_letter
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (the shell fixture)


def test_the_coverage_tab_reads_partly_with_the_letters_words(qtbot, shell: Shell, tmp_path: Path) -> None:  # noqa: F811
    from widgets.coverage_table import STATUS

    path, target = demo_with_letter(tmp_path)
    with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=120_000):
        shell.controller.open_project(path)
    w = shell.window
    w.show_tab("coverage")
    assert w.coverage.row(target)["Status"].startswith("partly addressed (check)")
    tip = w.coverage._items[target].toolTip(STATUS)
    assert "Read with the authors' response letter: the response letter answers it: quotes new text." in tip
    assert f"The letter: \u201c{SAID}\u201d" in tip
