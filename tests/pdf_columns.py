"""Running text set line by line into a synthetic PDF page's column, as the reader tests build their pages."""

from __future__ import annotations

import pymupdf


def set_column(page: pymupdf.Page, x: float, y: float, text: str, width: float = 230.0, indent: float = 12.0,
               size: float = 10.0, pitch: float = 12.0, gap: float = 3.0) -> float:
    """Set ``text`` in ``size`` pt lines ``pitch`` apart in a column ``width`` wide from baseline ``y``, its first
    line indented unless it continues a paragraph (``indent`` 0); return the next baseline, ``gap`` below."""
    measure, line, first = pymupdf.Font("tiro"), [], indent
    for word in text.split() + [None]:
        if word is None or line and measure.text_length(" ".join(line + [word]), fontsize=size) > width - first:
            page.insert_text((x + first, y), " ".join(line), fontname="tiro", fontsize=size)
            y, line, first = y + pitch, [], 0.0
        if word is not None:
            line.append(word)
    return y + gap
