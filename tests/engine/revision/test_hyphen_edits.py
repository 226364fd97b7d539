"""A word that only gains or loses a hyphen is a surface edit, as a change of case is (session 32, latex33: a
reviewer asked for one spelling of a compound and the revision's eleven hyphens gave no edit unit). Spacing and
line breaks stay no edit, and in a PDF's text, where a line-end hyphen may be kept or dropped by the reader, a
hyphen alone stays none too. The texts are written for the test."""

from __future__ import annotations

import dataclasses

from engine.document.model import Document, Paragraph, ParagraphKind, Section, paragraph_id
from engine.revision import EditType, diff_documents
from engine.revision.diff import hunks, restyled_words, word_diff
from engine.revision.intent import classify_edit

FILLER = [
    "The walker crosses the meadow at dawn and counts the stones beside the path.",
    "Each stone is weighed twice, once dry and once after the rain has passed over it.",
    "The counts are kept in a ledger that the keeper reads aloud every evening.",
]


def _doc(texts: list[str], fmt: str = "latex") -> Document:
    paras = [Paragraph(paragraph_id(i), t, ParagraphKind.BODY, ("1 Walks",)) for i, t in enumerate(texts)]
    return Document(title="Walks", sections=[Section("1 Walks")], paragraphs=paras, source_format=fmt)


def _changed(old: list[str], new: list[str], fmt: str = "latex"):
    return diff_documents(_doc(old, fmt), _doc(new, fmt)).changed_edits()


def test_a_hyphen_added_inside_a_word_is_a_surface_edit() -> None:
    old = [*FILLER, "The selfwinding clock and the Selfwinding watch keep a steady beat through the night."]
    new = [*FILLER, "The self-winding clock and the Self-winding watch keep a steady beat through the night."]
    (edit,) = _changed(old, new)
    assert edit.type is EditType.MINOR and edit.changed_tokens == 2
    assert [(d.strip(), i.strip()) for d, i in hunks(edit.diff)] == [  # one hunk, the words between unchanged
        ("selfwinding clock and the Selfwinding", "self-winding clock and the Self-winding")]
    intent = classify_edit(edit)
    assert intent.surface and intent.labels == ("hyphenation",), intent


def test_a_hyphen_removed_is_one_too_and_the_title_counts() -> None:
    old, new = _doc([*FILLER, "A well-kept ledger is read aloud."]), _doc([*FILLER, "A wellkept ledger is read aloud."])
    new = dataclasses.replace(new, title="Walks-ahead")
    old = dataclasses.replace(old, title="Walksahead")
    edits = diff_documents(old, new).changed_edits()
    assert sorted((e.type, e.changed_tokens) for e in edits) == [(EditType.MINOR, 1), (EditType.MINOR, 1)]


def test_spacing_and_line_breaks_stay_no_edit() -> None:
    old = [*FILLER, "The self-winding clock keeps a steady beat through the night."]
    for new_text in ("The self-winding  clock keeps a steady\nbeat through the night.",
                     "The self- winding clock keeps a steady beat through the night.",  # a source line broken after it
                     "The self-winding clock keeps a steady beat through the night. "):
        assert _changed(old, [*FILLER, new_text]) == [], new_text


def test_in_a_pdf_a_hyphen_alone_stays_no_edit() -> None:
    old = [*FILLER, "The selfwinding clock keeps a steady beat through the night."]
    new = [*FILLER, "The self-winding clock keeps a steady beat through the night."]
    assert _changed(old, new, fmt="pdf") == []
    assert len(_changed(old, new, fmt="markdown")) == 1


def test_a_hunk_with_any_other_change_is_not_rehyphenated() -> None:
    spans = word_diff("the selfwinding clocks", "the self-winding clock")
    assert restyled_words(spans, hyphens=True) == 0  # "clocks" -> "clock" is a change of words, counted elsewhere
    assert restyled_words(word_diff("a selfwinding clock", "a self-winding clock"), hyphens=False) == 0
    assert restyled_words(word_diff("a selfwinding clock", "a self\u2010winding clock"), hyphens=True) == 1
