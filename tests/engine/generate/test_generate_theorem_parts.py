"""The theorem, lemma or proof a comment names, found among the draft's paragraphs (round fourteen of
docs/suggest.md): from the LaTeX reader's ``Paragraph.part``, or from a printed head in a paper read from a PDF; with
``placement.THEOREM_PARTS`` on, the named part comes first, as a named section does. Synthetic drafts in invented
words."""

from __future__ import annotations

import numpy as np

from engine.document.model import Document, Paragraph, ParagraphKind
from engine.generate import placement
from engine.generate.theorem_parts import named_statements, paragraph_parts, part_scores
from engine.reviews.model import ReviewComment

FILLER = "The quimble maps of blorf spaces are frobbed and zintered in many ways that matter here."


def _doc(parts: list[tuple[str, str]]) -> Document:
    paragraphs = [Paragraph(f"p{i}", text, ParagraphKind.BODY, ("Results",), part=part)
                  for i, (text, part) in enumerate(parts)]
    return Document(paragraphs=paragraphs, source_format="latex")


def test_named_statements_read_kinds_and_numbers():
    assert named_statements("The proof of Lemma 3.2 skips a step; see also Thm. 4 and Prop 1.") == {
        "lemma 3.2", "theorem 4", "proposition 1"}
    assert named_statements("The lemma is fine and the theorem too.") == set()


def test_printed_heads_name_a_pdf_draft_s_statements_and_proofs():
    doc = _doc([(FILLER, ""), ("Lemma 3. Every blorf is frobbed.", ""), ("Proof. Frob it twice.", ""),
                ("Theorem 4 Every quimble is zintered.", "")])
    assert paragraph_parts(doc.paragraphs) == ["", "lemma 3", "proof of lemma 3", "theorem 4"]


def test_a_statement_and_its_proof_or_the_proof_alone():
    doc = _doc([(FILLER, ""), ("Every blorf space is frobbed.", "Lemma 3"), ("Frob it twice.", "Proof of Lemma 3"),
                ("Then zinter it.", "Proof of Lemma 3"), (FILLER, "")])
    assert part_scores("Lemma 3 is hard to follow.", doc.paragraphs).tolist() == [False, True, True, True, False]
    assert part_scores("The proof of Lemma 3 skips a step.", doc.paragraphs).tolist() == [
        False, False, True, True, False]
    assert not part_scores("Lemma 5 is hard to follow.", doc.paragraphs).any()


def test_placement_ranks_the_named_proof_first_when_switched_on(monkeypatch):
    doc = _doc([("The quimble maps send every frobbed blorf onto a zintered one, a step left unexplained.", ""),
                ("Every blorf space is frobbed.", "Lemma 3"), ("Take two points and zinter them.", "Proof of Lemma 3"),
                (FILLER, "")])
    comment = ReviewComment(id="c1", reviewer="R1",
                            text="The proof of Lemma 3 leaves unexplained why quimble maps send a frobbed blorf "
                                 "onto a zintered one.")
    monkeypatch.setattr(placement, "THEOREM_PARTS", False)
    off = placement.rule_scores(comment, doc)
    assert int(np.argmax(off.total)) == 0  # the words match the first paragraph best
    monkeypatch.setattr(placement, "THEOREM_PARTS", True)
    on = placement.rule_scores(comment, doc)
    assert on.named.tolist() == [False, False, True, False]
    assert int(np.argmax(on.total)) == 2
    assert "Proof of Lemma 3" in on.reasons["p2"]


def test_citing_paragraphs_join_only_when_asked():
    doc = _doc([("By Lemma 3 every quimble map is zintered.", ""), ("Every blorf space is frobbed.", "Lemma 3"),
                ("Frob it twice.", "Proof of Lemma 3"), ("Lemma 4 is about something else.", "")])
    assert part_scores("Lemma 3 is hard to follow.", doc.paragraphs).tolist() == [False, True, True, False]
    assert part_scores("Lemma 3 is hard to follow.", doc.paragraphs, cites=True).tolist() == [True, True, True, False]
