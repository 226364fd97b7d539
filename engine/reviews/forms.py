"""A review form read inside one review (``parse._parse_one``): its questions standing alone on their lines with the
answers under them, a score's value that a mail's wrapping cut, a rating or confidence as written."""

from __future__ import annotations

import re

from engine.reviews.headings import form_question, scale_answer


#: Words of a score's value at least for it to be a scale's wording that a mail's wrapping can cut (a confidence
#: value whose scale sentence runs on over the next lines); "Rating: 6" over review text is no such value.
WRAPPED_SCORE_WORDS = 3


def cut_score(value: str, heading: str) -> bool:
    """Whether a score's value is a scale's words that run on to the next lines, up to the next blank line or heading
    (never comments): three words or more, and cut before a sentence ends, or a confidence's (the scale speaks to the
    reviewer, "You are fairly confident ...", and a wrapping that ends a line on one of its sentences leaves more)."""
    value = value.strip()
    if len(value.split()) < WRAPPED_SCORE_WORDS:
        return False
    return "confidence" in heading.lower() or not re.search(r"[.!?)\]\"'”]$", value)


def form_questions(lines: list[str]) -> dict[int, str]:
    """A review form's questions standing alone on their lines, each opening its paragraph with the answer on the
    next line (``headings.form_question``): line index -> question. Two at least, one answered on the form's scale
    ("Yes.", "Good", "Partially. ..."), make a form; fewer are the reviewer's own questions."""
    found = {}
    for i in range(len(lines) - 1):
        if (i == 0 or not lines[i - 1].strip()) and (q := form_question(lines[i], lines[i + 1])):
            found[i] = q
    scaled = any(scale_answer(lines[i + 1]) for i in found)
    return found if len(found) >= 2 and scaled else {}


def score_line(body: str) -> str:
    """A rating or confidence as written on its first line, without the full stop that ends a sentence ("minor
    revision." read "rating minor revision."; a new-user trial); a number's ("3.") is kept."""
    line = body.split("\n")[0].strip()
    return line[:-1] if len(line) > 2 and line.endswith(".") and line[-2].isalpha() else line
