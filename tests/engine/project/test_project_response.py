"""The authors' response letter given with a new project (``redraft project new --response``): kept in the project,
read by the ``learned`` aligner's statuses; a bad letter is one line and no project; none given, as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cli.main import main
from engine.project import ProjectStore
from engine.project.response import project_letter

REPO = Path(__file__).resolve().parents[3]
DEMO = REPO / "resources" / "demo"
#: A letter written for the demo's reviews (ours, synthetic): it quotes each of the seven points and answers it (a
#: letter that quotes fewer than 90 % of the points is kept but not read by the statuses: session 26).
LETTER = """# Response to the reviewers

We thank both reviewers.

## Reviewer 1

> Please compare against static layer skipping at the same average depth, which is the obvious alternative.

We thank the reviewer; a comparison is planned.

> Could the authors report wall-clock latency on a real device?

We thank the reviewer for this question.

> How were the weights of the exit losses chosen? The paper does not give their values.

We have added the values of the exit-loss weights to Section 3 and say how they were chosen.

> Why is the maximum posterior used as the confidence rather than the entropy?

It is cheaper to compute.

## Reviewer 2

> All experiments are on LibriSpeech, which is read speech.

We respectfully disagree: a second domain is beyond the scope of this short paper.

> The related work on layer skipping and adaptive computation time for speech is not discussed.

It is a fair point.

> The abstract should state the latency gain, not only the computation saving.

We see the reviewer's point.
"""


def _new(tmp_path: Path, *extra: str) -> int:
    return main(["project", "new", "demo", "--old", str(DEMO / "draft_v1.md"), "--new", str(DEMO / "draft_v2.md"),
                 "--reviews", str(DEMO / "reviews.md"), "--out", str(tmp_path / "demo.redraft"), *extra])


def _load(tmp_path: Path):
    store = ProjectStore.open(tmp_path / "demo.redraft")
    try:
        return store.load()
    finally:
        store.close()


def test_a_letter_given_is_kept_and_its_answers_inform_the_statuses(tmp_path: Path, capsys) -> None:
    letter = tmp_path / "response.md"
    letter.write_text(LETTER, encoding="utf-8")
    assert _new(tmp_path, "--response", str(letter)) == 0
    project = _load(tmp_path)
    assert project.letter["name"] == "response.md" and "exit-loss weights" in project.letter["text"]
    assert project_letter(project) is not None
    notes = {cid: a.letter for cid, a in project.alignments.items()}
    said = {n for n in notes.values()}
    assert "the response letter answers it: states a change, names a place" in said
    assert "the response letter answers it: declines or defers" in said
    assert "" not in said


def test_without_a_letter_the_project_is_as_before(tmp_path: Path) -> None:
    assert _new(tmp_path) == 0
    project = _load(tmp_path)
    assert project.letter == {} and project_letter(project) is None
    assert {a.letter for a in project.alignments.values()} == {""}


@pytest.mark.parametrize("content", [None, b"\x89PNG\r\n\x1a\n" + bytes(100), b"\n \n"])
def test_a_bad_letter_is_one_line_and_no_project(tmp_path: Path, capsys, content) -> None:
    letter = tmp_path / "response.txt"
    if content is not None:
        letter.write_bytes(content)
    assert _new(tmp_path, "--response", str(letter)) == 2
    err = capsys.readouterr().err
    assert err.startswith("redraft: error:") and err.count("\n") == 1
    assert not (tmp_path / "demo.redraft").exists()


def test_the_coverage_rows_say_what_the_letter_said(tmp_path: Path) -> None:
    from engine.project.coverage import coverage_rows

    letter = tmp_path / "response.md"
    letter.write_text(LETTER, encoding="utf-8")
    assert _new(tmp_path, "--response", str(letter)) == 0
    rows = {r.comment_id: r for r in coverage_rows(_load(tmp_path))}
    assert {r.letter for r in rows.values()} >= {"the response letter answers it: declines or defers",
                                                 "the response letter answers it: states a change, names a place"}


def test_a_round_reads_its_own_letter_and_forgets_the_last_one(tmp_path: Path, capsys) -> None:
    first, second = tmp_path / "response1.md", tmp_path / "response2.md"
    first.write_text(LETTER, encoding="utf-8")
    second.write_text(LETTER.replace("We respectfully disagree", "We agree and have added TED-LIUM results"),
                      encoding="utf-8")
    assert _new(tmp_path, "--response", str(first)) == 0
    path = str(tmp_path / "demo.redraft")
    assert main(["project", "round", path, "--reviews", str(DEMO / "reviews.md"), "--response", str(second)]) == 0
    project = _load(tmp_path)
    assert project.letter["name"] == "response2.md"
    assert "the response letter answers it: states a change, declines or defers" in {
        a.letter for a in project.alignments.values()}  # the second letter read, not the first
    capsys.readouterr()
    assert main(["project", "round", path, "--reviews", str(DEMO / "reviews.md")]) == 0
    assert "response2.md" in capsys.readouterr().out  # named among what the round dropped
    project = _load(tmp_path)
    assert project.letter == {} and {a.letter for a in project.alignments.values()} == {""}
