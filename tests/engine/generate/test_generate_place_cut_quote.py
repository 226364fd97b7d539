"""A typo comment that quotes its sentence cut with an ellipsis ('"We think that THE these frobbles..."') is placed on
that sentence (an author's trial, session 33: the locator's quote boost looked for the quote with its dots, found none,
and the scaffold rewrote another sentence of the Discussion opening with the same words). Invented words throughout."""

from __future__ import annotations

from engine.document.model import Document, Paragraph
from engine.generate.placement import REPLACE, cut_quote_hits, cut_quotes, place
from engine.reviews.model import ReviewComment

DISCUSSION = ("Discussion",)
PARAS = [
    Paragraph("p0001", "The frobble benchmarks measure how fast each quent backend runs. While we cannot claim that "
              "the frobbles settle every question, we think that these frobbles improve on the three quent "
              "issues named in the introduction.", section=DISCUSSION),
    Paragraph("p0002", "Backends differ in how they schedule quent tiles, and the benchmarks show it.",
              section=DISCUSSION),
    Paragraph("p0003", "Future work will add more models. We think that the these frobbles can be extended by "
              "other groups of glimmer researchers.", section=DISCUSSION),
]
DOC = Document(title="T", paragraphs=PARAS)
TYPO = ReviewComment("R2.15", "Reviewer 2", 'typo in line 12: "We think that THE these frobbles..."')


def test_the_pieces_of_a_cut_quote() -> None:
    assert cut_quotes(TYPO.text) == [["We think that THE these frobbles"]]
    assert cut_quotes('"... the these frobbles can be extended ..." and "It runs . . . twice as fast"') == \
        [["the these frobbles can be extended"], ["twice as fast"]]  # "It runs": too short to look for
    assert cut_quotes('"We think that the these frobbles" is a typo') == []  # whole: the locator finds it
    assert list(cut_quote_hits(TYPO.text, PARAS)) == [False, False, True]


def test_a_typo_quoted_with_an_ellipsis_replaces_its_own_sentence() -> None:
    for reranker in (None, "shipped"):
        p = place(TYPO, DOC, located=[PARAS[0], PARAS[1]], reranker=reranker, tuned=None)
        assert p.paragraph is PARAS[2] and p.mode == REPLACE
        assert p.sentence == "We think that the these frobbles can be extended by other groups of glimmer " \
                             "researchers."
