"""A response letter that is not this project's letter (session 26): the reviews or the paper given again, another
paper's letter, a letter quoting half the points, the same letter in a second round, a letter moved after the
build, a project kept before letters. Built on the demo's draft and reviews; every letter is written here."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.project import ProjectStore
from engine.project.notes import reading_notes
from engine.project.response import project_letter
from tests.engine.project.test_project_response import DEMO, LETTER, _load, _new

OTHER = """Response to the referees

We thank the referee for the careful reading of our manuscript on coral reef surveys.

Comment 1. The transect length is not given for the second island.

We have added the transect length (50 m) to the methods and a map of the sites.

Comment 2. The colour scale of the map is hard to read when printed.

We changed the colour scale to one that prints well in grey.
"""


def _statuses(project) -> dict[str, str]:
    from engine.project.coverage import coverage_view

    return {cid: a.status.value for cid, a in coverage_view(project).assessments.items()}


@pytest.fixture(scope="module")
def plain(tmp_path_factory) -> dict[str, str]:
    """The statuses without a letter."""
    folder = tmp_path_factory.mktemp("plain")
    assert _new(folder) == 0
    return _statuses(_load(folder))


@pytest.mark.parametrize("which, said", [("reviews.md", "is the reviews file"),
                                         ("draft_v1.md", "is the draft file"),
                                         ("draft_v2.md", "is the revised version file")])
def test_another_input_given_as_the_letter_is_one_line_and_no_project(tmp_path: Path, capsys, which, said) -> None:
    assert _new(tmp_path, "--response", str(DEMO / which)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err and "Traceback" not in err
    assert not (tmp_path / "demo.redraft").exists()


def test_a_copy_of_the_reviews_as_the_letter_is_refused(tmp_path: Path, capsys) -> None:
    copy = tmp_path / "response.md"
    shutil.copy(DEMO / "reviews.md", copy)
    assert _new(tmp_path, "--response", str(copy)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "holds only the reviews' text" in err and "(--force to go on)" in err
    assert not (tmp_path / "demo.redraft").exists()
    assert _new(tmp_path, "--response", str(copy), "--force") == 0  # a doubt, not a refusal: the user may go on


@pytest.mark.parametrize("letter, quoted", [("paper", None), ("other", "none"), ("half", "only 3")])
def test_a_letter_quoting_few_points_is_kept_but_the_statuses_are_as_without_it(tmp_path: Path, capsys, plain,
                                                                                 letter, quoted) -> None:
    path = tmp_path / "response.md"
    if letter == "paper":  # the revised paper itself, under a letter's name
        shutil.copy(DEMO / "draft_v2.md", path)
    elif letter == "other":
        path.write_text(OTHER, encoding="utf-8")
    else:  # this letter's first three points only
        path.write_text(LETTER[:LETTER.index("> Why is the maximum")], encoding="utf-8")
    assert _new(tmp_path, "--response", str(path)) == 0
    out = capsys.readouterr().out
    project = _load(tmp_path)
    assert project.letter["name"] == "response.md" and project.letter["read"] is False
    k = project.letter["quoted"]
    assert quoted is None or (f"quotes {quoted} of the 7 points" in out and "statuses do not read it" in out)
    assert k * 100 < 90 * 7  # what the summary line counts is what the rule compares
    assert project_letter(project) is None  # comments added later are aligned without it too
    assert {a.letter for a in project.alignments.values()} == {""}  # no "not found in the letter" on every comment
    assert _statuses(project) == plain
    notes = [n for n in reading_notes(project) if n.source == "response"]
    assert len(notes) == 1 and "statuses do not read it" in notes[0].text and notes[0].file == "response.md"
    from engine.project.coverage import coverage_view

    assert coverage_view(project).status_line().endswith(f"letter not read ({k} of 7 points quoted: see Reading Notes)")


def test_the_same_letter_in_a_round_of_new_reviews_is_not_read_against_them(tmp_path: Path, capsys) -> None:
    letter = tmp_path / "response.md"
    letter.write_text(LETTER, encoding="utf-8")
    assert _new(tmp_path, "--response", str(letter)) == 0
    assert _load(tmp_path).letter["read"] is True
    from engine.project.coverage import coverage_view

    assert coverage_view(_load(tmp_path)).status_line().endswith(" · letter: 7 of 7 points quoted")  # the status bar
    new_reviews = tmp_path / "reviews2.md"
    new_reviews.write_text("# Reviewer 1\n\n1. The new latency table has no error bars; please add them.\n"
                           "2. The appendix still lacks the training schedule of the exit heads.\n", encoding="utf-8")
    path = str(tmp_path / "demo.redraft")
    capsys.readouterr()
    assert main(["project", "round", path, "--reviews", str(new_reviews), "--response", str(letter)]) == 0
    err = capsys.readouterr().err
    project = _load(tmp_path)
    assert project.letter["read"] is False and project.letter["quoted"] == 0
    assert "quotes none of the" in err and "statuses do not read it" in err
    assert {a.letter for a in project.alignments.values()} == {""}


def test_the_letter_text_is_kept_so_a_moved_letter_changes_nothing(tmp_path: Path, capsys) -> None:
    letter = tmp_path / "response.md"
    letter.write_text(LETTER, encoding="utf-8")
    assert _new(tmp_path, "--response", str(letter)) == 0
    before = {cid: a.letter for cid, a in _load(tmp_path).alignments.items()}
    letter.write_text(OTHER, encoding="utf-8")  # changed on disk, then moved away
    letter.rename(tmp_path / "elsewhere.md")
    path = str(tmp_path / "demo.redraft")
    capsys.readouterr()
    assert main(["project", "show", path]) == 0
    assert "the response letter quotes 7 of 7 points" in capsys.readouterr().out
    # a comment added now is aligned with the letter kept in the project, not the file
    assert main(["project", "comment", path, "add", "--reviewer", "Reviewer 1", "--text",
                 "How were the weights of the exit losses chosen? The paper does not give their values."]) == 0
    project = _load(tmp_path)
    assert "exit-loss weights" in project.letter["text"]
    added = [c.id for c in project.comments if c.id not in before]
    assert added and project.alignments[added[0]].letter.startswith("the response letter answers it")


def test_a_project_kept_before_letters_opens_and_says_nothing_of_one(tmp_path: Path, capsys) -> None:
    assert _new(tmp_path) == 0
    path = tmp_path / "demo.redraft"
    store = ProjectStore.open(path)  # as a session-24 project: no letter row at all
    try:
        with store.transaction() as conn:
            conn.execute("DELETE FROM meta WHERE key = 'letter'")
    finally:
        store.close()
    capsys.readouterr()
    assert main(["project", "show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "letter" not in out.split("\n")[0]
    assert not [n for n in reading_notes(_load(tmp_path)) if n.source == "response"]
    # a letter may be given to it later, alone (trial24); one that is not there: one line
    assert main(["project", "round", str(path), "--response", str(tmp_path / "x.md")]) == 2
    assert "no such letter file" in capsys.readouterr().err


def test_an_aligner_that_reads_no_letter_says_so(tmp_path: Path, capsys) -> None:
    letter = tmp_path / "response.md"
    letter.write_text(LETTER, encoding="utf-8")
    assert _new(tmp_path, "--response", str(letter), "--aligner", "bm25") == 0
    out = capsys.readouterr().out
    assert "quotes 7 of 7 points, but the bm25 aligner does not read letters" in out.split("\n")[1]
    assert main(["project", "show", str(tmp_path / "demo.redraft"), "--json"]) == 0
    import json

    shown = json.loads(capsys.readouterr().out)["response_letter"]
    assert shown == {"name": "response.md", "quoted": 7, "points": 7, "read": False}
