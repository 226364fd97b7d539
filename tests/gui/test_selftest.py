"""`redraft gui --selftest OUT.png` renders the main window offscreen and exits 0."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]


def test_selftest_writes_a_screenshot(tmp_path) -> None:
    out = tmp_path / "selftest.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-m", "redraft_app.main", "gui", "--selftest", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "selftest: comment" in result.stdout
    image = QImage(str(out))
    assert image.width() >= 800 and image.height() >= 600
    # a real rendering, not a blank window: many colours (text, diff highlights, badges)
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert len(colours) > 50
