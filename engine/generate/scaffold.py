"""A scaffold: the structured draft an author completes, built with no model.

Where to edit (the sentence of the placed paragraph the comment is about, quoted), what kind of change the comment's
fine type asks for (``engine.reviews.fine_types.fine_type``), and the suggested edit: that sentence in the paper's
own words, extended with what the comment asks for in a typed placeholder (``engine.generate.placeholders``) that
the author fills with the facts (the text an author pastes in place of the sentence, then completes; docs/suggest.md
measures this draft alone). A wording fix the comment spells out ("A" should be "B", "“A” → “B”", "“A” better to say
“B”") is applied to the sentence itself, whatever the comment's fine type. The response to the reviewer is one
sentence built by ``engine.generate.respond`` (a topic only when it reads as a noun phrase: docs/suggest.md,
"Session 22: the scaffold's wording").
With the embedded model it is the default suggestion; the model's free rewrite is offered instead only when it passes
every check (``engine.generate.suggest``).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any

from engine.document.model import Document, Paragraph
from engine.generate.asks import join, restate
from engine.generate.extractive import split_sentences
from engine.generate.placeholders import placeholder as ph
from engine.reviews.model import ReviewComment

#: How many of the comment's phrases that the paper uses are tried, in turn, as the response's topic (the first that
#: reads as a noun phrase is taken: ``engine.generate.respond``).
TOPICS = 4
#: Words a topic phrase never starts or ends with.
_STOP = frozenset(
    "a an the of to in for on and or with by is are was were be been being this that these those we our us it its "
    "as at from which can could would should will may might also such than their there they them has have had not "
    "but into about more most less very so if then when where while how what who why all any each both other some "
    "no only own same too just do does did done over under between through here i you your please paper authors "
    "author section work figure table result results method approach provide explain clarify discuss report show "
    "add describe give mention missing unclear like would think seems seem need needs needed compare against include "
    "consider evaluate study test obvious alternative interesting important whether chosen chose choose set given "
    "sensitive reported done shown used performs perform shows says say said start started discussed discussion "
    "problem problems concern concerns seems difference differences made reads read et al e g i "
    "worse better much many during already before after within without correlates correlate "
    # the asking words of a request, never its topic (a request to specify a curve's temperature was answered
    # "We now report an experiment on specify"; a new-user trial, session 20)
    "specify specified indicate state define justify elaborate check ensure useful helpful advisable recommended "
    "suggest suggested recommend beneficial nice good".split()
)
_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9\-]+|\d+(?:\.\d+)?")
_CITE_REQUEST = re.compile(r"\bcit(?:e|es|ed|ing|ation)s?\b|\breferences?\b|\brelated work\b|\bprior work\b|"
                           r"\bliterature\b", re.I)

#: Per fine type: what is asked (the card's line opens with it), what the author does to the quoted text ("{it}": the
#: sentence or paragraph quoted), and the response to the reviewer: its verb before a topic ("{np}"), and the same
#: without one.
CHANGES = {
    "experiment": ("Experiment requested", "add the experiment and its result",
                   ("now report an experiment on {np}", "now report the requested experiment")),
    "result": ("Result requested", "report the result",
               ("now report the requested result for {np}", "now report the requested result")),
    "clarification": ("Clarification requested", "state precisely what {it} leaves open",
                      ("now clarify {np}", "now state this point precisely")),
    "explanation": ("Explanation requested", "say why", ("now explain {np}", "now give the explanation asked for")),
    "edit": ("Presentation change requested", "make the change asked",
             ("revised the passage on {np}", "revised the passage as asked")),
    "typo": ("Wording fix requested", "correct {it}", ("corrected {np}", "corrected the wording")),
    "criticism": ("Concern raised", "answer it, or state it as a limitation",
                  ("now address {np}", "now answer this concern")),
    "citation": ("Citation requested", "cite and contrast the related work",
                 ("now cite and discuss related work on {np}", "now cite and discuss the related work")),
}


def change_line(kind: str, mode: str) -> str:
    """The card's line for ``kind`` where the draft goes (``mode``), in the words the suggest commands use for the
    mode (``engine.cli.suggest.MODE_WORDS``): a "replace" draft is the quoted sentence rewritten (extended with what
    is asked, or corrected), so the line says "rewrite the sentence below", never "after" it."""
    label, what, _ = CHANGES[kind]
    if mode == "replace":
        return f"{label}: rewrite the sentence below to {what.format(it='it')}"
    if mode == "insert_after":
        return f"{label}: after the paragraph below, {what.format(it='it')}"
    return f"{label}: in a new paragraph, {what.format(it='the paper')}"


@dataclass
class Scaffold:
    paragraph_id: str | None
    section: str
    #: The paragraph (or, for a wording fix, the sentence) the edit is for, quoted and shortened.
    quote: str
    #: The kind of change: "experiment", "result", "clarification", "explanation", "edit", "typo", "criticism" or
    #: "citation"; and its line for the author.
    kind: str
    change: str
    #: The draft edit, with placeholders for what the paper does not state.
    draft: str
    #: One sentence to the reviewer.
    response: str
    #: "replace" the quoted sentence (extended, or a wording fix the comment spells out), or "insert_after" the
    #: paragraph (a paragraph with no sentence), "new_paragraph" (none).
    mode: str = "insert_after"
    #: For a LaTeX or Markdown draft: ``quote`` in the draft's own syntax (``engine.generate.source_syntax``).
    source_quote: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def shorten(text: str, words: int = 30) -> str:
    parts = " ".join(text.split()).split(" ")
    return " ".join(parts[:words]) + (" …" if len(parts) > words else "")


def topic_phrases(comment: str, texts: list[str], limit: int = 2) -> list[str]:
    """The comment's phrases (one to four words, no stopword at either end) that ``texts`` use, longest and
    earliest first, each in the spelling of the first text that has it."""
    tokens = _TOKEN.findall(comment)
    found: list[tuple[int, int, str]] = []
    taken: set[int] = set()
    for n in (4, 3, 2, 1):
        for i in range(len(tokens) - n + 1):
            gram = tokens[i : i + n]
            if {*range(i, i + n)} & taken or gram[0].lower() in _STOP or gram[-1].lower() in _STOP or \
                    gram[0][0].isdigit():
                continue
            if n == 1 and (len(gram[0]) < 3 or gram[0][0].isdigit()):
                continue
            pattern = re.compile(r"(?<![\w-])(?:(?:the|our|an?)\s+)?" + r"\W{1,3}".join(re.escape(t) for t in gram)
                                 + r"(?![\w-])", re.I)
            hit = _spelling(pattern, texts)
            if hit:
                found.append((i, n, hit))
                taken |= {*range(i, i + n)}
    found.sort(key=lambda f: (-f[1], f[0]))
    runs, run = [], []  # the comment's own phrases: runs of two to four words with no stopword, longest first
    for i, t in enumerate(tokens + ["the"]):
        if t.lower() in _STOP or t[0].isdigit():
            runs += [(run[0], len(run))] if 2 <= len(run) <= 4 else []
            run = []
        else:
            run.append(i)
    runs.sort(key=lambda r: -r[1])
    if not found:  # the paper has none of its words: the comment's longest phrase
        return [" ".join(tokens[a : a + n]) for a, n in runs[:1]]
    out = []
    for i, n, hit in found[:limit]:
        # one word of the paper's inside a longer phrase of the comment's ("latency" in "wall-clock latency")
        longer = next(((a, m) for a, m in runs if n == 1 and a <= i < a + m), None)
        phrase = " ".join(tokens[longer[0] : longer[0] + longer[1]]) if longer else hit
        out += [phrase] if phrase not in out else []
    return out


def _spelling(pattern: re.Pattern[str], texts: list[str]) -> str | None:
    """The phrase as the first text that has it writes it, preferring an occurrence inside a sentence (a
    sentence's capital is not the phrase's)."""
    first = None
    for t in texts:
        for m in pattern.finditer(t):
            if m.start() and not re.search(r"[.!?:]\s*$", t[: m.start()]):
                return m.group(0)
            first = first or re.sub(r"^(The|Our|An?) ", lambda a: a.group(1).lower() + " ", m.group(0))
    if first and first[:1].isupper() and first[1:2].islower() and " " in first and not first[-1].isdigit():
        return first[0].lower() + first[1:]  # a numbered name ("Algorithm 1", "Table 2") keeps its capital
    return first


#: A fix spelled out as "“A” better to say “B”" or "“A”: rather write “B”" (after ``asks.plain`` paired the quotes).
_BETTER = re.compile(r"“([^“”]{1,120})”[^“”]{0,120}?\b(?:better|rather|instead)\b[^“”]{0,20}?"
                     r"(?:\b(?:say|write|use|read)\b)?(?:\s+something\s+like)?\W{0,3}“([^“”]{1,120})”", re.I)


_ELLIPSIS = re.compile(r"^\s*(?:\.\s?){3}\s*|\s*(?:\.\s?){3}\s*$|^\s*…\s*|\s*…\s*$")
#: A presentation comment whose request is to cite ("a further method you should reference is [X]"): a
#: citation request, its placeholder a CITATION (not "the reference list style").
_CITE_ASK = re.compile(r"\b(?:cite|citing|refer to|reference(?!\s+(?:list|style|format|section)))s?\b", re.I)


def _typo(comment: str, paragraph: Paragraph | None, quoted_too: bool = True) -> tuple[str, str, str, str] | None:
    """(sentence, fixed sentence, the words fixed, what they became: '' when the comment does not say) when the
    comment names words found in the paragraph; ``comment`` as ``asks.plain`` reads it. ``quoted_too``: a phrase
    only quoted (no replacement spelled out) counts too (a typo or presentation comment)."""
    from engine.align.cues import quotes, replacements

    if paragraph is None:
        return None
    sentences = split_sentences(paragraph.text)
    pairs = replacements(comment) + [(m.group(1), m.group(2)) for m in _BETTER.finditer(comment)]
    # "Change “. . . old words . . .” to “. . . new words . . .”": the
    # reviewer's ellipses mark the words around, not words of the sentence (an author's trial, session 22)
    pairs = [(_ELLIPSIS.sub("", a).strip(), _ELLIPSIS.sub("", b).strip()) for a, b in pairs]
    for old, new in (p for p in pairs if p[0] and p[1]):
        for s in sentences:
            if old in s:
                return s, s.replace(old, new, 1), old, new
    for quoted in quotes(comment) if quoted_too else []:
        for s in sentences:
            if quoted in s:
                return s, ph("DETAIL", f"this sentence with “{quoted}” corrected"), quoted, ""
    return None


def anchor_sentence(comment: str, paragraph: Paragraph | None) -> str:
    """The sentence of ``paragraph`` that shares the most of the comment's content words (the first on a tie; a
    sentence of four words or more when it has one): the paper's own words the draft extends. '' for no paragraph."""
    if paragraph is None:
        return ""
    sentences = [s for s in split_sentences(paragraph.text) if len(s.split()) >= 4] or \
        [s for s in split_sentences(paragraph.text) if s.strip()]
    if not sentences:
        return ""
    words = _stems(comment)
    return max(sentences, key=lambda s: len(words & _stems(s))).strip()


