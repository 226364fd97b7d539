"""The labelled plain-text stream of a generation, as the UI shows it.

Features stream their fields as ``"Edit: …"`` then ``"\\n\\nResponse: …"``
(``label_piece`` writes the label; the model's text follows). A retry starts
the field again with the same label. ``parse_fields`` reads the text
streamed so far back into fields (the last occurrence of each label wins),
so a view can fill its boxes as tokens arrive and never shows raw JSON.
"""

from __future__ import annotations

import re

LABELS = {"edit": "Edit", "response": "Response", "edited": "Edited", "explanation": "Why", "tldr": "TLDR"}
_LABEL = re.compile(r"(?:^|\n\n)(" + "|".join(re.escape(v) for v in LABELS.values()) + r"): ", re.MULTILINE)
_BY_LABEL = {v: k for k, v in LABELS.items()}


def label_piece(field: str, first: bool) -> str:
    """The text that starts ``field`` in the stream (a blank line before it unless ``first``)."""
    return ("" if first else "\n\n") + f"{LABELS[field]}: "


def parse_fields(text: str) -> dict[str, str]:
    """Fields of a labelled stream; text before any label is ``{"": text}``."""
    out: dict[str, str] = {}
    matches = list(_LABEL.finditer(text))
    head = text[: matches[0].start()] if matches else text
    if head.strip():
        out[""] = head.strip()
    for m, nxt in zip(matches, matches[1:] + [None]):
        out[_BY_LABEL[m.group(1)]] = text[m.end() : nxt.start() if nxt else len(text)].strip()
    return out
