"""Actionable comments from reviews.

A comment is something the authors can act on: a request, a question, or a
criticism that implies a change. Summaries, praise, verdicts, score lines,
references and pleasantries are not. Each review is cut into sentence units
(``units``); a logistic regression fitted on DISAPERE's train split
(``classify``: MiniLM embedding plus cue features, or words plus cues when no
encoder can run) gives each unit a calibrated probability of being actionable
and a fine type; units above the threshold chosen by cross-validation inside
train become comments. Adjacent picked sentences of one paragraph or list
item that form one request (a lead-in and its question, "This ..." that goes
on) are merged into one comment. ``refine`` adds an optional LLM pass.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import numpy as np

from engine.reviews import cues
from engine.reviews.classify import CommentModel, shipped_model
from engine.reviews.cues import ARROW, NEGATIVE, SUMS_UP, TYPO, VERDICT, action_of, asks_for_references, read_cues
from engine.reviews.encoder_model import CommentEncoder, comment_encoder
from engine.reviews.keyed import keyed_paragraphs, keyed_pick, keyed_review
from engine.reviews.language import is_english
from engine.reviews.model import Review, ReviewComment
from engine.reviews.parse import EDITOR
from engine.reviews.points import merge_leaning
from engine.reviews.segment import (ITEM_WORDS, follow_up, item_words, link_context, linked, location_before,
                                   location_ends_point, location_only, next_request, quote_only, REFERS_BACK,
                                   same_point, setup_context, trailing, typo_lead, typo_list, unpicked_items,
                                   PLACE_FLOOR, place_note)
from engine.reviews.units import SentenceUnit, review_units

_ANAPHORA = re.compile(r"^(?:this|it|these|they|such|that|thus|therefore|hence|so|in particular|in this case|"
                       r"for (?:example|instance)|e\.g\.|specifically|moreover|also|in addition|and|but|or)\b", re.I)
#: A follow-up that points back in its first words ("Please explain why.", "Does it need ...?").
_BACK = re.compile(r"\b(?:it|this|these|those|them|they|why)\b[.?]?$|^(?:please )?(?:\w+ )?(?:it|this|these|them)\b", re.I)
#: A sentence that names the topic of what follows: "My main concern is the evaluation metric.", "Another issue
#: regards the baselines." The next sentence of its paragraph goes on the same comment.
_TOPIC = re.compile(r"^(?:(?:my|one|another|the|a) )?(?:(?:main|major|biggest|key|first|second|third|last|final|other|"
                    r"minor|remaining|only|general) )*(?:concern|issue|question|problem|comment|point|criticism|"
                    r"weakness|complaint|limitation|doubt)s? (?:is|are|regards|concerns|relates to|is about|lies in|"
                    r"has to do with)\b(?! that\b| whether\b| how\b| why\b)[^?]*$", re.I)
#: At most this many words: a topic names its subject ("... is the evaluation metric."); a longer one states the
#: problem itself ("The main weakness is that the method does not scale to large graphs.").
TOPIC_WORDS = 10
_NUMBERED = re.compile(r"^(?:reviewer|referee|review)\s*#?\s*(\d{1,3})$", re.I)
_ENCODER_FAILED: list[str] = []
#: A request in so many words or a typo note (``Cues.explicit``) is a comment from this probability up, below the
#: model's threshold; chosen in cross-validation on DISAPERE train (docs/comments.md).
EXPLICIT_FLOOR = 0.15
#: Criticism that implies a change without a request word (``Cues.implied``: outdated or duplicated references, a
#: better title, a related method with its citation, a problem with the statistics) is a comment from here up.
IMPLIED_FLOOR = 0.2
#: A request (``Cues.request``: "should", "would help", an imperative ...) is a comment from here up (round eleven,
#: chosen on the corpus's training part and DISAPERE train out of fold, docs/comments.md).
REQUEST_FLOOR = 0.45
Model = CommentModel | CommentEncoder


def minilm_encoder(**overrides: Any) -> Any:
    """The encoder the shipped model was fitted on: the embedded MiniLM in int8, never the user's own."""
    from engine.models.factory import open_model
    from engine.settings import Settings

    return open_model("encoder", Settings(), precision="int8", **overrides)


