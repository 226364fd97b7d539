"""Segmentation that keeps a reviewer's point together (issue 33): short follow-ups, headings over lists, short
paragraphs that make one point, and criticism that implies a change without a request word."""

from __future__ import annotations

import pytest

from engine.reviews.comments import extract_comments
from engine.reviews.segment import follow_up, location_only
from engine.reviews.parse import parse_reviews
from engine.reviews.units import review_units

#: A free-form running review, as pasted from a conference system: one paragraph, several points.
RUNNING = """## Reviewer 1

The paper proposes a planner for partially observable domains that learns a belief update from traces. The idea is \
interesting and the experiments cover three domains. The belief update in Section 3 is trained with a fixed horizon \
of ten steps. Why ten? This is not clear to me. The comparison with POMCP uses the default parameters of the \
original implementation. Were they tuned? The related work section misses recent work on belief-space planning, for \
instance the method of Lee et al. (2021), which also learns belief updates from traces. Overall the paper is well \
written.
"""

#: A referee report whose typos and minor points sit under headings of their own.
HEADINGS = """## Referee 1

The manuscript describes a new sampler for coalescent models with a clear evaluation.

Minor points and typos

- p. 3: "recieve" -> "receive"
- p. 5: "teh" -> "the"

Experiments

The runs in Figure 4 use only one seed, so the error bars say little about the variance between runs.
"""

#: Criticism an author can act on, with no request word in it.
IMPLIED = """## Reviewer 2

The paper studies label noise in graph neural networks and proposes a robust loss.

The references are outdated: most cited work is from before 2015, and [4] and [9] are the same paper.

A more accurate title would be "Robust losses for noisy node labels".

The statistical analysis in Table 2 compares ten methods without any correction for multiple comparisons.

The experiments are thorough and the paper is well written.
"""


def _comments(text: str, encoder: str | None = None) -> list:
    return extract_comments(parse_reviews(text, "markdown"), encoder=encoder)


@pytest.mark.parametrize("encoder", [None, "lexical"])
def test_a_short_question_carries_the_sentence_it_asks_about(encoder: str | None) -> None:
    """"Why ten? This is not clear to me." alone says nothing: the comment holds both and quotes the sentence
    before them as its context; "Were they tuned?" likewise."""
    comments = _comments(RUNNING, encoder)
    why = [c for c in comments if "Why ten?" in c.text]
    assert len(why) == 1 and "This is not clear to me." in why[0].text, [c.full_text for c in comments]
    assert why[0].context.startswith("The belief update in Section 3")
    tuned = [c for c in comments if "Were they tuned?" in c.full_text]
    assert len(tuned) == 1 and "default parameters of the original implementation" in tuned[0].full_text
    assert not any(c.full_text in {"Why ten?", "This is not clear to me.", "Were they tuned?"} for c in comments)
    # the running paragraph is long, so its other point stays a comment of its own
    assert any(c.text.startswith("The related work section misses") for c in comments)
    assert not any("planner for partially observable" in c.full_text for c in comments)  # the summary


def test_follow_ups_are_short_questions_and_remarks_of_unclarity() -> None:
    for text in ("Why ten?", "How is it tuned?", "Any justification?", "This is not clear to me.",
                 "It is unclear.", "I don't understand why."):
        assert follow_up(text), text
    for text in ("Why is the horizon fixed to ten steps in all three domains?", "The method is unclear in Section 3 "
                 "because the belief update is never defined.", "Please report the variance."):
        assert not follow_up(text), text


@pytest.mark.parametrize("encoder", [None, "lexical"])
def test_headings_label_the_items_under_them_and_are_never_comments(encoder: str | None) -> None:
    comments = _comments(HEADINGS, encoder)
    texts = [c.full_text for c in comments]
    assert not any(t.strip() in {"Minor points and typos", "Experiments"} for t in texts), texts
    assert any("recieve" in c.text and c.fine_type == "typo" for c in comments), texts
    assert any("teh" in c.text for c in comments), texts
    assert any(c.text.startswith("The runs in Figure 4 use only one seed") for c in comments), texts
    units = {u.text: u for r in parse_reviews(HEADINGS, "markdown") for u in review_units(r)}
    assert units["Minor points and typos"].skip and units["Experiments"].skip
    assert not units['p. 3: "recieve" -> "receive"'].skip


