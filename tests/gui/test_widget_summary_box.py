"""The message after a letter is added or a round is taken lists at most ``LISTED`` items; the rest are behind Show
Details…, so the message fits a 1366×768 screen (trial33: a letter that moved 27 statuses made it 1,103 px tall, its
OK button below the screen). Lines written for the test."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from widgets.round_dialog import LISTED, details, letter_summary, moved_lines, round_summary, summary_box

MOVED = [f"  R3.{k}: partly addressed (check) \u00b7 4{k % 10}% \u2192 not addressed (the response letter answers it "
         "without stating a change)" for k in range(1, 28)]
LINES = ["response letter reply.pdf added; the 78 comments read again with it: 27 statuses changed", *MOVED,
         "kept as they were: your confirmed and rejected links, responses, suggestions and corrections"]


def test_a_long_list_of_moved_statuses_fits_the_screen(qtbot) -> None:
    text = letter_summary("Invented survey", LINES)
    more = details(moved_lines(LINES))
    box = summary_box(None, "Authors' response", text, more, "Response letter added")
    qtbot.addWidget(box)
    box.show()
    assert text.count("<li>") == LISTED and f"and {27 - LISTED} more" in text
    assert more.count("\n") == 26 and "R3.27:" in more and "R3.27:" not in text  # every one in the details
    assert box.detailedText() == more and box.button(QMessageBox.StandardButton.Ok) is not None
    assert box.sizeHint().height() < 700
    assert "Kept as they were" in text  # the closing line stays in the message


def test_a_short_list_is_all_in_the_message(qtbot) -> None:
    lines = [LINES[0], *MOVED[:3], LINES[-1]]
    text = letter_summary("Invented survey", lines)
    assert text.count("<li>") == 3 and "more" not in text and details(moved_lines(lines)) == ""
    box = summary_box(None, "Authors' response", text, "", "Response letter added")
    qtbot.addWidget(box)
    assert box.detailedText() == ""


def test_a_rounds_long_dropped_list_too() -> None:
    dropped = [f"your response to R2.{k} (its comment is gone)" for k in range(1, 20)]
    text = round_summary("Invented survey, round 2", ["your responses"], dropped, "/x/Invented (round 1).redraft")
    assert "Dropped (19)" in text and text.count("<li>") == LISTED and details(dropped).count("\n") == 18
