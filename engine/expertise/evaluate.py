"""Scoring the gold-standard profile draws (d_20_1..d_20_10) and evaluating each scorer."""

from __future__ import annotations

from collections.abc import Generator, Sequence
from pathlib import Path
from typing import Any

from engine.errors import InputError
from engine.expertise.matrix import read_archives, read_submissions, score_matrix_job
from engine.jobs import CancelToken, Progress
from engine.metrics.expertise import Table, evaluate_draws


def dataset_folders(root: str | Path) -> list[Path]:
    """The draws under ``root`` (folders holding ``archives/`` and ``submissions.json``), in numeric order."""
    root = Path(root)
    if (root / "archives").is_dir():
        return [root]
    found = [d for d in root.iterdir() if (d / "archives").is_dir() and (d / "submissions.json").is_file()] if root.is_dir() else []
    if not found:
        raise InputError(f"{root}: no dataset folder (with archives/ and submissions.json)")

    def key(d: Path) -> tuple[str, int]:
        head, _, tail = d.name.rpartition("_")
        return (head, int(tail)) if tail.isdigit() else (d.name, 0)

    return sorted(found, key=key)


def evaluate_scorers_job(
    datasets: Sequence[Path],
    ratings: Table,
    scorers: Sequence[str],
    encoder: Any = None,
    n_boot: int = 1000,
    seed: int = 0,
    cancel: CancelToken | None = None,
) -> Generator[Progress, None, list[dict[str, Any]]]:
    """Per scorer: loss, easy/hard accuracy and bootstrap CIs over the rated participants."""
    loaded = [(read_archives(d / "archives"), read_submissions(d / "submissions.json")) for d in datasets]
    reviewers = set.intersection(*(set(p.reviewer for p in profiles) for profiles, _ in loaded))
    missing = [p for p in ratings if p not in reviewers]
    if missing:
        raise InputError(f"{len(missing)} rated participant(s) have no profile, e.g. {missing[0]}")
    results = []
    total = len(scorers) * len(loaded)
    for i, scorer in enumerate(scorers):
        tables = []
        for j, (profiles, submissions) in enumerate(loaded):
            yield Progress(i * len(loaded) + j, total, f"{scorer} on {datasets[j].name}")
            matrix = yield from score_matrix_job(profiles, submissions, scorer, encoder, cancel)
            tables.append(matrix.to_dict())
        results.append({"scorer": scorer, **evaluate_draws(tables, ratings, n_boot=n_boot, seed=seed)})
    yield Progress(total, total, "done")
    return results