def test_a_short_line_that_says_something_is_no_heading() -> None:
    text = "## Reviewer 1\n\nLine 3: 'teh'.\n\nWhy?\n\nThe loss is not defined.\n\nTypos\n"
    units = {u.text: u for r in parse_reviews(text, "markdown") for u in review_units(r)}
    assert not units["Line 3: 'teh'."].skip and not units["Why?"].skip
    assert not units["The loss is not defined."].skip


@pytest.mark.parametrize("encoder", [None, "lexical"])
def test_criticism_that_implies_a_change_is_a_comment(encoder: str | None) -> None:
    texts = [c.full_text for c in _comments(IMPLIED, encoder)]
    for start in ("The references are outdated", "A more accurate title would be",
                  "The statistical analysis in Table 2"):
        assert any(t.startswith(start) for t in texts), (start, texts)
    assert not any("well written" in t or "proposes a robust loss" in t for t in texts), texts


@pytest.mark.parametrize("encoder", [None, "lexical"])
def test_a_short_paragraph_on_one_topic_is_one_comment(encoder: str | None) -> None:
    """The sentences of a short paragraph that speak of the same thing make one comment; a paragraph of two
    unrelated requests stays two."""
    one = ("## Reviewer 1\n\nPlease report the variance of the ablation in Table 3 over five seeds. The ablation "
           "should also remove each module alone.\n")
    texts = [c.full_text for c in _comments(one, encoder)]
    assert len(texts) == 1 and "over five seeds" in texts[0] and "each module alone" in texts[0], texts
    two = ("## Reviewer 1\n\nThe authors only evaluate on one dataset. It would be good to add results on a second "
           "organ. The loss in Eq. 3 is not defined before it is used.\n")
    assert len(_comments(two, encoder)) == 2


@pytest.mark.parametrize("encoder", [None, "lexical"])
def test_a_short_paragraph_keeps_its_point_across_a_sentence_that_is_no_comment(encoder: str | None) -> None:
    """Two picked sentences of a short paragraph on the same thing are one comment also when a sentence that is
    no comment stands between them; that sentence stays out of the comment's text."""
    one = ("## Reviewer 1\n\nPlease report the variance of the ablation in Table 3 over five seeds. The appendix gives "
           "the hyperparameters. The ablation should also remove each module alone.\n")
    got = _comments(one, encoder)
    assert len(got) == 1, [c.text for c in got]
    assert "over five seeds" in got[0].text and "each module alone" in got[0].text
    assert "hyperparameters" not in got[0].full_text


@pytest.mark.parametrize("encoder", [None, "lexical"])
def test_a_very_short_paragraph_is_one_point_whatever_words_it_shares(encoder: str | None) -> None:
    """From the corpus's training part: "Several grammatical errors occur in the text. The authors should be checked
    again throughout the manuscript." and two faults of one figure were cut in two, sharing no content word. A
    paragraph of up to ``SHORT_POINT_WORDS`` is one point unless a request was made before (then what follows is
    another point) or what follows is a question on something else."""
    text = ("## Reviewer 1\n\nSeveral grammatical errors occur in the text. The authors should proofread the "
            "manuscript once more.\n\nFigure 2 is hard to read in print. The legend overlaps the curves, and the "
            "colours of panels b and c cannot be told apart.\n\nPlease add the runtime of each baseline. Beyond that, "
            "I would encourage releasing the trained weights.\n")
    got = [c.text for c in _comments(text, encoder)]
    assert sum("grammatical" in t and "proofread" in t for t in got) == 1, got
    assert sum("hard to read" in t and "legend overlaps" in t for t in got) == 1, got
    assert not any("runtime" in t and "trained weights" in t for t in got), got


