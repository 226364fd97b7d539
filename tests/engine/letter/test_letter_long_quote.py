"""A heavily revised long paragraph in the letter (an author's trial, session 32: a 2,000-word paragraph with dozens
of changes was quoted whole, every insertion and deletion kept, for each of seven comments: a 43-page letter). A
quote stops after ``QUOTE_WORDS`` words and says the paragraph changes further; a short one is as before. Paragraphs
in invented words."""

from __future__ import annotations

from engine.document.model import Document, Paragraph, ParagraphKind
from engine.letter.content import MORE_CHANGES, QUOTE_WORDS, _runs, capped, compact_runs
from engine.revision import diff_documents


def _doc(texts: list[str]) -> Document:
    return Document(title="Burrow lattices", authors=[], abstract="", sections=[], paragraphs=[
        Paragraph(f"p{i:04d}", t, ParagraphKind.BODY, ("Counting burrows",)) for i, t in enumerate(texts)])


SENTENCE = "The voles of levee {n} dig {a} burrows along the quilted bank and we count them by hand at dawn."


def _pair(changes: int) -> tuple[str, str]:
    old = " ".join(SENTENCE.format(n=n, a="shallow") for n in range(40))
    new = " ".join(SENTENCE.format(n=n, a="deep" if n < changes else "shallow") for n in range(40))
    return old, new


def _edit(old: str, new: str):
    keep = "Marsh voles are counted by hand on each levee of the northern fens in spring."
    return next(e for e in diff_documents(_doc([keep, old]), _doc([keep, new])).edits if e.changed)


def test_a_long_quote_stops_and_says_the_paragraph_changes_further() -> None:
    runs = _runs(_edit(*_pair(40)))
    words = sum(len(t.split()) for _, t in runs[:-1])
    assert words <= QUOTE_WORDS and runs[-1] == ("equal", MORE_CHANGES)
    assert [op for op, _ in runs].count("insert") >= 3  # the first changes are still quoted


def test_a_short_quote_is_as_before() -> None:
    edit = _edit(*_pair(2))
    assert _runs(edit) == compact_runs(edit.diff) and MORE_CHANGES not in str(_runs(edit))


def test_unchanged_words_left_out_end_with_an_ellipsis_only() -> None:
    runs = (("insert", "deep"), ("equal", " " + " ".join(["bank"] * 200)))
    assert capped(runs, 20) == (("insert", "deep"), ("equal", " " + " ".join(["bank"] * 19)), ("equal", " …"))
