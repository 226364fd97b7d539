"""trial36: a LaTeX letter whose points and answers are list items, "\\item Comment 3: …" then "\\item Response: …",
read as "- Comment 3:" and "- Response:" lines. The excerpt beside each status (the marked-up PDF, the CSV, the
tooltips) read "- Response: Thank you … manuscript. -", and where the next point the letter quotes is in no comment,
it ran on into that point and its answer ("… [Kurtz, 2022]. - Comment 6: Standardization of …"). Written for the
test; display only (the statuses read the answers as ``answers`` gives them)."""

from __future__ import annotations

from engine.project.response import without_labels


def test_a_list_items_label_goes_and_the_next_points_label_ends_the_answer() -> None:
    answer = ("- Response: We thank the referee; the lantern weights are now in Table 2.\n"
              "- Comment 6: Use one style for the references\n- Response: Done.")
    assert without_labels(answer) == "We thank the referee; the lantern weights are now in Table 2."
    assert without_labels("- Response: Thank you, the figure is redrawn.\n- Comment 3:") == (
        "Thank you, the figure is redrawn.")
    assert without_labels("\u2022 Reply: Done.") == "Done."


def test_a_comment_named_inside_an_answer_stays() -> None:
    kept = "We added it, as in our answer to Comment 3: the weights are in Table 2."
    assert without_labels(kept) == kept
    assert without_labels("- the weights are now given") == "- the weights are now given"