def _stems(text: str) -> set[str]:
    return {w.lower()[:6] for w in _TOKEN.findall(text) if len(w) > 2 and not w[0].isdigit() and
            w.lower() not in _STOP}


#: Per kind: the placeholder that carries what the comment asks for, its label, and the facts an added experiment
#: or result needs beside it.
_ADDS = {"result": ("RESULT", ""), "citation": ("CITATION", "the work the comment asks for: ")}
#: A request to add a figure, a plot or a diagram ("I suggest adding a figure that illustrates …"): what the author
#: supplies is a figure, so its placeholder is FIGURE, not DETAIL (trial33's scaffold asked for the figure as a DETAIL).
_FIGURE_ASK = re.compile(r"\b(?:add|adding|include|including|insert|inserting|provide|providing|draw|drawing)\b\W+"
                         r"(?:[\w-]+\W+){0,3}?(?:figures?|plots?|diagrams?|sketch(?:es)?|schematics?|illustrations?|"
                         r"graphs?|pictures?)\b", re.I)


def _draft(kind: str, anchor: str, request: str = "", about: str = "") -> str:
    """The edit for ``kind``: the paper's sentence the comment is about (``anchor``, verbatim), extended with what
    the comment asks for in the reviewer's words (``request``, then what else it says, ``about``:
    ``engine.generate.asks.restate``), in a placeholder: the author writes the facts. A comment with no request
    sentence keeps the kind's own words for what to supply, followed by what it says. Nothing outside the
    placeholders is new."""
    generic = GENERIC.get(kind, GENERIC["criticism"])
    what = join([request, about]) if request else (f"{generic}: {about}" if about else generic)
    if kind == "experiment":
        added = (f"{ph('DETAIL', 'the added experiment: ' + what)} {ph('RESULT', 'what it shows')} "
                 f"({ph('FIGURE', 'table or figure that reports it')}).")
    else:
        label, lead = _ADDS.get(kind, ("DETAIL", ""))
        if label == "DETAIL" and _FIGURE_ASK.search(request or about):
            label = "FIGURE"
        added = ph(label, lead + what)
    return f"{anchor} {added}" if anchor else added


