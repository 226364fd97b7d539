"""Fitting the answered-at-all model (``engine.align.answered``) across papers.

``fit_answered`` takes the training papers with the link probabilities each got from a link model fitted without
it (``engine.align.learn.inner_scores``), so the rows it learns from look like a new paper's. Its bands are chosen
on its own leave-papers-out probabilities over those papers: ``addressed``, the lowest probability whose
"addressed" calls (comments with a link shown) are wrong at most ``max_wrong`` of the time; ``partly``, the highest
value (not above it) whose calls, over comments with a link shown, still find ``MIN_FOUND`` of the answered comments
(round five's rule, found rate minus the rate of unanswered comments called addressed or partly, found 64.6 % of
them leave-papers-out on the training part; this one 74.7 %, calling 46.8 % of the unanswered ones "partly" or
"addressed" against 35.7 %: the "partly" status says "check", docs/figures-align.md, round six), or, lower when it
is (``PER_REPOSITORY``, session 24), the highest value at which the 25th percentile over repositories of their found
share reaches 70 % (found held pooled but not paper by paper on new papers). The app calls a comment addressed only
when its best link reaches the link model's own "addressed" band too (``status.status_from_answered``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any

import numpy as np

from engine.align.answered import FEATURES, AnsweredModel, comment_features, edit_density
from engine.align.calibrate import Scored, _down, status_bands
from engine.align.folds import group_of, grouped
from engine.align.pairs import PaperPairs

#: Regularisation of the logistic regression when none is given; ``learn.fit_both`` (the refit, the folds) passes the
#: link model's, ``learn.C`` (0.1 since round nine).
C = 1.0
#: The share of wrong "addressed" calls the ``sure_link`` band may make on the inner comments (``sure_link_band``):
#: 0.05, the pooled limit round eight set for grouped leave-papers-out, written before it was measured
#: (docs/figures-align.md); there the band gave 169 calls, 4.7 % wrong.
SURE_MAX_WRONG = 0.05
#: The share of answered comments the "partly" band must still find (addressed or partly) on the model's own
#: leave-papers-out probabilities: 0.75, written before it was measured (docs/figures-align.md, round six), to leave
#: room for new papers under the issue's 70 %; the Youden rule it replaces found 64.6 % leave-papers-out.
MIN_FOUND = 0.75
#: Session 24's per-repository rule for the "partly" band (``per_repository_band``): ``(quantile, target,
#: min_answered)``, the band lowered (never raised) until that quantile over the repositories with at least
#: ``min_answered`` answered comments of per-repository found reaches ``target``; None: the pooled rule alone.
#: (0.25, 0.70, 3): the 25th percentile of per-repository found at 70 %, so that found holds on most papers, not only
#: pooled (blind sets 8 and 9 found 69.3 % pooled with the pooled rule alone). Chosen by a rule written before its
#: figures on the 86 training revisions' grouped folds (docs/figures-align.md, "Session 24"): found 76.4 -> 82.9 %,
#: its 25th percentile over repositories 63.3 -> 70.0 %, unanswered comments called addressed or partly 45.5 ->
#: 55.4 %, "partly" calls on answered comments 83.5 -> 82.2 %; "addressed" calls, links and hits unchanged.
PER_REPOSITORY: tuple[float, float, int] | None = (0.25, 0.70, 3)


def answered_rows(pp: PaperPairs, matrix: np.ndarray, threshold: float,
                  found: Sequence | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(features, answered, shown)`` of each comment of ``pp`` under the link probabilities ``matrix`` (raw):
    its features, whether it has a gold edit and whether a link is shown (best at or above ``threshold``). With
    ``found`` (each comment's answer in the response letter, ``engine.align.letter.answers``), the letter's features
    follow (``answered.LETTER_FEATURES``)."""
    x = comment_features(pp.paper.comments, matrix, pp.evidence, threshold,
                         edit_density(len(pp.edit_ids), len(pp.paper.diff.old.paragraphs)))
    if found is not None:
        from engine.align.letter import best_inserted, letter_features

        inserted = [pp.paper.diff.edit(e).changed_words()[1] for e in pp.edit_ids]
        probs = matrix if matrix.size else np.zeros((len(found), 0), dtype=np.float32)
        x = np.concatenate([x, letter_features(found, best_inserted(probs, inserted))], axis=1)
    y = np.array([bool(pp.paper.gold.get(c.id)) for c in pp.paper.comments])
    best = matrix.max(axis=1) if matrix.size else np.zeros(len(y), dtype=np.float32)
    return x, y, best >= threshold


def fit_weights(x: np.ndarray, y: np.ndarray, c: float = C) -> AnsweredModel:
    from sklearn.linear_model import LogisticRegression

    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale = np.where(scale > 1e-6, scale, 1.0)
    lr = LogisticRegression(C=c, max_iter=2000, random_state=0).fit((x - mean) / scale, y.astype(int))
    return AnsweredModel(FEATURES, mean.astype(np.float32), scale.astype(np.float32), lr.coef_[0].astype(np.float32),
                         float(lr.intercept_[0]))


