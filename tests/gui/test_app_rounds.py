"""File → New Round… in the window: the dialog refuses what will not do and keeps the paths,
a round of new reviews (a Word file) keeps the responses whose comments remain, and a message
names the one it dropped; a bad file brings the dialog back, the project unchanged.
Screenshots go to $REDRAFT_SCREENSHOTS (else tmp_path)."""

from __future__ import annotations

from pathlib import Path

import docx
import pytest
from PySide6.QtWidgets import QDialog, QMessageBox

from desktop.app import Shell
from engine.jobs import run_job
from engine.project.pipeline import build_project_file
from engine.project.rounds import backup_path, earlier_phrase, read_earlier
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (the shell fixture)
from tests.gui.app_helpers import shot
from widgets.round_dialog import RoundDialog, RoundFiles

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
GONE = "The abstract should state the latency gain"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return run_job(build_project_file(tmp_path / "demo.redraft", "demo", DEMO / "draft_v1.md", DEMO / "draft_v2.md",
                                      DEMO / "reviews.md", aligner="bm25"))


def reviews_docx(path: Path) -> Path:
    """The demo's reviews as a journal sends them, in Word, without the comment on the abstract."""
    d = docx.Document()
    for line in (DEMO / "reviews.md").read_text(encoding="utf-8").splitlines():
        if not line.strip() or GONE in line:
            continue
        if line.startswith("#"):
            d.add_heading(line.lstrip("# "), line.count("#", 0, 3))
        elif line.startswith(("- ", "1. ", "2. ", "3. ")):
            d.add_paragraph(line.split(" ", 1)[1], style="List Bullet")
        else:
            d.add_paragraph(line)
    d.save(path)
    return path


def test_new_round_keeps_responses_and_names_the_dropped(qtbot, shell: Shell, project: Path, tmp_path: Path) -> None:
    c = shell.controller
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(project)
    session = c.session
    gone = next(x for x in session.project.comments if GONE.lower() in x.text.lower())
    kept = next(x for x in session.project.comments if "static layer skipping" in x.text)
    session.set_response(gone.id, "The abstract now gives the latency gain.")
    session.set_response(kept.id, "We added static layer skipping as a baseline.")
    assert shell.window.commands.new_round.isEnabled()

    shell.window.commands.new_round.trigger()
    dialog = c.rounds.dialog
    assert isinstance(dialog, RoundDialog) and dialog.isVisible()
    dialog.accept()  # nothing given
    assert dialog.isVisible() and "Give a new revised version" in dialog.error.text()
    dialog.reviews.set_path(str(tmp_path / "missing.docx"))
    dialog.accept()
    assert dialog.isVisible() and "No such file" in dialog.error.text()
    assert dialog.reviews.path().endswith("missing.docx")  # the author's path stays
    dialog.reviews.set_path(str(reviews_docx(tmp_path / "round2.docx")))
    shot(shell, "new-round-dialog", tmp_path, dialog)
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        dialog.accept()
    assert not dialog.isVisible()
    qtbot.waitUntil(lambda: c.rounds.message is not None and c.rounds.message.isVisible(), timeout=5_000)
    message = c.rounds.message
    text = message.text()
    assert "round 2: reviews" in text and "1 of 2 responses" in text
    assert "Dropped (1)" in text and "The abstract should state the latency gain" in text
    assert "Replaced: round 1" in text and "7 comments (" in text and "6 of them are round 1 comments again" in text
    shot(shell, "new-round-summary", tmp_path, message)
    message.button(QMessageBox.StandardButton.Ok).click()
    notes = c.session.project.notes
    assert list(notes.values()) == ["We added static layer skipping as a baseline."]
    assert c.session.project.reviews_path.endswith("round2.docx")
    # which round the window is about (trial34): its title, the Coverage tab's line and the status bar say so
    assert shell.window.windowTitle().endswith(", round 2 — Redraft")
    assert shell.window.coverage.summary.text().startswith("Round 2: ")
    assert shell.window.status_text.text().startswith("Round 2: ")
    assert backup_path(project, 1).is_file()
    tree = shell.window.comments.tree  # the list redrawn: one row per comment of the new round, by reviewer
    shown = sum(tree.topLevelItem(i).childCount() for i in range(tree.topLevelItemCount()))
    assert shown == len(c.session.project.comments)
    again = next(x for x in c.session.project.comments if "static layer skipping" in x.text)
    c.presenter.select_comment(again.id)  # the header names it in round 1, with its status there
    assert f"in round 1 as {kept.id}: " in shell.window.comment_header.text()
    coverage = shell.window.coverage  # and the Coverage tab's status tooltip (trial34)
    assert f"In round 1 as {kept.id}: " in coverage._items[again.id].toolTip(2)
    record = read_earlier(project)
    assert all(("In round 1 as" in coverage._items[x].toolTip(2)) == bool(earlier_phrase(record, x))
               for x in coverage.comment_ids())  # only the comments round 1 held too
    shot(shell, "new-round-window", tmp_path)


