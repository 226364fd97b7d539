"""Placement's encoder pass as a job: the tuned encoder reading a draft's paragraphs before a suggestion is placed,
reported and cancellable.

The second stage of the placement model (``engine.generate.rerank``) reads the tuned encoder's cosine of the comment
with every candidate paragraph's sentences. Each sentence's vector is kept in Redraft's embedding cache (SQLite,
keyed by the encoder's weights and the text), so a draft's later suggestions, and the same draft reopened in a new
process, read them back (about 0.1 s) instead of encoding again; only a draft's first suggestion pays (10–14 s for a
journal paper on a loaded 2-core machine, docs/suggest.md). ``read_for_placement`` does that first pass ahead of
``placement.place``: ``Progress`` labelled ``READING`` before each chunk, the cancel token checked between the
encoder's batches, and each chunk stored as it is done (the encoder alone stores a call's vectors only at its end:
a pass cancelled half-way kept nothing). The texts are chunked in the order the encoder batches them (shortest
first, ``CachedEncoder._encode_uncached``) in multiples of its batch, so every batch, and so every vector, is the
one ``place`` would have computed: placement's decisions do not change.
"""

from __future__ import annotations

from typing import Any

from engine.align.embed import encode
from engine.jobs import CancelToken, Job, Progress

#: The progress note while the encoder reads the draft (the CLI's stderr, the app's status bar).
READING = "reading the draft for placement…"
#: Texts per chunk: a multiple of the encoder's batch (32), so the chunks' batches are the encoder's own.
CHUNK = 64
BATCH = 32


def uncached(encoder: Any, texts: list[str]) -> list[str]:
    """The distinct ``texts`` the encoder's embedding cache lacks, in first-seen order (all of them when it has
    no cache)."""
    unique = list(dict.fromkeys(texts))
    cache = getattr(encoder, "cache", None)
    if cache is None or not unique:
        return unique
    found = cache.get_many(encoder.model_key, unique)
    return [t for t in unique if t not in found]


def read_texts(encoder: Any, texts: list[str], cancel: CancelToken | None = None) -> Job[int]:
    """Embed those of ``texts`` the encoder's cache lacks, ``CHUNK`` at a time, each chunk stored as it is done;
    returns how many were embedded (0 with nothing to do, or for an encoder without a cache: it would keep
    nothing, and ``place`` encodes them itself). A single text (a later comment's own) is read without a note."""
    if getattr(encoder, "cache", None) is None:
        return 0
    todo = sorted(uncached(encoder, texts), key=len)  # stable: the encoder's own order
    if len(todo) == 1:  # a later comment of a draft already read: its own text, no note
        encode(encoder, todo, cancel)
        return 1
    for start in range(0, len(todo), CHUNK):
        yield Progress(start, len(todo), READING)
        if cancel is not None:
            cancel.check()
        encode(encoder, todo[start:start + CHUNK], cancel)
    if todo:
        yield Progress(len(todo), len(todo), READING)
    return len(todo)


def placement_texts(comment: Any, document: Any, located: Any = None, encoder: Any = None,
                    reranker: Any = "shipped") -> list[str]:
    """What ``placement.place`` gives the tuned encoder for ``comment``: its text and every candidate paragraph's
    sentences after their section path ([] when the model has no second stage or there is one candidate)."""
    from engine.generate.placement import rule_scores
    from engine.generate.rerank import shipped_model, tuned_pieces

    model = shipped_model() if reranker == "shipped" else reranker
    if model is None or model.second is None:
        return []
    parts = rule_scores(comment, document, located, encoder)
    if parts is None or len(parts.paragraphs) < 2:
        return []
    return [comment.full_text, *(s for p in parts.paragraphs for s in tuned_pieces(p))]


def read_for_placement(comment: Any, document: Any, located: Any = None, encoder: Any = None,
                       cancel: CancelToken | None = None, reranker: Any = "shipped", tuned: Any = "shipped") -> Job[int]:
    """The tuned encoder's pass over the draft for ``comment``'s placement, ahead of ``placement.place`` (same
    arguments): reported, cancellable, cached chunk by chunk. Opens the encoder only when a text is not cached."""
    if tuned is None:
        return 0
    texts = placement_texts(comment, document, located, encoder, reranker)
    if not texts:
        return 0
    from engine.generate.rerank import placement_encoder

    return (yield from read_texts(placement_encoder() if isinstance(tuned, str) else tuned, texts, cancel))
