"""Synthetic placement tables for the second-stage benches' tests (rounds twelve and session 31's unseen
revisions): comments whose right paragraph is among the rules' best two; the rules' features say nothing of which,
the tuned cosine marks it."""

from __future__ import annotations

import numpy as np

from engine.generate.rerank import FEATURES


def tuned_table(groups: int, per: int, n: int, seed: int, paper: str = "paper", alternate: bool = False,
                features: bool = False) -> list[dict]:
    """``groups`` repositories of ``per`` comments over ``n`` candidate paragraphs (``paper{g}``, ``repo{g}``);
    ``alternate``: odd comments criticism, even ones clarification (else all criticism); ``features``: each row names
    its features, as ``bench.place_round12.build`` writes them."""
    rng = np.random.default_rng(seed)
    rows = []
    for g in range(groups):
        for c in range(per):
            total = np.sort(rng.normal(size=n))[::-1].copy()
            right = int(rng.integers(2))
            tuned = rng.uniform(0.1, 0.4, size=n)
            tuned[right] += 0.5
            row = {"paper": f"{paper}{g}", "group": f"repo{g}", "comment": f"R{c}",
                   "kind": "clarification" if alternate and not c % 2 else "criticism",
                   "x": rng.normal(size=(n, len(FEATURES))), "y": np.arange(n) == right, "total": total,
                   "tuned": tuned}
            rows.append({**row, "features": list(FEATURES)} if features else row)
    return rows
