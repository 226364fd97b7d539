"""DiffView on the real diff of the demo drafts."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from engine.document.sections import SectionNames
from engine.revision import EditType
from tests.gui.widget_helpers import demo_diff, save_shot, use_theme
from widgets.diff_html import page_label, side_html
from widgets.diff_view import DiffView
from widgets.glossary import edit_header_tip


@pytest.fixture
def view(qtbot):
    use_theme("light")
    view = DiffView(demo_diff())
    qtbot.addWidget(view)
    view.resize(1000, 540)
    with qtbot.waitExposed(view):
        view.show()
    return view


def test_diff_view_shows_every_changed_edit_with_marked_words(view) -> None:
    diff = demo_diff()
    changed = diff.changed_edits()
    assert [e.id for e in view.edits] == [e.id for e in changed]
    assert len(view.old_pane.starts) == len(changed) == len(view.new_pane.starts)
    old_html, new_html = view.old_pane.toHtml(), view.new_pane.toHtml()
    assert "line-through" in old_html
    # every inserted run of the new side is in the new pane, shaded
    inserted = [s.text.strip() for e in changed for s in e.diff if s.op == "insert" and s.text.strip()]
    text = view.new_pane.toPlainText()
    assert inserted and all(run.split()[0] in text for run in inserted)
    added = next(e for e in changed if e.type is EditType.ADDED)
    start = view.old_pane.starts[view.edits.index(added)]
    assert "added in the new version" in view.old_pane.toPlainText()[start:start + 200]
    assert view.old_title.text().startswith("Old · Learned Early Exits")


def test_diff_view_scrolls_both_panes_together(view, qtbot) -> None:
    old_bar, new_bar = view.old_pane.verticalScrollBar(), view.new_pane.verticalScrollBar()
    assert old_bar.maximum() > 0 and new_bar.maximum() > 0
    # scrolling the old pane to the top of an edit brings the new pane to that edit's top
    k = max(i for i in range(len(view.edits))
            if view.old_pane.edit_top(i) < old_bar.maximum() and view.new_pane.edit_top(i) < new_bar.maximum())
    assert k >= 1
    old_bar.setValue(int(view.old_pane.edit_top(k)))
    assert abs(new_bar.value() - min(new_bar.maximum(), view.new_pane.edit_top(k))) <= 2
    # and the other way round, half-way through an edit
    mid = (view.new_pane.edit_top(2) + view.new_pane.edit_top(3)) / 2
    new_bar.setValue(int(mid))
    expected = min(old_bar.maximum(), (view.old_pane.edit_top(2) + view.old_pane.edit_top(3)) / 2)
    assert abs(old_bar.value() - expected) <= 0.1 * (view.old_pane.edit_top(3) - view.old_pane.edit_top(2)) + 2
    # no feedback loop: the source pane kept the value it was given
    assert new_bar.value() == int(mid)


def test_diff_view_keyboard_navigation_and_selection(view, qtbot, tmp_path) -> None:
    ids = [e.id for e in view.edits]
    view.old_pane.setFocus()
    with qtbot.waitSignal(view.sig_edit_selected) as blocker:
        qtbot.keyClick(view.old_pane, Qt.Key.Key_N)
    assert blocker.args == [ids[0]]
    with qtbot.waitSignal(view.sig_edit_selected) as blocker:
        qtbot.keyClick(view.old_pane, Qt.Key.Key_N)
    assert blocker.args == [ids[1]]
    with qtbot.waitSignal(view.sig_edit_selected) as blocker:
        qtbot.keyClick(view.old_pane, Qt.Key.Key_P)
    assert blocker.args == [ids[0]]
    # the application's select_edit scrolls and highlights without a signal
    with qtbot.assertNotEmitted(view.sig_edit_selected):
        view.select_edit(ids[3])
    assert view.current_edit_id == ids[3]
    # where a person finds the change (the line of the Markdown draft here; a PDF's page), its id on the tooltip
    line = demo_diff().new.paragraph(view.edits[3].target_ids[0]).line
    assert view.position_label.text() == f"Change 4 of {len(ids)} · line {line}"
    assert ids[3] in view.position_label.toolTip()
    assert len(view.new_pane.extraSelections()) == 1
    bar = view.new_pane.verticalScrollBar()
    assert bar.value() == min(bar.maximum(), int(view.new_pane.edit_top(3)) - 10)
    with pytest.raises(KeyError):
        view.select_edit("e9999")
    save_shot(view, "diff_view_light", tmp_path)


def test_diff_view_dark_theme(qtbot, tmp_path) -> None:
    use_theme("dark")
    try:
        view = DiffView(demo_diff())
        qtbot.addWidget(view)
        view.resize(1000, 540)
        view.show()
        view.select_edit(view.edits[1].id)
        assert "#1f4a2a" in view.new_pane.toHtml()  # the dark insert shade
        save_shot(view, "diff_view_dark", tmp_path)
    finally:
        use_theme("light")


def test_draft_paragraphs_without_a_revision_and_a_note(view) -> None:
    from engine.revision import Edit

    para = Edit(id="p0008", type=EditType.UNCHANGED, source_ids=("p0008",), target_ids=(),
                source_text="During training, the loss is the sum of the exit losses.", target_text="",
                section="2 Method")
    view.set_edits([para], "Where this comment applies: 1 draft paragraph")
    assert view.position_label.text() == "Where this comment applies: 1 draft paragraph"
    assert "the sum of the exit losses" in view.old_pane.toPlainText()
    assert "(no revised version)" in view.new_pane.toPlainText()
    assert "removed" not in view.new_pane.toPlainText()
    line = demo_diff().old.paragraph("p0008").line
    # a paragraph, not an edit: no type; its section and line, no id
    assert view.old_pane.toPlainText().startswith(f"2 Method · line {line}\n")
    assert f"line&nbsp;{line}" in side_html([para], "old", places={"p0008": f"line {line}"})  # kept on one line
    view.show_new_side(False)
    assert not view.new_pane.isVisibleTo(view) and view.old_pane.isVisibleTo(view)
    view.show_new_side(True)
    assert view.new_pane.isVisibleTo(view)
    view.set_edits([], "No edit addresses this comment")
    assert view.position_label.text() == "No edit addresses this comment"
    view.set_edits([])
    assert view.position_label.text() == "No changes to show"


def test_edit_headers_say_section_and_page_and_keep_ids_for_the_tooltip(view) -> None:
    """A new-user trial read "e0090 · p0220" over an edit: the header names what a person finds in the paper."""
    diff = demo_diff()
    texts = {"old": view.old_pane.toPlainText(), "new": view.new_pane.toPlainText()}
    for side, pane in (("old", view.old_pane), ("new", view.new_pane)):
        doc = diff.old if side == "old" else diff.new
        for i, edit in enumerate(view.edits):
            header = texts[side][pane.starts[i]:].split("\n", 1)[0]
            assert edit.id not in header and not any(pid in header for pid in (*edit.source_ids, *edit.target_ids))
            assert header.startswith(edit.type.value)
            if edit.section:  # the innermost section: the whole path is on the tooltip
                # numbered as the Coverage tab numbers it ("1 Introduction"), from the version the section is from
                short = SectionNames(diff.new if edit.target_ids else diff.old).short(edit.section)
                assert short.endswith(edit.section.split(" > ")[-1]) and f" · {short}" in header
                assert edit.section in edit_header_tip(edit, side)
            ids = edit.source_ids if side == "old" else edit.target_ids
            if ids:
                assert f"line {doc.paragraph(ids[0]).line}" in header
                assert ", ".join(ids) in edit_header_tip(edit, side)  # the ids stay on the header's tooltip
            assert edit.id in edit_header_tip(edit, side)


def test_page_labels_of_paragraphs_over_pages() -> None:
    places = {"p1": "p. 7", "p2": "p. 7", "p3": "p. 8", "q1": "line 12", "q2": "line 40"}
    assert page_label(("p1",), places) == "p. 7"
    assert page_label(("p1", "p2", "p3"), places) == "p. 7–8"
    assert page_label(("q1", "q2"), places) == "line 12–40"
    assert page_label(("nowhere",), places) == ""


def test_a_change_deep_in_a_long_paragraph_is_scrolled_into_view(qtbot, tmp_path) -> None:
    """From a new-user trial: a sentence added at the end of a long paragraph was below the fold when its edit was
    selected (the view put the paragraph's header at the top). Now the first change is in view on both sides; a
    short edit still opens at its header."""
    from engine.revision import diff_documents
    from tests.engine.built_revisions import PROSE, doc_of

    long_old = " ".join(f"Sentence {k} of the method section describes one more detail of the training setup."
                        for k in range(60))
    long_new = long_old + " We added an extract-then-abstract baseline, which scores 2.1 ROUGE-L below ours."
    old = PROSE[:2] + [long_old] + PROSE[2:] + ["The loss is the mean squared error of the spectra."]
    new = PROSE[:2] + [long_new] + PROSE[2:] + ["The loss is the mean absolute error of the spectra."]
    use_theme("light")
    view = DiffView(diff_documents(doc_of(old), doc_of(new)))
    qtbot.addWidget(view)
    view.resize(900, 420)
    with qtbot.waitExposed(view):
        view.show()
    ids = [e.id for e in view.edits]
    assert len(ids) == 2
    view.select_edit(ids[0])
    pane = view.new_pane
    change, top = pane.change_top(0), pane.verticalScrollBar().value()
    assert change is not None and change - pane.edit_top(0) > pane.viewport().height()  # deep in the paragraph
    assert top <= change <= top + pane.viewport().height() - 20, (top, change)
    # the old side has no marked word (only words added): it follows to the same place in the paragraph
    assert view.old_pane.change_top(0) is None
    assert view.old_pane.verticalScrollBar().value() > view.old_pane.edit_top(0) + view.old_pane.viewport().height()
    save_shot(view, "diff_deep_change", tmp_path)
    view.select_edit(ids[1])
    bar = view.new_pane.verticalScrollBar()
    assert bar.value() == min(bar.maximum(), int(view.new_pane.edit_top(1)) - 10)  # short: its header on top


def test_a_new_list_of_edits_opens_at_its_top_on_both_sides(view) -> None:
    """From a new-user trial: a comment with no linked edit shows the draft paragraphs it is about, but the old
    pane stayed where the previous comment had scrolled it, the paragraph off screen."""
    edits = view.edits
    view.set_edits(edits)
    view.select_edit(edits[-1].id)
    assert view.old_pane.verticalScrollBar().value() > 0 and view.new_pane.verticalScrollBar().value() > 0
    view.set_edits(edits[:2], "The draft paragraph this comment is about")
    assert [p.verticalScrollBar().value() for p in (view.old_pane, view.new_pane)] == [0, 0]


def test_every_edit_starts_at_the_same_height_in_both_panes(qtbot, tmp_path) -> None:
    """A long insertion beside its empty old side used to push every later edit of the old pane up, so the two
    panes drifted apart (a new-user trial). The shorter side of each edit is padded, also after a resize, and both
    panes open at their top."""
    from engine.revision import diff_documents
    from tests.engine.built_revisions import PROSE, doc_of

    use_theme("light")
    long_insert = ("A listening test with twenty participants compares the three systems on ten excerpts each. " * 8)
    old = PROSE[:5]
    new = [PROSE[0], long_insert.strip(), PROSE[1] + " We also report the variance over five seeds.", *PROSE[2:4],
           PROSE[4].replace("the", "a", 1)]
    diff = diff_documents(doc_of(old), doc_of(new))
    assert any(e.type is EditType.ADDED for e in diff.changed_edits()) and len(diff.changed_edits()) >= 3
    view = DiffView(diff)
    qtbot.addWidget(view)
    view.resize(900, 500)
    with qtbot.waitExposed(view):
        view.show()

    def tops(pane):
        return [round(pane.edit_top(i)) for i in range(len(view.edits))]

    qtbot.waitUntil(lambda: tops(view.old_pane) == tops(view.new_pane), timeout=2000)  # once shown at its size
    old_bar, new_bar = view.old_pane.verticalScrollBar(), view.new_pane.verticalScrollBar()
    assert old_bar.value() == new_bar.value() == 0  # the new pane opened 70 px down, where its cursor was
    save_shot(view, "diff_lined_up", tmp_path)
    view.resize(640, 500)  # narrower: the text wraps anew, and the padding follows
    qtbot.waitUntil(lambda: tops(view.old_pane) == tops(view.new_pane), timeout=2000)
    old_bar.setValue(int(view.old_pane.edit_top(2)))
    assert new_bar.value() == old_bar.value()
    view.show_new_side(False)  # the draft alone keeps no room for the hidden side's insertion
    assert view.old_pane.edit_top(1) - view.old_pane.edit_top(0) < 80


def test_edit_headers_number_the_innermost_section_as_the_coverage_tab_does(qtbot, tmp_path) -> None:
    """The Coverage tab says "2.1 Low-noise stabilization and fast…, line 9"; the diff's header names it the same."""
    from engine.document import load_document
    from engine.revision import diff_documents
    from tests.engine.project.test_project_edit_places import LONG, _paper

    old = load_document(str(_paper(tmp_path / "old", "")))
    new = load_document(str(_paper(tmp_path / "new", "We add the phase, measured for the unloaded output.")))
    view = DiffView(diff_documents(old, new))
    qtbot.addWidget(view)
    (edit,) = view.edits
    assert edit.section == f"Circuit design > {LONG}"
    for pane in (view.old_pane, view.new_pane):
        header = pane.toPlainText().split("\n", 1)[0]
        assert " · 2.1 Low-noise stabilization and fast… · line " in header, header
