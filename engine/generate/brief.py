"""What a comment asks, in a few words, and the works it names: the scaffold's placeholders (docs/suggest.md,
"Session 33: a shorter placeholder and a named work's CITATION (both off), the card's room").

An author's trial (trial35) found a long comment's every sentence inside one ``[[DETAIL: …]]``: the placeholder
repeated the comment the card already shows. ``brief`` keeps the comment's request sentences (``asks.restate``'s,
in the reviewer's words without lead-ins or voice; those that ask, "Please explain …", before those that observe,
"It is not clear …"), each without its parentheses, its examples ("e.g. …") and its reasons ("because …"), within
``BRIEF_WORDS`` words, "…" marking what is left out; a comment with no request sentence keeps its first sentence the
same way. It restates and adds nothing.

``named_works`` lists the works a comment names ("see e.g. Author, Author, & Author, 2010", "Author et al. 2019",
"as in [12]", a DOI, an arXiv id), as written: the scaffold puts them in a CITATION placeholder.
"""

from __future__ import annotations

import re

from engine.generate.asks import _CUE, _FIRST_PERSON, _clean, join, plain
from engine.generate.extractive import split_sentences
from engine.generate.references import AUTHOR_YEAR

#: Words longest ``brief`` keeps (a longer request is cut at a clause or a word and marked with "…").
BRIEF_WORDS = 20
#: Where a request's own words end and its reasons or examples begin.
_TAIL = re.compile(r"(?:(?:\s*[,;:(]|\s+[-–—])\s*(?:see|cf\.)|(?:\s*[,;:(]|\s+[-–—])?\s+(?:because|since|"
                   r"given\s+that|as\s+(?:this|it|that|otherwise)|otherwise|so\s+that|which\s+(?:would|will|could|"
                   r"might|makes?)|for\s+(?:example|instance)|e\.\s?g\.))(?![\w-]).*$", re.I | re.S)
#: A request proper, not an observation ("It is not clear …", "… is missing"): ``asks._CUE``'s asking words.
_ASKS = re.compile(r"\b(?:should|could|would|might|must|need(?:s|ed)?\s+to|please|suggest\w*|recommend\w*|consider|"
                   r"worth)\b|\?|^(?:explain|clarify|define|describe|report|add|discuss|state|give|show|compare|"
                   r"include|specify|provide|justify|cite|mention|whether)\b", re.I)
_PARENS = re.compile(r"\s*\([^()]{0,300}\)")
#: A request put as a question to the authors ("Could you report …?"): what is asked is the rest, "report …".
_ASKING = re.compile(r"^(?:could|can|would|will)\s+(?:you|the\s+authors?)\s+(?:please\s+)?(?:also\s+)?", re.I)
_REST_CUT = re.compile(r"[,;:]\s+")

_AUTHOR = r"[A-Z][A-Za-z\u00C0-\u017F'\-]+"
#: "Author et al. 2019", "Author 2019" without the comma or parentheses ``references.AUTHOR_YEAR`` asks for.
_LOOSE_AUTHOR_YEAR = re.compile(rf"\b({_AUTHOR})(?:\s+(?:and|&)\s+{_AUTHOR}|\s+et\s+al\.?)\s+"
                                r"\(?((?:19|20)\d{2})[a-z]?\b")
#: Capitalised words before a year that are no author (as ``references`` reads them, and a few of a review's).
_NOT_AUTHORS = frozenset(
    "In On Since By At For From Until Before After The During Of And As See Table Figure Fig Section Sec Appendix "
    "Through Between Also Then Now Today Eq Equation Line Page Published January February March April May June July "
    "August September October November December".split())
#: A bracketed reference number: "[12]", and "[3, 5]", "[3-5]" after a word that names a work.
_BRACKET = re.compile(r"(?<![\w\])])\[([1-9]\d{0,2})\]|"
                      r"\b(?:see|cf\.|e\.g\.,?|refs?\.|references|works|papers|studies)\s+"
                      r"\[([1-9]\d{0,2}(?:\s*[,–-]\s*[1-9]\d{0,2})+)\]", re.I)
