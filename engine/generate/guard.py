"""Checks every generation passes before anyone sees it, and bounded generation.

A generated text fails when it
- copies the prompt (``copies_prompt``): any run of 8 words shared with the
  prompt's fixed text (instructions, a worked example) — a small model that
  returns the example has not read the paper;
- is not grounded (``ungrounded``): almost none of its content words occur in
  the paper context or the comment it was given;
- is off the topic (``off_topic``), when a topic is given (an edit's comment):
  it shares fewer than ``MIN_TOPIC`` content words with it (one for a short topic; a new-user trial was
  offered "The paper discusses a new approach to evaluating multiple-choice
  tests …" for a comment on the sizes of the data splits);
- loops (``loops``): the same word n-gram back to back, or one 6-gram three
  times (the looping stops generation early as well);
- is cut off (``cut_off``): the token budget or the time limit ended it with
  no complete sentence to keep (a trailing fragment after complete sentences
  is dropped, with an info flag);
- timed out (``timed_out``): the wall-clock limit ended it before any text.

``guarded_stream`` runs one generation under a token budget, a deadline and
the loop stop; ``Deadline`` is a ``CancelToken`` that also fires at a time.
Failure flags have severity ``"error"``: a text with one is never offered as a
valid candidate.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.errors import Cancelled
from engine.generate.flags import FAILED, FAILURE_CODES, Flag, failure, is_failure  # noqa: F401 (re-exported)
from engine.generate.extractive import split_sentences
from engine.jobs import CancelToken, Job, Progress, run_job

COPY_NGRAM = 8
#: Below this share of content words found in the sources (or fewer than
#: ``MIN_SHARED`` shared words) a text is ungrounded.
MIN_GROUNDING = 0.3
MIN_SHARED = 2
#: Content words a text must share with its topic (``check_text``'s ``topic``): two, one for a topic of fewer than six
#: content words ("Please report variance.": "We now report standard deviations …" takes it up).
MIN_TOPIC = 2

_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    "a an the of to in for on and or with by is are was were be been being this that these those we our us it its "
    "as at from which can could would should will may might also such than their there they them has have had not "
    "but into onto about more most less very so if then when where while how what who whom why all any each both "
    "other some no nor only own same too just do does did done over under between through during before after above "
    "below up down out off again further here once i you he she his her your my me one two new use used using "
    "paper section".split()
)


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def content_words(text: str) -> set[str]:
    return {_stem(w) for w in words(text) if len(w) > 2 and w not in _STOP and not w.isdigit()}


def copied_span(text: str, prompt_texts: Iterable[str], n: int = COPY_NGRAM) -> str | None:
    """The first ``n``-word run ``text`` shares with any of ``prompt_texts``, or ``None``."""
    seen: set[tuple[str, ...]] = set()
    for source in prompt_texts:
        w = words(source)
        seen.update(tuple(w[i : i + n]) for i in range(len(w) - n + 1))
    w = words(text)
    for i in range(len(w) - n + 1):
        if tuple(w[i : i + n]) in seen:
            return " ".join(w[i : i + n])
    return None


def grounding(text: str, sources: Iterable[str]) -> tuple[float, int]:
    """Share of ``text``'s content words found in ``sources``, and how many."""
    own = content_words(text)
    if not own:
        return 0.0, 0
    known: set[str] = set()
    for s in sources:
        known |= content_words(s)
    shared = len(own & known)
    return shared / len(own), shared


