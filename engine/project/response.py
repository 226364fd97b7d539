"""The authors' response letter kept in a project (issue 32, session 25).

Given with the revision (``redraft project new --response LETTER``, the new-project wizard's "Authors' response"),
its text is stored in the project's meta table under ``letter`` (``{"name", "text"}``) and the ``learned``
aligner reads it (``engine.align.letter``): each comment's answer in the letter informs its status through the
shipped letter model (``answered-letter.json``; docs/figures-align.md, "Session 25: the response letter as
evidence"). A project without one behaves as before.

What users give (session 26, docs/app.md "letters and rounds given what users give"): the reviews file again, or the
draft or revised file, is refused in one line (``check_letter``); a letter that quotes few of the project's points
(``FEW_PERCENT``, chosen on the training letters by the rule written there first) is kept but not read by the
statuses, which are then the no-letter model's, and a reading note and the CLI's summary line say how many points it
quotes (``letter_note``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from engine.align.letter import Letter, answers, read_letter, word_grams
from engine.errors import DoubtfulInput, InputError

KEY = "letter"
#: A letter that quotes fewer than this per cent of the project's points (or none) is not read by the statuses: the
#: 5th percentile of the training letters' share, rounded down to a multiple of 5 (docs/app.md, session 26).
FEW_PERCENT = 90
#: A letter whose distinct word 4-grams are this share or more in the reviews' text is the reviews again (written
#: in the rule, not measured).
SAME_AS_REVIEWS = 0.9


def read_response(path: str | Path) -> tuple[str, Letter]:
    """The letter file's name and its text read (``InputError``, one line, for a file that is not a letter)."""
    return Path(path).name, read_letter(path)


def check_letter(path: str | Path, letter: Letter, review_texts: list[str], files: dict[str, Any],
                 force: bool = False) -> None:
    """``InputError`` (one line) for a letter that is one of the project's other files (``files``: "the draft",
    "the revised version", "the reviews" to their paths); ``DoubtfulInput`` for one whose words are the reviews'
    (``SAME_AS_REVIEWS``: a letter quoting every point whole and answering in a word could be one), unless
    ``force``."""
    mine_path = Path(path).expanduser().resolve()
    name = mine_path.name
    for what, other in files.items():
        if isinstance(other, (str, Path)) and str(other) and Path(other).expanduser().resolve() == mine_path:
            raise InputError(f"the response letter {name} is {what} file: give your response letter to the reviewers")
    mine = set(letter.grams)  # the letter's distinct word 4-grams, indexed when it was read
    theirs = word_grams("\n\n".join(review_texts))
    if not force and mine and len(mine & theirs) * 100 >= SAME_AS_REVIEWS * 100 * len(mine):
        raise DoubtfulInput(f"the response letter {name} holds only the reviews' text: give your response letter, "
                         "which answers them")


def quotes_enough(quoted: int, points: int) -> bool:
    """Whether a letter quoting ``quoted`` of ``points`` points is read by the statuses: ``FEW_PERCENT`` of them at
    least, one at least (an exact integer comparison)."""
    return quoted > 0 and quoted * 100 >= FEW_PERCENT * points


def letter_use(letter: Letter, comments: list[Any], reads: bool = True) -> dict[str, Any]:
    """How the letter meets the comments: ``quoted`` (points with an answer found), ``points``, and ``read`` (the
    statuses read it: an aligner that ``reads`` letters, and it ``quotes_enough``)."""
    quoted = sum(a is not None for a in answers(letter, comments)) if comments else 0
    read = reads and quotes_enough(quoted, len(comments))
    return {"quoted": quoted, "points": len(comments), "read": read}


def letter_note(project: Any) -> str:
    """What the user is told of the project's letter beside the statuses ("" for none, or one kept before
    session 26)."""
    stored = getattr(project, "letter", None) or {}
    if "quoted" not in stored:
        return ""
    k, n = stored["quoted"], stored["points"]
    if stored.get("read"):
        return f"the response letter quotes {k} of {n} points; the statuses read what it says of them"
    if not quotes_enough(k, n):
        few = "none" if k == 0 else f"only {k}"
        return (f"the response letter quotes {few} of the {n} points: the statuses do not read it (a letter that "
                "answers by theme rather than point by point, or one to other reviews; its text is kept, for you to "
                "read)")
    if getattr(project, "diff", None) is None:
        return f"the response letter quotes {k} of {n} points; with no revised version there are no statuses yet"
    return (f"the response letter quotes {k} of {n} points, but the {project.aligner or 'chosen'} aligner does not "
            "read letters (the learned one does): the statuses are as without it")


