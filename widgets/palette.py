"""Light and dark palettes, the shared stylesheet, and the colours widgets paint with.

Widgets never pick a theme themselves: they ask ``colors_for(widget)`` which
follows the palette the shell applied with ``apply_theme``.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from engine.resources import resource

THEMES = ("light", "dark")


@dataclass(frozen=True)
class Colors:
    """Colours for things a QPalette has no role for."""

    insert_bg: str
    insert_fg: str
    delete_bg: str
    delete_fg: str
    placeholder_bg: str
    placeholder_fg: str
    selection_bg: str
    muted: str  # secondary text (a comment's reviewer and type above its text)
    low: str  # text of a comment Redraft is unsure is a request (the Coverage table)
    badge: dict[str, tuple[str, str]]  # status or edit type -> (background, text)


LIGHT = Colors(
    insert_bg="#d4f4d9", insert_fg="#0f5323", delete_bg="#fbdada", delete_fg="#8c1d1d",
    placeholder_bg="#ffe9a8", placeholder_fg="#5c4400", selection_bg="#e3eefc", muted="#5f6872",
    low="#8a5a00",
    badge={
        "addressed": ("#d4f4d9", "#0f5323"), "not addressed": ("#fbdada", "#8c1d1d"),
        "unknown": ("#e8eaed", "#4a525c"), "pending": ("#e8eaed", "#4a525c"),
        "open": ("#fff1c2", "#5c4400"), "answered": ("#d4f4d9", "#0f5323"),
        "accepted": ("#d4f4d9", "#0f5323"), "rejected": ("#fbdada", "#8c1d1d"),
        "edited": ("#e3eefc", "#1d4a80"), "major": ("#fbdada", "#8c1d1d"),
        "minor": ("#fff1c2", "#5c4400"), "added": ("#d4f4d9", "#0f5323"),
        "deleted": ("#fbdada", "#8c1d1d"), "moved": ("#e3eefc", "#1d4a80"),
        "unchanged": ("#e8eaed", "#4a525c"),
    },
)

DARK = Colors(
    insert_bg="#1f4a2a", insert_fg="#b8f0c4", delete_bg="#5a2326", delete_fg="#ffc4c4",
    placeholder_bg="#5b4a12", placeholder_fg="#ffe7a0", selection_bg="#263a55", muted="#98a1ab",
    low="#e0b050",
    badge={
        "addressed": ("#1f4a2a", "#b8f0c4"), "not addressed": ("#5a2326", "#ffc4c4"),
        "unknown": ("#3a3f46", "#c9d1d9"), "pending": ("#3a3f46", "#c9d1d9"),
        "open": ("#4a3d12", "#f3dc92"), "answered": ("#1f4a2a", "#b8f0c4"),
        "accepted": ("#1f4a2a", "#b8f0c4"), "rejected": ("#5a2326", "#ffc4c4"),
        "edited": ("#1f3550", "#b9d4f5"), "major": ("#5a2326", "#ffc4c4"),
        "minor": ("#4a3d12", "#f3dc92"), "added": ("#1f4a2a", "#b8f0c4"),
        "deleted": ("#5a2326", "#ffc4c4"), "moved": ("#1f3550", "#b9d4f5"),
        "unchanged": ("#3a3f46", "#c9d1d9"),
    },
)


def light_palette() -> QPalette:
    return _palette(
        window="#f5f6f8", window_text="#1f2328", base="#ffffff", alternate="#f6f8fa", text="#1f2328",
        button="#f0f1f3", button_text="#1f2328", highlight="#2d6bd0", highlighted_text="#ffffff",
        link="#1a5fb4", mid="#c9ced6", placeholder="#8b949e", tooltip="#ffffe8",
    )


def dark_palette() -> QPalette:
    return _palette(
        window="#1e2126", window_text="#e6e8eb", base="#16191d", alternate="#1c2025", text="#e6e8eb",
        button="#2b3037", button_text="#e6e8eb", highlight="#2f6fc9", highlighted_text="#ffffff",
        link="#79b0ff", mid="#4a515c", placeholder="#7d8590", tooltip="#2b3037",
    )


def _palette(**c: str) -> QPalette:
    role = QPalette.ColorRole
    pal = QPalette()
    pairs = {
        role.Window: c["window"], role.WindowText: c["window_text"], role.Base: c["base"],
        role.AlternateBase: c["alternate"], role.Text: c["text"], role.Button: c["button"],
        role.ButtonText: c["button_text"], role.Highlight: c["highlight"],
        role.HighlightedText: c["highlighted_text"], role.Link: c["link"], role.Mid: c["mid"],
        role.PlaceholderText: c["placeholder"], role.ToolTipBase: c["tooltip"],
        role.ToolTipText: c["text"], role.BrightText: "#ff5555",
    }
    for r, value in pairs.items():
        pal.setColor(r, QColor(value))
    disabled = QColor(c["placeholder"])
    for r in (role.WindowText, role.Text, role.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, r, disabled)
    return pal


def stylesheet(theme: str) -> str:
    """The base stylesheet followed by the theme's own (from ``resources/styles``)."""
    if theme not in THEMES:
        raise ValueError(f"unknown theme {theme!r}; expected one of {', '.join(THEMES)}")
    base = resource("styles", "base.qss").read_text(encoding="utf-8")
    return base + "\n" + resource("styles", f"{theme}.qss").read_text(encoding="utf-8")


def apply_palette(app: QApplication, theme: str) -> None:
    """Give ``app`` the Fusion style and the palette of ``theme``, not yet its stylesheet.

    The shell builds its window between this and ``apply_theme``: a widget built under an
    application stylesheet is polished again at every property it sets, which made the
    window's construction three times slower (about 0.2 s of the launch).
    """
    if app.style().name().lower() != "fusion":  # setStyle polishes every widget again, even to the same style
        app.setStyle("Fusion")
    palette = dark_palette() if theme == "dark" else light_palette()
    app.setPalette(palette)
    # Fusion outlines a check box or radio button in the Window colour darkened: unseen on a dark window (trial34);
    # those two classes get a lighter Window, which nothing of theirs fills (their text is WindowText)
    boxes = QPalette(palette)
    boxes.setColor(QPalette.ColorRole.Window, QColor("#8b949e" if theme == "dark" else "#f5f6f8"))
    for name in ("QCheckBox", "QRadioButton"):
        app.setPalette(boxes, name)


def apply_theme(app: QApplication, theme: str) -> None:
    """Give ``app`` the palette and stylesheet of ``theme`` ("light" or "dark")."""
    apply_palette(app, theme)
    app.setStyleSheet(stylesheet(theme))


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def colors_for(widget: QWidget) -> Colors:
    """The paint colours matching the palette ``widget`` has now."""
    return DARK if is_dark(widget.palette()) else LIGHT
