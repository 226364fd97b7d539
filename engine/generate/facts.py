"""Invented facts in a generated edit that digits and citations do not cover (``checks.check_edit`` runs these).

- Spelled-out quantities and ratios ("three times faster", "twofold", "doubled", "an order of magnitude",
  "ten percent") that the paper and the comment never state become ``[[RESULT: ...]]`` placeholders, as
  digits already do.
- Comparatives that claim a result for the authors' work ("our method outperforms", "we are faster than",
  "state-of-the-art", "significantly") are flagged when neither the paper nor the comment makes a claim of
  that kind.
- Names of datasets, baselines, metrics or tools (``ImageNet``, ``ResNet-50``, ``BLEU``, ``GPT-4``) that appear
  in neither are flagged: the model may have made them up.

Each check compares against ``context``, the paper text the model was shown plus the comment. Their false
positives on real, final-version paragraphs are measured by ``bench/measure_fact_checks.py``.
"""

from __future__ import annotations

import re

from engine.generate import placeholders

_NUMBER_WORDS = (r"(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|"
                 r"fifty|sixty|seventy|eighty|ninety|hundred|thousand|a hundred|a thousand|several|many)")
#: Quantities a model states in words: "three times", "twofold", "ten percent", "doubled", "an order of magnitude".
_WORDED = re.compile(
    rf"\b{_NUMBER_WORDS}(?:[\s-]+{_NUMBER_WORDS})?\s*(?:-\s*)?(?:times|fold|percent|per cent|percentage points)\b"
    rf"|\b(?:two|three|four|five|six|seven|eight|nine|ten)fold\b"
    r"|\b(?:twice|thrice|half) as (?:\w+ )?(?:fast|slow|large|small|many|much|long|accurate|efficient|good)\b"
    r"|\b(?:doubl|tripl|quadrupl|halv)(?:es|ed|ing)\b"
    r"|\b(?:an |one |two |several )?orders? of magnitude\b",
    re.IGNORECASE,
)
#: Comparatives and superlatives that claim a measured result.
_CLAIM = re.compile(
    r"\b(?:outperform\w*|surpass\w*|beats?|beating|state[- ]of[- ]the[- ]art|sota|significantly|"
    r"(?:faster|slower|better|worse|higher|lower|cheaper|smaller|larger|more accurate|more efficient|"
    r"more robust|less accurate) than|the (?:best|fastest|most accurate|highest|lowest|first) )",
    re.IGNORECASE,
)
#: The stem each claim is checked by ("outperforms" is supported by "outperformed" in the paper).
_CLAIM_STEM = re.compile(r"^(outperform|surpass|beat|state|sota|significant|\w+)", re.IGNORECASE)
#: A name: CamelCase (ImageNet, ResNet, MapReduce), an acronym of 4+ capitals (BLEU, ROUGE, CIFAR), or a
#: capitalised word of 2+ letters with digits (GPT-4, CIFAR-10, Llama2). Shorter acronyms (CPU, GB, MSE) and
#: one-letter labels (P2, B5) are units, hardware and symbols as often as names: left alone.
_NAME = re.compile(r"(?<![\w\[-])(?:[A-Z][a-z]+(?:[A-Z][A-Za-z]*)+|[A-Z]{4,}[A-Za-z]*|[A-Z][A-Za-z]+-?\d+[A-Za-z\d]*)"
                   r"(?:-\d+[A-Za-z]*)?(?![\w\]])")
#: Capitals that are not names of anything a model could invent.
_NOT_NAMES = frozenset({"I", "II", "III", "IV", "V", "VI", "OK", "TODO", "NB", "AND", "OR", "NOT", "RESULT",
                        "CITATION", "FIGURE", "DETAIL"})


def _known(phrase: str, context: str) -> bool:
    return " ".join(phrase.lower().split()) in context


def replace_worded_quantities(text: str, context: str) -> tuple[str, list[str]]:
    """Spelled-out quantities and ratios absent from ``context`` become ``[[RESULT: factor]]`` placeholders."""
    known = " ".join(context.lower().split())
    spans = [(p.start, p.end) for p in placeholders.find(text)]
    removed = []
    for m in reversed(list(_WORDED.finditer(text))):
        if any(a <= m.start() < b for a, b in spans) or _known(m.group(0), known):
            continue
        removed.append(m.group(0))
        what = "percentage" if "percent" in m.group(0).lower() else "factor"
        text = text[: m.start()] + placeholders.placeholder("RESULT", what) + text[m.end():]
    return text, removed[::-1]


#: A sentence about the authors' own work: where a comparative is a claim of a result.
_OURS = re.compile(r"\b(?:we|our|ours|this (?:paper|work|approach|method)|the proposed)\b", re.IGNORECASE)
_SENTENCE = re.compile(r"[^.!?]+[.!?]?")