def test_the_corpus_measure_counts_points_found_whole_and_comments_that_are_no_point() -> None:
    """``bench.measure_corpus_comments.match``: a point counts as found only when one comment (text plus context)
    holds 60% of its words; a comment that is a heading or runs two points together is no point."""
    from bench.measure_corpus_comments import match

    gold = ["The belief update is trained with a fixed horizon of ten steps. Why ten? This is not clear to me.",
            "The comparison with POMCP uses default parameters. Were they tuned for these domains?"]
    pieces = [{"text": "Why ten?", "context": ""}, {"text": "This is not clear to me.", "context": ""}]
    whole = [{"text": "Why ten? This is not clear to me.",
              "context": "The belief update is trained with a fixed horizon of ten steps."}]
    heading = [{"text": "Minor points and typos", "context": ""}]
    both = [{"text": gold[0] + " " + gold[1], "context": ""}]
    assert match(gold, pieces)["found"] == 0 and match(gold, whole)["found"] == 1
    assert match(gold, whole)["no_point"] == 0 and match(gold, heading)["no_point"] == 1
    got = match(gold, both)
    assert got["found"] == 2 and got["no_point"] == 1 and got["comments"] == 1


def test_a_label_names_the_comments_under_it_in_the_comments_view_and_the_letter(tmp_path) -> None:
    """"Minor points and typos" over a list is the heading of the comments under it: their section (shown in the
    Comments view's tooltip), and the letter names it beside each comment's number."""
    from pathlib import Path

    from engine.jobs import run_job
    from engine.letter import write_letter
    from engine.project import ProjectStore
    from engine.project.pipeline import build_project

    comments = _comments(HEADINGS, "lexical")
    assert {c.section for c in comments if "recieve" in c.text or "teh" in c.text} == {"Minor points and typos"}
    assert next(c for c in comments if "one seed" in c.text).section == "Experiments"
    under = _comments("## Reviewer 1\n\n### Weaknesses\n\nThe method is fine.\n\n[Typos]\n\n- p. 2: 'teh' -> 'the'\n",
                      "lexical")
    assert [c.section for c in under] == ["Weaknesses > Typos"]
    reviews = tmp_path / "reviews.md"
    reviews.write_text(HEADINGS, encoding="utf-8")
    demo = Path(__file__).resolve().parents[3] / "resources" / "demo"
    store = ProjectStore.create(tmp_path / "p.redraft", "labels")
    project = run_job(build_project(store, demo / "draft_v1.md", demo / "draft_v2.md", reviews, aligner="bm25"))
    store.close()
    letter = write_letter(project, tmp_path / "letter.md").read_text(encoding="utf-8")
    assert "### Comment 1 (Minor points and typos)" in letter
    assert any(f"### Comment {i} (Experiments)" in letter for i in (2, 3)), letter


#: Numbered points of over 120 words: the first asks for three separate things, the second argues for one.
LONG_POINTS = """## Reviewer 1

1. The evaluation is narrow. Only two small datasets are used, and both come from the same lab, so it is hard to \
judge how far the results carry over to other settings, to other scanners or to other populations of patients. Please \
add results on at least one public benchmark such as BraTS, with the same metrics as in Table 2. The ablation in \
Section 5 removes the attention module and the auxiliary loss together, which makes it impossible to tell which of \
them helps. Please remove each of them alone and report both results. Finally, the runtime of the method is never \
given, although the introduction claims it is fast enough for clinical use. Could you report the inference time per \
volume on the hardware you used?

2. The proof of Theorem 1 assumes that the loss is convex in the parameters of the last layer. The convexity holds \
for the squared loss but not for the focal loss used in the experiments, since the focal loss down-weights \
well-classified voxels by a factor that depends on the prediction itself. Please state where the convexity of the \
loss is used in the proof. The convexity assumption is therefore not met by the focal loss that the paper trains \
with, and the guarantee given after the theorem does not cover the experiments as run. Please either restrict the \
claim to the squared loss or extend the proof of Theorem 1 to the focal loss.
"""


