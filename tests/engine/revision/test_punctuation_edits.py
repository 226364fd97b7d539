"""Punctuation added or removed with nothing else changed is a surface edit, as a hyphen is (session 33, latex35: a
referee asked for commas after citation markers and the revision's commas gave no edit unit). Spacing stays no
edit, and so does punctuation between two PDFs' texts. The texts are written for the test."""

from __future__ import annotations

from engine.document.model import Document, Paragraph, ParagraphKind, Section, paragraph_id
from engine.revision import EditType, diff_documents

FILLER = [
    "The walker crosses the meadow at dawn and counts the stones beside the path.",
    "Each stone is weighed twice, once dry and once after the rain has passed over it.",
    "The counts are kept in a ledger that the keeper reads aloud every evening.",
]


def _changed(old: list[str], new: list[str], fmt: str = "latex"):
    def doc(texts: list[str]) -> Document:
        paras = [Paragraph(paragraph_id(i), t, ParagraphKind.BODY, ("1 Walks",)) for i, t in enumerate(texts)]
        return Document(title="Walks", sections=[Section("1 Walks")], paragraphs=paras, source_format=fmt)
    return diff_documents(doc(old), doc(new)).changed_edits()


def test_a_comma_after_a_citation_is_a_surface_edit() -> None:
    old = [*FILLER, "Stones were counted before [meadowbook] however the ledger was lost in the flood"]
    new = [*FILLER, "Stones were counted before [meadowbook], however, the ledger was lost in the flood."]
    (edit,) = _changed(old, new)
    assert edit.type is EditType.MINOR and edit.changed_tokens == 3


def test_spacing_alone_stays_no_edit() -> None:
    old = [*FILLER, "The keeper reads the ledger , aloud."]
    new = [*FILLER, "The keeper  reads the ledger, aloud."]
    assert _changed(old, new) == []


def test_punctuation_beside_a_changed_word_is_counted_as_before() -> None:
    old = [*FILLER, "The keeper reads the ledger aloud"]
    new = [*FILLER, "The keeper reads the big ledger aloud."]
    (edit,) = _changed(old, new)
    assert edit.type is EditType.MINOR and edit.changed_tokens == 1


def test_between_two_pdfs_punctuation_alone_stays_none() -> None:
    old = [*FILLER, "Stones were counted before [3] however the ledger was lost"]
    new = [*FILLER, "Stones were counted before [3], however, the ledger was lost"]
    assert _changed(old, new, fmt="pdf") == []
