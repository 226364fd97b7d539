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
