"""Distant labels from the response letters (training part only).

For each quoted reviewer point the letter answers, links to the revision's edits come from what the answer
says, in this order:

- ``high``: the answer quotes new text (a quote environment, a quoted string, an emphasised or Markdown-quoted
  passage of 8 words or more) and at least half of the quote's word 4-grams are in one edit's new text;
- ``medium``: the answer says the paper changed (a change verb: added, rewrote, clarified, removed, ...) and an
  edit's changed words share at least ``MIN_SHARED`` distinct content words with the point and its answer (two of
  them from the point itself), weighted by rarity in this revision; the best ``MAX_MEDIUM`` such edits scoring at
  least half the best one's;
- ``medium``: the point quotes the draft (a quoted string of 3 words or more) and the answer says it changed:
  the edits whose old text holds the quote;
- no link when the answer states no change ("we respectfully disagree", "future work") or none fits: the point
  is then answered in the response only, or not found.

Rules are general, written before reading any label; they were never fitted on the checked part.
"""

from __future__ import annotations

import math
import re
from collections import Counter

from corpus.letters import span_hash
from engine.align.letter import CHANGE
from corpus.units import BuiltRevision, edit_key

MIN_SHARED = 3
MAX_MEDIUM = 3
MIN_SCORE = 6.0
_CHANGE = CHANGE  # the engine's letter reader reads the same change verbs (engine.align.letter)
_NO_CHANGE = re.compile(r"respectfully disagree|beyond the scope|future work|we (?:do not|don't) (?:think|agree|believe)|"
                        r"prefer (?:not|to keep)|left (?:it|this) (?:as is|unchanged)", re.I)
_STOP = set("""a about above after again against all also an and any are as at be because been before being below between
both but by can could did do does doing down during each few for from further had has have having he her here hers him
his how i if in into is it its itself just me more most my no nor not now of off on once only or other our ours out over
own same she should so some such than that the their theirs them then there these they this those through to too under
until up very was we were what when where which while who whom why will with would you your paper authors author reviewer
section figure table page line lines thank thanks think also however may might must one two use used using well""".split())
_QUOTES = [re.compile(p, re.S) for p in (
    r"\\begin\{quote\}(.*?)\\end\{quote\}", r"\\begin\{quotation\}(.*?)\\end\{quotation\}", r"``(.*?)''",
    r"\u201c(.*?)\u201d", r"\"([^\"]{40,}?)\"", r"\\(?:emph|textit|textcolor\{[a-z]+\})\{([^{}]{40,})\}",
    r"((?:^>.*\n?)+)")]


def _latex_words(text: str) -> list[str]:
    text = re.sub(r"\\(?:cite[pt]?|ref|eqref|label|url|href)\*?(?:\[[^\]]*\])?\{[^}]*\}", " ", text)
    text = re.sub(r"\\[a-zA-Z]+\*?", " ", text)
    return re.findall(r"[a-z][a-z0-9-]*", text.lower())


def _content(words: list[str]) -> list[str]:
    return [w for w in words if len(w) > 2 and w not in _STOP]


def _grams(words: list[str], n: int = 4) -> set[tuple[str, ...]]:
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


def quotes(reply: str) -> list[list[str]]:
    found = []
    for pat in _QUOTES:
        for m in pat.finditer(reply):
            words = _latex_words(m.group(1))
            if len(words) >= 8:
                found.append(words)
    return found


_OLD_QUOTE = re.compile(r"``(.+?)''|\u201c(.+?)\u201d|\"(.+?)\"", re.S)


def _quoted_old(comment: str, rev: BuiltRevision) -> list:
    """Changed edits whose old text holds a passage the point quotes (3 words or more)."""
    found = []
    for m in _OLD_QUOTE.finditer(comment):
        words = _latex_words(next(g for g in m.groups() if g is not None))
        if len(words) < 3:
            continue
        needle = " ".join(words)
        for e in rev.edits:
            if e.source_text and needle in " ".join(_latex_words(e.source_text)) and e not in found:
                found.append(e)
    return found[:MAX_MEDIUM]


