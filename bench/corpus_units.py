"""The revisions corpus's hand-labelled reviews as sentence units with a label, the way ``engine.reviews.fit``
labels DISAPERE (issue 33, seventh round).

Each revision's built ``reviews.md`` is read as Redraft reads a reviews file (``load_reviews``) and cut into units
as at run time (``review_units``); a unit is **actionable** when at least ``INSIDE`` of its characters lie inside
the lines of one gold point (``corpus/labels/ID.json``: a reviewer point, as a careful reader labelled it), else
not. The corpus has no fine types, so its units carry none (``fine`` is ``""``): they teach the words model's
actionable half only.

Only revisions whose reviews may be fitted on and the fitted weights shipped are used for a shipped model
(``LICENSED``: their repository puts the text under CC BY or CC0; the weights stay CC BY-NC 4.0 because of
DISAPERE). Every other training revision carries no licence (``corpus/revisions.json``); they are scored, never
fitted on. The checked part is never read here.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np

#: Training revisions whose reviews may be fitted on and the weights shipped: revision id -> the licence their
#: repository states (read from ``corpus/revisions.json`` and the repository, 26 Nov 2026). Left out on purpose:
#: imputedb-vldb (MIT added to the repository after the paper, none at the commits used), granular-mpm2017
#: (CC BY-NC-ND 4.0: no derivatives) and the 37 training revisions whose repository states no licence.
LICENSED = {
    "vcfzarr-gigascience": "CC BY (license.txt: 'The manuscript text and associated images: CC-BY')",
    "cwlprov-gigascience-r2": "CC BY 4.0 (LICENSE.md)",
    "chemked-ijck-r1": "CC BY 4.0",
    "chemked-ijck-r2": "CC BY 4.0",
}
#: Share of a unit's characters that must lie inside a gold point for the unit to be actionable ("inside").
INSIDE = 0.8


def cleaned(raw: str) -> str:
    """The text as ``parse_reviews`` reads it (same line breaks), so units' offsets can be found in it."""
    from engine.document.textfile import clean_text
    from engine.reviews.parse import latex_quotes

    text = latex_quotes(clean_text(raw).replace("\r\n", "\n").replace("\r", "\n"))
    return re.sub(r"<!--.*?-->", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)


def gold_spans(text: str, labels: dict) -> list[tuple[int, int]]:
    """The character span of each gold point (its lines, 1-based and inclusive) in ``text``."""
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    starts.append(len(text) + 1)
    return [(starts[a - 1], starts[min(b, len(starts) - 1)] - 1) for a, b in (c["lines"] for c in labels["comments"])]


def revision_units(folder: Path, labels: dict, rid: str = "", group: str = "") -> dict[str, Any]:
    """One revision as ``engine.reviews.fit.forum_units`` gives a DISAPERE forum: its reviews, their units, each
    unit's label (``y``) and an empty fine type."""
    from engine.reviews.load import load_reviews
    from engine.reviews.units import review_units

    path = folder / "reviews.md"
    text = cleaned(path.read_text(encoding="utf-8"))
    if text.count("\n") != path.read_text(encoding="utf-8").replace("\r\n", "\n").count("\n"):
        raise ValueError(f"{rid}: cleaning moved line breaks; its gold lines cannot be placed")
    spans = gold_spans(text, labels)
    reviews = load_reviews(path)
    per_review, labels_of, pos, lost = [], [], 0, 0
    for r in reviews:
        at = text.find(r.text, pos)
        units = review_units(r)
        per_review.append(units)
        if at < 0:  # not placed: every unit counts as unlabelled (0); counted in ``lost``
            lost += len(units)
            labels_of += [0] * len(units)
            continue
        pos = at
        for u in units:
            a, b = at + u.start, at + u.end
            inside = max((min(b, gb) - max(a, ga) for ga, gb in spans), default=0)
            labels_of.append(int(inside >= INSIDE * max(1, b - a)))
    return {"forum": rid, "group": group, "reviews": reviews, "units": per_review, "y": np.array(labels_of),
            "fine": [""] * len(labels_of), "lost": lost}


def corpus_units(ids: list[str] | None = None, part: str = "train", cache: Path | None = None) -> list[dict[str, Any]]:
    """The labelled revisions of ``part`` (only ``ids`` when given) as units; ``group`` is the repository, so the
    rounds of one paper are held out together."""
    from corpus.build_revisions import default_out
    from corpus.labels import read_labels
    from corpus.manifest import entries, load_manifest

    if part != "train":
        raise ValueError("only the training part is fitted on (docs/corpus.md)")
    cache = cache or default_out()
    out = []
    for entry in entries(load_manifest(), part):
        if ids is not None and entry["id"] not in ids:
            continue
        labels = read_labels(entry["id"])
        if labels is None or not (cache / entry["id"] / "reviews.md").exists():
            continue
        out.append(revision_units(cache / entry["id"], labels, entry["id"], entry["repository"]))
    return out
