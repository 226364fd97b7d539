"""LLM aligners: mechanics with a tiny random GGUF (real llama.cpp, noise text)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine.align import make_aligner
from engine.align.base import candidate_edits
from engine.align.cascade import top_k_mask
from engine.align.llm import runs
from engine.document import load_document
from engine.resources import prompt, resource
from engine.revision import diff_documents
from engine.reviews import extract_comments, parse_reviews
from tests.gguf_factory import tiny_gguf  # noqa: F401

pytestmark = pytest.mark.slow  # each prompt is ~2,000 byte tokens for the tiny model


@pytest.fixture(scope="module")
def demo():
    old = load_document(str(resource("demo", "draft_v1.md")))
    new = load_document(str(resource("demo", "draft_v2.md")))
    comments = extract_comments(parse_reviews(resource("demo", "reviews.md").read_text(encoding="utf-8")))
    return diff_documents(old, new), comments[:3]


@pytest.fixture(scope="module")
def generator(tiny_gguf: Path):  # noqa: F811
    from engine.models.llama.llm import LlamaGenerator

    return LlamaGenerator(tiny_gguf, n_ctx=2048)


def test_prompts_are_resources() -> None:
    pairwise = prompt("align_pairwise")
    assert pairwise.index("Answer: no") < pairwise.index("Answer: yes")  # the negative example first (ARIES C)
    assert "{comment}" in pairwise and "{edit}" in pairwise
    assert "{comments}" in prompt("align_multi") and "{edits}" in prompt("align_multi")


def test_pairwise_scores_are_yes_probabilities(demo, generator) -> None:
    diff, comments = demo
    aligner = make_aligner("llm-pairwise", generator=generator)
    alignments = aligner.align(comments, diff)
    n_edits = len(candidate_edits(diff))
    for a in alignments:
        assert len(a.scores) == n_edits
        assert all(0.0 <= s <= 1.0 for s in a.scores.values())
        assert all(a.scores[e] >= 0.5 for e in a.edit_ids)
    assert any(0.0 < s < 1.0 for a in alignments for s in a.scores.values())


def test_cascade_asks_only_about_prefiltered_pairs(demo, generator) -> None:
    diff, comments = demo
    aligner = make_aligner("cascade", generator=generator, top_k=2)
    alignments = aligner.align(comments, diff)
    for a in alignments:
        asked = [e for e, s in a.scores.items() if s > 0]
        assert 1 <= len(asked) <= 2


def test_multi_edit_gives_valid_ids_only(demo, generator) -> None:
    diff, comments = demo
    aligner = make_aligner("llm-multi", generator=generator, output_tokens=200, edit_tokens=60)
    alignments = aligner.align(comments, diff)
    ids = {e.id for e in candidate_edits(diff)}
    for a in alignments:
        assert set(a.edit_ids) <= ids
        assert set(a.scores.values()) <= {0.0, 1.0}
    assert isinstance(aligner.notices, list)


def test_consecutive_runs_and_top_k_mask() -> None:
    assert runs([5, 3, 4, 9, 10, 11, 12]) == [[3, 4, 5], [9, 10, 11, 12]]
    mask = top_k_mask(np.array([[0.1, 0.9, 0.5], [0.3, 0.2, 0.1]]), 2)
    assert mask.tolist() == [[False, True, True], [True, True, False]]


def test_salvage_keeps_complete_records_of_a_cut_answer() -> None:
    from engine.align.llm import salvage_json

    cut = '{"alignments": [{"comment_id": "A.1", "edit_ids": ["e0001"]}, {"comment_id": "A.2", "edit_ids": ["e00'
    assert salvage_json(cut) == {"alignments": [{"comment_id": "A.1", "edit_ids": ["e0001"]}]}
    assert salvage_json('{"alignments": []}') == {"alignments": []}
    assert salvage_json("noise") is None


def test_learned_llm_rejudges_each_comments_best_three_only(demo, generator) -> None:
    from engine.align.rejudge import judged_mask

    diff, comments = demo
    edits = candidate_edits(diff)
    plain = make_aligner("learned")
    learned = plain.scores(comments, edits)
    aligner = make_aligner("learned-llm", generator=generator)
    rejudged = aligner.scores(comments, edits)
    mask = judged_mask(learned, 3)
    assert mask.any() and (mask.sum(axis=1) <= 3).all()
    assert np.array_equal(rejudged[~mask], learned[~mask])  # outside the best three, the learned score stands
    assert len(aligner.verdicts) == int(mask.sum())
    i, j = map(int, np.argwhere(mask)[0])
    yes = generator.choice_probabilities(aligner.judge.pair_prompt(comments[i], edits[j]), ("yes", "no"))["yes"]
    assert aligner.verdicts[(comments[i].id, edits[j].id)] == pytest.approx(yes, abs=1e-6)
    assert rejudged[i, j] == pytest.approx(0.5 * learned[i, j] + 0.5 * yes, abs=1e-6)
    best = max(aligner.verdicts[(comments[i].id, edits[k].id)] for k in np.flatnonzero(mask[i]))
    assert aligner.answered[comments[i].id] == pytest.approx(0.5 * plain.answered[comments[i].id] + 0.5 * best)


def test_learned_llm_refuses_the_embedded_generator(demo) -> None:
    from engine.errors import ModelError

    diff, comments = demo
    with pytest.raises(ModelError, match="too weak to judge"):
        make_aligner("learned-llm").scores(comments, candidate_edits(diff))
