"""The status line's text is whole in its tooltip, where a narrow window or a large font cuts the line (trial34: at
14 pt in 1280x800 "… · letter: 37 of 37 points quoted" lost its end); a command's tip shown in its place does not
replace it."""

from __future__ import annotations

from widgets.controls import StatusLine

LINE = "Round 2: 7 comments from 1 reviewer · 19 edits · 1 addressed, 3 partly addressed (check) · letter: 7 of 7"


def test_the_whole_line_is_its_tooltip(qtbot) -> None:
    line = StatusLine()
    qtbot.addWidget(line)
    line.resize(200, 20)  # far narrower than the text
    line.setText(LINE)
    assert line.toolTip() == LINE and line.text() == LINE
    line.show_tip("Export the response letter")
    assert line.toolTip() == LINE  # the hovered command's tip is drawn in its place, the line's own text kept
    line.show_tip("")
    line.setText("Done")
    assert line.toolTip() == "Done"
