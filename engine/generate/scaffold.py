"""A scaffold: the structured draft an author completes, built with no model.

Where to edit (the paragraph, quoted; for a wording fix, the sentence), what kind of change the comment's fine type
asks for (``engine.reviews.fine_types.fine_type``), and a short edit in the paper's own words (the comment's phrases that the
paper uses, in the paper's spelling) with a typed placeholder (``engine.generate.placeholders``) for every fact the
paper does not state. A wording fix the comment spells out ("A" should be "B") is applied to the sentence itself.
With the embedded model it is the default suggestion; the model's free rewrite is offered instead only when it passes
every check (``engine.generate.suggest``).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any

from engine.document.model import Document, Paragraph
from engine.generate.asks import restate
from engine.generate.extractive import split_sentences
from engine.generate.placeholders import placeholder as ph
from engine.reviews.model import ReviewComment

#: How many of the comment's phrases that the paper uses a draft names.
TOPICS = 2
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
    "worse better much many during already before after within without correlates correlate".split()
)
_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9\-]+|\d+(?:\.\d+)?")
_CITE_REQUEST = re.compile(r"\bcit(?:e|es|ed|ing|ation)s?\b|\breferences?\b|\brelated work\b|\bprior work\b|"
                           r"\bliterature\b", re.I)

#: Per fine type: what the change is (the card's line), and the verb of the response to the reviewer.
CHANGES = {
    "experiment": ("Experiment requested: add it, and its result, after this paragraph", "now report an experiment on"),
    "result": ("Result requested: report it in this paragraph", "now report the requested result for"),
    "clarification": ("Clarification requested: state precisely what this paragraph leaves open",
                      "now clarify"),
    "explanation": ("Explanation requested: say why, in this paragraph", "now explain"),
    "edit": ("Presentation change requested: rewrite this passage as asked", "revised the passage on"),
    "typo": ("Wording fix requested: correct this sentence", "corrected"),
    "criticism": ("Concern raised: answer it in this paragraph, or state it as a limitation", "now address"),
    "citation": ("Citation requested: cite and contrast the related work here", "now cite and discuss related work on"),
}


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
    #: "insert_after" the paragraph, or "replace" the quoted sentence (a wording fix the comment spells out).
    mode: str = "insert_after"

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
    if first and first[:1].isupper() and first[1:2].islower() and " " in first:
        return first[0].lower() + first[1:]
    return first


def _typo(comment: str, paragraph: Paragraph | None) -> tuple[str, str, str] | None:
    """(sentence, fixed sentence, the words fixed) when the comment names words found in the paragraph."""
    from engine.align.cues import quotes, replacements

    if paragraph is None:
        return None
    sentences = split_sentences(paragraph.text)
    for old, new in replacements(comment):
        for s in sentences:
            if old in s:
                return s, s.replace(old, new, 1), old
    for quoted in quotes(comment):
        for s in sentences:
            if quoted in s:
                return s, ph("DETAIL", f"this sentence with “{quoted}” corrected"), quoted
    return None


def _join(phrases: list[str]) -> str:
    return ", ".join(phrases[:-1]) + (" and " if len(phrases) > 1 else "") + phrases[-1] if phrases else ""


def _draft(kind: str, topic: str, second: str, request: str = "", about: str = "") -> str:
    """The edit for ``kind``: the paper's words for what the comment is about (``topic``, ``second``) and, in its
    placeholder, what the comment asks for in the reviewer's words (``request``, then what else it says, ``about``:
    ``engine.generate.asks.restate``). A comment with no request sentence keeps the kind's own words for what to
    supply, followed by what the comment says."""
    if request and about:
        request = f"{request}; {about}"
    elif about:
        generic = {"clarification": "the point the comment finds unclear, stated precisely",
                   "explanation": "the explanation the comment asks for",
                   "criticism": "the answer to the concern, or the limitation it points to",
                   "experiment": "setting, data and baselines", "result": f"the requested result for {topic or 'it'}",
                   "typo": "the corrected sentence"}.get(kind, "the answer to the concern")
        request = f"{generic}: {about}"
    both = f"{topic}, {second}" if topic and second and " and " in second else \
        f"{topic} and {second}" if topic and second else topic
    if not topic and kind in ("clarification", "explanation", "criticism", "typo"):
        return ph("DETAIL", request or {"clarification": "the point the comment finds unclear, stated precisely",
                                        "explanation": "the explanation the comment asks for",
                                        "criticism": "the answer to the concern, or the limitation it points to",
                                        "typo": "the corrected sentence"}[kind])
    about = both or ph("DETAIL", "the point the comment raises")
    it = topic or "it"
    if kind == "experiment":
        return (f"We further evaluate {about} {ph('DETAIL', 'the added experiment: ' + (request or 'setting, data and baselines'))}. "
                f"{ph('RESULT', f'what the experiment shows for {it}')} "
                f"({ph('FIGURE', 'table or figure that reports it')}).")
    if kind == "result":
        return (f"For {about}, we report {ph('RESULT', request or f'the requested result for {it}')} "
                f"({ph('FIGURE', 'table or figure that reports it')}).")
    if kind == "clarification":
        return f"Here, {about} {ph('DETAIL', request or f'what {it} means or is set to in this paper')}."
    if kind == "explanation":
        return f"The reason for {about} is that {ph('DETAIL', request or f'why: the link between {both or it}')}."
    if kind == "edit":
        return ph("DETAIL", f"this passage on {both} rewritten as the comment asks" + (f": {request}" if request else "")
                  if topic else request or "this passage rewritten as the comment asks")
    if kind == "citation":
        return (f"Related work on {about} includes {ph('CITATION', 'related work on ' + (both or 'this topic'))}; "
                f"unlike that work, {ph('DETAIL', 'how this paper differs')}.")
    if kind == "typo":
        return ph("DETAIL", "the corrected sentence")
    return f"As for {about}, {ph('DETAIL', request or 'the answer to the concern, or the limitation it points to')}."


def build_scaffold(comment: ReviewComment, paragraphs: list[Paragraph], document: Document) -> Scaffold:
    """The scaffold for ``comment``, written for ``paragraphs[0]`` (where the comment was placed)."""
    from engine.reviews.fine_types import fine_type

    target = paragraphs[0] if paragraphs else None
    text = comment.full_text
    kind = fine_type(comment)
    if kind not in ("typo", "edit") and _CITE_REQUEST.search(text):
        kind = "citation"
    texts = [p.text for p in paragraphs] + [document.title, document.abstract or ""]
    texts += [p.text for p in document.paragraphs]
    phrases = topic_phrases(text, texts, TOPICS)
    topic, second = phrases[0] if phrases else "", _join(phrases[1:])
    section = " > ".join(target.section) if target and target.section else ""
    quote = shorten(target.text) if target else "(a new paragraph: no paragraph of the paper matches the comment)"
    mode = "insert_after" if target else "new_paragraph"
    change, verb = CHANGES[kind]
    fixed = _typo(text, target) if kind in ("typo", "edit") else None
    if fixed:
        quote, draft, mode = shorten(fixed[0], 60), fixed[1], "replace"
        kind, (change, verb), topic = "typo", CHANGES["typo"], f"“{fixed[2]}”"
    else:
        draft = _draft(kind, topic, second, *restate(text))
    where = f" in {section.split(' > ')[-1]}" if section else ""
    response = f"We {verb} {topic or ('the wording' if kind == 'typo' else 'the point raised')}{where}."
    return Scaffold(target.id if target else None, section, quote, kind, change, draft, response, mode)
