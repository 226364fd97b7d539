"""The placement model's second stage (round twelve, docs/suggest.md): the shipped tuned comment↔edit encoder
scores every candidate paragraph of a synthetic draft, is opened once per process, and decides between the rules'
best two; without it the first stage decides alone."""

from __future__ import annotations

import numpy as np

from engine.document.model import Document, Paragraph
from engine.generate import rerank
from engine.generate.placement import ALTERNATIVE_MARGIN, place, rule_scores
from engine.generate.rerank import FEATURES, SECOND, PlacementModel, placement_encoder, tuned_cosines
from engine.models.linear import StandardisedLinear
from engine.reviews.model import ReviewComment

# Two paragraphs share the comment's words equally (the rules tie them: the first wins); only the second is
# about what the comment asks.
DRAFT = Document(paragraphs=[
    Paragraph("p1", "We describe the sampler and the sampler settings used for every model in this study, "
                    "including the number of chains.", section=("Methods",)),
    Paragraph("p2", "Convergence of the sampler was judged by the potential scale reduction factor of each "
                    "parameter, which stayed below 1.01.", section=("Methods",)),
    Paragraph("p3", "Rainfall records from twelve stations were merged into one daily series.", section=("Data",)),
    Paragraph("p4", "The forecasts improve on the seasonal baseline at every station.", section=("Results",)),
])
COMMENT = ReviewComment("R1.1", "Reviewer 1", "How do you know the sampler converged? Please report a diagnostic.")


def _model(second: StandardisedLinear | None, margin: float | None = None) -> PlacementModel:
    """A first stage that reads only the rules' rank (it keeps the rules' order) and ``second``."""
    n = len(FEATURES)
    return PlacementModel(FEATURES, np.zeros(n), np.ones(n), np.array([1.0 if f == "rule_rank" else 0.0
                                                                       for f in FEATURES]), 0.0, 2,
                          second=second, margin=margin)


def test_the_tuned_cosine_ranks_the_paragraph_that_answers_the_comment_first() -> None:
    cos = tuned_cosines(placement_encoder(), COMMENT, DRAFT.paragraphs)
    assert cos.shape == (4,) and np.all(np.isfinite(cos))
    assert int(np.argmax(cos)) == 1  # the convergence paragraph, not the one that repeats "sampler"
    assert cos[1] > cos[2] and cos[1] > cos[3]


def test_the_second_stage_decides_between_the_rules_best_two() -> None:
    parts = rule_scores(COMMENT, DRAFT)
    order = np.argsort(-parts.total, kind="stable")
    top2 = [parts.paragraphs[int(j)].id for j in order[:2]]
    assert set(top2) == {"p1", "p2"}
    rank_only = StandardisedLinear(SECOND, np.zeros(3), np.ones(3), np.array([0.0, 0.0, 1.0]), 0.0)
    chosen = place(COMMENT, DRAFT, reranker=_model(rank_only, margin=0.25))
    assert chosen.paragraph.id == "p2" and chosen.limit == 0.25
    assert "chosen among the best 2" in chosen.reason or top2[0] == "p2"
    # without the encoder, or with a first stage alone, the rules' order stands and the default margin holds
    alone = place(COMMENT, DRAFT, reranker=_model(rank_only, margin=0.25), tuned=None)
    assert alone.paragraph.id == top2[0] and alone.limit == ALTERNATIVE_MARGIN
    assert place(COMMENT, DRAFT, reranker=_model(None)).paragraph.id == top2[0]


def test_the_encoder_is_opened_once_and_the_shipped_model_reads_it() -> None:
    first = placement_encoder()
    place(COMMENT, DRAFT)
    place(ReviewComment("R1.2", "Reviewer 1", "The rainfall data need a source."), DRAFT)
    assert placement_encoder() is first and rerank.placement_encoder.cache_info().currsize == 1
    shipped = place(COMMENT, DRAFT)
    assert shipped.paragraph.id in {"p1", "p2"} and shipped.limit == rerank.shipped_model().margin
    assert shipped.margin is not None and np.isfinite(shipped.margin)