def unsupported_claims(text: str, context: str) -> list[str]:
    """Result claims about the authors' work in ``text`` ("our method outperforms", "we are faster than")
    of a kind ``context`` never makes."""
    known = context.lower()
    found = []
    own = " ".join(s.group(0) for s in _SENTENCE.finditer(placeholders.strip(text)) if _OURS.search(s.group(0)))
    for m in _CLAIM.finditer(own):
        claim = m.group(0).strip()
        stem = _CLAIM_STEM.match(claim).group(1).lower()
        if stem not in known and claim.lower() not in found:
            found.append(claim.lower())
    return found


def unknown_names(text: str, context: str) -> list[str]:
    """Names of datasets, models, metrics or tools in ``text`` that ``context`` never mentions."""
    known = context.lower()
    found: list[str] = []
    for m in _NAME.finditer(placeholders.strip(text)):
        name = m.group(0)
        if name in _NOT_NAMES or name.lower() in known or name in found:
            continue
        if name.lower().rstrip("s") in known:  # "CNNs" when the paper says "CNN"
            continue
        found.append(name)
    return found


#: An edit that describes the paper from outside instead of changing it: "The paper presents …", "In this paper,
#: the authors propose …", "The authors show …", "Our paper provides a new perspective …" (a new-user trial, session
#: 21: offered with Accept enabled; "our work" and "our study" open real edits, so only the document's own names).
#: Papers say "we".
_SUMMARY = re.compile(
    r"^\W*(?:(?:the|this) (?:paper|article|work|study|manuscript|submission)|our (?:paper|article|manuscript|"
    r"submission))\s+(?:also |now |then |further |mainly |"
    r"first |finally )?(?:\w+s|is|has)\b|^\W*in (?:the|this) (?:paper|article|work|study|manuscript),? the authors\b"
    r"|\bthe authors (?:\w+\s+){0,2}?(?:present|propose|introduce|describe|discuss|investigate|study|explore|show|"
    r"focus|address|claim|argue|use|evaluate|report|provide|consider|have|do|did|should|could|would|need)\w*\b",
    re.IGNORECASE,
)


def summary_opening(text: str) -> str | None:
    """The words that make ``text`` a summary of the paper rather than an edit to it, or ``None``."""
    m = _SUMMARY.search(placeholders.strip(text))
    return " ".join(m.group(0).split()).strip(" ,.") if m else None


#: A sentence that asserts a property or a limitation ("Theorem 2 does not hold for non-convex losses", "prior
#: methods fail to scale", "the bound is tight"): its content words must come from the paper or the comment.
_PROPERTY = re.compile(
    r"\b(?:fail(?:s|ed)? (?:to|for|on|when|under)|cannot|can ?not|unable to|suffers? from|(?:is|are) limited|lacks?|does not hold|"
    r"do not hold|holds? (?:only )?(?:for|when|if|under)|(?:is|are) (?:not )?(?:guaranteed|convex|concave|"
    r"monotone|unbiased|biased|consistent|tight|optimal|stable|unstable|invariant|equivariant|robust|sensitive|"
    r"bounded|unbounded|differentiable|linear|exact|scalable|intractable|restricted|known to)|guarantees?|ensures?|"
    r"requires?|only (?:works?|applies)|(?:do|does) not (?:scale|generali[sz]e|converge|apply|work|handle|capture|"
    r"account)|ignores?|neglects?|overlooks?)\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[a-z][a-z\-]+")
_COMMON = frozenset(
    "the and for with that this these those from into onto which while when where what there their they them than "
    "then have has had been being were was are is not also such only more most less very much many both each other "
    "some any all can could would should will may might must does did done doing our ours we us it its of to in "
    "on by as at or an a be no nor so if however thus hence therefore moreover further since because although "
    "though whereas prior previous existing methods method approaches approach work works models model result "
    "results case cases way ways one two new well use used using uses make makes made need needs hold holds fail "
    "fails failed cannot unable suffer suffers limited lack lacks guarantee guarantees ensure ensures require "
    "requires only apply applies scale ignore ignores neglect neglects overlook overlooks known".split()
)


def _stem(word: str) -> str:
    for suffix in ("ies", "ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def unsupported_properties(text: str, context: str, least: int = 2, share: float = 0.4) -> list[str]:
    """Sentences of ``text`` that assert a property or limitation with ``least`` or more content words found
    nowhere in ``context`` (the paper and the comment), ``share`` of its content words or more; each as its new
    words. (A real paper's sentence brings a word or two of its own; an invented property brings its subject.)"""
    known = {_stem(w) for w in _WORD.findall(context.lower())}
    found = []
    for s in _SENTENCE.finditer(placeholders.strip(text)):
        sentence = s.group(0)
        if not _PROPERTY.search(sentence):
            continue
        content = [w for w in dict.fromkeys(_WORD.findall(sentence.lower())) if len(w) > 3 and w not in _COMMON]
        new = [w for w in content if _stem(w) not in known]
        if len(new) >= least and len(new) >= share * len(content):
            found.append(", ".join(new))
    return found