@pytest.mark.parametrize("encoder", [None, "lexical"])
def test_a_long_numbered_point_asking_for_several_things_is_several_comments(encoder: str | None) -> None:
    comments = _comments(LONG_POINTS, encoder)
    first = [c for c in comments if c.span[0] < LONG_POINTS.index("2. The proof")]
    assert len(first) == 3, [c.full_text for c in first]
    assert "BraTS" in first[0].text and "each of them alone" in first[1].text and "inference time" in first[2].text
    # each later request keeps the point's opening as its context; the first holds it or follows it
    assert [c.context for c in first[1:]] == ["The evaluation is narrow."] * 2
    # a long argument for one change (its sentences speak of the same loss and proof) is not cut by the rule
    second = [c for c in comments if c.span[0] > LONG_POINTS.index("2. The proof")]
    assert second and not any(c.context.startswith("The proof of Theorem 1") for c in second), \
        [c.full_text for c in second]


def test_only_a_line_that_names_a_heading_labels_what_follows() -> None:
    """An author's notes between the points ("done", "We do"), a field and its value and a lead-in are skipped as
    before but name nothing; headings that only wrap the review are not named in the letter."""
    from engine.reviews.headings import shown_heading
    from engine.reviews.units import label_text

    assert [label_text(t) for t in ("Minor comments:", "[Weakness]", "== Section 4 ==", "Typos")] == [
        "Minor comments", "Weakness", "Section 4", "Typos"]
    for text in ("done", "We do", "Indeed", "Technical Correctness: Probably correct", "Here are some comments:"):
        assert label_text(text) == "", text
    text = "## Reviewer 1\n\nMinor comments\n\n- Please define L on page 2.\n\ndone\n\n- Please cite [3] in Section 2.\n"
    assert {c.section for c in _comments(text, "lexical")} == {"Minor comments"}
    assert shown_heading("Comments from the Reviewers > Typos") == "Typos"
    assert shown_heading("Main review") == "" and shown_heading("Weaknesses") == "Weaknesses"


#: A point whose request opens on a condition ("If so", "Otherwise") or a remark ("Just a nit") about the sentence
#: before it, and one whose request follows a bare quote.
LINKED = """## Reviewer 1

The paper proposes a sampler for phylogenetic trees and compares it with two others on simulated data.

Finally, it seems that the replicates in each panel of Figure 2 have been ordered by their posterior mean. If so, \
I suggest making this clear. Otherwise, the rising trend of the bars from left to right might confuse readers.

"There is currently no efficient representation of such trees...". Just a nit and feel free to ignore, but the \
format you present is technically current.

The colours in panel b of Figure 4 are hard to tell apart. I suggest a palette with more contrast.
"""


@pytest.mark.parametrize("encoder", [None, "lexical"])
def test_a_sentence_linked_to_the_one_before_keeps_it(encoder: str | None) -> None:
    """No comment is a bare "If so, ..." or "Just a nit ..." or a quote alone: each holds, as its text or its
    context, the sentence it is about."""
    comments = _comments(LINKED, encoder)
    full = [" ".join(f"{c.context} {c.text}".split()) for c in comments]
    ifso = [f for f in full if "If so, I suggest making this clear." in f]
    assert len(ifso) == 1 and "ordered by their posterior mean" in ifso[0], full
    nit = [f for f in full if "Just a nit" in f]
    assert len(nit) == 1 and "There is currently no efficient representation" in nit[0], full
    assert not any(c.text.strip().startswith(("If so", "Just a nit", "Otherwise")) and not c.context
                   for c in comments), full
    palette = [f for f in full if "more contrast" in f]
    assert len(palette) == 1 and "hard to tell apart" in palette[0], full


def test_what_opens_on_a_link() -> None:
    from engine.reviews.segment import linked, quote_only

    assert linked("If so, I suggest making this clear.") and linked("Otherwise, readers may be confused.")
    assert linked("Just a nit, but the word is wrong.") and linked("This was later confirmed by others.")
    assert not linked("This paper proposes a new sampler.") and not linked("It would help to add a table.")
    assert quote_only('"There is currently no efficient representation...".')
    assert quote_only('p. 4: "we propose a novel method"') and not quote_only('The text says "novel" twice.')


#: Polite requests with no request verb, each after a sentence that is no problem in itself (a new-user trial).
POLITE = """## Reviewer 3

The paper proposes a sampler for sparse graphs and tests it on three benchmarks.

The second paragraph of Section 3 describes the proposal distribution. You might try rewording this paragraph.

The ablation covers the smallest benchmark. It may be worth repeating it on the largest one.

Table 2 reports averages over five seeds. One could also report the standard deviations.

The experiments are thorough and the paper is well written.
"""


