"""The letter keeps what the aligner found (issue 32, session 33; docs/figures-align.md, "Session 33: the letter that
still loses answered comments on new papers").

Given the authors' response letter, the statuses read the letter model (``answered-letter.json``) in place of the
no-letter model (``answered.json``). On papers neither model saw, the letter lowered many answered comments from
"partly (check)" to "not addressed", mostly where its answer states no change in the change patterns' words. With
``keep_found``, the letter may still lower a comment to "partly (check)", and raise any comment, but it lowers a
comment the no-letter model calls at least "partly" below that only when its answer declines or defers.
"""

from __future__ import annotations

import numpy as np

from engine.align.letter import FEATURES as LETTER_FEATURES


def keep_found(no_letter: np.ndarray, with_letter: np.ndarray, letter_rows: np.ndarray) -> np.ndarray:
    """Each comment's answered probability (status scale) with the letter read: ``with_letter`` (the letter model's),
    raised to just above ``status.PARTLY_P`` where ``no_letter`` (the no-letter model's, status scale) reaches
    ``PARTLY_P`` and the letter's answer does not decline or defer (``letter_rows``: comments ×
    ``letter.FEATURES``)."""
    from engine.align.status import PARTLY_P

    with_letter = np.asarray(with_letter, dtype=np.float32)
    if not with_letter.size:
        return with_letter.copy()
    partly = np.nextafter(np.float32(PARTLY_P), np.float32(1))  # float32 0.35 is just under 0.35
    declines = np.asarray(letter_rows)[:, LETTER_FEATURES.index("letter_decline")] > 0
    keep = (np.asarray(no_letter) >= PARTLY_P) & ~declines
    return np.where(keep, np.maximum(with_letter, partly), with_letter).astype(np.float32)
