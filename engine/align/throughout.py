"""The author's mark "answered throughout the paper" (issue 32, session 29): what it does to a comment's links.

A comment whose answer spans many edits (a rewritten model description, a renamed concept, a proofreading pass) has
its right edits scored low by the link model, and no score finds such comments at better than about 1 in 3
(docs/figures-align.md, sessions 26 and 29). The author knows them: a comment they mark is linked at a threshold of
its own, ``factor`` × the link model's (``link_p`` on the status scale, what the stored scores are compared with),
with no per-comment cap (``engine.align.status.assess_alignment``). Fitted on the training part only
(``resources/models/align/throughout.json``, PROVENANCE.md): with every labelled broad comment marked, pooled link F1
on the training folds reads 40.0 against 37.8; statuses, hit@1 and found do not move. The project keeps the marks
(``engine.project.marks``); this module only says what a mark means.
"""

from __future__ import annotations

import json
from functools import lru_cache

#: Where the mark is written in every view (the Coverage tab, the CSV, the report, the letter, the CLI).
MARK_TEXT = "answered throughout the paper"


@lru_cache(maxsize=1)
def shipped() -> dict:
    """``throughout.json``: ``factor`` (of the link model's raw threshold) and ``link_p`` (its status-scale image)."""
    from engine.resources import resource

    return json.loads(resource("models", "align", "throughout.json").read_text(encoding="utf-8"))


def marked_link_p() -> float:
    """The status-scale threshold at or above which a marked comment's edits are suggested links."""
    return float(shipped()["link_p"])
