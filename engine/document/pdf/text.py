"""Joining a paragraph's lines into text, undoing line-end hyphenation.

"exam-" + "ple" becomes "example"; "state-of-the-" + "art" and "two-" +
"column" keep their hyphen. The choice looks at the words the document uses
elsewhere (does it write "example" or "two-column"?), then falls back to word
shapes: a typical suffix after the break means a split word, a typical
compound part, a hyphen already in the word or a complete word before the
break ("automatically-" + "detected": a "-ly" adverb) means a real hyphen.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from engine.document.text import normalize_text

_TOKEN = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*")
_WORD_CHARS = frozenset(string.ascii_letters + "-")
_HEAD = re.compile(r"^([a-z][A-Za-z-]*)")
#: Hangul words: Korean breaks lines between any two syllables, with no hyphen.
_HANGUL_WORD = re.compile("[\uac00-\ud7a3]+")
_HANGUL_END = re.compile("[\uac00-\ud7a3]+$")
_ACCENTS = {"\u00a8": "\u0308", "\u00b4": "\u0301", "\u02c6": "\u0302", "\u02dc": "\u0303",
            "\u02c7": "\u030c", "\u02da": "\u030a", "\u02d8": "\u0306"}
#: The letter under the accent; TeX sets an accented i or j on the dotless letter ("\u00b4\u0131" is "\u00ed").
_SPACING_ACCENT = re.compile("([" + "".join(_ACCENTS) + "])\\s?([A-Za-z\u0131\u0237])")
_DOTLESS = {"\u0131": "i", "\u0237": "j"}
_CEDILLA = re.compile("([cCsS])\\s?\u00b8|\u00b8\\s?([cCsS])")
#: TeX's math fonts name their glyphs so that the text layer reads "\u2206" (increment) for ``\Delta`` and "\u25e6"
#: (white bullet) for ``^\circ``: a capital delta, and a degree sign right after a number ("90\u25e6") or between a
#: number and C or F ("25 \u25e6C"); "y0 \u25e6 \u03c4", set apart, is a composition.
_DEGREE = re.compile("(?<=\\d)\u25e6|(?<=\\d)(\\s)\u25e6(?=[CF]\\b)")
_SUFFIXES = (
    "tion", "tions", "sion", "sions", "ing", "ings", "ment", "ments", "ness", "ity", "ities", "ous",
    "ive", "ives", "able", "ible", "ally", "ly", "ed", "er", "ers", "es", "al", "als", "ence", "ences",
    "ance", "ances", "ical", "ize", "ized", "izes", "ise", "ised", "ization", "isation", "ist", "ists",
    "ism", "ure", "ures", "ant", "ants", "ent", "ents", "ary", "ory", "ic", "ics", "ology", "est", "ful",
    "ward", "wards", "age", "ages", "ial", "ian", "ians", "ular", "ate", "ated", "ates", "ating", "ation",
    "ations", "tive", "tives", "ple", "ples", "ty", "ties", "cy", "cies", "um", "ums", "ine", "ines",
)
_COMPOUND_TAILS = {
    "based", "aware", "specific", "level", "like", "free", "driven", "oriented", "scale", "grained",
    "dependent", "independent", "agnostic", "only", "of", "the", "art", "time", "end", "world", "shot",
    "trained", "tuned", "defined", "related", "centered", "centric", "friendly", "wise", "style", "way",
    "step", "source", "quality", "order", "column", "layer", "term", "class", "domain", "task", "language",
    "value", "sample", "sized", "sensitive", "efficient", "intensive", "known", "made", "up", "out", "in",
    "on", "off", "to", "by", "and", "or", "a", "an", "box", "case", "hoc", "ray", "fold", "point", "offs",
    "off", "valued", "dimensional", "layered", "tier", "hand", "hot", "text", "tuning", "training",
}
_COMPOUND_HEADS = {
    "two", "three", "four", "five", "six", "one", "multi", "non", "self", "cross", "co", "pre", "post",
    "state", "well", "high", "low", "long", "short", "large", "small", "real", "open", "end", "fine",
    "semi", "zero", "few", "single", "double", "first", "second", "third", "top", "bottom", "full",
    "half", "in", "out", "sub", "inter", "intra", "data", "task", "domain", "user", "human", "machine",
    "model", "rule", "word", "sentence", "document", "token", "character", "paper", "case", "time",
    "e", "x", "re", "anti", "over", "under", "mid", "ad", "day", "state-of", "state-of-the", "leave",
    "work", "task-", "text", "image", "video", "question", "answer", "cost", "error", "open-",
}


def bold_lead(spans: list[dict[str, Any]], inks: list[int], style: Callable[[str, int], tuple[bool, ...]]) -> str:
    """The text of a line's leading bold spans (``style(font, flags)`` reads a span's (bold, ...)), spaces between
    them kept and runs of them closed up: "2 Theory" of a heading run into its paragraph; "" when the line's first
    inked span is not bold."""
    lead = []
    for s, n in zip(spans, inks):
        if n and not style(s["font"], s["flags"])[0]:
            break
        lead.append(s["text"])
    return " ".join("".join(lead).split())


def build_vocabulary(lines: Iterable[str]) -> Counter[str]:
    """Lower-cased words the document spells whole (line-end fragments left out: a broken line's last word and
    the first word of the line after it).

    The words of all lines are found in one pass over their joined text (a word never spans two lines: the
    separator is no word character), then the fragments of the few broken lines are taken back out."""
    texts = list(lines)
    joined = "\n".join(texts)
    words = _count_words(joined)
    broken = {i for i, text in enumerate(texts) if text.rstrip().endswith("-")}
    fragments: list[str] = []
    for i in sorted(broken | {i + 1 for i in broken if i + 1 < len(texts)}):
        line = _lower_tokens(texts[i])
        if i - 1 in broken and line:
            fragments.append(line[0])
            line = line[1:]
        if i in broken and line:
            fragments.append(line[-1])
    if fragments:
        dropped = _with_parts(fragments)
        words.subtract(dropped)
        for word in dropped:
            if words[word] <= 0:
                words.pop(word, None)
    if not joined.isascii():
        for text in texts:
            if not text.isascii() and "\uac00" <= max(text) and len(hangul := _HANGUL_WORD.findall(text)) > 2:
                words.update(hangul[1:-1])  # a line's first and last words may be pieces of words broken at its ends
    return words


#: ASCII letters lower-cased, the hyphen kept, every other byte a space (``_count_words``).
_LETTERS = bytes(c + 32 if 65 <= c <= 90 else c if 97 <= c <= 122 or c == 45 else 32 for c in range(256))


def _count_words(text: str) -> Counter[str]:
    """The words of ``text`` (``_TOKEN``) lower-cased and counted, with the parts of hyphenated ones, found without
    a regular-expression pass over the whole text: runs of ASCII letters and hyphens are counted (every other
    character is a space, a non-ASCII one through ``encode``'s "?"), then the few distinct runs that hold a hyphen
    are read by ``_TOKEN`` ("--a-b-" is "a-b")."""
    words = Counter(text.encode("ascii", "replace").translate(_LETTERS).decode("ascii").split())
    hyphened = {run: words.pop(run) for run in [run for run in words if "-" in run]}
    for run, n in hyphened.items():
        for word in _with_parts(_TOKEN.findall(run)):
            words[word] += n
    return words


def _lower_tokens(text: str) -> list[str]:
    """``_TOKEN.findall(text)`` lower-cased, in order."""
    tokens = _TOKEN.findall(text)
    return " ".join(tokens).lower().split(" ") if tokens else []


def _with_parts(tokens: list[str]) -> list[str]:
    """The tokens, and the parts of hyphenated ones after them ("two-column": "two", "column")."""
    return tokens + [part for t in tokens if "-" in t for part in t.split("-")]


def keep_hyphen(left: str, right: str, vocab: Counter[str]) -> bool:
    """Whether "left-" at a line end and "right" on the next line form a hyphenated word."""
    lo, ro = left.lower(), right.lower()
    joined, hyphened = lo + ro, f"{lo}-{ro}"
    if vocab.get(hyphened, 0) > vocab.get(joined, 0):
        return True
    if vocab.get(joined, 0):
        return False
    if "-" in lo or any(c.isdigit() for c in left) or left[:1].isupper() and len(left) > 1 and left.isupper():
        return True
    if len(ro) <= 3 and ro in _SUFFIXES and ro not in _COMPOUND_TAILS:
        return False  # "high-" + "ly": a bare suffix is never a word of its own
    if ro in _COMPOUND_TAILS or lo in _COMPOUND_HEADS:
        return True
    if any(ro == s or (ro.endswith(s) and len(ro) <= len(s) + 1) for s in _SUFFIXES):
        return False
    if _whole_word(lo, vocab) and len(ro) >= 3:
        return True  # "automatically-" + "detected", "publicly-" + "available"
    # both halves used on their own elsewhere: likely a compound
    return vocab.get(lo, 0) > 0 and vocab.get(ro, 0) > 0 and len(ro) >= 4


#: Endings of complete words that start a hyphenated compound ("-ly" adverbs above all).
_WORD_ENDINGS = ("ally", "ely", "ily", "ly", "ful", "less", "ous", "ive", "ical", "ated", "ized", "ised")


def _whole_word(left: str, vocab: Counter[str]) -> bool:
    """``left`` reads as a complete word: an adverb in "-ly" of some length,
    or another typical word ending on a word the document also uses alone."""
    if len(left) >= 6 and left.endswith("ly"):
        return True
    return len(left) >= 5 and left.endswith(_WORD_ENDINGS) and vocab.get(left, 0) > 0


def join_lines(lines: list[str], vocab: Counter[str]) -> str:
    """One paragraph's text from its lines, with line-end hyphens resolved."""
    out = ""
    for text in lines:
        text = text.strip()
        if not text:
            continue
        if not out:
            out = text
            continue
        broken = _broken_word(out)
        h = _HEAD.match(text)
        if broken and h and not out.endswith("--"):
            left = broken.split("-")[-1]
            if "-" in broken:
                out += text
            elif keep_hyphen(left, h.group(1).split("-")[0], vocab):
                out += text
            else:
                out = out[:-1] + text
        elif broken and text[:1].isupper() and not out.endswith("--"):
            out += text  # "Sci-" + "BERT": keep the hyphen, no space
        elif out.endswith("\u2010") or out.endswith("\u00ad"):
            out = out[:-1] + text
        elif _hangul_split(out, text, vocab):
            out += text
        else:
            out += " " + text
    return normalize_text(fix_accents(out))


def _broken_word(out: str) -> str:
    """The word a hyphen ending ``out`` breaks, with the hyphens inside it ("exam-": "exam", "state-of-the-":
    "state-of-the"); "" when ``out`` ends otherwise: the group of ``([A-Za-z][A-Za-z-]*)-$``, read back from the
    end (a regular-expression search from the start costs a pass over the paragraph for each broken line)."""
    if not out.endswith("-"):
        return ""
    start = len(out) - 1
    while start and out[start - 1] in _WORD_CHARS:
        start -= 1
    return out[start:-1].lstrip("-")


def _hangul_split(out: str, text: str, vocab: Counter[str]) -> bool:
    """A Hangul word broken between syllables at the line end: joined without a space when the joined form is a
    word the document uses whole, or the line's last piece is not, unless that piece has two syllables or more and
    the next line's first word is one the document uses whole ("변" + "수를" is "변수를"; "상태" + "변수를" and
    "토크나이저에서" + "각각" stay two words)."""
    if not ("\uac00" <= out[-1] <= "\ud7a3" and "\uac00" <= text[0] <= "\ud7a3"):
        return False  # the common case, decided without a search
    left = _HANGUL_END.search(out[-24:])
    right = _HANGUL_WORD.match(text)
    if not left or not right:
        return False
    a, b = left.group(), right.group()
    return vocab.get(a + b, 0) > 0 or not vocab.get(a, 0) and not (len(a) >= 2 and vocab.get(b, 0))


def fix_accents(text: str) -> str:
    """Fold TeX's spacing accents ("F\u00a8arber") into accented letters ("F\u00e4rber"), and the increment and
    white-bullet glyphs of TeX's math fonts into the capital delta and degree sign they stand for."""
    if text.isascii():
        return text
    if "\u2206" in text:
        text = text.replace("\u2206", "\u0394")
    if "\u25e6" in text:
        text = _DEGREE.sub(lambda m: (m.group(1) or "") + "\u00b0", text)
    text = _SPACING_ACCENT.sub(lambda m: _DOTLESS.get(m.group(2), m.group(2)) + _ACCENTS[m.group(1)], text)
    if "\u00b8" not in text:
        return text
    return _CEDILLA.sub(lambda m: (m.group(1) or m.group(2)) + "\u0327", text)
