"""The reading-notes bar alone: each note under its source, a long list folded behind a link, dismissal."""

from __future__ import annotations

from engine.project.notes import ReadingNote
from widgets.reading_notes import SHOWN, ReadingNotesBar


def test_a_long_list_is_folded_behind_a_link_and_opens_whole(qtbot) -> None:
    bar = ReadingNotesBar()
    qtbot.addWidget(bar)
    notes = [ReadingNote("revised", "revised.pdf", f"page {k} could not be read (ValueError)") for k in range(1, 10)]
    bar.show_notes(notes)
    assert bar.isVisible() and "9 notes" in bar.title.text()
    assert bar.text.text().count("<li>") == SHOWN - 1 and "Show 4 more" in bar.text.text()
    bar.text.linkActivated.emit("more")
    assert bar.text.text().count("<li>") == 9 and "more" not in bar.text.text()
    assert bar.listed()[0] == "Revised (revised.pdf): Page 1 could not be read (ValueError)."
    bar.show_notes(notes[:SHOWN])  # up to SHOWN: all listed, no link
    assert bar.text.text().count("<li>") == SHOWN and "<a " not in bar.text.text()


def test_notes_are_escaped_and_the_bar_hides_on_its_cross(qtbot) -> None:
    bar = ReadingNotesBar()
    qtbot.addWidget(bar)
    bar.show_notes([ReadingNote("reviews", "", "skipped an editor's signature: “<b>Editor</b>”")])
    assert "&lt;b&gt;Editor" in bar.text.text() and "<b>Reviews</b>:" in bar.text.text()
    with qtbot.waitSignal(bar.sig_dismissed, timeout=1_000):
        bar.close_button.click()
    assert not bar.isVisible()
    bar.show_notes([])
    assert "nothing to note" in bar.title.text() and bar.isVisible()
