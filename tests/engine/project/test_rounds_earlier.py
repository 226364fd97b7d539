"""A second round of reviews, as an area chair meets it (trial17): the new reviews replace the first round's
comments, and the report says so with their statuses, instead of "kept: 0 of N comments" beside "dropped:
nothing"; a comment the first round held too is named with its id and status there, in ``redraft project show``
and its JSON, and the project remembers which file keeps the first round. A later round of a new revised version
keeps that note. Synthetic reviews of the demo paper, written for this test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.align.status import status_text
from engine.cli.main import main
from engine.jobs import run_job
from engine.project.pipeline import build_project_file
from engine.project.rounds import EARLIER, backup_path, build_round, earlier_phrase, read_earlier
from engine.project.session import ProjectSession

DEMO = Path(__file__).resolve().parents[3] / "resources" / "demo"
REPEATED = "Please compare against static layer skipping at the same average depth."
ROUND_1 = f"""# Reviewer 1

## Weaknesses
1. {REPEATED}
2. Could the authors report wall-clock latency on a real device?

# Reviewer 2

## Weaknesses
- The method should be evaluated on a second, harder domain such as conversational speech.
"""
ROUND_2 = f"""# Reviewer 1

The authors answered most of my first-round points. Two remain.

1. {REPEATED}
2. The new latency table should give the device's batch size.

# Reviewer 2

- The new conversational-speech results should report the word error rate per speaker.
"""


@pytest.fixture()
def first_round(tmp_path: Path) -> Path:
    reviews = tmp_path / "round1.md"
    reviews.write_text(ROUND_1, encoding="utf-8")
    return run_job(build_project_file(tmp_path / "paper.redraft", "paper", DEMO / "draft_v1.md",
                                      DEMO / "draft_v2.md", reviews, aligner="bm25"))


def _round_2(tmp_path: Path) -> Path:
    path = tmp_path / "round2.md"
    path.write_text(ROUND_2, encoding="utf-8")
    return path


def test_new_reviews_say_what_became_of_the_first_rounds_comments(first_round: Path, tmp_path: Path) -> None:
    session = ProjectSession.open(first_round)
    before = session.project
    old = next(c for c in before.comments if "static layer skipping" in c.text)
    report = run_job(build_round(first_round, reviews=_round_2(tmp_path)))
    session.take_round(report)
    after = session.project
    new = next(c for c in after.comments if "static layer skipping" in c.text)
    assert report.kept[-1] == f"1 of {len(before.comments)} comments found again in the new reviews " \
                              f"(now {len(after.comments)})"
    (line,) = report.replaced
    assert line.startswith(f"round 1's {len(before.comments)} comments (")
    for status in {status_text(before.status(c.id)) for c in before.comments}:
        assert status in line  # each status of round 1, counted
    assert f"by the new reviews' {len(after.comments)}; 1 of them is a round 1 comment again ({new.id} was " \
           f"{old.id})" in line
    record = read_earlier(first_round)
    assert record["round"] == 1 and record["file"] == backup_path(first_round, 1).name
    assert record["comments"] == len(before.comments) == sum(record["statuses"].values())
    status = status_text(before.status(old.id))
    assert earlier_phrase(record, new.id) == f"in round 1 as {old.id}: {status}"
    assert all(earlier_phrase(record, c.id) == "" for c in after.comments if c.id != new.id)  # new points
    session.close()


def test_a_round_of_a_revised_version_only_keeps_the_note(first_round: Path, tmp_path: Path) -> None:
    session = ProjectSession.open(first_round)
    session.take_round(run_job(build_round(first_round, reviews=_round_2(tmp_path))))
    record = read_earlier(first_round)
    session.take_round(run_job(build_round(first_round, revised=DEMO / "draft_v2.md")))
    assert read_earlier(first_round) == record  # still round 1's reviews, still in round 1's file
    session.close()
    assert read_earlier(tmp_path / "nothing-here.redraft") == {}
    odd = first_round.with_name("paper #2? (copy).redraft")  # a name a URI would misread
    odd.write_bytes(first_round.read_bytes())
    assert read_earlier(odd) == record


def test_cli_names_the_replaced_round(first_round: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["project", "show", str(first_round)]) == 0
    assert "earlier round" not in capsys.readouterr().out  # one round: nothing to name
    assert main(["project", "round", str(first_round), "--reviews", str(_round_2(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert "found again in the new reviews" in out and "replaced: round 1's 3 comments (" in out
    assert "dropped: none of your responses, link verdicts or accepted edits" in out
    assert main(["project", "show", str(first_round)]) == 0
    shown = capsys.readouterr().out
    assert "earlier round 1: 3 comments (" in shown and f"kept in {backup_path(first_round, 1).name}" in shown
    assert shown.count("(in round 1 as R1.") == 1
    assert main(["project", "show", str(first_round), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["earlier_round"]["round"] == 1 and len(data["earlier_round"]["carried"]) == 1
    assert EARLIER == "earlier_round"
