"""What a comment asks for, as a phrase a scaffold's placeholder can carry (``engine.generate.scaffold``).

A reviewer's request is usually one sentence with a request cue ("should", "could", "please", "I suggest",
"it would be good to", a question); its lead-in ("The authors should", "It might be worth") is the reviewer
talking, not what to write. ``ask`` returns that sentence without its lead-in, so that a placeholder says what the
author has to supply in the reviewer's own words ("[[DETAIL: how the initialization time of the model is dealt
with]]") instead of a generic "the answer to the concern". It restates the comment and adds nothing.
"""

from __future__ import annotations

import re

from engine.generate.extractive import split_sentences

#: Words longest ``ask`` keeps (a longer request is cut at a word and marked with "…").
ASK_WORDS = 60
_CUE = re.compile(r"\b(?:should|could|would|might|must|need(?:s|ed)? to|please|suggest\w*|recommend\w*|"
                  r"consider|worth|clarif\w*|explain\w*|unclear|missing|lacks?|not clear|wonder)\b|\?", re.I)
#: Lead-ins to drop, tried in order at the sentence's start (after any list marker or page/line pointer).
_LEAD = re.compile(
    r"^(?:(?:also|finally|moreover|however|additionally|maybe|perhaps|overall|in addition|i think|i believe|"
    r"i feel|in my opinion|minor|major)\W+)*"
    r"(?:(?:i|we)\s+(?:would\s+)?(?:strongly\s+)?(?:suggest|recommend|encourage|ask|invite)(?:\s+(?:that|to))?"
    r"(?:\s+the\s+authors?(?:\s+to)?)?\s+|"
    r"(?:it\s+)?(?:would|might|could|may)\s+be\s+(?:good|nice|useful|helpful|worth|better|interesting|"
    r"important|beneficial)\w*(?:\s+(?:to|if))?\s+(?:the\s+authors\s+)?|"
    r"(?:it\s+)?(?:might|may|would|could)\s+be\s+worth\s+|"
    r"there\s+(?:might|may|could|would)\s+be\s+(?:the\s+)?need\s+to\s+|"
    r"(?:the\s+)?authors?\s+(?:should|could|might|may|must|need\s+to|ought\s+to)\s+(?:also\s+)?|"
    r"(?:you|they)\s+(?:should|could|might|may|must|need\s+to)\s+(?:also\s+)?|"
    r"please\s+)", re.I)
_POINTER = re.compile(r"^(?:[-*•]\s*|\(?\d+[.)]\s*|\(?[a-z][.)]\s+)?(?:(?:p(?:age)?s?\.?\s*\d+(?:-\d+)?|"
                      r"l(?:ines?|l?\.)?\s*\d+(?:-\d+)?|sec(?:tion|\.)?\s*\d+(?:\.\d+)*)\W*\s*)*", re.I)


#: LaTeX a review written in it leaves in a sentence ("\\item", "17.~A", "\\#18", "\\texttt{DataPoints}"): dropped or
#: replaced by its text.
_LATEX = ((re.compile(r"\\(?:item|noindent|par|(?:begin|end)\{\w+\*?\})(?![A-Za-z])\s*"), ""),
          (re.compile(r"\\\\|~"), " "), (re.compile(r"\\([#&%_$])"), r"\1"),
          (re.compile(r"\\[A-Za-z]+\{([^{}]*)\}"), r"\1"))
#: Quotation marks, but not an apostrophe inside a word ("doesn't", "reader's").
_QUOTES = re.compile(r"``|''|[\"“”`‘’]|(?<![A-Za-z])'|'(?![A-Za-z])")

#: Words longest ``restate`` keeps, the request and the rest together.
RESTATE_WORDS = 80


def join(parts: list[str]) -> str:
    """The reviewer's sentences as one text: after a sentence that ends with ".", "?" or "!" the next starts a
    sentence (capitalised); otherwise they are joined with "; " ("…set to? It makes …", "…is obscure; it makes
    …"), never "?;"."""
    out = ""
    for part in (p.strip() for p in parts):
        if not part:
            continue
        if not out:
            out = part
        elif out.endswith((".", "?", "!", "…")):
            out += " " + part[0].upper() + part[1:]
        else:
            out += "; " + part
    return out


def _clean(sentence: str) -> str:
    """The sentence without its LaTeX, pointer, lead-in and quotation marks, in the reviewer's case; a sentence that
    ended with "." keeps it (``join`` then starts the next as a sentence)."""
    for pattern, repl in _LATEX:
        sentence = pattern.sub(repl, sentence)
    text = _LEAD.sub("", _POINTER.sub("", sentence.strip()))
    stop = "." if text.rstrip().endswith(".") and not text.rstrip().endswith("..") else ""
    text = " ".join(_QUOTES.sub("", text.strip(" .;:-")).split())
    return text + stop if text and not text.endswith(("?", "!", "…")) else text


def _words(parts: list[str], words: int) -> str:
    """The reviewer's sentences joined, within ``words`` words (cut at a word and marked with "…"), without the
    last sentence's full stop (a placeholder's text is no sentence of the paper's)."""
    tokens = join(parts).split()
    text = " ".join(tokens[:words]) + (" …" if len(tokens) > words else "")
    return text[:-1] if text.endswith(".") else text


def restate(comment: str, words: int = RESTATE_WORDS) -> tuple[str, str]:
    """(the request, what else the comment says), both in the reviewer's words without lead-ins or pointers: the
    request as ``ask`` gives it, then the comment's other sentences (what the request is about: the reviewer's
    observation), within ``words`` words in all (cut at a word and marked with "…"). Nothing is added."""
    request = ask(comment, words)
    rest = [t for t in (_clean(s) for s in split_sentences(comment) if s.strip() and not _CUE.search(s))
            if len(t.split()) >= 3]
    room = words - len(request.split())
    if room <= 0 or not rest:
        return request, ""
    return request, _words(rest, room)


def ask(comment: str, words: int = ASK_WORDS) -> str:
    """The comment's request sentences without their lead-ins, in the reviewer's case, joined as ``join`` joins
    them (at most ``words`` words in all; '' when it asks nothing a sentence can carry)."""
    sentences = [s.strip() for s in split_sentences(comment) if s.strip()]
    out: list[str] = []
    for s in sentences:
        if not _CUE.search(s):
            continue
        text = _clean(s)
        if len(text.split()) >= 3:
            out.append(text)
    return _words(out, words)
