"""Scoring comment extraction against DISAPERE-format sentence labels.

The definition is the one of ``../shared/tools/score_comments.py``, exactly:
each forum's reviews are written as one Markdown file (``# Reviews: title``,
then ``## Reviewer N`` headings); a gold sentence with at least three words of
3+ letters counts as extracted when one comment (its text plus its context)
holds at least 60% of those words. Recall is over ``arg_request`` sentences;
precision also accepts negative evaluative sentences (criticism).

Fine types are scored at sentence level: each gold request sentence (and each
negative evaluative one, as ``criticism``) takes the fine type of the comment
that covers it best (none when no comment covers it), and the macro-F1 runs
over the types present in the gold.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

from engine.errors import InputError

#: DISAPERE's fine review actions, as Redraft names them.
FINE_OF = {
    "arg-request_experiment": "experiment", "arg-request_explanation": "explanation",
    "arg-request_edit": "edit", "arg-request_typo": "typo", "arg-request_clarification": "clarification",
    "arg-request_result": "result",
}
COVER = 0.6
_WORD = re.compile(r"[a-z]{3,}")


def words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


class Held(NamedTuple):
    """How comments hold one gold sentence: its words, each comment's share of them, the best comment (-1: none),
    whether that one holds ``COVER`` of them, whether the sentence is a request (recall's), and whether it is one
    precision accepts (a request or a negative evaluative sentence)."""

    words: set[str]
    shares: list[float]
    best: int
    got: bool
    gold: bool
    ok: bool


def held(sentence: dict[str, Any], comment_words: list[set[str]]) -> Held | None:
    """``Held`` for a gold sentence against the comments' words (text plus context); None under three words."""
    w = words(sentence["text"])
    if len(w) < 3:
        return None
    shares = [len(w & c) / len(w) for c in comment_words]
    best = max(range(len(shares)), key=shares.__getitem__) if shares else -1
    gold = sentence["review_action"] == "arg_request"
    ok = gold or (sentence["review_action"] == "arg_evaluative" and sentence.get("polarity") == "pol_negative")
    return Held(w, shares, best, best >= 0 and shares[best] >= COVER, gold, ok)


def gold_fine(sentence: dict[str, Any]) -> str:
    """The fine type a gold sentence asks for ("" when it is not actionable)."""
    if sentence.get("review_action") == "arg_request":
        return FINE_OF.get(sentence.get("fine_review_action", ""), "")
    if sentence.get("review_action") == "arg_evaluative" and sentence.get("polarity") == "pol_negative":
        return "criticism"
    return ""


def read_forums(path: str | Path) -> list[tuple[str, list[dict[str, Any]]]]:
    """``(forum_id, reviews)`` in forum order, as the scorer groups them."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"no such file: {path}")
    forums: dict[str, list[dict[str, Any]]] = defaultdict(list)
    try:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                r = json.loads(line)
                forums[r["forum_id"]].append(r)
    except (json.JSONDecodeError, KeyError, TypeError) as err:
        raise InputError(f"{path.name} is not DISAPERE-format JSON lines (line {n}: {err})") from None
    if not forums:
        raise InputError(f"{path.name} holds no reviews")
    return sorted(forums.items())


def forum_markdown(reviews: list[dict[str, Any]]) -> str:
    """The reviews file the scorer writes for one forum."""
    parts = [f"# Reviews: {reviews[0].get('title', '')}\n\n"]
    parts += [f"## Reviewer {i}\n\n{r['text']}\n\n" for i, r in enumerate(reviews, 1)]
    return "".join(parts)


def score_forums(
    forums: Iterable[tuple[str, list[dict[str, Any]]]], extract: Callable[[str], list[dict[str, Any]]],
    pairs: list[tuple[int, str, str]] | None = None,
) -> dict[str, Any]:
    """Figures for ``extract`` (Markdown text -> comment dicts with ``text``, ``context``, ``fine_type``).
    ``pairs``, when given, receives each typed gold sentence's ``(forum number, gold type, predicted type)``
    (predicted "" when no comment covers it): what the fine-type macro-F1 is formed from."""
    tp = fp = fn = kept = 0
    per_review: list[float] = []
    fine_pairs: list[tuple[str, str]] = []
    n_forums = 0
    for _, reviews in forums:
        n_forums += 1
        comments = extract(forum_markdown(reviews))
        per_review.append(len(comments) / len(reviews))
        ctoks = [words(c.get("text", "") + " " + (c.get("context") or "")) for c in comments]
        for r in reviews:
            for s in r["sentences"]:
                h = held(s, ctoks)
                if h is None:
                    continue
                best, got, gold, ok = h.best, h.got, h.gold, h.ok
                if got and ok:
                    tp += gold
                    kept += 1
                elif got:
                    fp += 1
                if gold and not got:
                    fn += 1
                truth = gold_fine(s)
                if truth:
                    fine_pairs.append((truth, comments[best].get("fine_type", "") if got else ""))
                    if pairs is not None:
                        pairs.append((n_forums - 1, *fine_pairs[-1]))
    prec = 100 * kept / (kept + fp) if kept + fp else 0.0
    rec = 100 * tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * prec * rec / (prec + rec) if prec + rec else 0.0
    return {
        "precision": round(prec, 1), "recall": round(rec, 1), "f1": round(f1, 1), "requests": tp + fn,
        "extracted_ok": kept, "extracted_wrong": fp, "forums": n_forums,
        "comments_per_review": round(sum(per_review) / max(1, len(per_review)), 2),
        "fine_macro_f1": round(fine_macro_f1(fine_pairs), 3),
        "fine_per_type": {k: round(v, 3) for k, v in fine_f1_per_type(fine_pairs).items()},
    }


def fine_f1_per_type(pairs: list[tuple[str, str]]) -> dict[str, float]:
    """F1 of each gold type of ``(gold, predicted)`` pairs ("" predicted = missed), in name order."""
    scores = {}
    for label in sorted({g for g, _ in pairs}):
        tp = sum(g == label and p == label for g, p in pairs)
        fp = sum(g != label and p == label for g, p in pairs)
        fn = sum(g == label and p != label for g, p in pairs)
        scores[label] = 2 * tp / (2 * tp + fp + fn) if tp else 0.0
    return scores


def fine_macro_f1(pairs: list[tuple[str, str]]) -> float:
    """Macro-F1 over the gold types of ``(gold, predicted)`` pairs ("" predicted = missed)."""
    scores = fine_f1_per_type(pairs)
    return sum(scores.values()) / len(scores) if scores else 0.0
