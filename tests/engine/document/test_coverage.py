"""Paragraph coverage between two documents, and LaTeX vs PDF on the real cgo18 paper."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import Document, Paragraph, ParagraphKind, load_document
from engine.document.paragraph_recall import match_tokens, paragraph_coverage
from engine.document.model import paragraph_id

INTRO = "Selecting good optimization settings is very hard in modern compilers due to the huge number of parameters"
SEARCH = "Iterative compilation searches for the best compilation settings and compares program versions by runtime"
RELAX = "We have two versions of probe relaxation and the first is conservative while the second is aggressive"
LOST = "This paragraph was dropped from the typeset version entirely and cannot be found anywhere at all"


def doc(*texts: str, kind: ParagraphKind = ParagraphKind.BODY) -> Document:
    return Document(paragraphs=[Paragraph(paragraph_id(i), t, kind) for i, t in enumerate(texts)])


def test_match_tokens_ignore_citations_placeholders_and_case() -> None:
    assert match_tokens("Settings~[fursin07, chen12b] and ?? in Figure 3: The \U0001d464") == [
        "settings", "and", "in", "figure", "3", "the", "w",
    ]
    assert match_tokens("as shown [5, 12].") == match_tokens("As shown [fursin07].")


def test_similar_contained_joined_and_missed() -> None:
    tex = doc(INTRO + " [fursin07].", SEARCH + ".", RELAX + ".", LOST + ".", "[EQUATION]")
    half = RELAX.split(" and the first")
    pdf = doc(
        INTRO + " [12].",  # similar, citation style differs
        "Some earlier text that the PDF merged in front. " + SEARCH + ". And more after it.",  # contained
        half[0],  # the PDF split this one at a page break
        "and the first" + half[1] + ".",
        "Unrelated text about something else entirely.",
    )
    cov = paragraph_coverage(tex, pdf)
    assert (cov.found, cov.total) == (3, 4)  # the equation placeholder has no tokens and is not counted
    assert cov.ratio == pytest.approx(0.75)
    assert [m.how for m in cov.matches] == ["similar", "contained", "joined"]
    assert [len(m.candidates) for m in cov.matches] == [1, 1, 2]
    assert cov.misses[0].reference.text.startswith("This paragraph was dropped")
    assert cov.misses[0].score < 0.5
    assert cov.by_how() == {"similar": 1, "contained": 1, "joined": 1}


def test_short_reference_is_not_contained_by_scattered_words() -> None:
    tex = doc("the main contributions are")
    pdf = doc("the results are main points and the contributions of others are many and long and varied")
    assert paragraph_coverage(tex, pdf).found == 0
    pdf = doc("Before it, the main contributions are listed in a long paragraph with many other words here")
    assert paragraph_coverage(tex, pdf).found == 1


def test_threshold_and_kinds() -> None:
    tex = Document(
        paragraphs=[
            Paragraph("p0001", "alpha beta gamma delta epsilon zeta eta theta iota kappa"),
            Paragraph("p0002", "Figure 1: a caption text here", ParagraphKind.CAPTION),
        ]
    )
    pdf = doc("alpha beta gamma delta epsilon zeta eta theta iota lambda")
    assert paragraph_coverage(tex, pdf, threshold=0.95).found == 0
    assert paragraph_coverage(tex, pdf, threshold=0.85).found == 1
    assert paragraph_coverage(tex, pdf, kinds=(ParagraphKind.CAPTION,)).total == 1


@pytest.mark.shared_data
@pytest.mark.parametrize("version", ["submission", "camera_ready"])
def test_latex_body_paragraphs_are_found_in_the_pdf(shared_data: Path, version: str) -> None:
    cgo18 = shared_data / "revision" / "cgo18"
    tex = load_document(cgo18 / version)
    pdf = load_document(cgo18 / f"{version}.pdf")
    cov = paragraph_coverage(tex, pdf, threshold=0.9)
    assert cov.total >= 70
    assert cov.ratio >= 0.9, [m.reference.text[:80] for m in cov.misses]