def link_point(comment: str, reply: str, rev: BuiltRevision, idf: dict[str, float]) -> list[dict]:
    links: dict[str, dict] = {}
    new_grams = [(e, _grams(_latex_words(e.target_text))) for e in rev.edits]
    for q in quotes(reply):
        qg = _grams(q)
        for e, g in new_grams:
            share = len(qg & g) / len(qg) if qg else 0.0
            if share >= 0.5 and (edit_key(e) not in links or links[edit_key(e)]["strength"] != "high"):
                links[edit_key(e)] = {"edit": edit_key(e), "strength": "high",
                                      "evidence": f"the response quotes the edit's new text ({share:.0%} of the quote's 4-grams)"}
    verb = _CHANGE.search(reply)
    if verb and not (_NO_CHANGE.search(reply) and not links):
        asked = Counter(_content(_latex_words(comment + " " + reply)))
        point_words = set(_content(_latex_words(comment)))
        scored = []
        for e in rev.edits:
            old, new = e.changed_words()
            words = set(_content(_latex_words(old + " " + new)))
            shared = [w for w in words if w in asked]
            from_point = [w for w in shared if w in point_words]
            score = sum(idf.get(w, 0.0) for w in shared)
            if len(shared) >= MIN_SHARED and len(from_point) >= 2 and score >= MIN_SCORE:
                scored.append((score, e, sorted(shared, key=lambda w: -idf.get(w, 0.0))[:4]))
        for e in _quoted_old(comment, rev):
            links.setdefault(edit_key(e), {"edit": edit_key(e), "strength": "medium",
                                           "evidence": f"the point quotes this edit's old text; the response says "
                                                       f"'{verb.group(0).strip()[:30]}'"})
        scored.sort(key=lambda x: -x[0])
        for score, e, shared in [x for x in scored if x[0] >= 0.5 * scored[0][0]][:MAX_MEDIUM]:
            links.setdefault(edit_key(e), {"edit": edit_key(e), "strength": "medium",
                                           "evidence": f"the response says '{verb.group(0).strip()[:30]}'; changed words shared: "
                                                       + ", ".join(shared)})
    return list(links.values())


def rarity(rev: BuiltRevision) -> dict[str, float]:
    """Inverse document frequency of content words over the revision's edits (both sides)."""
    df: Counter = Counter()
    for e in rev.edits:
        df.update(set(_content(_latex_words(e.source_text + " " + e.target_text))))
    n = max(len(rev.edits), 1)
    return {w: math.log((n + 1) / (c + 0.5)) for w, c in df.items()}


def distant_labels(entry: dict, rev: BuiltRevision, points: list[dict], reviews_md: str) -> dict:
    """The label record for one revision (comments, edits, links), without copying any fetched text."""
    md = reviews_md.split("\n")
    idf = rarity(rev)
    comments, links = [], []
    per_reviewer: Counter = Counter()
    for p in points:
        if not p.get("lines"):
            continue
        per_reviewer[p["reviewer"]] += 1
        cid = f"R{p['reviewer']}.{per_reviewer[p['reviewer']]}"
        a, b = p["lines"]
        text = "\n".join(md[a - 1:b])
        found = link_point(text, p["reply"], rev, idf)
        answered = "edit" if found else ("response only" if p["reply"].strip() else "not answered")
        comments.append({"id": cid, "reviewer": p["reviewer"], "lines": [a, b], "hash": span_hash(text),
                         "answered": answered})
        links += [{"comment": cid, **x} for x in found]
    return {"format": "redraft-corpus-labels", "version": 1, "id": entry["id"], "kind": "distant",
            "method": "corpus.distant (response quotes and change statements; see docs/corpus.md)",
            "comments": comments,
            "edits": [{"id": edit_key(e), "type": e.type.value} for e in rev.edits],
            "links": links}
