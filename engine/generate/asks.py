"""What a comment asks for, as a phrase a scaffold's placeholder can carry (``engine.generate.scaffold``).

A reviewer's request is usually one sentence with a request cue ("should", "could", "please", "I suggest",
"it would be good to", a question); its lead-in ("The authors should", "It might be worth") is the reviewer
talking, not what to write. ``ask`` returns that sentence without its lead-in, so that a placeholder says what the
author has to supply in the reviewer's own words ("[[DETAIL: how the initialization time of the model is dealt
with]]") instead of a generic "the answer to the concern". It restates the comment and adds nothing.
"""

from __future__ import annotations

import re
import unicodedata

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

#: The reviewer's own voice at the start of a sentence, once the lead-in is gone: dropped, or turned into what it
#: asks ("I wonder if A" -> "whether A"; "It would be interesting too to A" leaves "too to A" -> "A").
_VOICE = ((re.compile(r"^(?:i|we)\s+(?:do\s+)?wonder\s+(?:if|whether)\s+", re.I), "whether "),
          (re.compile(r"^(?:(?:i|we)\s+(?:(?:do\s+)?think|believe|feel|guess)(?:\s+that)?|"
                      r"in\s+my\s+(?:opinion|view)),?\s+", re.I), ""),
          (re.compile(r"^(?:too|also|as\s+well)\s+to\s+", re.I), ""),
          (re.compile(r"^(?:in\s+fact|indeed|of\s+course),?\s+", re.I), ""),
          (re.compile(r"^(?:(?:very\s+|all\s+)?good|excellent)\s+advice,\s+(?:but|although|though)\s+", re.I), ""),
          # what a page-and-paragraph pointer leaves when the comment was cut inside it ("(pg. 2, paragraph 4)"
          # read as "2, paragraph 4) Change …"; "Pages 7--8:" as "8: …"): an author's trial, session 22
          (re.compile(r"^(?:\(?(?:pg|pp?|pages?)\.?\s*)?\d+(?:\s*[-–]+\s*\d+)?(?:,\s*(?:paragraph|para|line|l)\.?\s*\d+)?"
                      r"\s*[:)]\s*", re.I), ""),
          (re.compile(r"^\((?:sec(?:tion)?\.?\s*[\d.]+|abstract|pg\.?\s*\d+[^)]{0,30})\)\s*", re.I), ""),
          (re.compile(r"^(?:(?:top|middle|bottom)\s+of\s+(?:the\s+)?(?:left|right)\s+column|(?:top|middle|bottom)"
                      r"\s+of\s+(?:the\s+)?page)\W*\s*", re.I), ""))
#: A sentence in the reviewer's first person singular: an opinion about the paper, not what the author writes.
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'd|my|me)\b")
#: A heading a review puts on a line of its own above a comment ("Robustness", "Usage info"): one to six words, no
#: sentence mark at its end, a blank line after it, and more text below.
_HEADING = re.compile(r"^\s*(?:[-*•]\s*|\(?\d+[.)]\s*)?([^\n.?!:;]{1,60}?)[ \t]*\n[ \t]*\n(?=\s*\S)")
#: Quotation marks around a quoted phrase in any of a review's shapes (``A'', "A", “A", 'A'): paired as “A”.
_PAIRED = re.compile(r"(?:``|“|\"|(?<![A-Za-z])')([^`“”\"\n]{1,200}?)(?:''|”|\"|'(?![A-Za-z]))")


def heading(comment: str) -> str:
    """The comment's heading line ("Usage info"), '' when it has none."""
    m = _HEADING.match(comment)
    return m.group(1).strip() if m and len(m.group(1).split()) <= 6 else ""


def plain(comment: str) -> str:
    """The comment as the scaffold reads it: without its heading line, its ligatures (a PDF's "ﬁ") as letters, its TeX
    as text (``\\textrightarrow`` -> →,
    ``$\\sim 400$`` -> ∼ 400; a review's bare ``%`` is no TeX comment), and its quotation marks paired as “…”."""
    from engine.align.texmath import tex_text

    m = _HEADING.match(comment)
    text = unicodedata.normalize("NFKC", comment[m.end():] if m and len(m.group(1).split()) <= 6 else comment)
    if "\\" in text or "$" in text:
        text = tex_text(re.sub(r"(?<!\\)%", r"\\%", text))
    return _PAIRED.sub(lambda q: f"“{q.group(1).strip()}”", text)


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


def _clean(sentence: str, voice: bool = False) -> str:
    """The sentence without its LaTeX, pointer, lead-in and quotation marks, in the reviewer's case; a sentence that
    ended with "." keeps it (``join`` then starts the next as a sentence). With ``voice`` (the scaffold's
    ``restate``; ``ask``, which the placement model reads, is unchanged), the reviewer's own voice at the start goes
    too ("I think", "I wonder if" -> "whether", a "too to" left by a lead-in) and quotation marks are kept, paired
    as “…” (``plain`` pairs them): "“A” better to say “B”" stays readable."""
    for pattern, repl in _LATEX:
        sentence = pattern.sub(repl, sentence)
    text = _LEAD.sub("", _POINTER.sub("", sentence.strip()))
    if voice:  # twice: "In fact, I would recommend …" loses "In fact," and then its lead-in
        for _ in range(2):
            for pattern, repl in _VOICE:
                text = pattern.sub(repl, text, count=1)
            text = _LEAD.sub("", text)
        if text.count("”") > text.count("“"):
            text = "“" + text  # the pointer before it took the opening mark ("Line 145: “…”")
        if text.startswith("“") and text.rstrip(".").endswith("”") and text.count("“") == 1:
            text = text.rstrip(".")[1:-1] + ("." if text.endswith(".") else "")  # a sentence quoted whole
    stop = "." if text.rstrip().endswith(".") and not text.rstrip().endswith("..") else ""
    text = " ".join(text.strip(" .;:-").split()) if voice else " ".join(_QUOTES.sub("", text.strip(" .;:-")).split())
    return text + stop if text and not text.endswith(("?", "!", "…")) else text


def _words(parts: list[str], words: int) -> str:
    """The reviewer's sentences joined, within ``words`` words (cut at a word and marked with "…"), without the
    last sentence's full stop (a placeholder's text is no sentence of the paper's)."""
    tokens = join(parts).split()
    text = " ".join(tokens[:words]) + (" …" if len(tokens) > words else "")
    return text[:-1] if text.endswith(".") else text


def restate(comment: str, words: int = RESTATE_WORDS) -> tuple[str, str]:
    """(the request, what else the comment says), both in the reviewer's words without lead-ins or pointers: the
    comment read by ``plain`` (its heading line dropped, its TeX as text, its quotation marks paired), its request
    sentences as ``ask`` finds them, without the reviewer's own voice at their start (``_clean``'s ``voice``), then
    its other sentences (what the request is about: the reviewer's observation; those in the reviewer's first
    person, "I find …", "I see …", are left out when any other is left), within ``words`` words in all (cut at a
    word and marked with "…"). Nothing is added."""
    text = plain(comment)
    sentences = [s.strip() for s in split_sentences(text) if s.strip()]
    asked = [t for t in (_clean(s, voice=True) for s in sentences if _CUE.search(s)) if len(t.split()) >= 3]
    request = _words(asked, words)
    rest = [t for t in (_clean(s, voice=True) for s in sentences if not _CUE.search(s)) if len(t.split()) >= 3]
    rest = [t for t in rest if not _FIRST_PERSON.search(t)] or rest
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
