"""Coverage for area chairs on the cgo18 project: one CSV row per comment with its
full text, status (status.py) with confidence, the author's confirmations and the
edits as text snippets; low-confidence comments marked, never dropped; the same table in the report."""

from __future__ import annotations

import csv
import dataclasses
import json
import re
from pathlib import Path

import pytest

from engine.align.status import PARTLY_P, Status
from engine.cli.main import main
from engine.errors import InputError
from engine.project.coverage import (
    CSV_COLUMNS,
    coverage_rows,
    filter_rows,
    doubtful,
    status_counts,
)
from engine.project.coverage_csv import write_coverage_csv
from engine.project.report import revision_report_html


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as f:
        return list(csv.DictReader(f))


@pytest.mark.shared_data
def test_one_csv_row_per_comment_with_snippets_not_ids(cgo18, tmp_path: Path) -> None:
    project, _, confirmed, rejected = cgo18
    rows = read_csv(write_coverage_csv(project, tmp_path / "coverage.csv"))
    assert list(rows[0]) == list(CSV_COLUMNS)
    assert not {"action", "directness"} & set(rows[0])  # internal codes stay out of an area chair's spreadsheet
    assert [r["comment"] for r in rows] == [c.id for c in project.comments]  # none is junk in cgo18
    by_id = {r["comment"]: r for r in rows}
    for c in project.comments:
        assert by_id[c.id]["comment text"] == c.full_text  # the full text, never cut
        assert by_id[c.id]["status"] in {s.value for s in Status}
    assert not any(re.search(r"\be\d{4}\b", r["edits"]) for r in rows)  # snippets, not "e0119"
    mine = by_id[confirmed[0]]
    assert mine["status"] == "confirmed addressed" and mine["confirmed by author"] == "yes"
    assert mine["chance addressed"] == "author"
    first = mine["edits"].split("\n")[0]
    assert not first.endswith("[unconfirmed]")  # the author's link comes first, unmarked
    assert all(line.endswith(("[unconfirmed]", "[closest edit, not counted]")) for line in mine["edits"].split("\n")[1:])
    snippet = next(r for r in coverage_rows(project) if r.comment_id == rejected[0])
    assert rejected[1] not in [e.edit_id for e in snippet.edits]  # a rejected link is not cited
    others = [r for r in rows if r["confirmed by author"] == "no" and r["chance addressed"]]
    assert others and all(re.fullmatch(r"\d{1,3}%", r["chance addressed"]) for r in others)


@pytest.mark.shared_data
def test_low_confidence_is_marked_and_counted_and_filters_pick_rows(cgo18) -> None:
    """A comment the extractor is 20% sure is a request is a row, counted and marked (an area chair's CSV once had
    7 rows for 8 comments)."""
    project = cgo18[0]
    low = dataclasses.replace(project.comments[3], confidence=0.2)
    noisy = dataclasses.replace(project, comments=[*project.comments[:3], low, *project.comments[4:]])
    rows = coverage_rows(noisy)
    assert len(rows) == len(project.comments) and low.id in [r.comment_id for r in rows]
    marked = next(r for r in rows if r.comment_id == low.id)
    assert marked.low_confidence and marked.low_mark() == "low confidence (20% sure it is a request)"
    assert not any(r.low_confidence for r in rows if r is not marked)
    assert doubtful(noisy) == [low] and sum(status_counts(rows).values()) == len(rows)
    reviewer = project.comments[0].reviewer
    assert {r.reviewer for r in filter_rows(rows, reviewer=reviewer)} == {reviewer}
    first = next(r for r in rows if r.reviewer == reviewer)
    mine = filter_rows(rows, reviewer=reviewer, status=first.status.value, kind=first.kind)
    assert first in mine and all((r.reviewer, r.status, r.kind) == (reviewer, first.status, first.kind) for r in mine)
    assert len(mine) < len(rows)
    page = revision_report_html(noisy)
    assert "1 of them marked low confidence: under 50% sure to be a request" in page
    assert f"<tr><td>comments</td><td>{len(project.comments)}</td></tr>" in page  # the low-confidence one counted
    assert page.count('<tr class="row ') == len(project.comments) and page.count("low-confidence") == 1


@pytest.mark.shared_data
def test_report_holds_the_same_table_with_filters_and_marks(cgo18) -> None:
    project, _, confirmed, _ = cgo18
    page = revision_report_html(project)
    assert "<script" not in page
    rows = coverage_rows(project)
    assert page.count('<tr class="row ') == len(rows)
    for r in rows:
        assert f'status-{r.status.value.replace(" ", "-")}' in page.split(f'id="c-{r.comment_id.replace(".", "-")}"')[0].rsplit("<tr", 1)[1]
    for group in ("reviewer", "status", "type"):
        assert f'id="f-{group}-all" checked' in page
    assert 'id="f-status-confirmed-addressed"' in page and "confirmed by the author" in page
    row = page.split(f'id="c-{confirmed[0].replace(".", "-")}"')[1].split("</tr>")[0]
    assert row.index(f'href="#{confirmed[1]}"') < row.index("unconfirmed")  # confirmed first, the rest marked
    assert "<tr><td>comments confirmed by the author</td><td>1</td></tr>" in page