def default_model(encoder: Any = None) -> tuple[Model, Any]:
    """The model to extract with, and the sentence encoder it needs (``None`` when it needs none).

    The default (``encoder=None``) is the fine-tuned comment encoder blended with the words-and-cues model
    when ``resources/models/comments/encoder.onnx`` is shipped (``encoder_model``; it is: out of fold on DISAPERE
    train it scores 80.6 F1 against 77.4 for the words model, see docs/comments.md), read only where the words
    model is unsure or a sentence asks in so many words; else the words-and-cues model. ``encoder="lexical"`` asks for the words-and-cues model,
    ``encoder="minilm"`` (or an encoder object) for the older frozen-MiniLM blend (the words model when the
    encoder cannot load).
    """
    if encoder is None:
        fine_tuned = comment_encoder()
        return (fine_tuned if fine_tuned is not None else shipped_model("lexical")), None
    if encoder == "lexical":
        return shipped_model("lexical"), None
    if encoder == "minilm":
        if _ENCODER_FAILED:
            return shipped_model("lexical"), None
        try:
            encoder = minilm_encoder()
        except Exception as err:  # noqa: BLE001 - any failure to load falls back to the lexical model
            _ENCODER_FAILED.append(str(err))
            return shipped_model("lexical"), None
    return shipped_model("minilm"), encoder


def score_units(
    per_review: list[list[SentenceUnit]], model: Model, encoder: Any = None,
) -> list[tuple[np.ndarray, list[str]]]:
    """``(probabilities, fine types)`` for each review's units, embedding every unit in one call."""
    per_review = [[_scoring_view(u) for u in units] for units in per_review]
    if isinstance(model, CommentEncoder):
        return _score_with_encoder(per_review, model)
    flat = [u for units in per_review for u in units]
    embeddings = None
    if model.uses_encoder:
        texts = [u.text for u in flat]
        embeddings = encoder.encode(texts) if texts else np.zeros((0, 384), dtype=np.float32)
    blend = model.meta.get("ensemble") if model.uses_encoder else None
    other = shipped_model(blend["with"]) if blend and blend["weight"] < 1 else None
    out = []
    pos = 0
    for units in per_review:
        emb = embeddings[pos : pos + len(units)] if embeddings is not None else None
        prob, fine = model.predict(units, emb)
        pos += len(units)
        if other is not None:  # the average with the lexical model, weighted as chosen on train
            prob = blend["weight"] * prob + (1 - blend["weight"]) * other.predict(units)[0]
        out.append((prob, fine))
    return out


def _score_with_encoder(per_review: list[list[SentenceUnit]], model: CommentEncoder) -> list[tuple[np.ndarray, list[str]]]:
    """The words model scores every unit; the fine-tuned encoder reads only the units whose words-model
    probability lies in its band (``encoder.json`` ``band``, chosen out of fold on train), and every request in
    so many words ("Please ...", "I suggest ...": ``Cues.explicit``), whatever the words model says: it puts a
    review's opening request low, as if it were the summary that opens most reviews. There the two
    probabilities are averaged with the weight chosen on train. Fine types are the words model's unless
    ``fine_from`` (chosen there too) names the encoder's head."""
    words = model.words if model.words is not None else shipped_model(model.blend_with)
    scored = [words.predict(units) for units in per_review]
    flat = [u for units in per_review for u in units]
    prob = np.concatenate([p for p, _ in scored]) if flat else np.zeros(0)
    lo, hi = model.band
    explicit = np.array([read_cues(u.text).explicit for u in flat], dtype=bool)
    explicit |= np.array([read_cues(u.text).implied for u in flat], dtype=bool)
    ask = np.flatnonzero(((prob >= lo) & (prob <= hi)) | explicit)
    fine = [f for _, fines in scored for f in fines]
    if len(ask):
        read, read_fine = model.predict([flat[i] for i in ask])
        prob[ask] = model.weight * read + (1 - model.weight) * prob[ask]
        if model.meta.get("fine_from") == "encoder":  # else the words model's, as chosen on train
            for i, f in zip(ask, read_fine):
                fine[i] = f
    out, pos = [], 0
    for units in per_review:
        out.append((prob[pos : pos + len(units)], fine[pos : pos + len(units)]))
        pos += len(units)
    return out


def _scoring_view(u: SentenceUnit) -> SentenceUnit:
    """A fragment list item ("an ImageNet baseline") is read with its lead-in ("The paper is missing:")."""
    if u.is_item and u.index == 0 and _needs_context(u.lead_in, u.text):
        return replace(u, text=f"{u.lead_in} {u.text}")
    return u


