"""Session 31's candidates (issue 33, docs/comments.md): a sentence the reader cut at an inline enumeration is one
comment (C2, ``points.MERGE_INLINE``), and a paragraph that opens on a page or line key is one point (C1, session 24's
K5, ``keyed.PARAGRAPH_WORDS``). Reviews in invented words."""

from __future__ import annotations

import pytest

from engine.reviews import extract_comments, parse_reviews
from engine.reviews import keyed, points

INLINE = """Reviewer 1

The tidal model is sound and the writing is clear.

The methods section says little about the instruments. It should (a) state the spacing of the gauge array along
the estuary, and (b) give the sluice timings for each winter run, since the eddy counts depend on both.

The second figure mixes the lantern tides with the river tides. Please plot them in separate panels.
"""

LISTED = """Reviewer 1

The tidal model is sound and the writing is clear. I have two requests:

(a) State the spacing of the gauge array along the estuary.
(b) Give the sluice timings for each winter run.
"""


def _texts(review: str) -> list[str]:
    return [c.text for c in extract_comments(parse_reviews(review, "text"))]


def test_an_inline_enumeration_is_one_comment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(points, "MERGE_INLINE", True)
    texts = _texts(INLINE)
    assert "state the spacing of the gauge array along the estuary, and (b) give the sluice timings for each winter " \
        "run, since the eddy counts depend on both." in texts, texts  # the sentence as written, its marks kept
    assert any("separate panels" in t and "sluice" not in t for t in texts)


def test_without_the_rule_the_pieces_are_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(points, "MERGE_INLINE", False)
    texts = _texts(INLINE)
    assert not any("spacing of the gauge array" in t and "sluice timings" in t for t in texts), texts


def test_a_list_on_lines_of_its_own_stays_item_by_item(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(points, "MERGE_INLINE", True)
    texts = _texts(LISTED)
    assert any("spacing of the gauge array" in t for t in texts)
    assert not any("spacing of the gauge array" in t and "sluice timings" in t for t in texts), texts



def test_c1_is_on_and_c2_off_as_shipped() -> None:
    """The rule's decision (docs/comments.md, session 31): C1 kept, C2 not (it fails an existing test)."""
    assert keyed.PARAGRAPH_WORDS == 0 and points.MERGE_INLINE is False


KEYED = """Reviewer 1

The tidal model is sound and the writing is clear.

p. 4, l. 12: please give the gauge spacing in the unit of the second table. It is in metres here and in
kilometres there. The eddy counts of the winter runs follow from it.

p. 6, l. 3: the sluice timing is never stated for the spring runs.

p. 7, l. 20: "lantern tide" is not defined before this line.
"""


def test_a_keyed_paragraph_is_one_comment_with_the_shipped_models() -> None:
    """C1 end to end: the sentences after a note keyed by page and line go on its comment, the next note is its own."""
    texts = _texts(KEYED)
    first = next(t for t in texts if t.startswith("p. 4, l. 12"))
    assert "eddy counts of the winter runs" in first and "sluice" not in first, texts
    assert any(t.startswith("p. 6, l. 3") for t in texts), texts
