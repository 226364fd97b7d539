"""How comments and edits are shown to aligners: edit text forms and BM25 tokens.

Edit forms: ``target`` (the revised paragraph, ARIES's BM25 input; the old one
for a deletion), ``added`` (only the inserted words; the deleted words for a
deletion), ``diff`` (the paragraph with ``[+ +]``/``[- -]`` markup, what the LLM
prompts read).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from engine.revision import Edit, EditType
from engine.revision.render import markup

EDIT_FORMS = ("target", "added", "diff")
_TOKEN = re.compile(r"(?u)\b\w\w+\b")
_STOP = frozenset(
    "a about above after again against all am an and any are as at be because been before being below between both "
    "but by can could did do does doing down during each few for from further had has have having he her here hers "
    "him his how i if in into is it its itself just me more most my no nor not now of off on once only or other our "
    "ours out over own same she should so some such than that the their theirs them then there these they this those "
    "through to too under until up very was we were what when where which while who whom why will with would you your "
    "also paper authors author work section figure fig table et al please".split()
)


def edit_text(edit: Edit, form: str = "target") -> str:
    if form == "target":
        return edit.target_text or edit.source_text
    if form == "added":
        if edit.type is EditType.DELETED:
            return edit.source_text
        inserted = " ".join(s.text.strip() for s in edit.diff if s.op == "insert")
        return inserted or edit.target_text
    if form == "diff":
        if edit.type is EditType.ADDED or not edit.diff:
            return f"[+{edit.target_text}+]" if edit.target_text else f"[-{edit.source_text}-]"
        return markup(edit.diff)
    raise ValueError(f"unknown edit form: {form}")


@lru_cache(maxsize=1)
def _stem_words() -> Callable[[list[str]], list[str]]:
    """PyStemmer's English Snowball stemmer (what bm25s uses); no stemming when it is missing."""
    try:
        import Stemmer

        return Stemmer.Stemmer("english").stemWords
    except ImportError:  # pragma: no cover
        return lambda words: words


def tokens(text: str) -> list[str]:
    """Lower-cased, stop words dropped, Porter-stemmed word tokens."""
    return list(_tokens(text))


@lru_cache(maxsize=4096)
def _tokens(text: str) -> tuple[str, ...]:
    """``tokens``, remembered: aligners tokenize each comment and paragraph several times."""
    return tuple(_stem_words()([w for w in _TOKEN.findall(text.lower()) if w not in _STOP and not w.isdigit()]))
