"""The scaffold's sentence for the response letter (``engine.generate.scaffold``), grammatical by construction.

"We <verb> <topic> in Section “<title>”." The topic is one of the comment's phrases that the paper uses
(``scaffold.topic_phrases``), taken only when it reads as a whole noun phrase: no clause word inside it ("is",
"that", "to", "we"), no adverb or function word at its end, and somewhere in the paper it follows an article, a
possessive or a preposition and is not followed by another content word (so "the quantity that is actually" or
"manage to prove", a fragment clipped from the comment, is never pasted after the verb). With none, the sentence
names the change and where it is ("We now state this point precisely in Section “Study Site”, after the
sentence beginning “This area is …”"). The session-21 trial read three of four responses as ungrammatical fragments pasted
into a template; docs/suggest.md ("Session 22: the scaffold's wording") counts them before and after.
"""

from __future__ import annotations

import re

#: Words a noun phrase may hold inside it ("rate of convergence", "choice of the prior", "data and code").
_INSIDE = frozenset("of and in for on with".split())
#: What may stand before a noun phrase in the paper; the first group makes the response say "the".
_ARTICLES = frozenset("the a an our this these those its their each every".split())
_BEFORE = r"(?:the|a|an|our|this|these|those|its|their|each|every|of|in|on|for|with|by|from|between|and|about)"
#: A named object that needs no article: an acronym ("LMNN", "MEI") or a numbered part ("Eq. 20", "Fig. 5").
_NAMED = re.compile(r"^(?:[A-Z][A-Za-z]*[A-Z][A-Za-z0-9-]*|(?:Eq|Fig|Table|Figure|Equation|Section|Algorithm|"
                    r"Theorem|Lemma)\.?\s*\(?\d+(?:\.\d+)*\)?)$")


def noun_phrase(phrase: str, texts: list[str], stop: frozenset[str], in_paper: bool = True) -> str:
    """``phrase`` (a topic phrase) as a noun phrase the response can carry ("the seasonal signal"), '' when it does
    not read as one. ``stop``: the function words (``scaffold._STOP``); ``in_paper``: the phrase was found in
    ``texts`` (a phrase only the comment has is taken when it holds no function word at all)."""
    words = phrase.split()
    if words and words[0].lower() in _ARTICLES:
        words = words[1:]
    if not words or any(w.endswith((",", ";", ":")) for w in words):
        return ""
    core = " ".join(words)
    if len(words) <= 2 and _NAMED.match(core):
        return core
    last = words[-1].lower()
    if last in stop or last.endswith("ly") or words[0].lower() in stop:
        return ""
    for i, w in enumerate(words[1:-1], 1):
        lw = w.lower()
        if _VERB_S.search(lw):
            return ""  # "drift stays bounded": a word in -s before the end is a verb as often as not
        if lw in stop and not (lw in _INSIDE or lw == "the" and words[i - 1].lower() in _INSIDE):
            return ""
    if not in_paper:
        return ""  # a phrase only the comment has is often a clipped run of its words ("Excellent advice although")
    body = r"\W{1,3}".join(re.escape(w) for w in words)
    pattern = re.compile(rf"(?<![\w-])({_BEFORE})\s+({body})(?![\w-])(?:\s+([A-Za-z][\w-]*))?", re.I)
    bare = ""
    for text in texts:
        for m in pattern.finditer(text):
            after = (m.group(3) or "").lower()
            if after and after not in stop:
                continue  # the paper's phrase goes on: this is part of a longer one
            if len(words) == 1 and m.group(2).isupper() and not words[0].isupper():
                continue  # "true" written "TRUE" (code, a constant): not the comment's word
            if m.group(1).lower() in _ARTICLES:
                return "the " + m.group(2)
            bare = bare or m.group(2)
    # after a preposition only: a plural or a mass noun reads without an article ("climate indices",
    # "reproducibility"); a lone singular ("main reason", "line") does not
    return bare if bare and _BARE.search(bare) and not (len(words) == 1 and bare.endswith("s")) else ""


#: A word in -s that is not a noun's usual ending (-ss, -us, -is, -ics, -ous): inside a phrase, read as a verb.
_VERB_S = re.compile(r"^(?!.*(?:ss|us|is|ics|ous)$)[a-z]{2,}s$")
#: The end of a noun that reads without an article: a plural, or a mass noun's suffix.
_BARE = re.compile(r"(?:[^s]s|ity|tion|sion|ness|ment|ance|ence|ing|ology|ics)$", re.I)


def where(section: str) -> str:
    """" in Section “Title”" for the placed paragraph's innermost section ("in the abstract"), '' for none."""
    title = section.split(" > ")[-1].strip() if section else ""
    if not title:
        return ""
    if title.lower() == "abstract":
        return " in the abstract"
    words = title.split()
    short = " ".join(words[:8]) + ("…" if len(words) > 8 else "")
    return f" in Section “{short.rstrip('.:')}”"


def response(verbs: tuple[str, str], topic: str, section: str, anchor: str = "", mode: str = "replace") -> str:
    """The response sentence: ``verbs`` (with a topic, "{np}"; without one), the noun phrase ``topic`` ('' for
    none), the section, and with no topic the sentence the draft replaces (``anchor``, its first six words)."""
    with_np, without = verbs
    text = "We " + (with_np.format(np=topic) if topic else without) + where(section)
    if not topic and anchor and mode == "replace":
        words = anchor.split()  # a whole short sentence is quoted without its full stop, which ends the response
        text += f", after the sentence beginning “{' '.join(words[:6]) if len(words) > 6 else anchor.rstrip('.!?;: ')}" \
                f"{'…' if len(words) > 6 else ''}”"
    return text + "."
