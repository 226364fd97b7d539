"""The generator's measured speed on this machine, and whether a suggestion's rewrite can finish within its time
limit (issue 34, cancel17).

A suggestion runs under one wall-clock limit (50 s by default). On a slow or loaded machine the embedded model's
rewrite and response ran it out, and the author waited the whole limit for a withheld rewrite and the scaffold
(trial21: every rewrite withheld at a load average of 8–17). ``guarded_stream`` now reads the speed of each
generation once ``PACE_AFTER`` tokens have come: the seconds to its first token (the prompt read) and the tokens per
second after it. It is remembered on the generator (``measured``), so the speed of a process's first call decides
for the next ones; no constant stands for the machine. ``EditSuggester`` asks ``can_finish`` with the tokens it may
still write (the edit's and the response's budgets): when they cannot finish in the time left, a suggestion that
would offer the scaffold anyway (the small embedded model) offers it at once, saying why, before the model starts
when the speed is known, else as soon as it is measured.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: Tokens streamed before the speed is read (the first token's time is the prompt's).
PACE_AFTER = 8


@dataclass(frozen=True)
class Pace:
    tokens_per_s: float
    #: Seconds from the call to the first token (reading the prompt).
    first_token_s: float

    def seconds(self, tokens: int, prompt: bool = True) -> float:
        """How long ``tokens`` more take at this pace (with a prompt read first when ``prompt``)."""
        return (self.first_token_s if prompt else 0.0) + tokens / self.tokens_per_s


def read_pace(started: float, first: float, now: float, pieces: int) -> Pace | None:
    """The pace of a stream started at ``started`` whose first piece came at ``first`` and ``pieces``-th at
    ``now`` (None before ``PACE_AFTER`` pieces or with no time elapsed)."""
    if pieces < PACE_AFTER or now <= first:
        return None
    return Pace((pieces - 1) / (now - first), max(0.0, first - started))


def measured(generator: Any) -> Pace | None:
    """The last pace measured on ``generator`` in this process (None before its first call)."""
    return getattr(generator, "_redraft_pace", None)


def remember(generator: Any, pace: Pace) -> None:
    try:
        generator._redraft_pace = pace
    except AttributeError:  # a generator that takes no attribute: nothing is remembered
        pass


def can_finish(pace: Pace, tokens: int, left: float | None) -> bool:
    """Whether ``tokens`` more fit in ``left`` seconds at ``pace``'s tokens per second. The prompt's reading is not
    counted: a process's first call includes loading the model in it (12 s of its first token here), which a
    later call does not pay; the bound leans toward letting the model write."""
    return left is None or tokens / pace.tokens_per_s <= left


def too_slow(pace: Pace, tokens: int, limit: float | None) -> str:
    """The flag's words: the speed measured, the time the rewrite would need, the limit."""
    need = tokens / pace.tokens_per_s
    return (f"at {pace.tokens_per_s:.1f} tokens/s on this machine the rewrite and response need about {need:.0f} s, "
            f"more than the {limit:.0f} s limit allows; the scaffold is offered at once")
