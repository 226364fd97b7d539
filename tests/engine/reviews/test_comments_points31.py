"""Session 31's candidate C1 (issue 33, docs/comments.md): a paragraph that opens on a page or line key is one point
(session 24's K5, ``keyed.PARAGRAPH_WORDS``). C2 (an inline enumeration as one comment) failed its rule and its code
was removed; it stays in the history. Reviews in invented words."""

from __future__ import annotations

from engine.reviews import extract_comments, keyed, parse_reviews


def _texts(review: str) -> list[str]:
    return [c.text for c in extract_comments(parse_reviews(review, "text"))]


def test_c1_is_on_as_shipped() -> None:
    """The rule's decision (docs/comments.md, session 31): C1 kept."""
    assert keyed.PARAGRAPH_WORDS == 0


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