def choose_bands(probs: np.ndarray, answered: np.ndarray, shown: np.ndarray, max_wrong: float,
                 min_found: float | None = MIN_FOUND, groups: np.ndarray | None = None,
                 per_repository: tuple[float, float, int] | None = None) -> dict[str, float]:
    """``addressed`` and ``partly`` bands on answered-at-all probabilities (see the module's text); ``addressed`` 1.0
    when no value keeps "addressed" that rare. With ``per_repository`` and each comment's repository (``groups``),
    ``partly`` is the lower of the pooled rule's and ``per_repository_band``'s."""
    grid = sorted(set(np.round(probs[shown], 4).tolist()))
    bands = status_bands(probs, answered, grid, max_wrong, shown, min_found)
    if per_repository is not None and groups is not None:
        below = [g for g in grid if g <= bands["addressed"]]
        bands["partly"] = min(bands["partly"], _down(per_repository_band(probs, answered, shown, groups, below,
                                                                         *per_repository)))
    return bands


def held_found_band(probs: np.ndarray, answered: np.ndarray, shown: np.ndarray, bands: dict[str, float],
                    ref_probs: np.ndarray, ref_partly: float) -> float:
    """Session 29's "partly" band for the letter model (candidate C2, docs/figures-align.md): the lower of ``bands``'
    (today's rule) and the highest value, not above its "addressed" band and on the same grid, at which ``probs``
    (its grouped out-of-fold probabilities) find at least the share of the answered comments that ``ref_probs`` (the
    no-letter model's, on the same comments) find at ``ref_partly`` (found: at or above the band with a link shown,
    over the answered comments, as ``status_bands`` counts it): the letter lowers U without losing found."""
    if not answered.any():
        return bands["partly"]
    target = int(((ref_probs >= ref_partly) & shown & answered).sum())
    grid = sorted(set(np.round(probs[shown], 4).tolist()))
    chosen = float(grid[0]) if grid else bands["partly"]
    for t in grid:
        if t <= bands["addressed"] and int(((probs >= t) & shown & answered).sum()) >= target:
            chosen = float(t)  # exact integer counts: found only falls as the band rises
    return min(bands["partly"], _down(chosen))


def per_repository_band(probs: np.ndarray, answered: np.ndarray, shown: np.ndarray, groups: np.ndarray,
                        grid: Sequence[float], quantile: float, target: float, min_answered: int) -> float:
    """The highest ``grid`` value at which the ``quantile`` (numpy's linear) over the repositories with at least
    ``min_answered`` answered comments of their found share (answered comments with a link shown at or above it,
    over their answered comments; each repository weighed once) reaches ``target``; the lowest value when none does
    (and 1.0 when no repository has that many answered comments). Found only grows as the band falls, so the values
    that reach it are the ones below that band."""
    names = [g for g in sorted(set(groups[answered].tolist())) if (answered & (groups == g)).sum() >= min_answered]
    if not names or not len(grid):
        return 1.0
    masks = [answered & (groups == g) for g in names]
    totals = np.array([m.sum() for m in masks])
    chosen = float(grid[0])
    for t in grid:
        flagged = (probs >= t) & shown
        found = np.array([(flagged & m).sum() for m in masks]) / totals  # exact integer counts per repository
        if np.quantile(found, quantile) >= target:
            chosen = float(t)
    return chosen


def sure_link_band(best: np.ndarray, probs: np.ndarray, answered: np.ndarray, shown: np.ndarray,
                   bands: dict[str, float], link_addressed: float, max_wrong: float = SURE_MAX_WRONG) -> float:
    """Round eight's ``sure_link`` band (``answered.sure_links``): the lowest best raw link probability ``t`` such
    that today's "addressed" calls (both "addressed" bands) together with the comments at or above the answered
    model's "partly" band whose best link reaches ``t`` are wrong at most ``max_wrong`` of the time (at least 3
    calls), over the comments with a link shown; 1.0 when none. ``best``, ``probs``: each comment's best raw link
    probability and its out-of-fold answered probability."""
    today = shown & (probs >= bands["addressed"]) & (best >= link_addressed)
    extra = shown & (probs >= bands["partly"])
    for t in sorted(set(best[extra].tolist())):
        calls = today | (extra & (best >= t))
        if calls.sum() >= 3 and (calls & ~answered).sum() <= max_wrong * calls.sum():
            return _down(t)
    return 1.0


def matched(train: Sequence[PaperPairs], inner: Sequence[Scored]) -> list[tuple[PaperPairs, Scored]]:
    """Each training paper with its inner leave-papers-out scores (papers without any are left out)."""
    by_ids = {tuple(s.comment_ids): s for s in inner}
    return [(pp, by_ids[key]) for pp in train if (key := tuple(c.id for c in pp.paper.comments)) in by_ids]


