"""A re-rank of the first candidate edit (``bench.first_edit``, measured, not shipped): only the order moves."""

import numpy as np
import pytest

from bench.first_edit import block, first_edits, put_first, taken
from engine.align.status import LINK_P, status_from_answered

HI, MID, LOW = 0.6, 0.3, 0.05  # two shown scores and an unshown one on the status scale (LINK_P is 0.12)


def rows(*r):
    return np.array(r, dtype=np.float32)


def test_block_is_the_top_three_on_the_best_ones_side():
    assert block(rows([HI, LOW, MID, 0.2, 0.0])[0], LINK_P) == [0, 2, 3]
    assert block(rows([HI, LOW, 0.0, 0.0])[0], LINK_P) == [0]  # one link shown: an unshown edit never goes first
    assert block(rows([0.02, LOW, 0.03, 0.01])[0], LINK_P) == [1, 2, 0]
    assert block(rows([0.0, 0.0])[0], LINK_P) == []


def test_put_first_keeps_the_scores_and_the_others_order():
    row = rows([0.5, 0.4, 0.3, 0.2])[0]
    out = put_first(row, [0, 1, 2], 2)
    assert out.tolist() == pytest.approx([0.4, 0.3, 0.5, 0.2])
    assert sorted(out.tolist()) == sorted(row.tolist())


def test_taken_edit_goes_second():
    # comment 0's best (edit 0) is comment 1's first edit, scored higher there; edit 1 is nobody's
    probs = rows([0.5, 0.4, 0.0], [0.9, 0.0, 0.2])
    assert taken(probs)[0, 0] and not taken(probs)[1, 0]
    out, moved = first_edits(probs, LINK_P, ("taken",))
    assert moved.tolist() == [True, False]
    assert int(np.argmax(out[0])) == 1 and out[1].tolist() == probs[1].tolist()
    # statuses, links shown and the top three stay
    for i in range(2):
        before, after = dict(enumerate(probs[i])), dict(enumerate(out[i]))
        assert status_from_answered(after, 0.5) == status_from_answered(before, 0.5)
        assert set(np.flatnonzero(out[i] >= LINK_P)) == set(np.flatnonzero(probs[i] >= LINK_P))


def test_taken_when_every_candidate_is_taken_nothing_moves():
    probs = rows([0.5, 0.4], [0.9, 0.0], [0.0, 0.8])
    out, moved = first_edits(probs, LINK_P, ("taken",))
    assert not moved[0] and out[0].tolist() == probs[0].tolist()


def test_named_place_goes_first_within_the_shown_links_only():
    probs = rows([HI, MID, LOW], [HI, LOW, MID])
    named = np.array([[0, 1, 0], [0, 1, 0]])
    out, moved = first_edits(probs, LINK_P, ("named",), named)
    assert moved.tolist() == [True, False]  # the second comment's named edit is not shown: it cannot go first
    assert int(np.argmax(out[0])) == 1


def test_named_needs_a_named_place_and_leaves_a_named_best():
    probs = rows([HI, MID], [HI, MID])
    out, moved = first_edits(probs, LINK_P, ("named",), np.array([[0, 0], [1, 1]]))
    assert not moved.any() and np.array_equal(out, probs)
    with pytest.raises(ValueError):
        first_edits(probs, LINK_P, ("named",))


def test_empty_rows():
    out, moved = first_edits(np.zeros((0, 0), np.float32), LINK_P)
    assert out.shape == (0, 0) and moved.shape == (0,)
