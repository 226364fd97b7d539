"""The authors' letter added to a project built without one (``redraft project round PATH --response LETTER``
alone; ``engine.project.letter_added``): the statuses become those a build with the letter gives, each status it
moved is printed with what the letter says, the author's work stays, no round is started. trial24's area chair got
the letter after building the project and could not add it. The demo paper and a letter written for the test."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.project import ProjectStore
from engine.project.coverage import CSV_COLUMNS, coverage_view
from engine.project.session import ProjectSession
from tests.engine.project.test_project_response import DEMO, LETTER


def _build(tmp_path: Path, name: str, *extra: str) -> Path:
    out = tmp_path / f"{name}.redraft"
    assert main(["project", "new", name, "--old", str(DEMO / "draft_v1.md"), "--new", str(DEMO / "draft_v2.md"),
                 "--reviews", str(DEMO / "reviews.md"), "--out", str(out), *extra]) == 0
    return out


def _load(path: Path):
    store = ProjectStore.open(path)
    try:
        return store.load()
    finally:
        store.close()


def _statuses(project) -> dict[str, tuple[str, str, str]]:
    return {r.comment_id: (r.status.value, r.label(), r.letter) for r in coverage_view(project).rows}


def _letter(tmp_path: Path, name: str = "response.md", text: str = LETTER) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_letter_added_later_reads_as_a_build_with_it_and_keeps_the_work(tmp_path: Path, capsys) -> None:
    letter = _letter(tmp_path)
    with_it = _statuses(_load(_build(tmp_path, "built", "--response", str(letter))))
    later = _build(tmp_path, "later")
    with ProjectSession(ProjectStore.open(later)) as session:  # the author's work before the letter comes
        first = session.project.comments[0].id
        session.set_response(first, "Answered in Section 2.")
        edit = next(e.id for e in session.project.diff.edits if e.changed)
        session.set_link(first, edit, "confirmed")
    before = _statuses(_load(later))
    capsys.readouterr()
    assert main(["project", "round", str(later), "--response", str(letter)]) == 0
    out = capsys.readouterr().out
    project = _load(later)
    after = _statuses(project)
    assert project.letter["name"] == "response.md"
    assert {k: v for k, v in after.items() if k != first} == {k: v for k, v in with_it.items() if k != first}
    assert project.response(first) == "Answered in Section 2."
    assert project.links[first][edit] == "confirmed"
    moved = [cid for cid in after if after[cid][0] != before[cid][0]]
    assert moved, "the test's letter moves a status on the demo"
    assert "response letter response.md added" in out and f"{len(moved)} status{'es' * (len(moved) != 1)} changed" in out
    for cid in moved:  # each moved status: before → after, and what the letter says of it
        line = next(x for x in out.splitlines() if x.strip().startswith(f"{cid}:"))
        assert f"{before[cid][1]} → {after[cid][1]} ({after[cid][2]})" in line
    assert "kept as they were" in out
    assert sorted(p.name for p in tmp_path.glob("later*")) == ["later.redraft"]  # no round, no copy


def test_a_letter_quoting_few_points_added_later_is_kept_not_read(tmp_path: Path, capsys) -> None:
    # robust20's rule holds for a letter added later too (the lead, merging trial24): another paper's letter is
    # kept, the statuses stay the no-letter model's, and the summary says why
    path = _build(tmp_path, "later")
    before = _statuses(_load(path))
    other = _letter(tmp_path, "other.md", "# Response\n\nWe thank the referee for the remarks on our bridge survey "
                    "and have widened the footbridge section of the field report accordingly.\n")
    capsys.readouterr()
    assert main(["project", "round", str(path), "--response", str(other)]) == 0
    out = capsys.readouterr().out
    project = _load(path)
    assert project.letter["name"] == "other.md" and project.letter["read"] is False
    assert _statuses(project) == before
    assert "the statuses do not read it" in out and "0 statuses changed, none moved" in out


def test_a_second_letter_replaces_the_first_and_says_so(tmp_path: Path, capsys) -> None:
    path = _build(tmp_path, "demo", "--response", str(_letter(tmp_path)))
    second = _letter(tmp_path, "response2.md", LETTER.replace("We respectfully disagree", "We agree and have added"))
    capsys.readouterr()
    assert main(["project", "round", str(path), "--response", str(second)]) == 0
    assert "response letter response2.md added (it replaces response.md)" in capsys.readouterr().out
    assert _load(path).letter["name"] == "response2.md"


def test_an_aligner_that_reads_no_letter_keeps_it_and_says_no_status_moved(tmp_path: Path, capsys) -> None:
    path = _build(tmp_path, "demo", "--aligner", "bm25")
    before = _statuses(_load(path))
    capsys.readouterr()
    assert main(["project", "round", str(path), "--response", str(_letter(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert "no status read again: the bm25 aligner does not read a response letter" in out
    project = _load(path)
    assert project.letter["name"] == "response.md" and _statuses(project) == before


def test_a_bad_letter_or_round_options_are_one_line_and_change_nothing(tmp_path: Path, capsys) -> None:
    path = _build(tmp_path, "demo")
    bad = tmp_path / "response.txt"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(100))
    capsys.readouterr()
    for argv in (["--response", str(bad)], ["--response", str(tmp_path / "none.md")],
                 ["--response", str(_letter(tmp_path)), "--aligner", "bm25"]):
        assert main(["project", "round", str(path), *argv]) == 2
        err = capsys.readouterr().err
        assert err.startswith("redraft: error:") and err.count("\n") == 1
    assert _load(path).letter == {}
    assert main(["project", "round", str(path)]) == 2
    assert "--response alone" in capsys.readouterr().err  # the refusal names the way to add a letter


def test_the_coverage_csv_and_project_show_say_what_the_letter_said(tmp_path: Path, capsys) -> None:
    path = _build(tmp_path, "demo", "--response", str(_letter(tmp_path)))
    rows_now = coverage_view(_load(path)).rows
    notes = {r.comment_id: r.letter for r in rows_now}
    said = {r.comment_id: r.letter_said for r in rows_now}
    assert main(["export", str(path), "--coverage", str(tmp_path / "cov.csv")]) == 0
    with (tmp_path / "cov.csv").open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))
    head = rows[0]
    assert head == list(CSV_COLUMNS) and head.index("letter's answer") == head.index("response letter") + 1
    assert {r[0]: r[head.index("response letter")] for r in rows[1:]} == notes and "" not in notes.values()
    assert {r[0]: r[head.index("letter's answer")] for r in rows[1:]} == said
    assert "We have added the values" in " ".join(said.values())
    capsys.readouterr()
    assert main(["project", "show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "response letter: response.md (the statuses read it)" in out
    assert out.count("\n           letter: ") == len(notes)


def test_the_excerpt_opens_on_the_authors_words_not_the_rest_of_the_reviewers() -> None:
    """A letter that quotes a reviewer's whole paragraph, of which the comment is the first sentence: the text
    after the comment's quote is the reviewer's second sentence, then the authors' answer (trial24's letter)."""
    from types import SimpleNamespace

    from engine.project.response import answer_excerpts
    from engine.reviews.model import Review, ReviewComment

    review = ("Please state how the sampler treats gaps in the hourly series of the gauges. A reader new to the "
              "field would otherwise have to run the code to find out what happens.\n\nThe colour map needs a "
              "legend for the station symbols.")
    letter = ("Reviewer 1\n\n" + review.split("\n\n")[0] + "\n\nWe now say in Section 2 that gaps are left empty "
              "and never interpolated, and we thank the referee for the question.\n\n" + review.split("\n\n")[1]
              + "\n\n" + " ".join(["A legend was added to the map with one entry for each kind of symbol."] * 8))
    comments = [ReviewComment("R1.1", "Reviewer 1", "Please state how the sampler treats gaps in the hourly series "
                              "of the gauges."),
                ReviewComment("R1.2", "Reviewer 1", "The colour map needs a legend for the station symbols."),
                ReviewComment("R1.3", "Reviewer 1", "Is the random seed of the sampler fixed across the runs?")]
    project = SimpleNamespace(letter={"name": "response.txt", "text": letter}, comments=comments,
                              reviews=[Review("Reviewer 1", review)])
    said = answer_excerpts(project, words=12)
    assert said["R1.1"] == "We now say in Section 2 that gaps are left empty and…"  # 12 words
    assert said["R1.2"].startswith("A legend was added to the map") and said["R1.2"].endswith("…")
    assert "R1.3" not in said  # the letter does not quote it
    assert answer_excerpts(SimpleNamespace(letter={}, comments=comments, reviews=[])) == {}


def test_the_marked_pdf_first_page_says_the_statuses_read_the_letter_and_quotes_its_answers(tmp_path: Path) -> None:
    from engine.project.marked_summary import summary_html

    project = _load(_build(tmp_path, "demo", "--response", str(_letter(tmp_path))))
    rows = coverage_view(project).rows
    html = summary_html(project, rows, {}, 0)
    assert "The statuses read the authors\u2019 response letter (response.md)" in html
    for r in rows:  # each comment's block holds its answer's start, or no letter line when the letter has none
        block = html.split(f"<b>{r.comment_id}</b>", 1)[1].split('<p class="c">', 1)[0]
        assert ("Authors\u2019 letter:" in block) == bool(r.letter_said)
    plain = summary_html(_load(_build(tmp_path, "bare")), coverage_view(_load(tmp_path / "bare.redraft")).rows, {}, 0)
    assert "response letter" not in plain and "Authors\u2019 letter:" not in plain


def test_the_reviews_given_as_the_letter_are_questioned_at_the_build_and_later(tmp_path: Path, capsys) -> None:
    """The bundle holds the reviews beside the letter: the reviews file given as the letter is refused at the build
    in one line (it is the reviews file), and given later it is questioned (its words are the reviewers') unless
    --force; a real letter quoting every point passes (robust20's ``check_letter``; docs/app.md, session 26)."""
    from engine.align.letter import Letter
    from engine.errors import DoubtfulInput
    from engine.project.response import check_letter
    from engine.reviews.load import load_reviews

    reviews = [r.text for r in load_reviews(DEMO / "reviews.md")]
    with pytest.raises(DoubtfulInput, match="holds only the reviews' text"):
        check_letter(DEMO / "reviews.md", Letter((DEMO / "reviews.md").read_text(encoding="utf-8")), reviews, {})
    check_letter(tmp_path / "letter.md", Letter(LETTER), reviews, {})  # no doubt
    capsys.readouterr()
    assert main(["project", "new", "demo", "--old", str(DEMO / "draft_v1.md"), "--new", str(DEMO / "draft_v2.md"),
                 "--reviews", str(DEMO / "reviews.md"), "--response", str(DEMO / "reviews.md"),
                 "--out", str(tmp_path / "demo.redraft")]) == 2
    err = capsys.readouterr().err
    assert "reviews.md is the reviews file" in err and err.count("\n") == 1
    assert not (tmp_path / "demo.redraft").exists()
    path = _build(tmp_path, "later")
    capsys.readouterr()
    assert main(["project", "round", str(path), "--response", str(DEMO / "reviews.md")]) == 2
    assert "(--force to go on)" in capsys.readouterr().err and _load(path).letter == {}
    assert main(["project", "round", str(path), "--response", str(DEMO / "reviews.md"), "--force"]) == 0
    assert _load(path).letter["name"] == "reviews.md"