def test_new_draft_round_says_the_revised_version_is_dropped(qtbot, shell: Shell, project: Path,
                                                             tmp_path: Path) -> None:
    """A new draft alone: the dialog says the project's revised version goes, the summary names it,
    and the new round has no revised version (not the old one compared with the new draft)."""
    c = shell.controller
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(project)
    dialog = c.rounds.open_dialog()
    assert not dialog.note.isVisibleTo(dialog)
    dialog.draft.set_path(str(DEMO / "draft_v2.md"))
    assert dialog.note.isVisibleTo(dialog) and "draft_v2.md" in dialog.note.text()
    dialog.revised.set_path(str(DEMO / "draft_v2.md"))
    assert not dialog.note.isVisibleTo(dialog)  # a revised version given: nothing is dropped
    dialog.revised.set_path("")
    shot(shell, "new-round-new-draft", tmp_path, dialog)
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        dialog.accept()
    qtbot.waitUntil(lambda: c.rounds.message is not None and c.rounds.message.isVisible(), timeout=5_000)
    text = c.rounds.message.text()
    assert "round 1: draft" in text and "the revised version draft_v2.md" in text
    c.rounds.message.button(QMessageBox.StandardButton.Ok).click()
    after = c.session.project
    assert after.old_path.endswith("draft_v2.md") and after.new is None and after.diff is None


def test_bad_round_file_brings_the_dialog_back(qtbot, shell: Shell, project: Path, tmp_path: Path) -> None:
    c = shell.controller
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(project)
    c.session.set_response(c.session.project.comments[0].id, "Answered.")
    fake = tmp_path / "revised.pdf"
    fake.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 64)
    first = c.rounds.open_dialog(RoundFiles(revised=str(fake)))
    first.accept()  # refused at a glance: the dialog stays
    assert first.isVisible() and "not a PDF" in first.error.text()
    word = tmp_path / "revised.docx"  # refused by the loader, on the worker: the dialog comes back
    word.write_bytes(fake.read_bytes())
    first.revised.set_path(str(word))
    first.accept()
    qtbot.waitUntil(lambda: c.rounds.dialog is not first and c.rounds.dialog.isVisible(), timeout=30_000)
    again = c.rounds.dialog
    assert again.revised.path() == str(word) and "revised.docx is not a readable .docx file" in again.error.text()
    shot(shell, "new-round-refused", tmp_path, again)
    assert c.session.project.notes == {c.session.project.comments[0].id: "Answered."}
    assert not backup_path(project, 1).exists()
    folder = tmp_path / "round2"  # a folder of reviews: refused at a glance, naming the file to give
    folder.mkdir()
    (folder / "reviewer1.md").write_text("Please add a baseline.\n", encoding="utf-8")
    again.revised.set_path("")
    again.reviews.set_path(str(folder))
    again.accept()
    assert again.isVisible() and "is a folder, not a reviews file" in again.error.text()
    assert "reviewer1.md" in again.error.text() and not backup_path(project, 1).exists()


REBUTTAL = """Reviewer 1

We thank the reviewer for the careful reading. We have added a comparison with static layer skipping in
Section 5. In the revised version we report wall-clock latency on a phone CPU. We will clarify how the exit
loss weights were chosen. We have added their values to the appendix. We thank the reviewer again.
"""


