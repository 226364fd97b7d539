"""Typed placeholders for facts a suggestion cannot know: ``[[RESULT: ...]]``,
``[[CITATION: ...]]``, ``[[FIGURE: ...]]``, ``[[DETAIL: ...]]``.

Models write them in looser shapes ("[RESULT: x]", "<citation: x>",
"[[TODO: x]]"); ``normalize`` rewrites those to the canonical form and
``find`` lists them with their spans so the UI can highlight them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

TYPES = ("RESULT", "CITATION", "FIGURE", "DETAIL")

CANONICAL = re.compile(r"\[\[(RESULT|CITATION|FIGURE|DETAIL): ([^\[\]]*?)\]\]")
_LOOSE = re.compile(
    r"(?:\[\[?|<<?|\{\{?)\s*(results?|numbers?|values?|citations?|cite|refs?|references?|figures?|fig|tables?|"
    r"details?|todo|tbd|placeholder)\s*[:\-]\s*([^\[\]<>{}]*?)\s*(?:\]\]?|>>?|\}\}?)",
    re.IGNORECASE,
)
_KIND = {
    "result": "RESULT", "number": "RESULT", "value": "RESULT",
    "citation": "CITATION", "cite": "CITATION", "ref": "CITATION", "reference": "CITATION",
    "figure": "FIGURE", "fig": "FIGURE", "table": "FIGURE",
}


@dataclass(frozen=True)
class Placeholder:
    kind: str
    description: str
    start: int
    end: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "description": self.description, "start": self.start, "end": self.end}

    @property
    def text(self) -> str:
        """As written in a draft: ``[[KIND: description]]``."""
        return f"[[{self.kind}: {self.description}]]"


def placeholder(kind: str, description: str) -> str:
    """The canonical text of a placeholder; unknown kinds become DETAIL."""
    kind = kind.upper() if kind.upper() in TYPES else "DETAIL"
    clean = re.sub(r"[\[\]]", "", " ".join(description.split())) or "to fill in"
    return f"[[{kind}: {clean}]]"


def _kind(word: str) -> str:
    word = word.lower()
    return _KIND.get(word, _KIND.get(word.rstrip("s"), "DETAIL"))


def normalize(text: str) -> str:
    """Rewrite loose placeholder shapes to ``[[TYPE: description]]``."""
    return _LOOSE.sub(lambda m: placeholder(_kind(m.group(1)), m.group(2)), text)


def find(text: str) -> list[Placeholder]:
    """Canonical placeholders in ``text``, in order."""
    return [Placeholder(m.group(1), m.group(2), m.start(), m.end()) for m in CANONICAL.finditer(text)]


def strip(text: str) -> str:
    """``text`` without its placeholders (what the checks read as the model's own words)."""
    return CANONICAL.sub(" ", text)
