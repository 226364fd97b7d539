"""Render resources/icons/redraft.svg into the PNG, ICO and ICNS files the installers use.

Run after editing the SVG: ``python packaging/make_icons.py``. Qt (QtSvg) draws the
PNGs; the ICO and ICNS containers are written by hand (both simply wrap PNG images),
so no imaging library is needed.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ICONS = Path(__file__).resolve().parents[1] / "resources" / "icons"
SVG = ICONS / "redraft.svg"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: ICNS element types that hold PNG data, by pixel size.
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09", 1024: b"ic10"}


def render_png(size: int) -> bytes:
    """The SVG drawn at ``size`` x ``size`` pixels, as PNG bytes."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"cannot read {SVG}")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data)


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding one PNG image per size (Vista and later read PNG entries)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        blob = pngs[size]
        dim = 0 if size >= 256 else size  # 0 means 256 in the directory entry
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(blob), offset)
        blobs += blob
        offset += len(blob)
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns whose elements are PNG images."""
    body = b"".join(ICNS_TYPES[s] + struct.pack(">I", 8 + len(pngs[s])) + pngs[s] for s in sorted(pngs))
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 (keeps Qt alive)
    pngs = {size: render_png(size) for size in sorted(set(ICO_SIZES) | set(ICNS_TYPES))}
    (ICONS / "redraft.png").write_bytes(pngs[256])
    (ICONS / "redraft.ico").write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    (ICONS / "redraft.icns").write_bytes(icns_bytes({s: pngs[s] for s in ICNS_TYPES}))
    for name in ("redraft.png", "redraft.ico", "redraft.icns"):
        print(f"{ICONS / name}: {(ICONS / name).stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