#: A referee's notes by page and line, in the shape of a training-part report (serial-interval's Reviewer 1), in our
#: own words: a place alone, and a bare question the next sentence answers.
PLACES = """## Reviewer 1

p5, line 170: should the kernel be $K(t-\\tau)$?

p6, line 188: shorter than what? If you mean compared to the incubation period it holds whenever $r>0$ \
and the ordering of the rates does not matter (than what?).

p7, line 203-205. Several of the cited studies assume that the delays are identically distributed. On p11 \
(see my main concern) you study an even narrower case, so you seem to assume it as well, or have I misread?

The sensitivity analysis uses a single value of the correlation, which makes Figure 2B hard to read. Section 3.1.
"""


@pytest.mark.parametrize("encoder", [None, "lexical"])
def test_a_polite_request_without_a_request_verb_is_a_comment(encoder: str | None) -> None:
    """"You might try …", "It may be worth …", "One could …" ask for a change as "Please …" does (``Cues.explicit``):
    each is a comment, also where the models alone put it under the threshold ("You might try rewording this
    paragraph." scored 0.23 by both)."""
    texts = [c.full_text for c in _comments(POLITE, encoder)]
    for words in ("You might try rewording this paragraph.", "It may be worth repeating it on the largest one.",
                  "One could also report the standard deviations."):
        assert sum(words in t for t in texts) == 1, (words, texts)
    assert not any("well written" in t or "proposes a sampler" in t for t in texts), texts


def test_what_reads_as_a_polite_request() -> None:
    from engine.reviews.cues import read_cues

    for text in ("You might try rewording this paragraph.", "It may be worth repeating it on the larger benchmark.",
                 "One could also report the standard deviations.", "In Table 2, the authors could add the variance.",
                 "Also, you may want to shorten the introduction.", "It might be useful to plot the loss."):
        assert read_cues(text).explicit, text
    for text in ("One could argue that the baseline is too weak.", "The authors may have missed a related paper.",
                 "One might expect the method to fail on dense graphs.", "It may be that the model overfits.",
                 "You may submit a revised version (double spaced) at:", "Readers might be confused by the notation."):
        assert not read_cues(text).explicit, text


@pytest.mark.parametrize("encoder", [None, "lexical"])
def test_a_place_alone_goes_with_the_point_it_locates(encoder: str | None) -> None:
    """"p7, line 203-205." is no comment: it opens the comment of the sentence after it (when that one is a
    comment), and a place that ends a paragraph ("Section 3.1.") closes the comment before it."""
    comments = _comments(PLACES, encoder)
    texts = [c.text for c in comments]
    assert not [t for t in texts if location_only(t)]
    assert all(t.startswith("p7, line 203-205.") for t in texts if "Several of the cited studies" in t)
    closed = next(t for t in texts if "sensitivity analysis" in t)
    assert closed.endswith("Section 3.1.")


@pytest.mark.parametrize("encoder", [None, "lexical"])
def test_a_bare_question_keeps_the_guess_that_answers_it(encoder: str | None) -> None:
    """"shorter than what? If you mean ..." is one point, not a three-word question and its answer apart."""
    texts = [c.text for c in _comments(PLACES, encoder)]
    asked = [t for t in texts if "shorter than what?" in t]
    assert len(asked) == 1 and "If you mean compared to the incubation period" in asked[0]


def test_a_place_is_only_a_page_line_section_or_figure_number() -> None:
    places = ["p7, line 203-205.", "Section 3.2:", "Fig. 2, bottom.", "pp. 3-4", "Page 12, lines 3 and 5.", "§4.",
              "Appendix A.", "Eq. (3):", "p5, middle:", "Line 45, top of p. 3."]
    sentences = ["p4, bottom: refer to Fig 1", "Section 3 is unclear.", "See Table 2?", "The paper has 5 sections.",
                 "Figure 3 should be larger.", "Typos:", "Why ten?"]
    assert all(location_only(t) for t in places)
    assert not any(location_only(t) for t in sentences)
