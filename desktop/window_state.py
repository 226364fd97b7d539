"""The window's place and size (maximised or not), kept between sessions in ``layout.json`` beside the pane shares.

A new-user trial (session 26, a 1366 × 768 laptop) found every launch back at the first size, wherever the author
had put or maximised the window the hour before. ``QWidget.saveGeometry`` holds the frame, the screen and the
maximised or full-screen state; ``restoreGeometry`` moves a window whose screen is gone back onto one that is there.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray
from PySide6.QtWidgets import QWidget

from engine.paths import app_paths
from engine.settings import write_json

LAYOUT_FILE = "layout.json"
#: The key of the window's geometry in the layout file (base64 of ``saveGeometry``).
GEOMETRY = "window"


def layout_file() -> Path:
    return app_paths().config / LAYOUT_FILE


def read_layout(path: Path | None = None) -> dict[str, Any]:
    """The layout file's object; empty when it is missing or not a JSON object."""
    try:
        raw = json.loads((path or layout_file()).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return raw if isinstance(raw, dict) else {}


def update_layout(key: str, value: Any, path: Path | None = None) -> Path:
    """Set ``key`` in the layout file, keeping the other keys (the pane shares, the window)."""
    path = path or layout_file()
    return write_json(path, {**read_layout(path), key: value})


def save_geometry(window: QWidget) -> bool:
    """Keep ``window``'s geometry; False where the config folder cannot be written (it lasts this session)."""
    try:
        update_layout(GEOMETRY, bytes(window.saveGeometry().toBase64()).decode("ascii"))
    except OSError:
        return False
    return True


def restore_geometry(window: QWidget) -> bool:
    """Give ``window`` the geometry kept last time; False (its size unchanged) where none was kept or it is unreadable."""
    kept = read_layout().get(GEOMETRY)
    if not isinstance(kept, str) or not kept:
        return False
    return window.restoreGeometry(QByteArray.fromBase64(kept.encode("ascii")))
