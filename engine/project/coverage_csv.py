"""The coverage table as a file sent out: the CSV, and the rows as an editor reads them (a LaTeX version's edits by
the pages of the PDF typeset beside it: exports20). ``engine.project.coverage`` holds the one view model."""

from __future__ import annotations

import csv
from dataclasses import replace
from pathlib import Path

from engine.errors import InputError
from engine.project.coverage import CSV_COLUMNS, CoverageRow, CoverageView, coverage_row, coverage_view
from engine.project.edit_places import typeset_places
from engine.project.filesafe import whole_file
from engine.project.model import Project


def csv_record(row: CoverageRow, review_round: int = 1) -> list[str]:
    """One comment's row, its round of review and what it was in the round the new reviews replaced ("in round 1
    as R2.12: not addressed", ``rounds.earlier_phrase``) last (several rounds' tables in one spreadsheet: trial34)."""
    edits = "\n".join(e.label() for e in row.edits)
    return [row.comment_id, row.reviewer, row.kind, row.status.value, row.confidence_text(),
            "yes" if row.confirmed else "no", edits, row.comment.full_text, row.response, row.request_text(),
            "yes" if row.low_confidence else "no", "yes" if row.throughout else "no", row.letter, row.letter_said,
            str(review_round), row.earlier]


def export_rows(project: Project, view: CoverageView) -> list[CoverageRow]:
    """The rows as a file sent out shows them: a LaTeX version's edits by the pages of the PDF typeset beside it
    (``typeset_places``), not by lines of the ``.tex`` the editor does not have."""
    places = typeset_places(project)
    if not places.typeset:  # no LaTeX version with its PDF beside it: the rows as the view holds them
        return list(view.rows)
    return [replace(r, edits=coverage_row(project, r.comment, view.assessments.get(r.comment.id), places).edits)
            for r in view.rows]  # only the edits' places differ


def write_coverage_csv(project: Project, path: str | Path) -> Path:
    """The coverage table as CSV (UTF-8 with a BOM so spreadsheets read the quotes and dashes)."""
    path = Path(path).expanduser()
    if path.suffix.lower() != ".csv":
        raise InputError(f"the coverage table is written as .csv, not {path.suffix or 'a file without a suffix'}")
    if not path.parent.is_dir():
        raise InputError(f"cannot write {path}: no such folder")
    rows = export_rows(project, coverage_view(project))
    with whole_file(path) as partial, partial.open("w", encoding="utf-8-sig", newline="") as f:
        writer = csv.writer(f)  # an earlier table stays whole if this one cannot be written (trial27)
        writer.writerow(CSV_COLUMNS)
        writer.writerows(csv_record(r, project.review_round) for r in rows)
    return path
