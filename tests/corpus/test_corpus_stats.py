"""corpus.stats: the footer counts each part's hand labels apart (the blind part's read like the checked part's)."""

from __future__ import annotations

import re

from corpus.labels import read_labels
from corpus.manifest import load_manifest
from corpus.stats import report


def test_footer_counts_blind_labels_apart_from_checked_ones():
    footer = report(None).strip().splitlines()[-1]
    counts = dict(re.findall(r"([a-z]+(?: [a-z]+)?): (\d+)", footer))
    for part in ("checked", "blind"):
        labelled = [read_labels(e["id"]) for e in load_manifest()["revisions"] if e["part"] == part]
        labelled = [lab for lab in labelled if lab]
        assert all(lab["kind"] == "checked" for lab in labelled)
        assert int(counts.get(part, 0)) == len(labelled)
        assert int(counts.get(f"{part} comments", 0)) == sum(len(lab["comments"]) for lab in labelled)
