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


#: Words of a shared form line without its number or bullet: fewer ("Typos:", "Minor comments") are left to the
#: heading reader, so that two reviewers who both write one read as one reviewer who does; more is no form's line.
SHARED_WORDS = (3, 40)
#: A form asks two questions at least: one shared line alone (two reviewers making the same one-line point) is none.
SHARED_LINES = 2
_NUMBER = re.compile(r"^\s*\(?(\d{1,2})[.)]\s")
_ENUMERATOR = re.compile(r"^(?:[-*•–]|\(?\d{1,2}[.)]|\(?[a-zA-Z][.)])\s+")


def _openers(text: str) -> list[tuple[int, str]]:
    """``(index, words)`` of each line of ``text`` that opens its paragraph (the first line, or one under a blank
    line), its spaces collapsed and its leading number or bullet left out (two reviewers' forms number the same
    question differently where one of them has a question more)."""
    lines = text.strip("\n").split("\n")
    return [(i, _ENUMERATOR.sub("", " ".join(line.split()))) for i, line in enumerate(lines)
            if line.strip() and (i == 0 or not lines[i - 1].strip())]


def shared_lines(reports: list[tuple[str, str]], editor: str) -> set[str]:
    """The lines that recur word for word (a leading number or bullet aside), each opening its paragraph, in the
    reports of two or more reviewers (the editor's letter, named ``editor``, not counted: an editor quotes the
    reviewers): a venue's form, its questions over each reviewer's answers (a Frontiers review forum's "1. What are
    the main findings ...?"). Empty unless there are ``SHARED_LINES`` of them."""
    seen: dict[str, set[int]] = {}
    for k, (name, text) in enumerate(reports):
        if name == editor:
            continue
        for _, words in _openers(text):
            if SHARED_WORDS[0] <= len(words.split()) <= SHARED_WORDS[1]:
                seen.setdefault(words, set()).add(k)
    shared = {words for words, who in seen.items() if len(who) >= 2}
    return shared if len(shared) >= SHARED_LINES else set()


def shared_questions(text: str, shared: set[str]) -> dict[int, str]:
    """Line index -> heading (without its number or bullet) of each shared form line in one review's ``text``
    (split at ``"\\n"`` after ``strip("\\n")``, as ``parse._parse_one`` reads it), and of a question of the same
    form that this reviewer's form alone has: a line standing alone (a blank line or the end under it) numbered
    between two shared lines, the one above it numbered one less and the one below one more ("2. Does the
    introduction ...?" between "1. What are the main findings ...?" and "3. Other comments ...")."""
    if not shared:
        return {}
    lines = text.strip("\n").split("\n")
    openers = _openers(text)
    found = {i: words for i, words in openers if words in shared}
    numbers = {i: int(m.group(1)) for i, _ in openers if (m := _NUMBER.match(lines[i]))}
    for k, (i, words) in enumerate(openers):
        if i in found or i not in numbers or not SHARED_WORDS[0] <= len(words.split()) <= SHARED_WORDS[1]:
            continue
        if i + 1 < len(lines) and lines[i + 1].strip():
            continue
        above = next((j for j, _ in reversed(openers[:k]) if j in found), None)
        below = next((j for j, _ in openers[k + 1:] if j in found), None)
        if above is not None and below is not None and numbers.get(above) == numbers[i] - 1 \
                and numbers.get(below) == numbers[i] + 1:
            found[i] = words
    return found
