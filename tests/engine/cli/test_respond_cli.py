"""``redraft respond``: write, replace, "no change", accept a suggestion's response, clear; undoable;
what the letter then says; bad input is one line and exit 2; ``redraft export --letter`` by suffix."""

from __future__ import annotations

from pathlib import Path

import docx
import pytest

from engine.cli.main import main
from engine.jobs import run_job
from engine.project import ProjectStore, SuggestionRecord
from engine.project.pipeline import build_project_file
from engine.project.responses import NO_CHANGE_LEAD, ResponseKind, letter_response
from engine.project.session import ProjectSession

DEMO = Path(__file__).resolve().parents[3] / "resources" / "demo"


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    path = run_job(build_project_file(tmp_path / "demo.redraft", "demo", DEMO / "draft_v1.md", DEMO / "draft_v2.md",
                                      DEMO / "reviews.md", aligner="bm25"))
    with ProjectStore.open(path) as store:
        store.add_suggestion(SuggestionRecord("s1", "R1.2", "Older suggested response.", "", ""))
        store.add_suggestion(SuggestionRecord("s2", "R1.2", "Newest suggested response.", "", ""))
        store.add_suggestion(SuggestionRecord("s3", "R1.2", "A rejected one.", "", "", status="rejected"))
    return path


def answer(path: Path, comment_id: str):
    with ProjectSession.open(path) as session:
        return letter_response(session.project, comment_id)


def test_respond_write_no_change_accept_clear_and_undo(project: Path, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    p = str(project)
    assert answer(project, "R1.1").kind is ResponseKind.TO_ANSWER
    assert main(["respond", p, "R1.1", "--text", "We added a second baseline."]) == 0
    assert "the letter says: written" in capsys.readouterr().out
    assert answer(project, "R1.1").text == "We added a second baseline."
    reply = tmp_path / "reply.txt"
    reply.write_text("We now report the variance.\n\nSee Table 2.\n", encoding="utf-8")
    assert main(["respond", p, "R1.1", "--file", str(reply)]) == 0
    assert answer(project, "R1.1").text == "We now report the variance.\n\nSee Table 2."
    assert main(["respond", p, "R2.1", "--no-change", "The setting is standard; we cite it."]) == 0
    no_change = answer(project, "R2.1")
    assert no_change.kind is ResponseKind.NO_CHANGE and no_change.text == "The setting is standard; we cite it."
    with ProjectSession.open(project) as session:
        assert session.project.notes["R2.1"].startswith(NO_CHANGE_LEAD)
    assert main(["respond", p, "R1.2", "--accept-suggestion"]) == 0  # the newest not rejected
    assert answer(project, "R1.2").text == "Newest suggested response."
    assert main(["respond", p, "R1.2", "--accept-suggestion", "s1"]) == 0
    assert answer(project, "R1.2").text == "Older suggested response."
    assert main(["project", "undo", p]) == 0
    assert answer(project, "R1.2").text == "Newest suggested response."
    assert main(["respond", p, "R1.2", "--clear"]) == 0
    assert answer(project, "R1.2").kind is ResponseKind.TO_ANSWER
    capsys.readouterr()
    md = tmp_path / "letter.md"
    assert main(["export", p, "--letter", str(md)]) == 0
    text = md.read_text(encoding="utf-8")
    assert "See Table 2." in text and "No change to the paper. The setting is standard; we cite it." in text
    assert "Newest suggested response." not in text  # not accepted: only what the author took


@pytest.mark.parametrize("args, message", [
    (["R9.9", "--text", "x"], "no comment 'R9.9' in this project"),
    (["R1.1", "--text", "   "], "the response is empty"),
    (["R1.1", "--no-change", " "], "a reason is needed"),
    (["R1.1", "--file", "/no/such/file.txt"], "no such file"),
    (["R1.1", "--accept-suggestion"], "has no suggested response to accept"),
    (["R1.2", "--accept-suggestion", "s9"], "no suggestion 's9'"),
    (["R1.1", "--accept-suggestion", "s1"], "is for comment R1.2, not R1.1"),
])
def test_respond_refuses_bad_input_in_one_line(project: Path, args: list[str], message: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["respond", str(project), *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
    with ProjectSession.open(project) as session:
        assert not session.project.notes and not session.can_undo()  # nothing written


def test_export_letter_follows_the_suffix(project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", str(project), "--letter", str(tmp_path / "letter.odt")]) == 2
    assert "the letter is written as .md, .tex, .docx or .pdf, not “.odt”" in capsys.readouterr().err
    assert not list(tmp_path.glob("letter*"))
    for suffix in ("md", "tex", "docx", "pdf"):
        out = tmp_path / f"letter.{suffix}"
        assert main(["export", str(project), "--letter", str(out)]) == 0
        assert out.stat().st_size > 500
    assert (tmp_path / "letter.pdf").read_bytes()[:5] == b"%PDF-"
    assert "\\begin{document}" in (tmp_path / "letter.tex").read_text(encoding="utf-8")
    assert docx.Document(str(tmp_path / "letter.docx")).paragraphs[0].text == "Response to the reviewers"