#: A form's answer on its rating scale, then the reviewer's words ("Fair - Even with the changes, the contribution
#: is unlikely to be significant enough.").
_RATING = re.compile(r"^\W*(?:excellent|very good|good|fair|poor|weak|average|acceptable|adequate|satisfactory|"
                     r"marginal)\s*[-\u2013\u2014:]\s+(?P<rest>\S.*)$", re.I)


def _verdict_only(text: str) -> bool:
    """"I recommend acceptance.", "Thanks for the response.", "Lacks novelty.", a rating on a form's scale with
    nothing to act on after it ("Fair - the contribution is unlikely to be significant enough."), a statement that
    sums up the review ("The draft shows many errors and is not yet fit for publication."): nothing to act on."""
    rating = _RATING.match(text)
    if rating:
        r = read_cues(rating.group("rest"))
        if not (r.request or r.question or r.negative or r.weak or r.soft or r.explicit or r.implied):
            return True
    c = read_cues(text)
    if c.vague and not (c.request or c.question):  # "Lacks novelty." names no change to make
        return True
    if SUMS_UP.search(text) and not (c.request or c.question or c.explicit):  # "... not yet fit for publication."
        return True
    if not c.verdict or c.question or len(text.split()) > 12:
        return False
    return not c.negative or not NEGATIVE.search(VERDICT.sub(" ", text))  # "I recommend a weak accept."


def picked(text: str, prob: float, threshold: float) -> bool:
    """Whether a unit scored ``prob`` is a comment: above the threshold, above ``REQUEST_FLOOR`` when it holds a
    request word ("The runtime should be reported."), above ``EXPLICIT_FLOOR`` when it asks
    in so many words or is a bare follow-up question ("Why?", "Which one?": it carries the sentence before it as
    context, ``segment.link_context``), or above ``segment.PLACE_FLOOR`` when it is a note at a place that names a
    problem or asks ("Lines 12-15: this sentence is unclear.", ``segment.place_note``); never praise alone ("It
    is nice that the authors ...") nor a bare verdict."""
    c = read_cues(text)
    if c.praise_only or _verdict_only(text):
        return False
    return (prob >= threshold or (c.request and prob >= REQUEST_FLOOR)
            or ((c.explicit or c.question and follow_up(text)) and prob >= EXPLICIT_FLOOR)
            or (c.implied and not c.question and prob >= IMPLIED_FLOOR)
            or (prob >= PLACE_FLOOR and place_note(text)))


#: Words past which a question or request with an arrow in it is more than a note on wording.
NOTE_WORDS = 12


def _asks_more(text: str) -> bool:
    """A question, request or criticism longer than a note: an arrow in it is notation ("the best D → L model")."""
    c = read_cues(text)
    return (c.question or c.request or c.negative) and len(text.split()) > NOTE_WORDS


def checked_type(text: str, fine: str) -> str:
    """The fine type a comment is shown with: the model's, except that a comment naming a typo, a misspelling or
    a replacement ("A" -> "B") is a typo whatever the model says, and a question that names none is not
    (a typo comment can be answered by a spelling fix alone, see ``engine.align.cues``). Measured out of fold
    on DISAPERE train, docs/comments.md."""
    if TYPO.search(text) or ARROW.search(text) and not _asks_more(text):
        return "typo"
    if fine == "typo" and text.rstrip(" )\"'").endswith("?"):
        return "explanation"  # what most questions ask for in DISAPERE train
    return "edit" if cues.CITATION_EDIT and fine != "typo" and asks_for_references(text) else fine  # cites: an edit


def model_threshold(model: Model) -> float:
    """The decision threshold of ``model`` (of its blend with the lexical model when it has one)."""
    if isinstance(model, CommentEncoder):
        return model.threshold
    blend = model.meta.get("ensemble") if model.uses_encoder else None
    return float(blend["threshold"]) if blend else model.threshold


def prefixes(reviews: list[Review]) -> list[str]:
    """Comment id prefixes: a reviewer's own number when every review is numbered ("Reviewer 2" -> R2), else the
    order; the editor's letter (``parse.EDITOR``) is E and takes no reviewer's number."""
    editor = [r.reviewer == EDITOR for r in reviews]
    numbers = [_NUMBERED.match(r.reviewer.strip()) for r, e in zip(reviews, editor) if not e]
    if all(numbers) and len({m.group(1) for m in numbers}) == len(numbers):
        ids = iter(f"R{int(m.group(1))}" for m in numbers)
    else:
        ids = iter(f"R{i}" for i in range(1, len(numbers) + 1))
    return ["E" if e else next(ids) for e in editor]