#: What to supply when the comment has no request sentence (then what it says follows).
GENERIC = {"clarification": "the point the comment finds unclear, stated precisely",
           "explanation": "the explanation the comment asks for",
           "criticism": "the answer to the concern, or the limitation it points to",
           "experiment": "setting, data and baselines", "result": "the requested result",
           "edit": "this passage rewritten as the comment asks", "citation": "related work on this topic",
           # "the corrected sentence: <the comment>" read as if the reviewer's words were the correction (session 21)
           "typo": "this sentence, corrected as the comment asks"}


def build_scaffold(comment: ReviewComment, paragraphs: list[Paragraph], document: Document) -> Scaffold:
    """The scaffold for ``comment``, written for ``paragraphs[0]`` (where the comment was placed)."""
    from engine.reviews.fine_types import fine_type

    from engine.generate.asks import plain
    from engine.generate.respond import noun_phrase, response

    target = paragraphs[0] if paragraphs else None
    text = plain(comment.full_text)  # no heading line, TeX as text, quotes paired
    kind = fine_type(comment)
    if kind not in ("typo", "edit") and _CITE_REQUEST.search(text):
        kind = "citation"
    request, about = restate(comment.full_text)
    if kind == "edit" and _CITE_ASK.search(request):
        kind = "citation"
    texts = [p.text for p in paragraphs] + [document.title, document.abstract or ""]
    texts += [p.text for p in document.paragraphs]
    topic = ""
    for phrase in topic_phrases(text, texts, TOPICS):
        if phrase.isupper() and phrase not in text:
            continue  # the comment's "true", the paper's "TRUE": no acronym of the comment's
        topic = noun_phrase(phrase, texts, _STOP, in_paper=_spelling(_phrase_pattern(phrase), texts) is not None)
        if topic:
            break
    section = " > ".join(target.section) if target and target.section else ""
    quote = shorten(target.text) if target else "(a new paragraph: no paragraph of the paper matches the comment)"
    mode = "insert_after" if target else "new_paragraph"
    fixed = _typo(text, target, quoted_too=kind in ("typo", "edit"))
    anchor = ""
    if fixed:
        quote, draft, mode = shorten(fixed[0], 60), fixed[1], "replace"
        kind, topic = "typo", f"“{fixed[2]}”" + (f" to “{fixed[3]}”" if fixed[3] else "")
    else:
        anchor = anchor_sentence(text, target)
        draft = _draft(kind, anchor, request, about)
        if anchor:  # the sentence, extended: the author replaces it with the draft
            quote, mode = shorten(anchor, 60), "replace"
    change = change_line(kind, mode)
    said = response(CHANGES[kind][2], topic, section, anchor, mode)
    return Scaffold(target.id if target else None, section, quote, kind, change, draft, said, mode)


def _phrase_pattern(phrase: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w-])" + r"\W{1,3}".join(re.escape(t) for t in phrase.split()) + r"(?![\w-])", re.I)
