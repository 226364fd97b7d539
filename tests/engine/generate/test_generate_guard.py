"""The checks every generation passes (copy of the prompt, grounding, loops, cut-off),
the labelled stream, and the deadline token: plain text, no model."""

from __future__ import annotations

import time

from engine.generate.fields import label_piece, parse_fields
from engine.generate.guard import (
    Deadline, Generated, check_text, complete_sentences, copied_span, grounding, is_failure, loop_start,
)
from engine.jobs import CancelToken

# The first version of the suggestion prompt carried this worked example; Gemma 270M
# returned it as the suggestion for a paper on compilers (issue 16).
OLD_EXAMPLE = ("To measure sensitivity to the window size w, we repeat the experiments with w in "
               "{[[DETAIL: window sizes tried]]}. ROUGE-L varies by [[RESULT: range of ROUGE-L across window sizes]] "
               "across these settings, so the default w is not a fragile choice.")
PAPER = ("We propose online iterative compilation: the program is recompiled with new optimisation "
         "sequences while it runs, and a work metric that counts executed instructions compares the versions "
         "on KDataSets benchmarks without a separate training run.")
COMMENT = "The work metric looks coarse. Is it accurate enough to guide iterative compilation?"


def test_copy_of_the_prompt_is_any_eight_word_run() -> None:
    reworded = "We repeat the experiments with w in several settings to see how sensitive the method is."
    assert copied_span(reworded, [OLD_EXAMPLE]) is None  # a 7-word run is not a copy
    lifted = "To measure sensitivity to the window size w, we repeat it on our benchmarks."
    assert copied_span(lifted, [OLD_EXAMPLE]) == "to measure sensitivity to the window size w"
    assert copied_span("A short echo: the window size w.", [OLD_EXAMPLE]) is None


def test_grounding_separates_an_answer_from_an_unrelated_text() -> None:
    on_topic = "The work metric counts executed instructions, so it tracks the runtime of the compiled versions."
    share, shared = grounding(on_topic, [PAPER, COMMENT])
    assert share > 0.6 and shared >= 5
    off_topic = "ROUGE-L of the summaries varies little across the attention window sizes we tried."
    share, shared = grounding(off_topic, [PAPER, COMMENT])
    assert share < 0.3 and shared <= 1


def test_loops_are_found_where_they_start() -> None:
    looping = "We train the model. " + "[p0081] (EXPERIMENTS) We train the model on the data. " * 3
    start = loop_start(looping)
    assert start is not None and looping[:start].count("[p0081]") == 1
    assert loop_start("very very very good") == len("very ")  # the first occurrence is kept
    prose = ("We recompile the program while it runs. Each version is timed on the same input. "
             "The best version is kept, and the search continues on the next input.")
    assert loop_start(prose) is None


def test_cut_off_text_keeps_its_complete_sentences() -> None:
    assert complete_sentences("First sentence here. Second one is cut") == "First sentence here."
    assert complete_sentences("No sentence end at all") == ""
    assert complete_sentences("Ends with a placeholder [[RESULT: speedup]]") == "Ends with a placeholder [[RESULT: speedup]]"


def _codes(gen: Generated) -> list[str]:
    return [f.code for f in gen.flags]


def test_check_text_flags_every_failure_and_keeps_good_text() -> None:
    good = Generated("The work metric counts executed instructions, so it tracks the runtime of each version.", "stop")
    assert not check_text(good, [OLD_EXAMPLE], [PAPER, COMMENT]).failed
    cut = check_text(Generated(good.text + " It also counts", "length"), [OLD_EXAMPLE], [PAPER, COMMENT])
    assert not cut.failed and cut.text == good.text and _codes(cut) == ["fragment_dropped"]
    cut = check_text(Generated("The work metric counts executed", "length"), [OLD_EXAMPLE], [PAPER, COMMENT])
    assert cut.failed and _codes(cut) == ["cut_off"] and cut.text == "The work metric counts executed"  # shown, failed
    late = check_text(Generated("", "time"), [], [PAPER])
    assert _codes(late) == ["timed_out"]
    copied = check_text(Generated(OLD_EXAMPLE, "stop"), [OLD_EXAMPLE], [PAPER, COMMENT])
    assert {"copies_prompt", "ungrounded"} <= set(_codes(copied)) and copied.failed
    assert all(f.severity == "error" and is_failure(f.message) for f in copied.flags)
    looped = check_text(Generated(good.text + " " + good.text, "loop"), [], [PAPER, COMMENT])
    assert "loops" in _codes(looped)


def test_labelled_stream_reads_back_into_fields() -> None:
    stream = label_piece("edit", True) + "We add a paragraph." + label_piece("edit", False) + "We add two."
    stream += label_piece("response", False) + "We explain the metric"
    assert parse_fields(stream) == {"edit": "We add two.", "response": "We explain the metric"}
    assert parse_fields("plain text") == {"": "plain text"}


def test_deadline_fires_at_its_time_and_tells_a_user_cancel_apart() -> None:
    parent = CancelToken()
    deadline = Deadline(0.05, parent)
    assert not deadline.cancelled and deadline.left() > 0
    time.sleep(0.06)
    assert deadline.cancelled and deadline.expired and not deadline.user_cancelled
    other = Deadline(None, parent)
    parent.cancel()
    assert other.cancelled and other.user_cancelled and other.left() is None


def test_an_edit_must_take_up_its_comment() -> None:
    """From a new-user trial: SmolLM2 answered a comment on the sizes of the data splits with "The paper discusses a
    new approach to evaluating the effectiveness of multiple-choice tests in assessing civil rights law cases.",
    grounded in the paper's words but not the comment's; only a dropped fragment was flagged, and it could be
    accepted. An edit shares at least two content words with its comment, or it fails."""
    paper = ("Multi-LexSum holds 9,280 expert-authored summaries of civil rights law cases. We split the cases into "
             "train (70%, 3,177), dev (10%, 454) and test (30%, 908) sets, and evaluate the models on each of them.")
    comment = ("The split sizes in Section 4.1 are inconsistent: the text says Test (30%, 908), but Appendix E and "
               "Table 8 say the test set is 20%.")
    off = Generated("The paper discusses a new approach to evaluating the effectiveness of multiple-choice tests in "
                    "assessing civil rights law cases.", "stop")
    assert not check_text(off, [], [paper, comment]).failed  # grounded in the paper: the old checks let it through
    checked = check_text(Generated(off.text, "stop"), [], [paper, comment], topic=comment)
    assert checked.failed and _codes(checked) == ["off_topic"] and "“test”" in checked.flags[0].message
    fix = Generated("The test set holds 20% of the cases (908), as Table 8 and Appendix E state; the split sizes in "
                    "the text are corrected to match.", "stop")
    assert not check_text(fix, [], [paper, comment], topic=comment).failed


def test_a_short_comment_asks_for_one_shared_word() -> None:
    """A comment of few content words ("Please report variance.") is taken up by an edit sharing one of them (a
    reviewer's pass found right answers to short comments failed)."""
    from engine.generate.guard import topic_words

    comment = "Please report variance."
    answer = Generated("We now report standard deviations over five seeds for every model in Table 2.", "stop")
    assert topic_words(comment) == 1
    assert not check_text(answer, [], ["We report the mean over five seeds in Table 2.", comment], topic=comment).failed
    assert topic_words("The split sizes in Section 4.1 are inconsistent: the text says Test (30%, 908).") == 2
