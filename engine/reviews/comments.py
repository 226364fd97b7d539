"""Actionable comments from reviews, after ARIES (subsection A.3 and B.1).

A comment is a span that states or implies a request the authors could
address by editing the paper: a request, a question, or a criticism that
implies a change, anything that could be rewritten as a to-do item. Summaries,
praise, verdicts, score lines and comments too vague to address ("Lacks
novelty.") are left out. Rule-based: sentence and list-item units, cue
lexicons (``cues``) and section priors (Weaknesses and Questions are rich in
actions, Summary and Strengths are not). ``refine`` adds an optional LLM pass.
"""

from __future__ import annotations

import re
from dataclasses import replace
from engine.reviews.cues import Cues, action_of, read_cues
from engine.reviews.headings import section_kind
from engine.reviews.model import Review, ReviewComment
from engine.reviews.split import Unit, sentences, units

#: Items longer than this many sentences are cut into sentence-level comments.
MAX_ITEM_SENTENCES = 3
_ANAPHORA = re.compile(r"^(?:this|it|these|they|such|that|thus|therefore|hence|so|in particular|in this case|"
                       r"for (?:example|instance)|e\.g\.|specifically|moreover|also|in addition)\b", re.I)


def decide(cues: Cues, kind: str, is_item: bool) -> str | None:
    """``direct``, ``indirect`` or None (not actionable) for a unit in a section of ``kind``."""
    if kind == "metadata":
        return None
    explicit = cues.request or cues.question
    if cues.verdict and not (cues.question or cues.negative):
        return None
    if cues.vague and not explicit:
        return None  # "Lacks novelty." is not something an edit can address
    if kind == "poor":
        if explicit or cues.negative and not (cues.praise or cues.summary):
            return "direct"
        return None
    if cues.actionable_signal:
        return None if cues.summary and not explicit else "direct"
    if cues.praise or cues.summary and not cues.weak:
        return None
    if kind == "rich" or cues.weak or is_item and cues.soft:
        return "indirect"
    return None


def _needs_context(lead: str, text: str) -> bool:
    if not lead:
        return False
    return len(text.split()) < 6 or text[:1].islower()  # a fragment, not a sentence of its own


def _plain(prev: Unit | None) -> bool:
    """True when ``prev`` is a sentence a following "This ..." comment leans on."""
    if prev is None or prev.is_item or prev.text.endswith(":"):
        return False
    c = read_cues(prev.text)
    return not (c.praise or c.summary or c.verdict)


def _section_candidates(review: Review, heading: str, body: str, offset: int) -> list[list]:
    """``[section, text, context, start, end, directness]`` for the actionable units of one section."""
    kind = section_kind(heading)
    found = units(body, offset)
    leads = {u.lead_in for u in found if u.lead_in}
    out: list[list] = []
    prev: Unit | None = None
    prev_taken = False
    for u in found:
        if u.text in leads and u.text.endswith(":"):
            prev, prev_taken = u, False
            continue
        pieces = sentences(review.text[u.start : u.end], u.start) if u.is_item else []
        if len(pieces) > MAX_ITEM_SENTENCES:
            first = " ".join(pieces[0][0].split())
            for k, (s, a, b) in enumerate(pieces):
                d = decide(read_cues(s), kind, False)
                if d:
                    ctx = first if k else (u.lead_in if _needs_context(u.lead_in, s) else "")
                    out.append([heading, " ".join(s.split()), ctx, a, b, d])
            prev, prev_taken = u, False
            continue
        text = u.text
        cues = read_cues(text)
        if u.is_item and u.lead_in and text[:1].islower():  # a fragment reads with its lead-in
            cues = replace(read_cues(f"{u.lead_in} {text}"), vague=cues.vague, verdict=cues.verdict)
        d = decide(cues, kind, u.is_item)
        if d is None:
            prev, prev_taken = u, False
            continue
        context = u.lead_in if _needs_context(u.lead_in, text) else ""
        if not u.is_item and _ANAPHORA.match(text) and prev is not None and not prev.is_item:
            if prev_taken:  # continues the previous comment
                out[-1][1] += " " + text
                out[-1][4] = u.end
                out[-1][5] = "direct" if "direct" in (d, out[-1][5]) else d
                prev = u
                continue
            if _plain(prev):  # "The baseline is weak. This should be fixed." reads as one comment
                out.append([heading, f"{prev.text} {text}", context, prev.start, u.end, d])
                prev, prev_taken = u, True
                continue
        out.append([heading, text, context, u.start, u.end, d])
        prev, prev_taken = u, True
    return out


def extract_comments(reviews: list[Review]) -> list[ReviewComment]:
    """Actionable comments of all ``reviews``; ids ``R<review>.<n>`` in reading order."""
    out: list[ReviewComment] = []
    for i, review in enumerate(reviews, start=1):
        items = [
            c for (heading, body), offset in zip(review.sections, review.offsets)
            for c in _section_candidates(review, heading, body, offset)
        ]
        for n, (section, text, context, start, end, directness) in enumerate(items, start=1):
            full = f"{context} {text}" if context else text
            out.append(
                ReviewComment(
                    id=f"R{i}.{n}",
                    reviewer=review.reviewer,
                    text=text,
                    context=context,
                    action=action_of(full),
                    directness=directness,
                    span=(start, end),
                    section=section,
                )
            )
    return out