_DOI = re.compile(r"\b10\.\d{4,9}/[^\s\"<>]+")
_ARXIV = re.compile(r"\barXiv\s*:?\s*(\d{4}\.\d{4,5}(?:v\d+)?)|arxiv\.org/abs/(\d{4}\.\d{4,5}(?:v\d+)?)", re.I)


def _short(sentence: str) -> str:
    """A sentence without its parentheses, its reasons and its examples (kept whole when that leaves under three
    words)."""
    text = _PARENS.sub("", sentence)
    asking = _ASKING.sub("", text)
    text = asking.rstrip("?") if asking != text else text
    cut = _TAIL.sub("", text).rstrip(" ,;:-–—")
    text = cut if len(cut.split()) >= 3 else text
    return " ".join(text.split())


def _within(parts: list[str], words: int) -> str:
    """``parts`` joined (``asks.join``) while they fit in ``words``; the first cut at its last clause that leaves
    eight words or more, else at a word, and "…" when anything was left out. No final full stop."""
    out: list[str] = []
    left_out = False
    for part in parts:
        if len(join(out + [part]).split()) <= words:
            out.append(part)
        elif not out:
            tokens = part.split()[:words]
            head = " ".join(tokens)
            clause = max((m.start() for m in _REST_CUT.finditer(head)), default=-1)
            out.append(head[:clause] if clause >= 0 and len(head[:clause].split()) >= 8 else head)
            left_out = True
            break
        else:
            left_out = True
            break
    text = join(out).rstrip(" ,;:")
    text = text[:-1] if text.endswith(".") and not text.endswith("..") else text
    return text + " …" if left_out and text and not text.endswith("…") else text


def brief(comment: str, words: int = BRIEF_WORDS) -> tuple[str, str]:
    """(the comment's request in at most ``words`` words, what else it says in as many when it has no request
    sentence): its request sentences as ``asks.restate`` reads them, each without its parentheses, reasons and
    examples; with none, its first sentence not in the reviewer's first person. '' when it has neither."""
    text = plain(comment)
    sentences = [s.strip() for s in split_sentences(text) if s.strip()]
    asked = [_short(t) for t in (_clean(s, voice=True) for s in sentences if _CUE.search(s)) if len(t.split()) >= 3]
    # what the reviewer asks for ("Please explain …", "Could you …?") before what they find unclear or missing
    asked = sorted(asked, key=lambda t: not _ASKS.search(t))
    if asked:
        return _within(asked, words), ""
    rest = [t for t in (_clean(s, voice=True) for s in sentences) if len(t.split()) >= 3]
    rest = [t for t in rest if not _FIRST_PERSON.search(t)] or rest
    said = _within([_short(t) for t in rest[:1]], words)
    return "", said + " …" if len(rest) > 1 and said and not said.endswith("…") else said


def named_works(comment: str, limit: int = 4) -> list[str]:
    """The works ``comment`` names, as written, in order, at most ``limit``: author-year citations, a bracketed
    reference number ("reference 12"), a DOI, an arXiv id."""
    found: list[tuple[int, str]] = []
    for pattern in (AUTHOR_YEAR, _LOOSE_AUTHOR_YEAR):
        for m in pattern.finditer(comment):
            if m.group(1) in _NOT_AUTHORS or any(s <= m.start() < s + len(w) for s, w in found):
                continue
            work = " ".join(m.group(0).split()).strip(" ,;")
            found.append((m.start(), work + ")" if work.count("(") > work.count(")") else work))
    for m in _BRACKET.finditer(comment):
        found.append((m.start(), f"reference {m.group(1)}" if m.group(1) else f"references {m.group(2)}"))
    for m in _DOI.finditer(comment):
        found.append((m.start(), "doi:" + m.group(0).rstrip(".,;:)]")))
    for m in _ARXIV.finditer(comment):
        found.append((m.start(), f"arXiv:{m.group(1) or m.group(2)}"))
    out: list[str] = []
    for _, work in sorted(found):
        if work not in out:
            out.append(work)
    return out[:limit]
