"""Placement's encoder pass as a job (issue 34, cancel17): the shipped tuned encoder reads a synthetic draft ahead
of ``place``, reported ("reading the draft for placement…"), cancellable between chunks, its vectors stored chunk
by chunk in a real SQLite embedding cache, so a later comment, or the draft reopened with a new encoder, pays
nothing; and the placement is the one ``place`` makes without the pass, cosine for cosine."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine.document.model import Document, Paragraph
from engine.errors import Cancelled
from engine.generate.placement import place
from engine.generate.placement_read import CHUNK, READING, placement_texts, read_for_placement, uncached
from engine.generate.rerank import shipped_model, tuned_cosines
from engine.jobs import CancelToken, run_job
from engine.models.encoders.embed_cache import EmbeddingCache
from engine.reviews.model import ReviewComment

TOPICS = ["sampler", "rainfall", "station", "forecast", "baseline", "chain", "prior", "kernel", "grid", "season"]
WORDS = ["daily", "merged", "tuned", "sparse", "coarse", "long", "weekly", "noisy", "robust", "simple", "joint"]


def _draft(n: int = 48) -> Document:
    """``n`` paragraphs of two or three sentences each, every sentence distinct (synthetic)."""
    paragraphs = []
    for i in range(n):
        t, w = TOPICS[i % len(TOPICS)], WORDS[i % len(WORDS)]
        text = (f"The {w} {t} model number {i} was fitted on the records of site {i * 7}. "
                f"Its {t} estimates changed little when the {w} settings were varied across {i + 3} runs.")
        if i % 3 == 0:
            text += f" Section {i} also reports the {t} error for each of the {i + 2} folds."
        paragraphs.append(Paragraph(f"p{i}", text, section=("Methods" if i < n // 2 else "Results",)))
    return Document(paragraphs=paragraphs)


COMMENTS = [ReviewComment("R1.1", "Reviewer 1", "How was convergence of the sampler checked? Please add a diagnostic."),
            ReviewComment("R1.2", "Reviewer 1", "The rainfall records need a source and the station count."),
            ReviewComment("R2.1", "Reviewer 2", "Compare the forecast against a seasonal baseline in the results.")]


def _encoder(cache: Path):
    from engine.align.tuned import tuned_encoder

    return tuned_encoder(EmbeddingCache(cache), threads=1)


def test_the_pass_is_reported_cached_and_changes_no_placement(tmp_path: Path) -> None:
    draft = _draft()
    assert shipped_model().second is not None  # the shipped model reads the tuned encoder
    texts = placement_texts(COMMENTS[0], draft)
    assert len(set(texts)) > CHUNK  # two chunks at least
    ahead, fresh = _encoder(tmp_path / "ahead.sqlite3"), _encoder(tmp_path / "fresh.sqlite3")
    steps = []
    done = run_job(read_for_placement(COMMENTS[0], draft, tuned=ahead), steps.append)
    assert done == len(set(texts)) and uncached(ahead, texts) == []
    assert steps[0].label == READING and steps[0].done == 0 and steps[-1].done == steps[-1].total == done
    assert len(steps) == -(-done // CHUNK) + 1
    for comment in COMMENTS:  # the same places and the same cosines as without the pass (another cache)
        a, b = place(comment, draft, tuned=ahead), place(comment, draft, tuned=fresh)
        assert a.paragraph.id == b.paragraph.id and [p.id for p in a.ranked] == [p.id for p in b.ranked]
        assert a.margin == b.margin
        assert np.array_equal(tuned_cosines(ahead, comment, draft.paragraphs),
                              tuned_cosines(fresh, comment, draft.paragraphs))
    # a later comment of the same draft: only its own text is new, read without a note
    later = []
    assert run_job(read_for_placement(ReviewComment("R3.1", "Reviewer 3", "Say which kernel was used."), draft,
                                      tuned=ahead), later.append) == 1 and later == []
    # the draft reopened (a new encoder on the same cache file): nothing to read, the model not even loaded
    again = _encoder(tmp_path / "ahead.sqlite3")
    assert run_job(read_for_placement(COMMENTS[1], draft, tuned=again)) == 0 and again._model is None


def test_a_cancelled_pass_keeps_the_chunks_it_read(tmp_path: Path) -> None:
    draft = _draft()
    encoder = _encoder(tmp_path / "e.sqlite3")
    texts = placement_texts(COMMENTS[0], draft)
    cancel = CancelToken()
    seen = []

    def stop_after_one(p) -> None:
        seen.append(p)
        if p.done >= CHUNK:
            cancel.cancel()

    with pytest.raises(Cancelled):
        run_job(read_for_placement(COMMENTS[0], draft, cancel=cancel, tuned=encoder), stop_after_one)
    left = uncached(encoder, texts)
    assert len(left) == len(set(texts)) - CHUNK  # the first chunk is stored
    assert run_job(read_for_placement(COMMENTS[0], draft, tuned=encoder)) == len(left)
    # place itself checks the token between the encoder's batches
    cold, stopped = _encoder(tmp_path / "cold.sqlite3"), CancelToken()
    stopped.cancel()
    with pytest.raises(Cancelled):
        place(COMMENTS[0], draft, tuned=cold, cancel=stopped)


def test_nothing_to_read_without_a_second_stage_or_an_encoder_cache(tmp_path: Path) -> None:
    draft = _draft(6)
    assert run_job(read_for_placement(COMMENTS[0], draft, tuned=None)) == 0
    assert run_job(read_for_placement(COMMENTS[0], draft, reranker=None, tuned=_encoder(tmp_path / "e"))) == 0
    from engine.align.tuned import tuned_encoder

    assert run_job(read_for_placement(COMMENTS[0], draft, tuned=tuned_encoder(None, threads=1))) == 0
    one = Document(paragraphs=[Paragraph("p0", "A single paragraph about the sampler and its chains.")])
    assert placement_texts(COMMENTS[0], one) == []
