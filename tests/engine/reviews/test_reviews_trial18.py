"""Reviews as an R Markdown author keeps them (session 23, trial18): a "Section Editor" heading over the editor's
letter made the editor Reviewer 1, and shifted each referee's number (Reviewer 1 read "Reviewer 1 (2)", R2.n); the
file's YAML header and knitr chunk gave two "skipped the text before the first review" notes."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.reviews import extract_comments, load_reviews, parse_reviews

REVIEWS = """---
title: "Comments for the author"
output: pdf_document
---

```{r setup, include=FALSE}
knitr::opts_chunk$set(echo = TRUE)
```

## {role}

Thank you for this submission. Please add a box for beginners.

## Reviewer 1

The survey section should report how many people were asked. Please add the response rate.

## Reviewer 2

L12: Please define the acronym GLM.
"""


@pytest.mark.parametrize("role", ["Section Editor", "Subject Editor", "Handling Editor"])
def test_a_section_editors_letter_is_the_editors(tmp_path: Path, role: str) -> None:
    reviews = parse_reviews(REVIEWS.replace("{role}", role))
    assert [r.reviewer for r in reviews] == ["Editor", "Reviewer 1", "Reviewer 2"]
    path = tmp_path / "reviews.Rmd"
    path.write_text(REVIEWS.replace("{role}", role), encoding="utf-8")
    loaded = load_reviews(path)
    assert [r.reviewer for r in loaded] == ["Editor", "Reviewer 1", "Reviewer 2"]
    # the YAML header and the knitr chunk are no review text: nothing was skipped, no "knitr" in any review
    assert not [n for r in loaded for n in r.notices], [r.notices for r in loaded]
    assert not any("knitr" in r.text or "pdf_document" in r.text for r in loaded)
    ids = [c.id for c in extract_comments(loaded)]
    assert ids and all(i.split(".")[0] in ("E", "R1", "R2") for i in ids), ids
    assert any(i.startswith("R2.") for i in ids) and not any(i.startswith("R3.") for i in ids), ids


def test_a_review_pdfs_ligatures_are_spelled_out(tmp_path: Path) -> None:
    """A decision letter's PDF sets "fi" as one glyph: the comments read "deﬁne", "ﬁgure" (U+FB01), which no
    search or letter matched; now "define", "figure"."""
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page()
    writer = pymupdf.TextWriter(page.rect)
    font = pymupdf.Font("cjk")  # built into PyMuPDF, with the ligature glyphs
    writer.append((72, 72), "Reviewer 1", font=font, fontsize=11)
    writer.append((72, 100), "Please de\ufb01ne the \ufb01gure axes and the units of every panel.", font=font,
                  fontsize=11)
    writer.write_text(page)
    path = tmp_path / "decision.pdf"
    doc.save(path)
    assert "\ufb01" in pymupdf.open(path)[0].get_text(flags=pymupdf.TEXTFLAGS_TEXT)  # the PDF holds the ligature
    reviews = load_reviews(path)
    assert "Please define the figure axes" in reviews[0].text and "\ufb01" not in reviews[0].text


def test_points_opening_on_their_line_numbers_are_items() -> None:
    text = ("## Reviewer 2\n\nFurther points:\nAbstract\n"
            "L23-24: The results would be stronger with directional statements instead of the word changed.\n"
            "L32: Please drop the phrase about constraints from the abstract.\n"
            "L122, L136: With so few plots, please subsample the exclosure plots.\n")
    texts = [c.text for c in extract_comments(parse_reviews(text))]
    for start in ("L23-24: The results", "L32: Please drop", "L122, L136: With so few"):
        assert sum(t.startswith(start) for t in texts) == 1, texts


def test_a_printed_pages_running_footer_is_no_review_text(tmp_path: Path) -> None:
    """A decision mail printed from a browser: each page ends "<site name>", "about:reader?url=...", "2 of 3" and
    the print date; the footer cut a referee's sentence in two (two comments), and its lines were review text."""
    import pymupdf

    pages = [["Reviewer: 1", "Comments to the Author", "Please report the body mass of every species in grams, and",
              "compare the"],
             ["treatments over time in a new figure.", "L42: Please define the term functional trait."]]
    doc = pymupdf.open()
    for n, lines in enumerate(pages, start=1):
        page = doc.new_page()
        foot = ["Manuscripts Central", "about:reader?url=https%3A%2F%2Fexample.org%2Fj", f"{n} of 2",
                "12/9/21, 5:34 PM"]
        for k, line in enumerate(lines):
            page.insert_text((72, 72 + 14 * k), line, fontsize=11)
        for k, line in enumerate(foot):
            page.insert_text((72, 740 + 12 * k), line, fontsize=9)
    path = tmp_path / "decision.pdf"
    doc.save(path)
    reviews = load_reviews(path)
    text = " ".join(r.text for r in reviews)
    assert "about:reader" not in text and "Manuscripts Central" not in text and "5:34" not in text
    assert "compare the\ntreatments over time" in reviews[0].text
    texts = [c.text for c in extract_comments(reviews)]
    assert sum("body mass" in t for t in texts) == 1 and any("compare the treatments over time" in t for t in texts)