def fit_answered(train: Sequence[PaperPairs], inner: Sequence[Scored], threshold: float, max_wrong: float,
                 c: float = C, unsure: Collection[str] = (), link_addressed: float | None = None) -> AnsweredModel:
    """Weights on every training comment's features (under its inner leave-papers-out link probabilities); bands on
    the model's own leave-papers-out probabilities over the same comments (both without the ``unsure`` ones; a
    paper's group held out with it: ``engine.align.folds``), by the rule of ``MIN_FOUND`` and ``PER_REPOSITORY``."""
    model, oof = fit_with_oof(train, inner, threshold, c, unsure)
    probs, y, shown, groups = oof["probs"], oof["answered"], oof["shown"], oof["groups"]
    model.bands = choose_bands(probs, y, shown, max_wrong, MIN_FOUND, groups, PER_REPOSITORY)
    model.meta["partly_rule"] = {"min_found": MIN_FOUND, "per_repository": list(PER_REPOSITORY or ())}
    if link_addressed is not None:  # round eight: the link model's "addressed" band given, ``sure_link`` fitted
        model.bands["sure_link"] = sure_link_band(oof["best"], probs, y, shown, model.bands, link_addressed)
    return model


def known_rows(rows_by_paper: Iterable[tuple[Any, tuple[np.ndarray, np.ndarray, np.ndarray]]],
               unsure: Collection[str] = ()) -> tuple[list[tuple[np.ndarray, np.ndarray, np.ndarray]], list[Any]]:
    """Each paper's answered-model rows ``(x, answered, shown)`` without its ``unsure`` comments (a distant label's
    unlinked comment whose answer states a change), and the papers that keep any."""
    rows, papers = [], []
    for paper, (x, y, shown) in rows_by_paper:
        sure = np.array([cm.id not in unsure for cm in paper.comments], dtype=bool)
        if sure.any():
            rows.append((x[sure], y[sure], shown[sure]))
            papers.append(paper)
    return rows, papers


def grouped_oof(rows: Sequence[tuple[np.ndarray, np.ndarray, np.ndarray]], papers: Sequence[Any],
                fit: Callable[[np.ndarray, np.ndarray], Any]) -> tuple[np.ndarray, np.ndarray]:
    """Each row's probability from a model fitted (``fit(x, y)``, with ``probabilities(x)``) without its paper's
    group (repository: ``engine.align.folds``), and each row's group."""
    oof: list[np.ndarray | None] = [None] * len(rows)
    for group in grouped(papers, paper=lambda p: p):
        rest = [r for j, r in enumerate(rows) if j not in group]
        model = fit(np.concatenate([r[0] for r in rest]), np.concatenate([r[1] for r in rest]))
        for k in group:
            oof[k] = model.probabilities(rows[k][0])
    return np.concatenate(oof), np.concatenate([[group_of(p)] * len(r[1]) for p, r in zip(papers, rows)])


def fit_with_oof(train: Sequence[PaperPairs], inner: Sequence[Scored], threshold: float, c: float = C,
                 unsure: Collection[str] = ()) -> tuple[AnsweredModel, dict[str, np.ndarray]]:
    """``fit_answered``'s weights (bands not chosen) and what its bands are chosen on: over the training comments
    (without the ``unsure`` ones), each one's grouped out-of-fold probability (``probs``), whether it is answered,
    whether a link is shown, its repository (``groups``) and its best raw link probability (``best``)."""
    rows, papers = known_rows(((pp.paper, answered_rows(pp, s.matrix, threshold)) for pp, s in matched(train, inner)),
                              unsure)
    probs, groups = grouped_oof(rows, papers, lambda x, y: fit_weights(x, y, c))
    model = fit_weights(np.concatenate([r[0] for r in rows]), np.concatenate([r[1] for r in rows]), c)
    model.meta = {"train": [pp.paper.id for pp, _ in matched(train, inner)]}
    return model, {"probs": probs, "answered": np.concatenate([r[1] for r in rows]),
                   "shown": np.concatenate([r[2] for r in rows]), "groups": groups,
                   "best": np.concatenate([r[0][:, FEATURES.index("best")] for r in rows])}


def scored_answered(pp: PaperPairs, matrix: np.ndarray, threshold: float, model: AnsweredModel,
                    found: Sequence | None = None) -> np.ndarray:
    """Each comment's answered-at-all probability (raw) on ``pp`` under the link probabilities ``matrix`` (``found``:
    each comment's answer in the letter, for a model over ``LETTER_FEATURES``)."""
    if model.features == FEATURES:
        found = None
    elif found is None:  # no letter: no answer found for any comment
        found = [None] * len(pp.paper.comments)
    return model.probabilities(answered_rows(pp, matrix, threshold, found)[0])
