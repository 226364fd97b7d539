"""The New Project dialog's optional "Authors' response" letter: dropped files named like a letter go there, a
missing one stops the build with its reason, a given one goes to the build."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from desktop.project_wizard import ProjectWizard, guess_roles


def test_a_dropped_letter_goes_to_the_response_field() -> None:
    files = ["reviews.md", "paper_v1.pdf", "paper_v2.pdf", "response_letter.tex"]
    assert guess_roles(files) == {"reviews": "reviews.md", "old": "paper_v1.pdf", "new": "paper_v2.pdf",
                                  "response": "response_letter.tex"}
    assert "response" not in guess_roles(["reviews.md", "paper_v1.pdf"])


def test_the_letter_is_optional_checked_and_passed_on(qtbot, tmp_path: Path) -> None:
    draft, reviews, letter = tmp_path / "draft.md", tmp_path / "reviews.md", tmp_path / "response.md"
    draft.write_text("# Title\n\nA paragraph of the draft.\n", encoding="utf-8")
    reviews.write_text("# Reviewer 1\n\nPlease explain the method.\n", encoding="utf-8")
    wizard = ProjectWizard()
    qtbot.addWidget(wizard)
    ok = wizard.buttons.button(QDialogButtonBox.StandardButton.Ok)
    wizard.draft.set_path(str(draft))
    wizard.review_file.set_path(str(reviews))
    assert ok.isEnabled() and wizard.request().response is None  # none given: as before
    wizard.letter.set_path(str(letter))
    assert "No such file" in wizard.problem_text() and not ok.isEnabled()
    letter.write_text("> Please explain the method.\n\nWe have explained it in Section 2.\n", encoding="utf-8")
    wizard.letter.set_path("")  # chosen again, now that it is there
    assert ok.isEnabled()
    wizard.letter.set_path(str(letter))
    assert ok.isEnabled() and wizard.request().response == str(letter)


def test_the_new_round_dialog_takes_this_rounds_letter(qtbot, tmp_path: Path) -> None:
    from desktop.project_wizard import LETTER_FILTER
    from widgets.round_dialog import RoundDialog, RoundFiles

    asked = []
    dialog = RoundDialog("demo", "Drafts (*.md)", "Reviews (*.md)", lambda files: asked.append(files) or "",
                         letter_filter=LETTER_FILTER)
    qtbot.addWidget(dialog)
    dialog.reviews.set_path(str(tmp_path / "reviews.md"))
    dialog.response.set_path(str(tmp_path / "response.tex"))
    dialog.accept()
    assert asked == [RoundFiles(reviews=str(tmp_path / "reviews.md"), response=str(tmp_path / "response.tex"))]


@pytest.mark.parametrize(("files", "want"), [
    # a journal's bundle: the decision letter holds the reports, the revision is "R1", the answer a Word file
    (["MS-042.R1.pdf", "MS-042.pdf", "Decision letter.pdf", "Author response.docx"],
     {"old": "MS-042.pdf", "new": "MS-042.R1.pdf", "reviews": "Decision letter.pdf", "response": "Author response.docx"}),
    # the authors' reply names the referees; the reports are named for the referees too
    (["revised_manuscript.pdf", "original_submission.pdf", "referee_reports.pdf", "reply_to_referees.docx"],
     {"old": "original_submission.pdf", "new": "revised_manuscript.pdf", "reviews": "referee_reports.pdf",
      "response": "reply_to_referees.docx"}),
    # a rebuttal is the authors' answer; versions by number whatever the order dropped
    (["paper_v2.pdf", "paper_v1.pdf", "reviews.md", "rebuttal.pdf"],
     {"old": "paper_v1.pdf", "new": "paper_v2.pdf", "reviews": "reviews.md", "response": "rebuttal.pdf"}),
    # the decision mail pasted into a text file, Word versions (a new-user trial, session 29: no reviews were guessed)
    (["paper-submitted.md", "paper-revised.md", "decision.txt", "response.docx"],
     {"old": "paper-submitted.md", "new": "paper-revised.md", "reviews": "decision.txt", "response": "response.docx"}),
    (["MS-042.docx", "MS-042.R1.docx", "Decision email.eml"],
     {"old": "MS-042.docx", "new": "MS-042.R1.docx", "reviews": "Decision email.eml"}),
    # the decision mail printed to PDF under its subject, beside two Word versions (trial32: it became the draft)
    (["Decision on EMSE-D-20-00187.pdf", "patches-EMSE-R1.docx", "patches-EMSE.docx"],
     {"old": "patches-EMSE.docx", "new": "patches-EMSE-R1.docx", "reviews": "Decision on EMSE-D-20-00187.pdf"}),
    (["MS-042.pdf", "MS-042.R1.pdf", "MS-042 decision.pdf"],
     {"old": "MS-042.pdf", "new": "MS-042.R1.pdf", "reviews": "MS-042 decision.pdf"}),
    (["decision_trees.pdf", "decision_trees_v2.pdf"], {"old": "decision_trees.pdf", "new": "decision_trees_v2.pdf"}),
    # names that say nothing of the order: the order given; a cover letter is the response
    (["decision_trees.pdf", "tech_report.pdf", "reviews.txt", "cover_letter.pdf"],
     {"old": "decision_trees.pdf", "new": "tech_report.pdf", "reviews": "reviews.txt", "response": "cover_letter.pdf"}),
])
def test_a_journal_bundle_dropped_goes_to_its_roles(files: list[str], want: dict[str, str]) -> None:
    assert guess_roles(files) == want


def test_a_password_protected_word_draft_is_named_before_create(qtbot, tmp_path: Path) -> None:
    """A new-user trial, session 29: the dialog let it through and the build failed with "not a Word document"."""
    draft, reviews = tmp_path / "draft.docx", tmp_path / "reviews.md"
    stream = "EncryptedPackage".encode("utf-16-le")
    draft.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504) + stream + bytes(1024))
    reviews.write_text("# Reviewer 1\n\nPlease explain the method.\n", encoding="utf-8")
    wizard = ProjectWizard()
    qtbot.addWidget(wizard)
    wizard.draft.set_path(str(draft))
    wizard.review_file.set_path(str(reviews))
    assert "draft.docx is password-protected: open it in Word" in wizard.problem_text()
    assert not wizard.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
