"""``Flag``: what a check says of a generated text, kept typed from the checks to the stored suggestion and the
card that draws it (no module turns it into a string and another parses it back)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: Codes of the checks a fluent invention fails (``checks.invention_failures``, ``facts``).
INVENTION_CODES = ("missing_object", "unknown_name", "unsupported_claim", "unsupported_property", "summary",
                   "altered_citation")
#: Codes of the checks a generation fails (never offered as a usable edit).
FAILURE_CODES = ("copies_prompt", "ungrounded", "off_topic", "loops", "cut_off", "timed_out", "empty", "too_slow") + INVENTION_CODES
#: Every failure flag's message starts with this.
FAILED = "failed check: "


@dataclass(frozen=True)
class Flag:
    code: str
    message: str
    #: "info" (the edit was rewritten), "warning" (the author should look), "error" (a failed check).
    severity: str = "warning"

    @property
    def failed(self) -> bool:
        return self.severity == "error"

    @property
    def short(self) -> str:
        """What a chip says: the message without the ``failed check:`` lead, underscores as spaces."""
        return self.message.removeprefix(FAILED).replace("_", " ")

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "severity": self.severity}

    @classmethod
    def stored(cls, value: Any) -> "Flag":
        """A flag as a project file holds it: a dict (``to_dict``), or the message or code alone (files written
        before flags were kept typed)."""
        if isinstance(value, Flag):
            return value
        if isinstance(value, dict):
            return cls(str(value.get("code") or ""), str(value.get("message") or value.get("code") or ""),
                       str(value.get("severity") or "warning"))
        text = str(value)
        code = text if text.isidentifier() else ""
        return cls(code, text, "error" if is_failure(text) else "warning")


def failure(code: str, message: str) -> Flag:
    return Flag(code, FAILED + message, "error")


def is_failure(flag: str) -> bool:
    """A flag's code or message that marks a failed generation."""
    return flag in FAILURE_CODES or flag.startswith(FAILED)
