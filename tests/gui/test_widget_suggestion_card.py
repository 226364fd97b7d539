"""SuggestionCard on a real SuggestionRecord with placeholders and flags; the author decides."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from engine.generate.fields import label_piece
from engine.generate.guard import failure
from engine.generate.placeholders import find, placeholder
from engine.project.model import SuggestionRecord
from tests.gui.widget_helpers import save_shot, use_theme
from widgets.suggestion_card import SuggestionCard
from widgets.suggestion_text import FLAG_TIPS

EDIT = (
    "We add static layer skipping at the same average depth as a second baseline. At the same computation, "
    f"it raises the word error rate to {placeholder('RESULT', 'WER of static skipping on test-clean')}, "
    f"while learned exits keep it at 3.2 (Table {placeholder('FIGURE', 'table number')})."
)


def _record(**kw) -> SuggestionRecord:
    data = dict(id="s1", comment_id="R1.1", location="p0011", model="smollm2-135m-instruct (embedded)",
                response="We added the requested baseline: static layer skipping at the same average depth.",
                edit=EDIT, flags=["no_technical_detail", "promises"], status="pending")
    data.update(kw)
    return SuggestionRecord(**data)


def _card(qtbot) -> SuggestionCard:
    use_theme("light")
    card = SuggestionCard()
    qtbot.addWidget(card)
    card.resize(520, 520)
    with qtbot.waitExposed(card):
        card.show()
    with qtbot.waitActive(card):
        card.activateWindow()
    return card


def test_suggestion_card_highlights_placeholders_and_flags(qtbot, tmp_path) -> None:
    card = _card(qtbot)
    assert card.empty.isVisible() and not card.accept_button.isEnabled()
    save_shot(card, "suggestion_card_empty", tmp_path)
    card.set_suggestion(_record())
    expected = [(p.start, p.end) for p in find(EDIT)]
    assert card.placeholder_spans() == expected and len(expected) == 2
    # the highlighter painted exactly those ranges
    block = card.edit.document().firstBlock()
    painted = [(r.start, r.start + r.length) for r in block.layout().formats() if r.format.background().style() != Qt.BrushStyle.NoBrush]
    assert painted == expected
    assert card.placeholder_label.text() == "2 placeholders to fill"
    chips = [card.flags_row.itemAt(i).widget().text() for i in range(card.flags_row.count() - 2)]
    assert chips == ["no technical detail", "promises"]
    assert card.status.text() == "pending"
    assert card.meta.text() == "Comment R1.1 · at p0011 · by smollm2-135m-instruct (embedded)"
    # with where the paragraph is, the card names it as a reader finds it; the id stays in the tooltip
    card.set_suggestion(_record(), "Method, p. 4")
    assert card.meta.text() == "Comment R1.1 · at Method, p. 4 · by smollm2-135m-instruct (embedded)"
    assert "at Method, p. 4 (p0011): the paragraph" in card.meta.toolTip()
    card.toggle_edit()
    assert card.editing
    card.cancel_edit()  # drawn again: still named
    assert "at Method, p. 4 ·" in card.meta.text()
    card.set_suggestion(_record())
    assert card.flagged() and not card.accept_button.isDefault()  # flagged: the author clicks, Enter does not
    save_shot(card, "suggestion_card", tmp_path)


def test_suggestion_card_keyboard_accept_reject_edit_copy(qtbot) -> None:
    card = _card(qtbot)
    card.set_suggestion(_record(flags=[]))
    assert card.accept_button.isDefault()
    card.setFocus()
    with qtbot.waitSignal(card.sig_suggestion_accepted) as blocker:
        qtbot.keyClick(card, Qt.Key.Key_Return)
    assert blocker.args == ["s1"]
    with qtbot.waitSignal(card.sig_suggestion_rejected) as blocker:
        qtbot.keyClick(card, Qt.Key.Key_Delete)
    assert blocker.args == ["s1"]
    with qtbot.waitSignal(card.sig_suggestion_copied) as blocker:
        qtbot.keyClick(card, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert blocker.args == [EDIT] and QGuiApplication.clipboard().text() == EDIT
    # F2 edits: Enter now types a newline instead of accepting; Ctrl+Enter saves
    qtbot.keyClick(card, Qt.Key.Key_F2)
    assert card.editing and not card.edit.isReadOnly() and card.edit.hasFocus()
    with qtbot.assertNotEmitted(card.sig_suggestion_accepted):
        qtbot.keyClick(card.edit, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClicks(card.edit, " Done.")
    with qtbot.waitSignal(card.sig_suggestion_edited) as blocker:
        qtbot.keyClick(card.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert blocker.args == ["s1", EDIT + " Done."]
    assert not card.editing and card.edit.isReadOnly()
    # Escape cancels an edit and restores the text
    card.toggle_edit()
    qtbot.keyClicks(card.edit, "xyz")
    qtbot.keyClick(card.edit, Qt.Key.Key_Escape)
    assert card.edit.toPlainText() == EDIT and not card.editing


def test_suggestion_card_streams_then_shows_the_record(qtbot, tmp_path) -> None:
    card = _card(qtbot)
    with qtbot.waitSignal(card.sig_generate_requested):
        card.generate_button.click()
    card.begin_stream()
    pieces = [label_piece("edit", True), "Static skipping", " gives ", placeholder("RESULT", "WER"), ".",
              label_piece("response", False), "We added", " the baseline."]
    for i, piece in enumerate(pieces):
        card.append_text(piece)
        if i == 3:  # the edit box fills while the model writes it, without its label
            assert card.edit.toPlainText() == "Static skipping gives [[RESULT: WER]]" and not card.response.toPlainText()
    assert card.edit.toPlainText() == "Static skipping gives [[RESULT: WER]]."
    assert card.response.toPlainText() == "We added the baseline." and card.response.isVisible()
    assert card.status.text() == "writing…" and not card.accept_button.isEnabled()
    assert not card.generate_button.isEnabled()
    card.setFocus()
    with qtbot.assertNotEmitted(card.sig_suggestion_accepted):
        qtbot.keyClick(card, Qt.Key.Key_Return)
    save_shot(card, "suggestion_card_streaming", tmp_path)
    card.end_stream()
    card.set_suggestion(_record(status="accepted", flags=[]))
    assert card.status.text() == "accepted" and card.accept_button.isEnabled()
    assert card.generate_button.text() == "Suggest again"


def test_flagged_and_failed_suggestions_are_not_accepted_by_enter(qtbot) -> None:
    card = _card(qtbot)
    card.set_suggestion(_record(flags=["promises"]))
    card.setFocus()
    with qtbot.assertNotEmitted(card.sig_suggestion_accepted):
        qtbot.keyClick(card, Qt.Key.Key_Return)
    assert card.accept_button.isEnabled() and not card.accept_button.isDefault()
    with qtbot.waitSignal(card.sig_suggestion_accepted):
        card.accept_button.click()  # a deliberate click still accepts
    failed = failure("copies_prompt", "repeats the prompt's own text").message
    card.set_suggestion(_record(flags=[failed]))
    assert card.failed() and card.status.text() == "failed checks"
    assert not card.accept_button.isEnabled() and card.edit_button.isEnabled()
    chips = [card.flags_row.itemAt(i).widget().text() for i in range(card.flags_row.count() - 2)]
    assert chips == ["repeats the prompt's own te…"]
    with qtbot.assertNotEmitted(card.sig_suggestion_accepted):
        card.accept()
        qtbot.keyClick(card, Qt.Key.Key_Return)


def test_a_flag_on_the_copys_syntax_alone_leaves_enter_to_accept(qtbot) -> None:
    # source19 left an info flag on every suggestion of a project read before drafts kept their source ("copied as
    # it reads"): a note on how the copy is written, not on what the edit says, so Enter still accepts
    card = _card(qtbot)
    note = {"code": "no_source", "severity": "info", "message": "the placed paragraph's LaTeX source is not known"}
    card.set_suggestion(_record(flags=[note]))
    assert not card.flagged() and card.accept_button.isDefault()
    card.setFocus()
    with qtbot.waitSignal(card.sig_suggestion_accepted):
        qtbot.keyClick(card, Qt.Key.Key_Return)
    card.set_suggestion(_record(flags=[note, "promises"]))
    assert card.flagged() and not card.accept_button.isDefault()


SCAFFOLD = SuggestionRecord(
    id="s2", comment_id="R2.3", location="p0007", model="smollm2-135m-instruct (embedded)", kind="scaffold",
    response="We now report an experiment on static layer skipping in Experiments.",
    edit=("With tau set to 0.9, the model saves 38% of encoder computation on test-clean and 35% on test-other. "
          f"{placeholder('DETAIL', 'the added experiment: compare against static layer skipping at the same average depth')} "
          f"{placeholder('RESULT', 'what it shows')} ({placeholder('FIGURE', 'table or figure that reports it')})."),
    change="Experiment requested: add it, and its result, after this sentence",
    quote="With tau set to 0.9, the model saves 38% of encoder computation on test-clean and 35% on test-other.",
    rewrite="The paper presents learned early exits; Theorem 2 shows they beat static skipping.",
    flags=[{"code": "rewrite_withheld", "severity": "info",
            "message": "the model's rewrite was withheld: summarises the paper instead of editing it"}])


def test_a_scaffold_shows_where_what_and_the_draft_to_complete(qtbot, tmp_path) -> None:
    card = _card(qtbot)
    card.resize(560, 600)
    card.set_suggestion(SCAFFOLD)
    assert card.title.text() == "Scaffold" and card.edit_heading.text().startswith("Draft to complete")
    assert card.plan.isVisible() and card.plan.text().splitlines() == [
        SCAFFOLD.change, f"Where: “{SCAFFOLD.quote}”"]
    assert len(card.placeholder_spans()) == 3 and card.placeholder_label.text() == "3 placeholders to fill"
    chip_ = card.flags_row.itemAt(0).widget()
    assert chip_.text() == "rewrite withheld" and SCAFFOLD.rewrite in chip_.toolTip()
    # a scaffold is the author's to complete: Accept works when clicked, never by Enter
    assert card.accept_button.isEnabled() and not card.accept_button.isDefault()
    card.setFocus()
    with qtbot.assertNotEmitted(card.sig_suggestion_accepted):
        qtbot.keyClick(card, Qt.Key.Key_Return)
    save_shot(card, "suggestion_card_scaffold", tmp_path)
    card.set_suggestion(_record(flags=[]))  # a rewrite: no plan unless the record has one
    assert card.title.text() == "Suggestion" and not card.plan.isVisible()
    assert card.edit_heading.text() == "Edit to the paper"
    # a wording fix the comment spells out, applied: nothing to fill, and the heading does not ask to fill anything
    card.set_suggestion(_record(kind="scaffold", edit="The results hold for every head.", flags=[]))
    assert card.edit_heading.text() == "Draft: the sentence, corrected as the comment spells out"
    assert not card.placeholder_spans()


def test_a_flagged_rewrite_says_why_and_cannot_be_accepted(qtbot, tmp_path) -> None:
    """A stronger model's rewrite that invents: every invention check is a failed check, Accept is off."""
    from engine.generate.checks import check_edit

    paper = ("Quantile sketches\n1 Introduction\nWe sample the stream with a reservoir. Streaming sketches "
             "(Greenwald and Khanna, 2001) use the same compactors.\nTheorem 1. The sketch error converges as the "
             "sampling density grows.\n2 Experiments\nTable 1 reports accuracy on network traces.")
    text = ("The paper presents a quantile sketch. By Theorem 3, the sketch fails for non-uniform sampling "
            "(Greenwald and [[CITATION: Khanna, 2001?]]).")
    checked = check_edit(text, "Does Theorem 1 hold for non-uniform sampling?", paper, paper, ["1", "2"])
    codes = [f.code for f in checked.flags if f.failed]
    assert {"summary", "missing_object", "altered_citation"} <= set(codes)
    card = _card(qtbot)
    card.resize(560, 600)
    card.set_suggestion(_record(edit=checked.text, flags=checked.flags, model="qwen2.5-7b-instruct-q4_k_m",
                                response="We now state when Theorem 1 holds for non-uniform sampling.",
                                change="Clarification requested: state precisely what this sentence leaves open",
                                quote="Theorem 1. The sketch error converges as the sampling density grows."))
    assert card.failed() and card.status.text() == "failed checks" and card.title.text() == "Suggestion"
    assert not card.accept_button.isEnabled() and not card.accept_button.isDefault() and card.edit_button.isEnabled()
    chips = [card.flags_row.itemAt(i).widget() for i in range(card.flags_row.count() - 2)]
    assert [c.text() for c in chips] == ["no such part in the paper", "summary, not an edit", "changed citation", "+2"]
    assert all(c.toolTip().startswith(FLAG_TIPS[code]) for c, code in zip(chips, codes))
    assert "Theorem 3" in chips[0].toolTip() and "numbers found" in chips[3].toolTip()
    save_shot(card, "suggestion_card_flagged_rewrite", tmp_path)


