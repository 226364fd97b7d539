"""A float page's text read as headings: a figure's bold labels on a page that holds floats and no running text."""

from __future__ import annotations

from engine.document.model import ParagraphKind
from engine.document.pdf.blocks import Block
from engine.document.pdf.classify import REFERENCE_HEADINGS, heading_key

#: Words a block of running text holds at least (a figure's panel label or a short legend line holds fewer).
_RUNNING_WORDS = 15
_TEXT_KINDS = (ParagraphKind.BODY, ParagraphKind.REFERENCE, ParagraphKind.FOOTNOTE)


def figure_labels(blocks: list[Block]) -> None:
    """Read as ``other`` the headings of a float page that a figure's text follows.

    A float page (LaTeX's ``[p]``, or a figure as tall as the text) holds a caption and no running text: no body,
    reference or footnote block of ``_RUNNING_WORDS`` words or more. A figure drawn with bold labels in a large size
    ("Stable state", "A Stable": a panel's letter read as a heading's number) has them read as headings there; each
    cut the paragraph left open before the page (a heading closes it) and opened a section of its own. TeX sets no
    section title without its text under it on the same page, so a heading on such a page is a label when the float's
    own text (``other``, maths) follows under it or beside it before any caption or text, other labels aside; a
    heading followed by a caption or text (a supporting-information heading over its legends, the references' heading)
    stays, as does one numbered as a section is."""
    pages: dict[int, list[Block]] = {}
    for b in blocks:
        if b.kind is ParagraphKind.HEADING and heading_key(b.heading_title) in REFERENCE_HEADINGS:
            break  # floats after the references are ``back_matter``'s
        pages.setdefault(b.first.page, []).append(b)
    for on_page in pages.values():
        if not any(b.kind is ParagraphKind.CAPTION for b in on_page) or any(_running(b) for b in on_page):
            continue
        for k, b in enumerate(on_page):
            if _label(b) and _float_text_follows(b, on_page[k + 1:]):
                b.kind = ParagraphKind.OTHER


def _label(b: Block) -> bool:
    """A heading that may be a figure's label: none numbered as sections are ("11 Parallel iterators"; a panel's
    letter read as a number, "A Stable", may), none set in a typewriter font."""
    number = b.heading_number or ""
    return b.kind is ParagraphKind.HEADING and not b.code_heading and not any(c.isdigit() for c in number)


def _running(b: Block) -> bool:
    """Running text: the page is no float page."""
    return b.kind in _TEXT_KINDS and len(b.text.split()) >= _RUNNING_WORDS


def _float_text_follows(label: Block, after: list[Block]) -> bool:
    """The float's text (``other``, maths, under fifteen words) comes next, under ``label`` or beside it (other
    labels between); not a caption, text, or a block set above it (a title at the foot of the page, under its
    floats, whose text starts on the next page)."""
    prev = label
    for b in after:
        if b.first.y0 < prev.first.y0 - 1.0:
            return False
        if b.kind in (ParagraphKind.OTHER, ParagraphKind.EQUATION):
            return len(b.text.split()) < _RUNNING_WORDS  # (not a paragraph read as other)
        if b.kind is not ParagraphKind.HEADING:
            return False
        prev = b
    return False
