"""The wheel holds exactly the five top-level packages the design names."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_wheel_holds_launcher_engine_widgets_desktop_resources(tmp_path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    wheel = next(tmp_path.glob("redraft-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    top = {n.split("/")[0] for n in names if not n.split("/")[0].endswith((".dist-info", ".data"))}
    assert top == {"redraft_app", "engine", "widgets", "desktop", "resources"}
    assert "resources/demo/draft_v1.md" in names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "redraft = redraft_app.main:main" in zipfile.ZipFile(wheel).read(entry_points).decode()
