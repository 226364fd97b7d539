"""Helpers for the widget tests: real demo objects, themes and screenshots."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from engine.document import load_document
from engine.revision import RevisionDiff, diff_documents
from engine.reviews import ReviewComment, extract_comments, load_reviews
from engine.resources import resource
from widgets.palette import apply_theme

MAX_WIDTH = 1000


@lru_cache(maxsize=1)
def demo_diff() -> RevisionDiff:
    """The real diff of the bundled demo drafts."""
    demo = resource("demo")
    return diff_documents(load_document(str(demo / "draft_v1.md")), load_document(str(demo / "draft_v2.md")))


@lru_cache(maxsize=1)
def demo_comments() -> tuple[ReviewComment, ...]:
    return tuple(extract_comments(load_reviews(str(resource("demo", "reviews.md")))))


def use_theme(theme: str) -> None:
    apply_theme(QApplication.instance(), theme)


def save_shot(widget: QWidget, name: str, tmp_path: Path) -> Path:
    """Grab ``widget`` into ``$REDRAFT_SCREENSHOTS/name.png`` (or ``tmp_path``), at most 1000 px wide."""
    folder = Path(os.environ.get("REDRAFT_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    QApplication.sendPostedEvents()  # let pending layout updates land before the grab
    QApplication.processEvents()
    image = widget.grab().toImage()
    if image.width() > MAX_WIDTH:
        image = image.scaledToWidth(MAX_WIDTH, Qt.TransformationMode.SmoothTransformation)
    path = folder / f"{name}.png"
    assert image.save(str(path)), path
    return path
