"""What a TLDR is and why a candidate is not one, in words, without loading the generator: the 15-25 words a TLDR
has, the tries a written candidate gets, and ``failure_words``, the one sentence the CLI prints and the app's TLDR
panel shows for a candidate that failed its checks (a new-user trial saw "(no text)" in the app, the reason only
in a tooltip, where the CLI named it)."""

from __future__ import annotations

from typing import Any

from engine.generate.flags import FAILED, Flag

MIN_WORDS, MAX_WORDS = 15, 25
#: A written candidate is asked once, then again once with a changed prompt when it fails its checks.
TRIES = 2


def failure_words(candidate: dict[str, Any]) -> str:
    """Why ``candidate`` (the engine's dict: ``text``, ``words``, ``flags``) is not a TLDR, in words: its length
    against the 15-25 words a TLDR has, then each failed check ("" when it passed)."""
    text = str(candidate.get("text") or "")
    words = candidate.get("words", len(text.split()))
    flags = [Flag.stored(f) for f in candidate.get("flags") or []]
    failed = [f.message.removeprefix(FAILED) for f in flags if f.failed]
    count = f"{words} word{'s' * (words != 1)}"
    said = MIN_WORDS <= words <= MAX_WORDS or (not text and failed) or any(w.startswith(count) for w in failed)
    why = [] if said else [f"{count}; a TLDR has {MIN_WORDS}–{MAX_WORDS}"]
    return "; ".join(w for w in why + failed if w)
