"""Which language a review or a paper is written in, by counting common words (comment cues and models are English).

A stop-word count, not a library: the languages a paper in Latin script is most often written in besides English
each have a list of their most common function words; a text's language is the list that holds the most of its words
(exact integer counts, so the answer never depends on the CPU). A text whose words are mostly outside Latin script
reads as "not in Latin script". The check decides one thing in extraction: a review not in English has each of its
numbered or bulleted points taken as a comment (``engine.reviews.comments``), since the English cues and models
cannot score its sentences (session 27, trial28: a French referee's nine numbered points gave one comment).
"""

from __future__ import annotations

import re
from functools import lru_cache

_STOPWORDS = frozenset(
    "the a an of to in and or is are was were be been it this that these those for on with as by at from not "
    "but if we they their its can could should would will may might paper authors method results".split()
)
#: The most common function words of each language (none shared with English's list above, so a word counts once).
_OTHERS: dict[str, frozenset[str]] = {
    "French": frozenset(
        "le la les un une des du de et est sont dans pour par sur avec ce cette ces qui que ne pas plus au aux "
        "il elle ils nous vous leur leurs son sa ses mais ou où être été fait comme entre sans très aussi "
        "donc dont même".split()),
    "German": frozenset(
        "der die das den dem des ein eine einen einem einer und ist sind nicht mit für auf von zu im wird werden "
        "sich auch wie bei aus nach oder dass daß es sie wir kann können diese dieser dieses nur noch über".split()),
    "Spanish": frozenset(
        "el la los las un una unos unas y es son del de en para por con que se no más como pero su sus al "
        "este esta estos estas también muy sobre entre sin ya fue ser han puede".split()),
    "Portuguese": frozenset(
        "o os a as um uma uns umas e é são do da dos das de em no na nos nas para por com que se não mais "
        "como mas seu sua seus suas ao pelo pela este esta também muito sobre entre sem foi ser".split()),
    "Italian": frozenset(
        "il lo la i gli le un una uno e è sono del della dei delle di in per con che si non più come ma "
        "suo sua suoi al alla nel nella questo questa anche molto tra fra senza stato essere".split()),
    "Dutch": frozenset(
        "de het een en is zijn van in voor met op dat die niet ook als bij door naar om te er wordt worden "
        "deze dit maar nog wel kan kunnen hun".split()),
}
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
#: A language's share of a text's words from which it is that language's (English: ``english_notice``'s 12 %).
_SHARE = 0.12


def english_share(text: str, sample: int = 20_000) -> tuple[float, float]:
    """(share of words that are common English words, share of letters outside Latin script)."""
    text = text[:sample]
    words = _WORD.findall(text.lower())
    if not words:
        return 0.0, 0.0
    stop = sum(w in _STOPWORDS for w in words) / len(words)
    letters = [c for c in text if c.isalpha()]
    non_latin = sum(ord(c) > 0x24F for c in letters) / len(letters)
    return stop, non_latin


def language_of(text: str, sample: int = 20_000) -> str | None:
    """"English", "French", "German", "Spanish", "Portuguese", "Italian", "Dutch", "not in Latin script", or None
    when the text is too short (under 25 words) or holds too few common words of any of them to say."""
    text = text[:sample]
    words = _WORD.findall(text.lower())
    if len(words) < 25:
        return None
    letters = [c for c in text if c.isalpha()]
    if sum(ord(c) > 0x24F for c in letters) * 10 > len(letters) * 3:  # over 30 % of its letters
        return "not in Latin script"
    counts = {"English": sum(w in _STOPWORDS for w in words)}
    counts.update({name: sum(w in stop for w in words) for name, stop in _OTHERS.items()})
    best = max(counts, key=lambda name: (counts[name], name == "English"))  # a tie reads as English
    if counts["English"] * 100 >= len(words) * 12:  # english_notice's rule: 12 % of the words are English ones
        return "English"
    return best if counts[best] * 100 >= len(words) * 12 else None


def is_english(text: str) -> bool:
    """Whether the English cues apply to ``text``: under 25 words, or 12 % or more of them common English words
    (the rule of the notice before session 27; ``english_notice`` fires exactly when this is False)."""
    return not _few_english(text)


def english_notice(text: str) -> str | None:
    """A notice, once, when ``text`` (the reviews) is not in English: what Redraft does with it, else None."""
    if is_english(text):
        return None
    language = language_of(text)
    language = None if language == "English" else language  # the same 12 % rule, read the other way: never here
    named = {None: "a language Redraft cannot name", "not in Latin script": "a script other than Latin"}.get(
        language, language)
    return (f"the reviews seem to be in {named}, not English: Redraft's comment models are English, so each numbered or "
            "bulleted point is taken as a comment (check them; their types and confidences mean little, and points "
            "written as running text may be missed: add them with Edit \u2192 Comment \u2192 Add Comment\u2026); "
            "no comment reads \u201caddressed\u201d until you confirm its edits; the diff, the letter and the exports "
            "work as in English")


def _few_english(text: str) -> bool:
    """The rule before the language was named: 25 words or more, under 12 % of them common English words."""
    if len(_WORD.findall(text[:20_000])) < 25:
        return False
    stop, non_latin = english_share(text)
    return non_latin > 0.3 or stop < _SHARE


@lru_cache(maxsize=256)
def reads_english(text: str) -> bool:
    """``is_english``, remembered: a project's statuses ask it of the same review and paper for every comment."""
    return is_english(text)