def _joins(prev: SentenceUnit, cur: SentenceUnit, long_item: bool = False) -> bool:
    """True when ``cur`` goes on the comment that ends with ``prev`` (one request over two sentences); in a long
    list item (``long_item``) as between sentences of running text."""
    if prev.block != cur.block:
        return False
    if cur.is_item and not long_item:  # a list item is the reviewer's own unit: its picked sentences, one comment
        return True
    p = prev.text.rstrip()
    head = " ".join(cur.text.split()[:4])
    return (p.endswith(":") or _is_topic(p) or _problem_then_request(p, cur.text) or bool(_ANAPHORA.match(cur.text))
            or bool(_BACK.search(head)) or follow_up(cur.text) or linked(cur.text) or quote_only(p))


def _problem_then_request(prev: str, cur: str) -> bool:
    """A problem stated without a request ("The t-SNE plot in Figure 3 is only qualitative.", "The shades of blue
    in panel b aren't easily separated by eye.") and the request that follows it ("I suggest trying more diverging
    hues."): one comment. Both are picked, so the statement is criticism, with or without a negative word."""
    p, c = read_cues(prev), read_cues(cur)
    return not (p.request or p.question or p.explicit) and (c.request or c.explicit)


def _is_topic(text: str) -> bool:
    return len(text.split()) <= TOPIC_WORDS and bool(_TOPIC.match(text.rstrip()))


def _after_topic(units: list[SentenceUnit], group: list[int], k: int) -> bool:
    """True when ``units[k]`` closes the comment a named concern opened ("My main concern is the metric."),
    at most two sentences of its paragraph after it: those sentences (the reasons) join it too."""
    first, last = units[group[0]], group[-1]
    return (_is_topic(first.text) and 0 < k - group[0] <= 3 and k > last
            and all(units[j].block == first.block and not units[j].skip for j in range(last + 1, k + 1)))


def _from_topic(units: list[SentenceUnit], groups: list[list[int]], k: int) -> list[int]:
    """The new comment ``units[k]`` opens, reaching back to a named concern at most three sentences before it in
    its paragraph, whether or not the model picked that lead-in (its score alone used to decide, and it sat at the
    threshold: the comment lost its topic on some CPUs)."""
    taken = groups[-1][-1] if groups else -1
    if location_before(units, k, taken):  # "p7, line 203-205. Several of these papers ..."
        return [k - 1, k]
    for j in range(k - 1, max(k - 4, taken, -1), -1):
        if units[j].block != units[k].block or units[j].skip:
            break
        if _is_topic(units[j].text):
            return list(range(j, k + 1))
    return [k]


#: The reviewer speaking of themselves ("Unfortunately I did not have time to check the proofs."): no context.
_FIRST_PERSON = re.compile(r"^\W*(?:\w+,?\s+)?(?:I|I'm|I've|my)\b")


def _criticism(text: str) -> bool:
    """A stated problem about the paper, no request or question ("… but misses recent work on X.")."""
    c = read_cues(text)
    return (c.negative or c.weak or c.soft) and not (c.request or c.question) and not _FIRST_PERSON.match(text)


def _needs_context(lead: str, text: str) -> bool:
    return bool(lead) and (len(text.split()) < 6 or text[:1].islower())


def _long(units: list[SentenceUnit], u: SentenceUnit) -> bool:
    """Whether ``u``'s list item is long enough to hold several requests (``segment.next_request``)."""
    return item_words(units, u.block) > ITEM_WORDS


