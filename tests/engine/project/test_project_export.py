"""Exports: the response letter (Markdown, PDF) holds every comment, its response
and where the paper changed; the revision report links comments and diffs;
the ``redraft project`` and ``redraft export`` commands."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pymupdf
import pytest

from engine.cli.main import main
from engine.document.text import normalize_text
from engine.errors import InputError
from engine.jobs import run_job
from engine.letter import build_letter
from engine.letter.content import compact_runs
from engine.project import Project, ProjectStore, SuggestionRecord, recent_projects
from engine.letter.export import response_letter_markdown, revision_report_html, write_response_letter
from engine.project.pipeline import build_project

REPO = Path(__file__).resolve().parents[3]
DEMO = REPO / "resources" / "demo"


@pytest.fixture()
def demo(tmp_path: Path) -> Project:
    store = ProjectStore.create(tmp_path / "demo.redraft", "demo")
    run_job(build_project(store, DEMO / "draft_v1.md", DEMO / "draft_v2.md", DEMO / "reviews.md", aligner="bm25"))
    store.set_response("R1.1", "We added static layer skipping as a second baseline.")
    store.add_suggestion(SuggestionRecord("s1", "R1.4", "We explain the choice of confidence.",
                                          "The maximum posterior was better calibrated than entropy.", "p0005"))
    store.add_suggestion(SuggestionRecord("s2", "R2.2", "Rejected response.", "Rejected edit.", "Related work"))
    store.set_suggestion_status("s1", "accepted")
    store.set_suggestion_status("s2", "rejected")
    project = store.load()
    store.close()
    return project


def flat(text: str) -> str:
    return " ".join(normalize_text(text).split())


def test_markdown_letter_has_every_comment_response_and_change(demo: Project) -> None:
    letter = response_letter_markdown(demo)
    sections = re.split(r"^## ", letter, flags=re.MULTILINE)[1:]
    assert [s.split("\n")[0] for s in sections] == ["Summary of changes", "Reviewer 1", "Reviewer 2"]
    built = build_letter(demo)
    for part, section in zip(built.reviewers, sections[1:]):
        blocks = section.split("### Comment ")[1:]
        assert len(blocks) == len(part.answers)
        for answer, block in zip(part.answers, blocks):
            assert flat(answer.quote) in flat(block.replace("> ", ""))
            for change in answer.changes:
                assert change.where in block
    assert "We added static layer skipping as a second baseline." in letter
    assert "We explain the choice of confidence." in letter  # accepted suggestion's response
    assert "The maximum posterior was better calibrated than entropy." in letter
    assert "Rejected" not in letter
    assert "**and a Conformer with static layer skipping at the same average depth**" in letter
    assert letter.count("**[To answer.]**") == len(demo.comments) - 2
    for c in demo.comments:  # no internal ids or classes
        assert f"{c.id} " not in letter and f"({c.action}" not in letter
    assert not re.search(r"\be\d{4}\b|\bp\d{4}\b|addressed", letter)


def test_compact_runs_keep_changes_and_cut_long_context() -> None:
    from engine.revision import word_diff

    old = " ".join(f"w{i}" for i in range(60)) + " old end."
    new = " ".join(f"w{i}" for i in range(60)) + " new end."
    runs = compact_runs(word_diff(old, new), context=5)
    # a run separated from the one before by a space starts with it (glued reads it)
    assert ("delete", " old") in runs and ("insert", " new") in runs and runs[0][1].startswith("… w55")
    assert sum(len(t.split()) for _, t in runs) < 20


def test_the_letter_keeps_punctuation_against_changed_words_and_arrows_unescaped() -> None:
    """From a new-user trial: "**… an F1 of 0.89** ." in the Markdown letter, and a quoted "(vi)" -> "(vii)" read
    "(vi)" -\\> "(vii)"."""
    from engine.letter.content import glued
    from engine.letter.text_formats import _md_escape, _runs_md
    from engine.revision import word_diff

    runs = compact_runs(word_diff("We find comparable F1-scores.", "We find F1-scores comparable to those reported."))
    md = _runs_md(runs)
    assert md.endswith("**comparable to those reported**."), md
    assert all(glue in ("", " ") and not t.startswith(" ") for glue, _, t in glued(runs))
    # a replacement is two words, a deletion keeps its space, an insertion that opens with a comma or a colon puts it
    # before its emphasis ("models **: training …**" read oddly, a third trial found), a number after a changed word
    # is no ordered list ("**Table** 3\\.")
    for old, new, want in (("We find comparable.", "We find similar.", "We find ~~comparable~~ **similar**."),
                           ("We use A and B.", "We use A.", "We use A ~~and B~~."),
                           ("We use A.", "We use A, B.", "We use A, **B**."),
                           ("It did not improve the models.", "It did not improve the models: training longer "
                            "changed nothing.", "It did not improve the models: **training longer changed nothing**."),
                           ("As presented in 3. Yet the system", "As presented in Table 3. Yet the system",
                            "As presented in **Table** 3. Yet the system")):
        assert _runs_md(compact_runs(word_diff(old, new))) == want
    assert _md_escape('"(vi)" -> "(vii)"') == '"(vi)" -> "(vii)"'
    assert _md_escape("> quoted") == "\\> quoted" and _md_escape("a <b> c") == "a \\<b> c"  # no HTML made


def test_pdf_letter_text_holds_every_comment_and_change(demo: Project, tmp_path: Path) -> None:
    out = write_response_letter(demo, tmp_path / "letter.pdf")
    with pymupdf.open(out) as doc:
        text = flat("\n".join(page.get_text() for page in doc))
        assert doc.page_count >= 2
    assert text.startswith("Response to the reviewers")
    for answer in build_letter(demo).answers():
        assert flat(answer.quote) in text
        for change in answer.changes:
            assert flat(change.where) in text
    assert "and a Conformer with static layer skipping at the same average depth" in text
    assert "We added static layer skipping as a second baseline." in text
    for bad in ("letter.odt", "letter", "letter.txt"):
        with pytest.raises(InputError, match=r"\.md, \.tex, \.docx or \.pdf"):
            write_response_letter(demo, tmp_path / bad)
        assert not (tmp_path / bad).exists()


def test_report_links_comments_and_diffs(demo: Project) -> None:
    page = revision_report_html(demo)
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page and "http" not in page
    for e in demo.diff.changed_edits():
        assert f'<tr id="{e.id}">' in page
    for c in demo.comments:
        assert f'id="c-{c.id.replace(".", "-")}"' in page
    assert '<a href="#e0008">' in page and '<a href="#c-R1-1">R1.1</a>' in page
    assert '<ins class="rd-ins">' in page and '<del class="rd-del">' in page
    assert f"<tr><td>comments</td><td>{len(demo.comments)}</td></tr>" in page
    assert f"<tr><td>paragraphs major</td><td>{demo.diff.counts['major']}</td></tr>" in page


def test_project_and_export_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "demo.redraft"
    assert main(["project", "new", "demo", "--old", str(DEMO / "draft_v1.md"), "--new", str(DEMO / "draft_v2.md"),
                 "--reviews", str(DEMO / "reviews.md"), "--aligner", "bm25", "--out", str(path)]) == 0
    assert "7 comment(s)" in capsys.readouterr().out
    assert recent_projects() == [path.resolve()]
    assert main(["project", "show", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["name"] == "demo" and len(data["comments"]) == 7 and data["aligner"] == "bm25"
    assert {c["status"] for c in data["comments"]} <= {"addressed", "not addressed"}
    assert main(["project", "show", str(path)]) == 0
    assert "R2.3" in capsys.readouterr().out
    letter, report = tmp_path / "letter.md", tmp_path / "report.html"
    assert main(["export", str(path), "--letter", str(letter), "--report", str(report)]) == 0
    assert "## Reviewer 2" in letter.read_text(encoding="utf-8")
    assert '<tr id="e0008">' in report.read_text(encoding="utf-8")
    assert main(["export", str(letter), "--letter", str(tmp_path / "x.md")]) == 2
    assert "not a Redraft project" in capsys.readouterr().err
    assert main(["export", str(path)]) == 2
    assert main(["project", "new", "demo", "--old", str(DEMO / "draft_v1.md"),
                 "--reviews", str(DEMO / "reviews.md"), "--out", str(path)]) == 2
    assert "already exists" in capsys.readouterr().err


def test_export_writes_every_repeated_output_or_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """From a new-user trial: ``--letter a.md --letter b.pdf`` wrote only b.pdf, silently. Now every file named is
    written; an output that will not do (an unknown suffix, a missing folder, a path named twice, the project file)
    is refused in one line before anything is written."""
    path = tmp_path / "demo.redraft"
    assert main(["project", "new", "demo", "--old", str(DEMO / "draft_v1.md"), "--new", str(DEMO / "draft_v2.md"),
                 "--reviews", str(DEMO / "reviews.md"), "--aligner", "bm25", "--out", str(path)]) == 0
    capsys.readouterr()
    outs = [tmp_path / name for name in ("a.md", "b.pdf", "c.tex", "d.docx")]
    reports = [tmp_path / "r1.html", tmp_path / "r2.html"]
    args = ["export", str(path)] + [x for o in outs for x in ("--letter", str(o))]
    assert main(args + [x for r in reports for x in ("--report", str(r))]) == 0
    said = capsys.readouterr().out
    for out in outs + reports:
        assert out.is_file() and out.stat().st_size > 500 and f"wrote {out}" in said
    assert "## Reviewer 2" in outs[0].read_text(encoding="utf-8")
    with pymupdf.open(outs[1]) as doc:
        assert "Response to the reviewers" in doc[0].get_text()
    assert "\\subsection*{Reviewer 2}" in outs[2].read_text(encoding="utf-8")
    assert reports[0].read_bytes() == reports[1].read_bytes()

    fresh = tmp_path / "fresh"
    fresh.mkdir()
    first = fresh / "first.md"
    for bad, why in (([str(fresh / "b.odt")], r"\.md, \.tex, \.docx or \.pdf"),
                     ([str(fresh / "no" / "b.pdf")], "no such folder"),
                     ([str(first)], "already the output of --letter"),
                     ([str(fresh / "x.pdf"), "--marked-pdf", str(fresh / "x.pdf")], "already the output of --letter"),
                     ([str(fresh / "x.pdf"), "--coverage", str(fresh / "c.xlsx")], "written as .csv"),
                     ([str(fresh / "x.pdf"), "--report", str(path)], "already the project file")):
        assert main(["export", str(path), "--letter", str(first), "--letter", *bad]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and re.search(why, err) and "Traceback" not in err, err
        assert not any(fresh.iterdir()), bad  # nothing written, not even the first letter


def test_a_letter_with_placeholders_to_fill_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An accepted scaffold's response holds placeholders: the letter is written, and the CLI names what is left
    to fill before sending (a new-user trial sent "[[RESULT: …]]" to a reviewer without a word)."""
    from engine.letter.export import letter_placeholders, placeholder_note

    path = tmp_path / "demo.redraft"
    store = ProjectStore.create(path, "demo")
    run_job(build_project(store, DEMO / "draft_v1.md", DEMO / "draft_v2.md", DEMO / "reviews.md", aligner="bm25"))
    store.close()
    letter = tmp_path / "letter.md"
    assert main(["export", str(path), "--letter", str(letter)]) == 0
    assert "placeholder" not in capsys.readouterr().err  # nothing to fill: no note
    assert main(["respond", str(path), "R1.1", "--text",
                 "We now report [[RESULT: the latency on a phone CPU]] in [[FIGURE: table of latencies]]."]) == 0
    with ProjectStore.open(path) as opened:
        project = opened.load()
    found = letter_placeholders(project)
    assert found == ["[[RESULT: the latency on a phone CPU]]", "[[FIGURE: table of latencies]]"]
    assert placeholder_note(found).startswith("the letter still holds 2 placeholders to fill")
    # the note names the comment whose answer holds them (trial32: it quoted the placeholder, not where it was)
    from engine.letter.export import placeholder_comments

    assert placeholder_comments(project) == ["R1.1"]
    assert "in the answer to R1.1 (select the comment" in placeholder_note(found, ["R1.1"])
    capsys.readouterr()
    assert main(["export", str(path), "--letter", str(letter)]) == 0
    captured = capsys.readouterr()
    assert "wrote" in captured.out and "2 placeholders to fill before sending, in the answer to R1.1" in captured.err
    # the command line's note says how to fill them there, not with the app's menus (review31)
    assert "redraft project review PROJECT SUGGESTION edit TEXT" in captured.err and "select the" not in captured.err
    assert "[[RESULT: the latency on a phone CPU]]" in letter.read_text(encoding="utf-8")
