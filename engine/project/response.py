"""The authors' response letter kept in a project (issue 32, session 25).

Given with the revision (``redraft project new --response LETTER``, the new-project wizard's "Authors' response"),
its text is stored in the project's meta table under ``letter`` (``{"name", "text"}``) and the ``learned``
aligner reads it (``engine.align.letter``): each comment's answer in the letter informs its status through the
shipped letter model (``answered-letter.json``; docs/figures-align.md, "Session 25: the response letter as
evidence"). A project without one behaves as before.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.align.letter import Letter, read_letter

KEY = "letter"


def read_response(path: str | Path) -> tuple[str, Letter]:
    """The letter file's name and its text read (``InputError``, one line, for a file that is not a letter)."""
    return Path(path).name, read_letter(path)


#: A letter with at least this share of its words in word 4-grams of the reviews reads as the reviews, not a
#: response (trial24; the rule and its measurement on the train letters: docs/app.md, session 26, trial24).
REVIEWS_SHARE = 0.9


def reviews_share(letter: Letter, review_texts: list[str]) -> float:
    """The share of the letter's words that lie in a word 4-gram of the reviews (``\\w+`` tokens, lowercased)."""
    import re

    grams: set[tuple[str, ...]] = set()
    for text in review_texts:
        tokens = [w.lower() for w in re.findall(r"\w+", text)]
        grams.update(tuple(tokens[i:i + 4]) for i in range(len(tokens) - 3))
    words = letter.words
    covered = [False] * len(words)
    for i in range(len(words) - 3):
        if tuple(words[i:i + 4]) in grams:
            covered[i:i + 4] = [True] * 4
    return sum(covered) / len(words) if words else 0.0


def check_not_reviews(name: str, letter: Letter, review_texts: list[str]) -> None:
    """``DoubtfulInput`` (one line) when the letter reads as the reviews themselves (``REVIEWS_SHARE``)."""
    from engine.errors import DoubtfulInput

    share = reviews_share(letter, review_texts)
    if share >= REVIEWS_SHARE:
        raise DoubtfulInput(f"{name} reads as the reviews, not the authors' response: {round(100 * share)}% of its "
                            "words are the reviewers' own")


def save_response(store: Any, name: str, letter: Letter) -> None:
    """Keep the letter's text in the project (one write)."""
    with store.transaction() as conn:
        conn.execute("INSERT INTO meta VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                     (KEY, json.dumps({"name": name, "text": letter.text}, ensure_ascii=False)))


def drop_response(store: Any) -> None:
    """Forget the stored letter (a new round's statuses read the letter given with that round, or none)."""
    with store.transaction() as conn:
        conn.execute("DELETE FROM meta WHERE key = ?", (KEY,))


def project_letter(project: Any) -> Letter | None:
    """The project's stored letter, ready for the aligner; None when it has none."""
    text = (getattr(project, "letter", None) or {}).get("text", "")
    return Letter(text) if text.strip() else None


#: How many of the answer's words the Coverage tooltip, the CSV and ``project show`` quote.
EXCERPT_WORDS = 40


def answer_excerpts(project: Any, words: int = EXCERPT_WORDS) -> dict[str, str]:
    """Comment id → the start of its answer in the project's letter (``engine.align.letter.answers``: the letter's
    text after the comment's quote), at most ``words`` words, "…" when cut; none for a comment the letter does
    not quote, and none at all without a letter. What an area chair reads beside the status (trial24: only a
    category, "answers it: states a change", was shown, and the letter itself nowhere).

    A letter that quotes a reviewer's whole paragraph holds, after a comment made of its first sentences, the rest
    of the reviewer's words: the excerpt skips the leading words that the reviews hold too (in a word 4-gram of a
    review), so it opens on the authors' words; an answer that is all reviewer's text gives none. Display only:
    the statuses read ``answers`` as it is (docs/app.md, trial24)."""
    import re

    from engine.align.letter import answers

    letter = project_letter(project)
    if letter is None or not project.comments:
        return {}
    review_grams: set[tuple[str, ...]] = set()
    for review in project.reviews:
        tokens = [w.lower() for w in re.findall(r"\w+", review.text)]
        review_grams.update(tuple(tokens[i:i + 4]) for i in range(len(tokens) - 3))
    out = {}
    for c, found in zip(project.comments, answers(letter, project.comments)):
        said = _authors_words(found.text if found is not None else "", review_grams)
        if said:
            out[c.id] = " ".join(said[:words]) + ("…" if len(said) > words else "")
    return out


def _authors_words(text: str, review_grams: set[tuple[str, ...]]) -> list[str]:
    """``text``'s words (split on white space) from the first that starts no word 4-gram of the reviews and lies
    in none that an earlier word starts."""
    import re

    words = text.split()
    keys = [[w.lower() for w in re.findall(r"\w+", word)] for word in words]
    flat = [(i, k) for i, ks in enumerate(keys) for k in ks]
    covered_to = -1  # the last flat token covered by a review 4-gram starting at or before it
    for j in range(len(flat)):
        if j + 3 < len(flat) and tuple(k for _, k in flat[j:j + 4]) in review_grams:
            covered_to = j + 3
        if j > covered_to:
            return words[flat[j][0]:]
    return []