@pytest.mark.shared_data
def test_cli_coverage_csv_and_bad_suffix(cgo18, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = cgo18[1]
    out = tmp_path / "coverage.csv"
    assert main(["export", str(folder / "cgo18.redraft"), "--coverage", str(out)]) == 0
    assert len(read_csv(out)) == len(cgo18[0].comments)
    assert main(["export", str(folder / "cgo18.redraft"), "--coverage", str(tmp_path / "c.xlsx")]) == 2
    assert "written as .csv" in capsys.readouterr().err
    with pytest.raises(InputError, match="no such folder"):
        write_coverage_csv(cgo18[0], tmp_path / "missing" / "c.csv")


@pytest.mark.shared_data
def test_every_status_reader_agrees_with_the_coverage_table(cgo18, capsys: pytest.CaptureFixture[str]) -> None:
    """One definition (status.py): the project's status (comment list, status bar, ``project show``) is the
    coverage row's for every comment of cgo18, with the same probability, confirmations included."""
    project, folder, confirmed, _ = cgo18
    rows = {r.comment_id: r for r in coverage_rows(project)}
    assert set(rows) == {c.id for c in project.comments}
    for c in project.comments:
        a = project.assessment(c.id)
        assert project.status(c.id) is a.status is rows[c.id].status, c.id
        assert a.probability == rows[c.id].probability and a.label() == rows[c.id].label()
    statuses = project.statuses()
    assert statuses[confirmed[0]] is Status.CONFIRMED and project.assessment(confirmed[0]).label() == "confirmed addressed"
    # the two-valued status this replaced called every comment with a linked edit "addressed"
    assert {Status.ADDRESSED, Status.PARTLY, Status.NOT_ADDRESSED} <= set(statuses.values())
    assert main(["project", "show", str(folder / "cgo18.redraft")]) == 0
    out = capsys.readouterr().out
    for r in rows.values():
        assert f"  {r.comment_id:6} [{r.label()}" in out
    assert f"{sum(r.status in (Status.ADDRESSED, Status.CONFIRMED) for r in rows.values())} addressed (1 confirmed)" in out
    assert f"{sum(r.status is Status.PARTLY for r in rows.values())} partly addressed" in out
    assert main(["project", "show", str(folder / "cgo18.redraft"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {c["id"]: c["status"] for c in data["comments"]} == {k: r.status.value for k, r in rows.items()}
    assert {c["id"]: c["probability"] for c in data["comments"]} == {k: r.probability for k, r in rows.items()}


@pytest.mark.shared_data
def test_the_closest_edit_of_a_comment_not_addressed_is_not_evidence(cgo18) -> None:
    """Under a comment that is not addressed, Redraft's suggestions are the closest edits it found: the table says
    so ("closest edit, not counted"), the marked-up PDF and the report's edit map do not cite the comment on them,
    and the letter does not list them as changes (a new-user trial read them as what answers the comment)."""
    from engine.letter.content import LetterBuilder
    from engine.project.coverage import comments_by_edit

    project = cgo18[0]
    rows = coverage_rows(project)
    weak = [r for r in rows if r.status is Status.NOT_ADDRESSED and r.edits]
    assert weak, [(r.comment_id, r.status.value) for r in rows]
    for r in weak:
        assert all(e.candidate and e.label().endswith("[closest edit, not counted]") for e in r.edits)
        assert LetterBuilder(project).changes(r.comment_id) == []
    by_edit = comments_by_edit(rows)
    assert not any(r.comment_id in [c for c, _ in by_edit.get(e.edit_id, [])] for r in weak for e in r.edits)
    # under an addressed comment the edit it rests on counts; a weak second link (below PARTLY_P) does not
    counted = [r for r in rows if r.status in (Status.ADDRESSED, Status.PARTLY) and r.edits]
    assert counted and all(not r.edits[0].candidate for r in counted)
    for r in counted:  # the best suggestion counts; a weaker one only from PARTLY_P up (either status rule)
        assert all(e.candidate == (e.link == "suggested" and k > 0 and e.probability < PARTLY_P)
                   for k, e in enumerate(r.edits)), r.comment_id
    weak = [r for r in counted if any(e.candidate for e in r.edits)]
    assert weak  # cgo18's broad comments have such links
    for r in counted:
        listed = LetterBuilder(project).changes(r.comment_id)
        assert len(listed) <= len([e for e in r.edits if not e.candidate]), r.comment_id
    assert "closest edit, not counted" in revision_report_html(project)


def test_a_snippet_reads_a_replacement_as_one_and_each_run_apart() -> None:
    """From a new-user trial: "valuation" -> "evaluation" plus an added sentence read
    `added “evaluation Because these samples …”`."""
    from engine.project.coverage import edit_snippet
    from engine.revision import diff_documents
    from tests.engine.built_revisions import PROSE, doc_of

    old = PROSE + ["We detail valuation criteria in the appendix and report the scores."]
    new = PROSE + ["We detail evaluation criteria in the appendix and report the scores. Because these samples are "
                   "small, we also give 95% confidence intervals for every score."]
    (edit,) = diff_documents(doc_of(old), doc_of(new)).changed_edits()
    assert edit_snippet(edit) == "“valuation” → “evaluation”; added “Because these samples are small, we also give 95% …”"
    # for a comment, the run it is about comes first (a trial's area chair read another comment's answer)
    about = edit_snippet(edit, about="Report confidence intervals; the samples are small.")
    assert about.startswith("added “Because these samples are small"), about
    (added,) = diff_documents(doc_of(PROSE), doc_of(PROSE + ["A new paragraph on the limits of the method."])
                              ).changed_edits()
    assert edit_snippet(added) == "new paragraph “A new paragraph on the limits of the method.”"
