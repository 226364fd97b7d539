"""Each view an area chair reads says which round it is about (trial34: after File → New Round the Coverage tab,
the status bar, the CSV, the marked-up PDF's first page and the report read as the first round's did). Round 1
reads as before; a second and third round say "Round 2", "Round 3", and the CSV carries the round in its last
columns with what a comment was in the round the new reviews replaced, so several rounds' tables can share a
spreadsheet. Synthetic reviews of the demo paper, written here."""

from __future__ import annotations

import csv
from pathlib import Path

from engine.jobs import run_job
from engine.project import ProjectStore
from engine.project.coverage import CSV_COLUMNS, coverage_view
from engine.project.coverage_csv import write_coverage_csv
from engine.project.marked_summary import count_line, summary_html
from engine.project.pipeline import build_project_file
from engine.project.report import revision_report_html
from engine.project.rounds import build_round
from engine.project.session import ProjectSession

DEMO = Path(__file__).resolve().parents[3] / "resources" / "demo"
FIRST = """# Reviewer 1

1. Please compare the glimmering step with a plain baseline of the same depth.
2. Could the authors report how long the frobnication takes on a small device?
"""
SECOND = """# Reviewer 1

1. Please compare the glimmering step with a plain baseline of the same depth.
2. Please report the batch size of the device used for the new frobnication timings.
"""


def load(path: Path):
    with ProjectStore.open(path) as store:
        return store.load()


def _csv_rows(project, path: Path) -> list[list[str]]:
    with write_coverage_csv(project, path).open(encoding="utf-8-sig", newline="") as f:
        return list(csv.reader(f))


def test_every_view_names_the_round_after_a_new_round(tmp_path: Path) -> None:
    reviews = tmp_path / "round1.md"
    reviews.write_text(FIRST, encoding="utf-8")
    path = run_job(build_project_file(tmp_path / "paper.redraft", "paper", DEMO / "draft_v1.md",
                                      DEMO / "draft_v2.md", reviews, aligner="bm25"))
    first = load(path)
    view = coverage_view(first)
    assert first.review_round == 1 and view.round_prefix() == ""
    assert not view.summary_text().startswith("Round") and not view.status_line().startswith("Round")
    rows = _csv_rows(first, tmp_path / "r1.csv")
    assert rows[0] == list(CSV_COLUMNS) and rows[0][-2:] == ["round", "earlier round"]
    assert {r[-2] for r in rows[1:]} == {"1"} and {r[-1] for r in rows[1:]} == {""}
    assert len(rows) == 1 + len(first.comments)

    session = ProjectSession.open(path)
    second_reviews = tmp_path / "round2.md"
    second_reviews.write_text(SECOND, encoding="utf-8")
    session.take_round(run_job(build_round(path, reviews=second_reviews)))
    second = session.project
    assert second.review_round == 2 and load(path).review_round == 2  # kept in the file, read back
    view = coverage_view(second)
    assert view.summary_text().startswith("Round 2: ") and view.status_line().startswith("Round 2: ")
    rows = _csv_rows(second, tmp_path / "r2.csv")
    head = rows[0]
    assert head[-2:] == ["round", "earlier round"] and {r[-2] for r in rows[1:]} == {"2"}
    again = next(c for c in second.comments if "glimmering" in c.text)
    was = next(c for c in first.comments if "glimmering" in c.text)
    earlier = {r[0]: r[-1] for r in rows[1:]}  # the comment the first round held too: its id and status there
    assert earlier[again.id].startswith(f"in round 1 as {was.id}: ")
    assert all(text == "" for cid, text in earlier.items() if cid != again.id)
    assert {r.comment_id: r.earlier for r in view.rows} == earlier  # the view's rows, as the Coverage tab reads them
    page = summary_html(second, list(view.rows), {}, 0)  # the marked-up PDF's first pages name it too
    assert page.count("; in round 1 as ") == 1 and f"; {earlier[again.id]})</span>" in page
    assert count_line(list(view.rows), second.review_round).startswith("Round 2: 2 comments from 1 reviewer")
    assert "Revision report: " in (page := revision_report_html(second)) and "(round 2)</h1>" in page
    assert page.count(">in round 1 as ") == 1 and f">{earlier[again.id]}</span>" in page  # the report's status cell too

    # a revised version of the same reviews (trial35): still their round of review, kept as round 2 before it
    session.take_round(run_job(build_round(path, revised=DEMO / "draft_v2.md")))
    assert session.project.review_round == 2 and (tmp_path / "paper (round 2).redraft").is_file()
    assert coverage_view(session.project).status_line().startswith("Round 2: ")
    session.close()
