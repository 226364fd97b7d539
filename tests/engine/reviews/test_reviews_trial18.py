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


@pytest.mark.parametrize("role", ["Section Editor", "Subject Editor", "Handling Editor", "Editor-in-Chief"])
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