def build_comments(
    review: Review, prefix: str, units: list[SentenceUnit], prob: np.ndarray, fine: list[str], threshold: float,
    item_floor: float | None = None,
) -> list[ReviewComment]:
    """The comments of one review from its scored units; ``item_floor``: every list item no comment holds whose best
    sentence scores that much is one (0: every item, for a review not in English; None: ``segment.ITEM_FLOOR``)."""
    groups: list[list[int]] = []
    many = keyed_review(units)  # a list of notes keyed by line or page (``keyed``)
    for k, u in enumerate(units):
        if not u.skip and location_only(u.text):  # a place alone ("p7, line 203-205."): no comment of its own
            if groups and location_ends_point(units, groups[-1], k):
                groups[-1].append(k)  # it ends the paragraph: where the point before it is
            continue  # else it opens the comment of the sentence after it (``_from_topic``)
        if u.skip or not (picked(u.text, float(prob[k]), threshold) or keyed_pick(u.text, float(prob[k]), many)):
            continue
        if groups and typo_list(units, groups[-1], k):  # "A few typos: - p. 2 ... - p. 5 ...": one point
            groups[-1].append(k)
        elif (groups and groups[-1][-1] == k - 1 and (_joins(units[k - 1], u) or same_point(units, groups[-1], k))
                and not next_request(units, groups[-1], k, _joins(units[k - 1], u, long_item=True))):
            groups[-1].append(k)
        elif groups and _after_topic(units, groups[-1], k):  # "My main concern is X. <why>. <request>"
            groups[-1].extend(range(groups[-1][-1] + 1, k + 1))
        elif (groups and groups[-1][-1] < k - 1 and same_point(units, groups[-1], k)
              and not next_request(units, groups[-1], k, False)):
            groups[-1].append(k)  # the same short paragraph's point, past a sentence that is no comment
        else:
            groups.append(_from_topic(units, groups, k))
    taken = {k for group in groups for k in group}
    starts = frozenset(group[0] for group in groups)
    for group in groups:  # the reason or example after a request in its short paragraph (``segment.trailing``)
        more = trailing(units, group, taken, prob, starts)
        group[:] = sorted(group + more)
        taken.update(more)
    more = unpicked_items(units, taken, prob, item_floor)
    groups = sorted(groups + more, key=lambda g: g[0])  # an item never left out
    groups = keyed_paragraphs(units, groups)  # a paragraph that opens on a line or page is one point
    out = []
    for n, group in enumerate(groups, start=1):
        first, last = units[group[0]], units[group[-1]]
        text = " ".join(units[k].text for k in group)
        before = units[group[0] - 1] if group[0] > 0 else None
        context = ""
        if first.is_item and first.index == 0 and (_needs_context(first.lead_in, text) or typo_lead(first.lead_in)):
            context = first.lead_in
        elif first.is_item and first.index > 0 and group[0] - 1 in taken and _long(units, first):
            context = units[group[0] - first.index].text  # a long point's next request keeps the point's opening
        elif first.index > 0 and before is not None and before.text.rstrip().endswith(":"):
            context = before.text  # "Two questions:" before a picked question
        elif (first.index > 0 and before is not None and group[0] - 1 not in taken and not before.skip
              and REFERS_BACK.search(first.text) and _criticism(before.text)):  # index > 0: the same block
            # a comment that refers back to a problem no comment holds carries it ("… misses recent work on X."
            # before "Discuss how it relates to these efforts.": a new-user trial's reached the aligner without it)
            context = before.text
        elif first.index > 0:  # "The method relies on a fixed temperature." before "Why this value?" or "If so, ..."
            context = link_context(units, group[0], taken) or setup_context(units, group[0], taken, prob)
        full = f"{context} {text}".strip()
        best = max(group, key=lambda k: prob[k])
        kind = checked_type(full, fine[best])
        cues = [read_cues(units[k].text) for k in group]
        direct = any(c.request or c.question or c.negative or c.explicit for c in cues)
        out.append(ReviewComment(
            id=f"{prefix}.{n}", reviewer=review.reviewer, text=text, context=context, action=action_of(full),
            directness="direct" if direct else "indirect", span=(first.start, last.end),
            section=" > ".join(h for h in (first.section, first.label) if h),  # "Weaknesses > Typos"
            fine_type=kind, confidence=round(float(prob[best]), 3),
        ))
    return merge_leaning(units, out)  # a piece that leans on the one before is the same point (``points``)


def extract_comments(
    reviews: list[Review], *, model: Model | None = None, encoder: Any = None,
    threshold: float | None = None,
) -> list[ReviewComment]:
    """Actionable comments of all ``reviews``; ids ``R<reviewer>.<n>`` in reading order.

    ``encoder=None`` uses the fine-tuned encoder blended with the words-and-cues model (the default, see
    ``default_model``); ``encoder="lexical"`` the words-and-cues model; ``encoder="minilm"`` the frozen-MiniLM
    blend (the words model when it cannot load).
    """
    if model is None:
        model, encoder = default_model(encoder)
    per_review = [review_units(r) for r in reviews]
    scored = score_units(per_review, model, encoder)
    cut = model_threshold(model) if threshold is None else threshold
    out: list[ReviewComment] = []
    for review, prefix, units, (prob, fine) in zip(reviews, prefixes(reviews), per_review, scored):
        # a review not in English: the English cues cannot score it, so each of its points is a comment (trial28)
        out.extend(build_comments(review, prefix, units, prob, fine, cut, None if is_english(review.text) else 0.0))
    return out
