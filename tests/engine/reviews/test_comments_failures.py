"""The failures of issue 14, each rebuilt as a file: a preamble, a bibliography entry, praise, a request phrased
"one wonders about ...", a block printed twice; the cgo18 reviews still flow through extraction."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.reviews import extract_comments, load_reviews, parse_reviews
from engine.reviews.model import FINE_TYPES

CGO18_REVIEWS = Path(__file__).resolve().parents[2] / "data" / "cgo18_reviews.md"

PREAMBLE = """These are the two reviews we received for our ICML submission. Reviewer 2 was added late.

## Reviewer 1

The paper proposes a sparse attention scheme for long documents. The experiments do not include a comparison
with Longformer. Please add this comparison on the same benchmarks. Why is the window size fixed to 128?

## Reviewer 2

The method is evaluated on a single dataset. The authors should report results on a second corpus, and the
variance over seeds should be given in Table 2.
"""

BIBLIOGRAPHY = """## Reviewer 1

The related work misses the closest prior method [1]. The authors should compare against it and discuss how
their loss differs.

[1] A. Author, B. Author. Learning to segment with noisy labels. In Proceedings of CVPR, 2016.
[2] C. Writer and D. Writer. Robust losses for deep networks. Journal of Machine Learning Research, 2019.
"""

PRAISE = """## Reviewer 1

It is nice that the authors removed the need for a separate teacher network, and the results are strong.
The ablation in Section 5 is missing the temperature; please add it.
"""

WONDER = """## Reviewer 1

The proposed pre-training improves the results on GLUE by a clear margin. However, one wonders about the
performance on question answering, e.g., SQuAD (Rajpurkar et al., 2016) and Natural Questions (Kwiatkowski et
al., 2019).
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "reviews.md"
    path.write_text(text, encoding="utf-8")
    return path