def save_response(store: Any, name: str, letter: Letter, use: dict[str, Any] | None = None) -> None:
    """Keep the letter's text in the project (one write), with how it met the comments (``letter_use``) and what of
    it was not read."""
    value = {"name": name, "text": letter.text, **(use or {})}
    if letter.notices:
        value["notices"] = list(letter.notices)
    with store.transaction() as conn:
        conn.execute("INSERT INTO meta VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                     (KEY, json.dumps(value, ensure_ascii=False)))


def drop_response(store: Any) -> None:
    """Forget the stored letter (a new round's statuses read the letter given with that round, or none)."""
    with store.transaction() as conn:
        conn.execute("DELETE FROM meta WHERE key = ?", (KEY,))


def project_letter(project: Any) -> Letter | None:
    """The project's stored letter, ready for the aligner, knowing the project's reviews (each answer opens on the
    authors' words: ``Letter.know_reviews``); None when it has none, or when the statuses do not read it (it quoted
    few of the points: ``letter_use``)."""
    stored = getattr(project, "letter", None) or {}
    text = stored.get("text", "")
    if not text.strip() or not stored.get("read", True):
        return None
    return Letter(text, [r.text for r in getattr(project, "reviews", None) or []])


#: How many of the answer's words the Coverage tooltip, the CSV and ``project show`` quote.
EXCERPT_WORDS = 40


#: A letter's own label over an answer, bold or with its colon: "**Response**:", "Reply:", "__Answer__" (an answer's
#: first word "Response" stays), and the next point's at an answer's end: "**Comment**:", "Comment 3:".
_ANSWER_LABEL = re.compile(r"^(?:[-\u2022*]\s+)?[*_]{0,2}(?:(?:our|authors?['\u2019]?)\s+)?(?:response|reply|answer)"
                           r"(?:[*_]{2}\s*:?|\s*:)\s*", re.I)  # a list item's too: "- Response:" (\item, trial36)
#: The next point's label opening a line of its own, a list item's or not ("- Comment 6: …", trial36): the answer ends
_NEXT_POINT = re.compile(r"\n[ \t]*(?:[-\u2022*][ \t]+)?[*_]{0,2}(?:comment|point|remark|question)[ \t]+#?\d{1,2}"
                         r"[*_]{0,2}[ \t]*:", re.I)
_NEXT_LABEL = re.compile(r"\s*(?:[*_]{2}(?:comment|point|remark|question)(?:\s+#?\d{1,2})?[*_]{2}\s*:?|"
                         r"\b(?:comment|point|remark|question)(?:\s+#?\d{1,2})?\s*:)\s*$", re.I)


#: A line that opens the letter's next quotation (a ">" line: a reviewer's heading or point the letter quotes next).
_NEXT_QUOTE = re.compile(r"\n[ \t]*>")


def without_labels(answer: str) -> str:
    """An answer as an area chair reads it, without the letter's labels around it (trial30: a Markdown rebuttal's
    excerpts read "Response**: We have added …" and ended "… in section 5. **Comment**:"), and without what follows
    its end in a letter that quotes the reviews with ">" (trial32: an MNRAS letter's one-line answer to the editor
    ran on into the next quoted heading and the referee's opening words, which no comment holds). A ">" quotation
    the answer introduces with a colon ("… now reads:", "we added the following text:") is the authors' new text,
    and stays; so does an answer with no word before its first ">" line (review31, on the 86 training letters'
    1,991 answers: of the 84 excerpts the cut changed, 22 had stopped at such a colon, 21 of them before the authors'
    quoted change, and 10 showed only ">" or "…"; rule written after reading them, in-sample). For display only:
    the statuses read the answer as ``answers`` gives it."""
    answer = answer.strip()
    if (cut := _NEXT_POINT.search(answer)) and re.search(r"\w", answer[: cut.start()]):
        answer = answer[: cut.start()]
    if (cut := _NEXT_QUOTE.search(answer)) and re.search(r"\w", before := answer[: cut.start()].rstrip()) and not (
            before.endswith(":")):
        answer = before
    return _NEXT_LABEL.sub("", _ANSWER_LABEL.sub("", answer.strip()))


def answer_excerpts(project: Any, words: int = EXCERPT_WORDS) -> dict[str, str]:
    """Comment id → the start of its answer in the project's letter (``engine.align.letter.answers``: the letter's
    text after the comment's quote, from the authors' first word), at most ``words`` words, "…" when cut; none for a
    comment the letter does not quote or whose answer is all the reviewer's words, and none at all without a letter.
    What an area chair reads beside the status (trial24: only a category, "answers it: states a change", was shown,
    and the letter itself nowhere). The statuses read the same answers (session 26: ``answers`` skips the reviewer's
    words a letter that quotes a whole paragraph holds after a comment made of its first sentences)."""
    letter = project_letter(project)
    if letter is None or not project.comments:
        return {}
    out = {}
    for c, found in zip(project.comments, answers(letter, project.comments)):
        said = without_labels(found.text).split() if found is not None else []
        if said:
            out[c.id] = " ".join(said[:words]) + ("…" if len(said) > words else "")
    return out
