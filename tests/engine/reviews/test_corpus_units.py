"""The corpus's hand-labelled reviews as labelled sentence units (``bench.corpus_units``, issue 33's seventh round):
a unit is actionable when it lies inside a labelled point's lines, and only licensed training revisions are fitted
on."""

from __future__ import annotations

from pathlib import Path

from bench.corpus_units import INSIDE, LICENSED, revision_units

REVIEWS = """## Reviewer 1

The authors present a file format for genotype data and benchmark it against
three others. The paper is clear and well written.

The description of the intermediate format is missing some detail. This should
be clarified in the manuscript.

In Figure 2, the zarr line is occluded by the sav line and hard to see.

## Reviewer 2

The paper presents an encoding of the data. A conversion tool was provided and validated
on both simulated and real data sets. The method should be evaluated on more real data sets.
"""


def test_units_inside_a_labelled_point_are_actionable_and_the_others_not(tmp_path: Path) -> None:
    (tmp_path / "reviews.md").write_text(REVIEWS, encoding="utf-8")
    # points: lines 6-7 (two sentences), line 9, and from line 14 (starts mid-sentence, as line spans do)
    labels = {"comments": [{"lines": [6, 7]}, {"lines": [9, 9]}, {"lines": [14, 14]}]}
    got = revision_units(tmp_path, labels, "synthetic", "owner/repo")
    flat = [(u.text, int(y)) for u, y in zip([u for units in got["units"] for u in units], got["y"])]
    assert got["lost"] == 0 and got["fine"] == [""] * len(flat)
    assert dict(flat) == {
        "The authors present a file format for genotype data and benchmark it against three others.": 0,
        "The paper is clear and well written.": 0,
        "The description of the intermediate format is missing some detail.": 1,
        "This should be clarified in the manuscript.": 1,
        "In Figure 2, the zarr line is occluded by the sav line and hard to see.": 1,
        "The paper presents an encoding of the data.": 0,
        # half of it on line 13, outside the point: not inside (INSIDE of its characters are needed)
        "A conversion tool was provided and validated on both simulated and real data sets.": 0,
        "The method should be evaluated on more real data sets.": 1,
    }, flat
    assert 0.5 < INSIDE <= 1


def test_only_licensed_training_revisions_are_fitted_on() -> None:
    from corpus.manifest import entries, load_manifest

    manifest = {e["id"]: e for e in entries(load_manifest())}
    for rid, licence in LICENSED.items():
        entry = manifest[rid]
        assert entry["part"] == "train", rid  # never the checked part
        assert "CC BY" in licence and "NC" not in entry["licence"] and "ND" not in entry["licence"], rid
        assert entry["licence"] != "none", rid


def test_the_words_model_the_encoder_blends_with_can_be_given() -> None:
    """``CommentEncoder.words``: a refitted words model is measured with the shipped encoder
    (``bench.fit_with_corpus``); the shipped one given explicitly changes nothing, a words model that calls every
    sentence unlikely leaves only what the encoder reads for requests in so many words."""
    import dataclasses

    from engine.reviews.classify import shipped_model
    from engine.reviews.comments import extract_comments
    from engine.reviews.encoder_model import comment_encoder
    from engine.reviews.parse import parse_reviews

    reviews = parse_reviews(REVIEWS, "markdown")
    encoder = comment_encoder()
    default = [c.full_text for c in extract_comments(reviews)]
    same = dataclasses.replace(encoder, words=shipped_model("lexical"))
    assert [c.full_text for c in extract_comments(reviews, model=same)] == default and default
    deaf = dataclasses.replace(encoder, words=dataclasses.replace(shipped_model("lexical"), platt=(0.0, -20.0)))
    assert len(extract_comments(reviews, model=deaf)) < len(default)