def _run_json(path: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    assert main(["comments", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_preamble_is_not_a_comment_and_ids_follow_reviewers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _run_json(_write(tmp_path, PREAMBLE), capsys)
    assert [r["reviewer"] for r in data["reviews"]] == ["Reviewer 1", "Reviewer 2"]
    assert not any("reviews we received" in c["text"] or "added late" in c["text"] for c in data["comments"])
    for c in data["comments"]:
        assert c["id"].startswith("R1." if c["reviewer"] == "Reviewer 1" else "R2.")
    assert any("Longformer" in c["text"] for c in data["comments"] if c["reviewer"] == "Reviewer 1")
    assert any("second corpus" in c["text"] for c in data["comments"] if c["reviewer"] == "Reviewer 2")
    assert "skipped the text before the first review" in " ".join(data["notices"])


def test_each_reviewer_block_is_printed_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    twice = PREAMBLE.replace("## Reviewer 2", "## Reviewer 1")  # two reviews under one name
    assert main(["comments", str(_write(tmp_path, twice))]) == 0
    out = capsys.readouterr().out
    headers = re.findall(r"^(Reviewer 1(?: \(2\))?)(?: \([^)]*\))?: \d+ comment", out, re.M)
    assert headers == ["Reviewer 1", "Reviewer 1 (2)"], out
    ids = re.findall(r"^\s+(R\d+\.\d+)\s", out, re.M)
    assert len(ids) == len(set(ids))


def test_bibliography_entries_are_not_comments(tmp_path: Path) -> None:
    comments = extract_comments(load_reviews(_write(tmp_path, BIBLIOGRAPHY)))
    assert comments and any("compare against it" in c.text for c in comments)
    assert not any("Author" in c.full_text or "Journal of Machine" in c.full_text for c in comments)


def test_praise_is_not_a_comment_nor_a_remove_request() -> None:
    comments = extract_comments(parse_reviews(PRAISE, "markdown"))
    assert not any("It is nice" in c.full_text for c in comments)
    missing = [c for c in comments if "temperature" in c.text]
    assert missing and missing[0].action != "Remove"


def test_one_wonders_about_is_a_request() -> None:
    comments = extract_comments(parse_reviews(WONDER, "markdown"))
    assert any("one wonders about" in c.text for c in comments), [c.text for c in comments]


def test_comments_carry_fine_type_and_confidence() -> None:
    comments = extract_comments(parse_reviews(PREAMBLE, "markdown"))
    assert comments
    for c in comments:
        assert c.fine_type in FINE_TYPES and 0.0 < c.confidence <= 1.0
    corpus = next(c for c in comments if "second corpus" in c.text)
    assert corpus.fine_type in ("experiment", "result", "edit")


def test_lexical_model_works_without_an_encoder() -> None:
    comments = extract_comments(parse_reviews(PREAMBLE, "markdown"), encoder=None)
    assert any("Longformer" in c.text for c in comments)
    assert all(c.fine_type in FINE_TYPES for c in comments)


# as measured when pinned (the default, the fine-tuned encoder, found 18 before it was fitted on every train forum)
@pytest.mark.shared_data
@pytest.mark.parametrize("encoder, at_least", [(None, 20), ("lexical", 20), ("minilm", 22)])
def test_cgo18_reviews_yield_the_gold_comments(shared_data: Path, encoder: str | None, at_least: int) -> None:
    """The rebuilt cgo18 reviews: four reviewers, most of the 30 gold comments found, no summary or score line."""
    gold = json.loads((CGO18_REVIEWS.parent / "cgo18_align_gold.json").read_text(encoding="utf-8"))
    reviews = load_reviews(CGO18_REVIEWS)
    assert [r.reviewer for r in reviews] == ["Review#107A", "Review#107B", "Review#107C", "Review#107D"]
    comments = extract_comments(reviews, encoder=encoder)
    texts = " ".join(c.full_text for c in comments)
    found = sum(all(w in texts for w in g["text"].split()[:4]) for g in gold["papers"][0]["comments"])
    assert found >= at_least, found
    assert "Overall merit" not in texts and "The paper proposes online iterative" not in texts


JOURNAL = """Dear Dr. Smith,

Thank you for submitting your manuscript to the Journal of Signal Processing. The reviewers' comments are below.

Reviewer #1:

Comments to the Author
The manuscript proposes a dilated convolutional network for bandwidth extension.
1. The objective evaluation uses only one metric. Please add a listening test.
2. Why is the sampling rate fixed at 16 kHz?

Reviewer 2 Report

Minor:
a) Typo in Eq. 3: the index should be k, not n.
b) Fig. 2 axis labels are unreadable.

> "our method outperforms all baselines"
This claim is too strong given Table 2.

Best regards,
Reviewer 2
"""


def test_journal_decision_letter(tmp_path: Path) -> None:
    """The editor's letter is a preamble; "Reviewer 2 Report" opens a review; a quotation of the paper is not
    a comment but the reviewer's words after it are; the summary and the sign-off are not comments."""
    reviews = load_reviews(_write(tmp_path, JOURNAL))
    assert [r.reviewer for r in reviews] == ["Reviewer #1", "Reviewer 2"]
    comments = extract_comments(reviews)
    by = {r.reviewer: [c.text for c in comments if c.reviewer == r.reviewer] for r in reviews}
    assert any("listening test" in t for t in by["Reviewer #1"]) and any("16 kHz" in t for t in by["Reviewer #1"])
    assert any("Typo in Eq. 3" in t for t in by["Reviewer 2"])
    assert any(t == "This claim is too strong given Table 2." for t in by["Reviewer 2"])
    joined = " ".join(c.full_text for c in comments)
    for absent in ("outperforms all baselines", "Thank you for submitting", "Best regards", "proposes a dilated"):
        assert absent not in joined
    assert [c.id[:2] for c in comments] == ["R1"] * len(by["Reviewer #1"]) + ["R2"] * len(by["Reviewer 2"])


def test_a_journal_section_label_is_not_part_of_the_first_comment() -> None:
    """ScholarOne writes "Comments to the Author" (singular) on its own line, the review right under it."""
    letter = ("Reviewer #1:\n\nComments to the Author\nPlease add an error analysis of the generated long summaries."
              "\n\nIs the dataset restricted to federal cases only?\n")
    comments = extract_comments(parse_reviews(letter, "markdown"))
    assert [c.id for c in comments][:1] == ["R1.1"]
    assert comments[0].text.startswith("Please add an error analysis"), comments[0].text
    assert not any("Comments to the Author" in c.full_text for c in comments)


def test_a_long_decision_letter_is_the_editor_not_reviewer_1() -> None:
    """A decision letter longer than a preamble, before or between the reviews: its requests are the editor's (E.n),
    and "Reviewer #1" keeps R1; a short one between reviews is skipped with a notice, not an empty reviewer."""
    from engine.reviews.corrections import renumber

    letter = ("Dear Dr. Smith,\n\n" + "Thank you for submitting your manuscript to the Journal of Signal Processing. " * 12
              + "\n\nPlease shorten Section 2 to four pages.\n\nReviewer #1:\n\nWhy is the sampling rate fixed at 16 kHz?"
              "\n\nReviewer #2:\n\nThe evaluation uses only one metric. Please report PESQ too.\n")
    reviews = parse_reviews(letter, "markdown")
    assert [r.reviewer for r in reviews] == ["Editor", "Reviewer #1", "Reviewer #2"]
    comments = extract_comments(reviews)
    assert [(c.id, c.reviewer) for c in comments] == [
        ("E.1", "Editor"), ("R1.1", "Reviewer #1"), ("R2.1", "Reviewer #2")], comments
    assert [c.id for c in renumber(comments)] == ["E.1", "R1.1", "R2.1"]  # corrections keep them
    between = ("## Reviewer 1\n\nWhy is the learning rate fixed?\n\n---\n\nDear Prof. Shen,\n\nWe have received two "
               "reports, included below.\n\nReviewer #2:\n\nPlease report the variance over seeds.\n")
    reviews = parse_reviews(between, "markdown")
    assert [r.reviewer for r in reviews] == ["Reviewer 1", "Reviewer #2"]
    assert any("editor's letter" in n for n in reviews[0].notices)
    assert [c.id for c in extract_comments(reviews)] == ["R1.1", "R2.1"]
    dear_authors = parse_reviews("## Reviewer 1\n\nDear authors, why is the learning rate fixed?\n", "markdown")
    assert [c.id for c in extract_comments(dear_authors)] == ["R1.1"]  # a review that greets the authors stays one


def test_tooltip_says_type_and_confidence_in_plain_words() -> None:
    from engine.reviews.model import ReviewComment, comment_tooltip

    c = ReviewComment(id="R1.1", reviewer="R", text="Add a listening test.", fine_type="experiment", confidence=0.864)
    assert comment_tooltip(c) == ("Asks for a new experiment or evaluation.\n"
                                  "Redraft is 86% sure this is a request you can act on.")
    assert "by hand" in comment_tooltip(ReviewComment(id="R1.2", reviewer="R", text="x"))


TRIAL = """## Reviewer 3

This work proposes a pruning criterion for vision transformers based on attention entropy. The experiments cover
ImageNet and COCO.

It is nice that the authors evaluate on both classification and detection. It is nice that the authors provide
their code and the preprocessing scripts.

The main weakness is the lack of timing measurements. Please report the wall-clock latency on a GPU and on a CPU.

Line 3: 'teh'.

p. 7, l. 12: recieve -> receive

I recommend a weak accept.
"""


@pytest.mark.parametrize("encoder", [None, "lexical"])
def test_new_user_trial_request_typo_and_praise(encoder: str | None) -> None:
    """Found in a new-user trial: a "Please report ..." request and short typo notes were missed, and praise
    ("It is nice that the authors ...") and a verdict were listed as comments."""
    comments = extract_comments(parse_reviews(TRIAL, "markdown"), encoder=encoder)
    texts = [c.full_text for c in comments]
    # the weakness it names and the request are one comment
    assert any(t.startswith("The main weakness is the lack of timing measurements. Please report the wall-clock")
               for t in texts), texts
    assert any("'teh'" in t for t in texts) and any("recieve -> receive" in t for t in texts), texts
    assert not any("It is nice" in t or "weak accept" in t or "proposes a pruning" in t for t in texts), texts


def test_explicit_requests_and_praise_cues() -> None:
    from engine.reviews.cues import read_cues

    for text in ("Please report the wall-clock latency.", "I suggest a second dataset.", "typo in line 3: 'teh'",
                 "I would tone this down.", "I would like to see a second dataset.", "I would have liked a baseline.",
                 "Eq. 4: the sign is flipped.", "Sec 2, the notation should read x_t.", "teh -> the"):
        assert read_cues(text).explicit, text
    for text in ("The authors report the wall-clock latency.", "I recommend acceptance.", "Typos and minor issues:",
                 "I would like to thank the authors for their reply.", "I would imagine that it works.",
                 "The paper has several typos and is hard to follow in places, mostly in the middle sections of it."):
        assert not read_cues(text).explicit, text
    assert read_cues("It is nice that the authors release code.").praise_only
    for text in ("It is nice that the authors release code, but the scripts are missing.",
                 "It would be nice to see a comparison with X.", "It is nice, but is it fast?"):
        assert not read_cues(text).praise_only, text


def test_a_review_that_opens_with_a_request_keeps_it() -> None:
    """A review whose first sentence is a request: the words model scores it as the summary most reviews open with
    (0.13 for the first request below), so the fine-tuned encoder reads every request in so many words; and it
    drops a pleasantry that only looks like one."""
    opening = parse_reviews("## Reviewer 1\n\nPlease add an ablation study on the second dataset with five random "
                            "seeds. Please also report the variance.\n", "markdown")
    texts = [c.text for c in extract_comments(opening)]
    assert any(t.startswith("Please add an ablation study") for t in texts), texts
    assert any(t.startswith("Please also report the variance") for t in texts), texts
    pleasantry = parse_reviews("## Reviewer 1\n\nPlease see my comments below.\n\nThe method is not compared with "
                               "BM25, which is the obvious baseline.\n", "markdown")
    texts = [c.text for c in extract_comments(pleasantry)]
    assert texts and not any("see my comments" in t for t in texts), texts


def test_a_request_after_its_criticism_stays_with_it() -> None:
    """From a new-user trial: "... received a user rating of 0.43 out of 3. I would tone this down." kept only the
    criticism; "I would <verb> ..." is now a request in so many words, and it joins the sentence it points back to."""
    review = ("## Reviewer 1\n\nThe claim in the conclusion that the dataset will aid real-world systems is not "
              "supported by the human evaluation, where the system received a user rating of 0.43 out of 3. "
              "I would tone this down.\n")
    texts = [c.full_text for c in extract_comments(parse_reviews(review, "markdown"))]
    assert any("0.43 out of 3" in t and t.endswith("I would tone this down.") for t in texts), texts
