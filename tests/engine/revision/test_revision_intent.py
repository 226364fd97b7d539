"""Edit intents on minimal built revisions: surface edits, substantive edits, and noise that is no edit."""

from __future__ import annotations

import pytest

from engine.document.model import ParagraphKind
from engine.revision import EditType, Flag, diff_documents
from engine.revision.intent import NOISE, SUBSTANTIVE, SURFACE, american, classify_edit, hunk_label, looks_like_noise
from tests.engine.built_revisions import PROSE, doc_of


def only_edit(old: str, new: str):
    diff = diff_documents(doc_of(PROSE + [old]), doc_of(PROSE + [new]))
    (edit,) = diff.changed_edits()
    return edit, classify_edit(edit)


@pytest.mark.parametrize("old, new, label", [
    ("As Smith et al. (2019) showed, dilated convolutions grow the receptive field without extra parameters.",
     "As shown before (Smith et al., 2019), dilated convolutions grow the receptive field without extra parameters.",
     None),  # "shown before" is an inserted phrase: substantive
    ("Dilated convolutions grow the receptive field without extra parameters, as in Smith et al. (2019) for audio.",
     "Dilated convolutions grow the receptive field without extra parameters, as in (Smith et al., 2019) for audio.",
     "citation"),
    # a textual citation made parenthetical gains the subject the author's name was (a new-user trial's restyle)
    ("Following Beltagy et al. (2019), we construct a cased WordPiece vocabulary from the full text of our papers.",
     "Following SciBERT (Beltagy et al., 2019), we construct a cased WordPiece vocabulary from the full text of our "
     "papers.", "citation"),
    ("Inspired by Saier and Färber (2019), we first convert the LaTeX source of each paper into an XML document.",
     "Inspired by earlier work (Saier and Färber, 2019), we first convert the LaTeX source of each paper into an XML "
     "document.", "citation"),
    ("Following Beltagy et al. (2019), we construct a cased WordPiece vocabulary from the full text of our papers.",
     "Following the four strong baselines of (Beltagy et al., 2019), we construct a cased WordPiece vocabulary from "
     "the full text of our papers.", None),  # five words: more than a name for what is cited
    ("Our findings agree with Smith et al. (2019) on every dataset that we tried in the experiments here.",
     "Our findings agree with no earlier study (Smith et al., 2019) on every dataset that we tried in the experiments "
     "here.", None),  # a claim reversed, not a restyle (a reviewer's pass)
    ("We use the benchmark released by Smith et al. (2019) and report the accuracy on each of its splits.",
     "We use the benchmark released by the Jones group (Jones et al., 2021) and report the accuracy on each of its "
     "splits.", None),  # another paper cited
    ("We analyse the behaviour of the modelling choices and the colour of the noise across both datasets here.",
     "We analyze the behavior of the modeling choices and the color of the noise across both datasets here.",
     "spelling"),
    ("The other parameters that controls its size are the size of the filters and the number of layers used.",
     "The other parameters that control its size are the size of the filters and the number of layers used.",
     "spelling"),
    ("Informal listening shows the estimate is perceptively more pleasing than the null predictor overall.",
     "Informal listening shows the estimate is perceptually more pleasing than the null predictor overall.",
     "spelling"),
])
def test_surface_edits_are_recognised(old: str, new: str, label: str | None) -> None:
    edit, intent = only_edit(old, new)
    if label is None:
        assert intent.kind == SUBSTANTIVE
    else:
        assert intent.kind == SURFACE and label in intent.labels, intent


def test_substantive_edits_carry_labels_and_reasons() -> None:
    edit, intent = only_edit(
        "The model is trained with a learning rate of 0.001 on minibatches of 64 examples for ten epochs.",
        "The model is trained with a learning rate of 0.01 on minibatches of 128 examples for ten epochs.")
    assert intent.kind == SUBSTANTIVE and "fact" in intent.labels
    assert "001" in intent.reason and "\u2192" in intent.reason


