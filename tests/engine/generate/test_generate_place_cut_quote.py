"""A typo comment that quotes its sentence cut with an ellipsis ("We believe that THE these benchmarks...") is placed
on that sentence (an author's trial, session 33: the locator's quote boost looked for the quote with its dots, found
none, and the scaffold rewrote another "we believe that" sentence of the Discussion). Invented words throughout."""

from __future__ import annotations

from engine.document.model import Document, Paragraph
from engine.generate.placement import REPLACE, cut_quote_hits, cut_quotes, place
from engine.reviews.model import ReviewComment

DISCUSSION = ("Discussion",)
PARAS = [
    Paragraph("p0001", "The frobble benchmarks measure how fast each quent backend runs. While we cannot claim that "
              "the benchmarks settle every question, we believe that these benchmarks improve on the three frobble "
              "issues named in the introduction.", section=DISCUSSION),
    Paragraph("p0002", "Backends differ in how they schedule quent tiles, and the benchmarks show it.",
              section=DISCUSSION),
    Paragraph("p0003", "Future work will add more models. We believe that the these benchmarks can be extended by "
              "other groups of glimmer researchers.", section=DISCUSSION),
]
DOC = Document(title="T", paragraphs=PARAS)
TYPO = ReviewComment("R2.15", "Reviewer 2", 'typo in line 373: "We believe that THE these benchmarks..."')


def test_the_pieces_of_a_cut_quote() -> None:
    assert cut_quotes(TYPO.text) == [["We believe that THE these benchmarks"]]
    assert cut_quotes('"... the these benchmarks can be extended ..." and "It runs . . . twice as fast"') == \
        [["the these benchmarks can be extended"], ["twice as fast"]]  # "It runs": too short to look for
    assert cut_quotes('"We believe that the these benchmarks" is a typo') == []  # whole: the locator finds it
    assert list(cut_quote_hits(TYPO.text, PARAS)) == [False, False, True]


def test_a_typo_quoted_with_an_ellipsis_replaces_its_own_sentence() -> None:
    for reranker in (None, "shipped"):
        p = place(TYPO, DOC, located=[PARAS[0], PARAS[1]], reranker=reranker, tuned=None)
        assert p.paragraph is PARAS[2] and p.mode == REPLACE
        assert p.sentence == "We believe that the these benchmarks can be extended by other groups of glimmer " \
                             "researchers."
