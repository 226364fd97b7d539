"""The expertise table as CSV, for an area chair's spreadsheet (the app's Export and ``redraft expertise --csv``).

One row per reviewer, best score first: the score, the 1–5 estimate, the number of profile papers, conflicts
(kinds and details), the shared key terms, the profile papers that drove the score, and the reviewer's notes
(a skipped file, a short or title-only profile). UTF-8 with a BOM so spreadsheets read dashes and quotes.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path

from engine.errors import InputError
from engine.expertise.evidence import ExpertiseReport

CSV_COLUMNS = ("reviewer", "paper", "scorer", "score", "estimate (1-5)", "profile papers", "conflicts",
               "conflict details", "shared terms", "closest profile papers", "notes")


def csv_record(report: ExpertiseReport, papers: int | None = None) -> list[str]:
    closest = [f"{e.title} ({e.year})" if e.year else e.title for e in report.evidence]
    return [
        report.reviewer, report.paper, report.scorer, f"{report.score:.4f}",
        "" if report.estimate is None else f"{report.estimate:.2f}", "" if papers is None else str(papers),
        "; ".join(dict.fromkeys(c.kind for c in report.conflicts)), "; ".join(c.detail for c in report.conflicts),
        ", ".join(report.shared_terms), " | ".join(closest), " | ".join(report.notices),
    ]


def write_expertise_csv(reports: Sequence[ExpertiseReport], path: str | Path,
                        papers: dict[str, int] | None = None) -> Path:
    """Write the reports (best score first) to ``path`` (.csv); ``papers``: reviewer -> profile size."""
    path = Path(path).expanduser()
    if path.suffix.lower() != ".csv":
        raise InputError(f"the expertise table is written as .csv, not {path.suffix or 'a file without a suffix'}")
    if not path.parent.is_dir():
        raise InputError(f"cannot write {path}: no such folder")
    if not reports:
        raise InputError("no expertise scores to export: score the reviewers first")
    papers = papers or {}
    try:
        with path.open("w", encoding="utf-8-sig", newline="") as f:
            writer = csv.writer(f)
            writer.writerow(CSV_COLUMNS)
            writer.writerows(csv_record(r, papers.get(r.reviewer)) for r in sorted(reports, key=lambda r: -r.score))
    except OSError as err:
        raise InputError(f"cannot write {path}: {err.strerror or err}") from None
    return path
