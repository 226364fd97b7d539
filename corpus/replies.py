"""What an answer says about the paper, for the training part's comments the distant labels leave unlinked.

The distant labeller (``corpus.distant``) links a point to an edit only when the answer quotes new text or names a
change that shares words with an edit; a point it leaves unlinked is either answered in the letter only (a *sure*
negative: "we respectfully disagree", an explanation) or answered by a change the labeller could not find (the
answer says "Amended as suggested", "We have cut this passage", "The sentence was reworded"). The second kind is
not a negative; fitting and choosing status bands on it as one teaches a model that answered comments are not.

``reply_kind`` sorts an answer into ``change`` (it states a change), ``elsewhere`` (thanks for a summary, "see our
response to point 2.9", an empty or list-only reply: nothing to learn from) or ``none`` (no change stated).
``unsure_comments`` names the unlinked comments of distant-labelled revisions whose answer is not ``none``. A
revision labelled by hand (``kind`` ``checked``, or ``hand`` on the training part) has none: every comment's answer
was read, so an unlinked one is a sure "not addressed" for the paper (``response only``, ``outside the units``,
``claimed, no edit found``), as on the checked part.

The patterns widen ``corpus.distant``'s change verbs; they were written while reading the training part's
unlinked answers only (demes, what-is-an-ARG r1/r2, vcfzarr, phylo r1/r2, imblearn, metriclearn, arc, cwlprov,
resex), never a checked revision.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from corpus.distant import _CHANGE, _NO_CHANGE
from engine.align.letter import MORE_CHANGE

_MORE_CHANGE = MORE_CHANGE  # kept in the engine's letter reader (engine.align.letter)
_ELSEWHERE = re.compile(
    r"^\W*(?:thank|we thank|we are (?:delighted|glad|grateful|happy))|"
    r"see (?:our |the )?(?:previous )?(?:response|reply|answer)|^\s*(?:\\begin\{(?:itemize|enumerate)\})?\s*$", re.I)
_WRAPPERS = re.compile(r"\\end\{reply\}|\\textbf\{Response:\}|\\bre\b|\\\\")


def states_change(reply: str) -> bool:
    return bool(_CHANGE.search(reply) or _MORE_CHANGE.search(reply))


def reply_kind(reply: str) -> str:
    """``change``, ``elsewhere`` or ``none`` (see the module's docstring)."""
    text = _WRAPPERS.sub(" ", reply).strip()
    if _NO_CHANGE.search(text) and not states_change(text):
        return "none"
    if states_change(text):
        return "change"
    if _ELSEWHERE.search(text) and len(text.split()) < 40:
        return "elsewhere"
    return "none"


def unsure_comments(entries: list[dict], cache: Path, folder: Path | None = None) -> set[str]:
    """Gold comment ids (``<revision>/<comment>``) of distant-labelled comments without a link whose answer states
    a change or answers elsewhere: neither answered by a known edit nor surely unanswered."""
    from corpus.labels import LABELS, read_labels

    out: set[str] = set()
    for entry in entries:
        labels = read_labels(entry["id"], folder or LABELS)
        pfile = Path(cache) / entry["id"] / "points.json"
        if labels is None or labels.get("kind") != "distant" or not pfile.exists():
            continue
        replies = {tuple(p["lines"]): p["reply"] for p in json.loads(pfile.read_text(encoding="utf-8"))
                   if p.get("lines")}
        linked = {x["comment"] for x in labels["links"]}
        for c in labels["comments"]:
            if c["id"] not in linked and reply_kind(replies.get(tuple(c["lines"]), "")) != "none":
                out.add(f"{entry['id']}/{c['id']}")
    return out
