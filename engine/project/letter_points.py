"""Passages of the reviews that the authors' letter quotes as points, in no comment (trial36: a Sensors referee's
"Number all mathematical equations" and three more one-line points drew no comment; the letter quoted and answered
all ten, the app said "letter: 6 of 6 points quoted", and no note named the four).

A paragraph of a review (list items are ``notes.unpicked_items``') that no comment holds, and whose words the letter
quotes (``Letter.quote`` covering ``COVER`` of them), is named in a reading note, as the list items no comment holds
are, so that the chair can add it.
"""

from __future__ import annotations

from engine.align.letter import Letter
from engine.project.model import Project

#: The letter's quote covers at least this share of the paragraph's words (``Letter.quote``'s own floor is 0.3, for
#: a point the letter shortens; a paragraph the letter only mentions is not named).
COVER = 0.6


def letter_points(project: Project) -> list[str]:
    """One line per reviewer with paragraphs in no comment that the letter quotes: how many, the first words of up to
    three, and what to do."""
    from engine.project.notes import _first_words, _holds, _words
    from engine.reviews.units import review_units

    text = str((project.letter or {}).get("text", ""))
    if not text.strip():
        return []
    letter = Letter(text)
    out = []
    for review in project.reviews:
        mine = [c for c in project.comments if c.reviewer == review.reviewer]
        spans = [c.span for c in mine if c.span[1] > c.span[0]]
        typed = [_words(c.full_text) for c in mine if c.span[1] <= c.span[0]]
        blocks: dict[int, list] = {}
        for u in review_units(review):
            blocks.setdefault(u.block, []).append(u)
        missing = []
        for units in blocks.values():
            if any(u.is_item or u.kind == "poor" for u in units):  # a line read as a label (skipped) counts
                continue
            if any(a < u.end and u.start < b for u in units for a, b in spans) or any(
                    _holds(words, units) for words in typed):
                continue
            found = letter.quote(" ".join(u.text for u in units))
            if found and found[1] >= COVER:
                missing.append(units)
        if missing:
            shown = "; ".join(f"\u201c{_first_words(us[0].text)}\u201d" for us in missing[:3])
            many = len(missing) != 1
            out.append(f"{review.reviewer}: the response letter quotes {len(missing)} passage{'s' * many} of this "
                       f"review that {'are' if many else 'is'} in no comment ({shown}"
                       + ("; \u2026" if len(missing) > 3 else "") + "); if one is a point, add it (Edit \u2192 "
                       "Comment \u2192 Add Comment\u2026)")
    return out