@pytest.mark.parametrize("deleted, inserted, label", [
    ("colour", "color", "spelling"), ("non-linear", "nonlinear", "hyphenation"), ("srr", "SRR", "capitalisation"),
    ("results;", "results,", "punctuation"), ("[12]", "(Smith et al., 2019)", "citation"),
    ("increase", "decrease", None), ("0.5", "0.6", None), ("baseline", "oracle", None),
    ("", " the ", "grammar"), ("is", "are", "grammar"), (" of", "", "grammar"), ("", " not ", None),
    ("", " online ", None), ("", " of the whole ", None),
])
def test_hunk_labels(deleted: str, inserted: str, label: str | None) -> None:
    assert hunk_label(deleted, inserted) == label


def test_an_article_added_or_dropped_is_grammar_not_content() -> None:
    _, intent = only_edit(
        "Contrary to per DAG approach, the error introduced by whole-program relaxation is not guaranteed here.",
        "Contrary to the per DAG approach, the error introduced by whole-program relaxation is not guaranteed here.")
    assert intent.kind == SURFACE and intent.labels == ("grammar",), intent
    _, intent = only_edit(
        "The error introduced by whole-program relaxation is guaranteed to stay within bounds for each loop.",
        "The error introduced by whole-program relaxation is not guaranteed to stay within bounds for each loop.")
    assert intent.kind == SUBSTANTIVE  # a negation changes the claim


def test_british_spellings_map_to_american() -> None:
    assert [american(w) for w in ("colour", "normalisation", "analyse", "centre", "modelling", "labelled")] == [
        "color", "normalization", "analyze", "center", "modeling", "labeled"]


def test_figure_labels_glyphs_and_numbers_are_noise() -> None:
    for text in ("20mm 40mm 60mm", "0 10 20 30 40", "\u2022 \u2192 \u25a0", "Hz dB 12 14"):
        assert looks_like_noise(text), text
    assert not looks_like_noise("Subsections make the long section easier to follow.")


def test_noise_is_no_edit_in_the_diff_or_the_report() -> None:
    old = doc_of(PROSE + ["20mm 40mm 60mm", "Experimental protocol"],
                 [ParagraphKind.BODY] * len(PROSE) + [ParagraphKind.BODY, ParagraphKind.BODY])
    new = doc_of(["Experimental protocol"] + PROSE + ["5 10 15 dB", "We added a paragraph on phase estimation: the "
                                                      "phase of the high band is the mirrored low band phase."])
    diff = diff_documents(old, new)
    changed = diff.changed_edits()
    texts = [e.target_text or e.source_text for e in changed]
    assert texts == ["We added a paragraph on phase estimation: the phase of the high band is the mirrored low band "
                     "phase."], texts
    noise = [e for e in diff.edits if Flag.NOISE in e.flags]
    assert {e.target_text or e.source_text for e in noise} >= {"20mm 40mm 60mm", "5 10 15 dB"}
    assert all(not e.text_changed for e in noise)
    assert all(classify_edit(e).kind == NOISE for e in noise)
    added = [e for e in changed if e.type is EditType.ADDED]
    assert classify_edit(added[0]).labels == ("new content",)


def test_promises_and_sentence_ends_read_only_what_decides() -> None:
    """``promises`` gives up at once on a text with no promise anywhere, and a sentence end is checked for an
    abbreviation on its last characters only: both decide as reading every sentence whole did."""
    from engine.revision.intent import promises
    from engine.text import sentences

    long = "The method " + "improves the results on every benchmark we tried " * 20
    assert not promises(long + ". It is fast.")
    assert promises("We will add the ablation. We plan to release the code. The rest is done here.")
    assert not promises("We will add it later. The results improved a lot. The method is fast now. Also short.")
    for end, split in (("as in Fig. 3 here.", False), ("by Smith et al. The next one.", False),
                       ("as shown in xFig. Then more text.", True), ("(e.g. Two more words here.", False)):
        assert (len(sentences(long + end)) > 1) is split, end