def test_a_round_of_reviews_that_read_like_a_response_asks_to_go_on(qtbot, shell: Shell, project: Path,
                                                                      tmp_path: Path) -> None:
    """Issue 35: the round is refused as the CLI refuses it without --force; the app asks. No brings the
    dialog back with the author's files, nothing built; "Go on anyway" builds the round with those reviews."""
    c = shell.controller
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(project)
    rebuttal = tmp_path / "reviews round 2.md"
    rebuttal.write_text(REBUTTAL, encoding="utf-8")
    before = c.session.project.reviews_path
    dialog = c.rounds.open_dialog()
    dialog.reviews.set_path(str(rebuttal))
    dialog.accept()
    qtbot.waitUntil(lambda: c.rounds.question is not None and c.rounds.question.isVisible(), timeout=60_000)
    question = c.rounds.question
    assert "author response" in question.text() and "anyway" in question.text()
    shot(shell, "new-round-go-on-anyway", tmp_path, question)
    question.button(QMessageBox.StandardButton.Cancel).click()
    qtbot.waitUntil(lambda: c.rounds.dialog is not dialog and c.rounds.dialog.isVisible(), timeout=5_000)
    again = c.rounds.dialog
    assert again.reviews.path() == str(rebuttal) and "author response" in again.error.text()
    assert c.session.project.reviews_path == before and not backup_path(project, 1).exists()

    again.accept()
    qtbot.waitUntil(lambda: c.rounds.question is not question and c.rounds.question.isVisible(), timeout=60_000)
    go_on = next(b for b in c.rounds.question.buttons() if b.text() == "Go on anyway")
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        go_on.click()
    qtbot.waitUntil(lambda: c.rounds.message is not None and c.rounds.message.isVisible(), timeout=5_000)
    assert "round 2: reviews" in c.rounds.message.text()
    c.rounds.message.button(QMessageBox.StandardButton.Ok).click()
    assert c.session.project.reviews_path == str(rebuttal) and backup_path(project, 1).is_file()


def test_a_round_whose_revised_version_is_the_draft_asks_to_go_on(qtbot, shell: Shell, project: Path,
                                                                   tmp_path: Path) -> None:
    """Issue 33: a revised version with the stored draft's text is a doubtful input like a response given as the
    reviews: the app asks; Cancel brings the dialog back with the author's files, nothing built."""
    c = shell.controller
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(project)
    same = tmp_path / "revised again.md"
    same.write_bytes((DEMO / "draft_v1.md").read_bytes())
    dialog = c.rounds.open_dialog()
    dialog.revised.set_path(str(same))
    dialog.accept()
    qtbot.waitUntil(lambda: c.rounds.question is not None and c.rounds.question.isVisible(), timeout=60_000)
    question = c.rounds.question
    assert "anyway" in question.text() and any(b.text() == "Go on anyway" for b in question.buttons())
    question.button(QMessageBox.StandardButton.Cancel).click()
    qtbot.waitUntil(lambda: c.rounds.dialog is not dialog and c.rounds.dialog.isVisible(), timeout=5_000)
    assert c.rounds.dialog.revised.path() == str(same) and c.rounds.dialog.error.text()
    assert not backup_path(project, 1).exists()


def test_word_files_are_taken_by_drop_open_and_the_wizard(qtbot, shell: Shell) -> None:
    """One suffix table: a dropped or opened .docx goes to the New Project dialog in its role."""
    from desktop.project_wizard import DRAFT_FILTER, guess_roles, review_filter
    from engine.inputs import input_suffixes

    assert ".docx" in input_suffixes() and "*.docx" in DRAFT_FILTER and "*.docx" in review_filter()
    files = ["/papers/paper_v1.docx", "/papers/paper_v2.docx", "/papers/Reviews round 1.docx"]
    assert guess_roles(files) == {"old": files[0], "new": files[1], "reviews": files[2]}
    shell.controller.open_paths(files)
    wizard = next(w for w in shell.window.findChildren(QDialog) if w.isVisible())
    assert (wizard.draft.path(), wizard.revised.path(), wizard.review_file.path()) == tuple(files)
    wizard.reject()