def loop_start(text: str, max_n: int = 16) -> int | None:
    """Character offset where a loop starts: an n-gram repeated back to back
    (3 times for n ≤ 3 words, twice for longer n-grams), or a 6-gram seen 3 times."""
    spans = [m.span() for m in _WORD.finditer(text.lower())]
    w = [text[a:b].lower() for a, b in spans]
    for i in range(len(w)):
        for n in range(1, min(max_n, (len(w) - i) // 2) + 1):
            reps = 3 if n <= 3 else 2
            if i + n * reps <= len(w) and all(w[i : i + n] == w[i + k * n : i + (k + 1) * n] for k in range(1, reps)):
                return spans[i + n][0]  # keep the first occurrence
    counts: dict[tuple[str, ...], list[int]] = {}
    for i in range(len(w) - 5):
        seen = counts.setdefault(tuple(w[i : i + 6]), [])
        seen.append(i)
        if len(seen) == 3:
            return spans[seen[1]][0]
    return None


def complete_sentences(text: str) -> str:
    """``text`` up to its last sentence end ("" when it has none)."""
    text = text.strip()
    if text.endswith((".", "!", "?", ".\"", ".)", "]]")):
        return text
    sentences = split_sentences(text)
    kept = [s for s in sentences[:-1]] if len(sentences) > 1 else []
    return " ".join(kept).strip()


class Deadline(CancelToken):
    """Fires when ``parent`` does or when ``seconds`` have passed."""

    def __init__(self, seconds: float | None, parent: CancelToken | None = None) -> None:
        super().__init__()
        self.parent = parent
        self.until = None if seconds is None else time.monotonic() + seconds

    @property
    def expired(self) -> bool:
        return self.until is not None and time.monotonic() >= self.until

    @property
    def user_cancelled(self) -> bool:
        return super().cancelled or (self.parent is not None and self.parent.cancelled)

    @property
    def cancelled(self) -> bool:
        return self.user_cancelled or self.expired

    def check(self) -> None:
        if self.cancelled:
            raise Cancelled()

    def left(self) -> float | None:
        return None if self.until is None else max(0.0, self.until - time.monotonic())


@dataclass
class Generated:
    text: str
    #: "stop" (the model ended), "length" (token budget), "loop" (stopped on a loop), "time" (deadline).
    ended: str
    flags: list[Flag] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return any(f.severity == "error" for f in self.flags)


def guarded_stream(
    generator: Any, prompt: Any, max_tokens: int, deadline: Deadline, stop: Sequence[str] = (),
    on_text: Callable[[str], None] | None = None, watch: Callable[[Any, int], bool] | None = None,
    **sampling: Any,
) -> Generated:
    """Stream one completion; stop on a loop or at the deadline (user cancel still raises). Its pace is read
    after ``pace.PACE_AFTER`` pieces and remembered on the generator; ``watch(pace, pieces)`` true then stops it
    ("slow": it cannot finish in time on this machine)."""
    from engine.generate.pace import PACE_AFTER, read_pace, remember

    text, ended, pieces = "", "stop", 0
    started = first = time.monotonic()
    stream = generator.stream(prompt, max_tokens=max_tokens, stop=list(stop), cancel=deadline, **sampling)
    try:
        for piece in stream:
            text += piece
            pieces += 1
            if pieces == 1:
                first = time.monotonic()
            if on_text is not None:
                on_text(piece)
            if pieces == PACE_AFTER and (pace := read_pace(started, first, time.monotonic(), pieces)):
                remember(generator, pace)
                if watch is not None and watch(pace, pieces):
                    ended = "slow"
                    break
            if pieces % 4 == 0 and loop_start(text) is not None:
                ended = "loop"
                break
    except Cancelled:
        if deadline.user_cancelled:
            raise
        ended = "time"
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()
    if deadline.user_cancelled:
        raise Cancelled()
    if ended == "slow":
        return Generated(text.strip(), ended, [failure("too_slow", "stopped: it could not finish in time here")])
    if ended == "stop" and generator.count_tokens(text) >= max_tokens - 1:
        ended = "length"
    cut = loop_start(text)
    if cut is not None:
        text, ended = text[:cut], "loop"
    return Generated(text.strip(), ended)


def topic_words(topic: str) -> int:
    """How many content words a text must share with ``topic``: ``MIN_TOPIC``, one for a topic of fewer than six."""
    return min(MIN_TOPIC, max(1, len(content_words(topic)) // 3))


def check_text(
    gen: Generated, prompt_texts: Sequence[str], sources: Sequence[str], min_words: int = 3, topic: str = "",
) -> Generated:
    """Add failure flags (and the info flag of a dropped fragment) to ``gen``; ``topic``: what it must be about."""
    text = gen.text
    if gen.ended == "loop":
        gen.flags.append(Flag("loop_stopped", "the model started repeating itself; the repeat was cut", "info"))
    if gen.ended in ("length", "time", "loop"):
        kept = complete_sentences(text)
        if kept and kept != text and len(kept.split()) >= min_words:
            gen.flags.append(Flag("fragment_dropped", "an unfinished last sentence was dropped", "info"))
            text = gen.text = kept
        elif not kept:  # nothing complete: the fragment stays visible, as a failure
            if gen.ended == "time":
                gen.flags.append(failure("timed_out", "the time limit ended it before a complete sentence"))
            else:
                gen.flags.append(failure("cut_off", "no complete sentence within the token budget"))
            return gen
    if not text:
        gen.flags.append(failure("empty", "the model wrote nothing"))
        return gen
    if len(text.split()) < min_words:
        n = len(text.split())
        gen.flags.append(failure("cut_off", f"{n} word{'s' if n != 1 else ''}: not a complete answer"))
    copied = copied_span(text, prompt_texts)
    if copied:
        gen.flags.append(failure("copies_prompt", f"repeats the prompt's own text (\"{copied}\")"))
    share, shared = grounding(text, sources)
    if share < MIN_GROUNDING or shared < MIN_SHARED:
        gen.flags.append(failure("ungrounded", f"shares few words with the paper and the comment ({share:.0%})"))
    elif topic and len(common := sorted(content_words(text) & content_words(topic))) < topic_words(topic):
        gen.flags.append(failure("off_topic", "does not take up the comment: it shares "
                                 + (f"only “{common[0]}”" if common else "no word") + " with it"))
    if loop_start(text) is not None:
        gen.flags.append(failure("loops", "the text repeats itself"))
    return gen


def ask_checked(
    generator: Any, prompts: Sequence[Any], max_tokens: int, deadline: Deadline, prompt_texts: Sequence[str],
    sources: Sequence[str], on_text: Callable[[str], None] | None = None, label: str = "",
    min_words: int = 3, stop: Sequence[str] = (), penalties: Sequence[float] = (1.15, 1.3), topic: str = "",
    watch: Callable[[Any, int], bool] | None = None,
) -> tuple[Generated, int]:
    """Generate, check, and ask again once with the changed prompt (``prompts[1]``)
    when the first answer fails; returns the passing answer, else the one with
    fewer failures (flagged), and the attempts used. ``label`` starts the field in
    the ``on_text`` stream (see ``engine.generate.fields``). ``ask_steps`` is the same as a job, each try a step."""
    return run_job(ask_steps(generator, prompts, max_tokens, deadline, prompt_texts, sources, on_text, label,
                             min_words, stop, penalties, topic, watch))


def ask_steps(
    generator: Any, prompts: Sequence[Any], max_tokens: int, deadline: Deadline, prompt_texts: Sequence[str],
    sources: Sequence[str], on_text: Callable[[str], None] | None = None, label: str = "",
    min_words: int = 3, stop: Sequence[str] = (), penalties: Sequence[float] = (1.15, 1.3), topic: str = "",
    watch: Callable[[Any, int], bool] | None = None,
) -> Job[tuple[Generated, int]]:
    """``ask_checked`` as a job: a ``Progress`` (``try N of M``) before each try, so a caller can say which
    try its model is writing (the TLDR panel's wait read "writing TLDRs" alone for 100 s: a new-user trial)."""
    from engine.generate.fields import label_piece

    best: Generated | None = None
    attempt = 0
    for attempt, prompt in enumerate(prompts, 1):
        yield Progress(attempt - 1, len(prompts), f"try {attempt} of {len(prompts)}")
        if on_text is not None and label:
            on_text(label_piece(label, False))
        if deadline.expired:
            gen = Generated("", "time")
        else:
            sampling = {"repeat_penalty": penalties[min(attempt, len(penalties)) - 1]} if penalties else {}
            gen = guarded_stream(generator, prompt, max_tokens, deadline, stop, on_text, watch, **sampling)
        if gen.ended == "slow":  # no retry: the machine is too slow for the first try already
            return gen, attempt
        gen = check_text(gen, prompt_texts, sources, min_words, topic)
        errors = sum(f.severity == "error" for f in gen.flags)
        if best is None or errors < sum(f.severity == "error" for f in best.flags):
            best = gen
        if not gen.failed:
            return gen, attempt
    assert best is not None
    return best, attempt
