"""The desktop's font, for the GUI tests whose promise is that something fits ("not cut", "at 1366 × 768").

What fits depends on the font a desktop draws with: Qt takes the machine's fontconfig default (Noto Sans on many
Linux desktops, 17 px a line at 9 pt; DejaVu Sans, 14 px), so a layout tuned on one font passed on one machine and
failed on another (session 28). A test that requests ``desktop_font`` runs once per family of ``FONT_FAMILIES``, the
application's font set to it (at the default's point size) and restored after; a family not installed is skipped
with its name, and none installed fails: such a test never passes having checked no font.

``REDRAFT_TEST_FONT=FAMILY`` (or ``FAMILY:POINTS``, say ``Noto Sans:10``, KDE Plasma's default) sets the
application's font for every GUI test of a run (a family that is not installed fails the run), to try the whole
suite under another desktop's font.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest
from PySide6.QtGui import QFont, QFontDatabase, QFontInfo
from PySide6.QtWidgets import QApplication

#: KDE's and many distributions' default, the older default, Red Hat's metric clone of Arial, GNOME's (to 3.x); on
#: Windows and macOS their own UI font too, so a developer there runs these tests in at least one family.
FONT_FAMILIES = ("Noto Sans", "DejaVu Sans", "Liberation Sans", "Cantarell") + {
    "win32": ("Segoe UI",), "darwin": ("Helvetica Neue",)}.get(sys.platform, ())


def use_font(app: QApplication, family: str, points: float = 0) -> QFont:
    """Set ``app``'s font to ``family`` at ``points`` (else its point size now); return the font it had."""
    before = QFont(app.font())
    font = QFont(before)
    font.setFamily(family)
    if points > 0:
        font.setPointSizeF(points)
    app.setFont(font)
    assert QFontInfo(app.font()).family() == family, f"{family} is drawn as {QFontInfo(app.font()).family()}"
    return before


@pytest.fixture(params=FONT_FAMILIES)
def desktop_font(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    """The application's font set to one of ``FONT_FAMILIES`` for one test (skipped where it is not installed)."""
    installed = set(QFontDatabase.families())
    if not installed & set(FONT_FAMILIES):
        pytest.fail(f"none of {', '.join(FONT_FAMILIES)} is installed: the test would check no desktop's font")
    if request.param not in installed:
        pytest.skip(f"{request.param} is not installed here")
    before = use_font(qapp, request.param)
    try:
        yield request.param
    finally:
        qapp.setFont(before)


@pytest.fixture(autouse=True, scope="session")
def _run_font(qapp: QApplication) -> Iterator[None]:
    family, _, points = os.environ.get("REDRAFT_TEST_FONT", "").partition(":")
    if not family.strip():
        yield
        return
    if family.strip() not in QFontDatabase.families():
        pytest.fail(f"REDRAFT_TEST_FONT: {family.strip()} is not installed here")
    before = use_font(qapp, family.strip(), float(points or 0))
    yield
    qapp.setFont(before)
