"""docs/corpus.md's "Counts" paragraph says what corpus/revisions.json holds (review32: it still read 185 revisions,
86 train, 90 blind after session 31 had added nineteen training and ten blind revisions)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from corpus.manifest import load_manifest

DOC = Path(__file__).resolve().parents[2] / "docs" / "corpus.md"


def test_the_counts_paragraph_matches_the_manifest() -> None:
    counts = DOC.read_text(encoding="utf-8").split("\n## Counts\n", 1)[1]
    said = re.search(r"(\d+) revisions from (\d+) repositories; (\d+) checked, (\d+) train, (\d+) blind", counts)
    assert said, "docs/corpus.md's Counts paragraph no longer opens with the counts"
    entries = load_manifest()["revisions"]
    parts = Counter(e["part"] for e in entries)
    have = (len(entries), len({e["repository"] for e in entries}), parts["checked"], parts["train"], parts["blind"])
    assert tuple(int(g) for g in said.groups()) == have, f"docs/corpus.md says {said.group(0)}; the manifest: {have}"