def test_a_cramped_card_keeps_the_scaffolds_plan_whole(qtbot, tmp_path) -> None:
    """In a 1280×800 window the card is about 290 × 340 pixels: a new-user trial (round 7) saw the plan's first
    line ("Concern raised: …") cut at the top and its quote at the bottom, squeezed into two lines. The plan and
    the meta line keep their wrapped height, set from the top; the response and draft boxes give way."""
    card = _card(qtbot)
    card.resize(290, 340)
    card.set_suggestion(SCAFFOLD, "Method, p. 4")
    qtbot.wait(100)
    for label in (card.meta, card.plan):
        assert label.isVisible() and label.height() >= label.heightForWidth(label.width()), label.accessibleName()
        assert label.alignment() & Qt.AlignmentFlag.AlignTop
    assert card.plan.geometry().bottom() < card.response.geometry().top()  # nothing drawn over it
    save_shot(card, "suggestion_card_cramped", tmp_path)


def test_the_close_second_place_is_offered_and_taken_in_one_click(qtbot, tmp_path) -> None:
    """Round nine, "here, or here": a scaffold that carries the draft for its second place moves there at once; a
    rewrite is written there again only on request; nothing moves once the author has accepted it."""
    there = "In the results, static layer skipping drops the top layers."
    alternative = {"location": "p0011", "quote": there, "margin": 0.4, "edit": f"{there} [[RESULT: the gap]]",
                   "response": "We now report it in Results.", "change": SCAFFOLD.change, "flags": [], "rewrite": "",
                   "placeholders": ["[[RESULT: the gap]]"]}
    card = _card(qtbot)
    card.resize(560, 640)
    card.set_suggestion(None)
    assert not card.alternative.isVisible() and not card.switch_button.isVisible()
    card.set_suggestion(SuggestionRecord(**{**SCAFFOLD.to_dict(), "alternative": alternative}), "Method, p. 4",
                        "Results, p. 6")
    assert card.alternative.isVisible() and card.alternative.text() == f"Also fits: Results, p. 6, “{there}”"
    assert card.switch_button.text() == "Put it there" and card.switch_button.isEnabled()
    save_shot(card, "suggestion_card_alternative", tmp_path)
    with qtbot.waitSignal(card.sig_place_switched) as switched:
        qtbot.mouseClick(card.switch_button, Qt.MouseButton.LeftButton)
    assert switched.args == ["s2"]
    moved = card.record.switched()  # what the session stores: the draft written there, this place offered back
    card.set_suggestion(moved, "Results, p. 6", "Method, p. 4")
    assert card.edit.toPlainText() == alternative["edit"] and card.alternative.text().startswith("Also fits: Method")
    assert moved.switched().to_dict() == card.record.switched().to_dict()
    card.set_suggestion(_record(alternative={"location": "p0011", "quote": there}), "Method, p. 4", "Results, p. 6")
    assert card.switch_button.text() == "Suggest there" and card.switch_button.isEnabled()  # a rewrite: the model
    with qtbot.waitSignal(card.sig_place_requested) as requested, qtbot.assertNotEmitted(card.sig_place_switched):
        qtbot.mouseClick(card.switch_button, Qt.MouseButton.LeftButton)
    assert requested.args == ["p0011"]
    card.set_suggestion(SuggestionRecord(**{**SCAFFOLD.to_dict(), "alternative": alternative, "status": "accepted"}))
    assert card.alternative.isVisible() and not card.switch_button.isEnabled()
    with qtbot.assertNotEmitted(card.sig_place_switched):
        card.switch_place()


def test_enter_on_a_scaffold_says_why_it_kept_nothing(qtbot) -> None:
    """trial32: Enter on a scaffold (an info flag: the model's rewrite withheld) did nothing and said nothing; it
    still keeps nothing, and a tip under Accept says how to keep it."""
    from PySide6.QtWidgets import QToolTip

    from widgets.suggestion_card import ENTER_REFUSED

    card = _card(qtbot)
    card.resize(560, 600)
    card.show()
    card.set_suggestion(SCAFFOLD)
    card.setFocus()
    with qtbot.assertNotEmitted(card.sig_suggestion_accepted):
        qtbot.keyClick(card, Qt.Key.Key_Return)
    qtbot.waitUntil(QToolTip.isVisible, timeout=2_000)
    assert QToolTip.text() == ENTER_REFUSED
