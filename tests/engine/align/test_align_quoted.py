"""A fix made exactly as the reviewer asked on the words they quote reads "addressed" (issue 32): quotes over a
wrapped line, citation markers the quote leaves out, "change A to B", 'remove "A"' and a word quoted beside the
passage that holds it. Synthetic documents, the real MiniLM encoder."""

from __future__ import annotations

from engine.align import make_aligner
from engine.align.cues import quotes, removals, replacements
from engine.align.quoted import drop_requests, plain_words
from engine.align.status import Status, assess_alignment
from engine.revision import diff_documents
from engine.reviews.model import ReviewComment
from tests.engine.built_revisions import PROSE, doc_of

CITED = ("Open formats matter for reuse. For the archive to be FAIR [38], it must also be accessible over the "
         "network, and its metadata must be indexed by the usual catalogue services.")
UNCITED = CITED.replace(" also be", " be")


def align(old: list[str], new: list[str], comment: str):
    diff = diff_documents(doc_of(old), doc_of(new))
    (a,) = make_aligner("evidence").align([ReviewComment(id="R1.5", reviewer="Reviewer 1", text=comment)], diff)
    return diff, a


def edit_with(diff, text: str) -> str:
    return next(e.id for e in diff.changed_edits() if text in (e.target_text or e.source_text))


def test_plain_words_leave_out_citation_markers_footnote_marks_and_line_end_hyphens() -> None:
    assert plain_words("to be FAIR [38], it must") == ["to", "be", "fair", "it", "must"]
    assert plain_words("as shown (Smith et al., 2019) before") == ["as", "shown", "before"]
    assert plain_words("the repre- sentation\u00b9 is") == ["the", "representation", "is"]
    assert plain_words("the repre-\nsentation is [3, 12-14]") == ["the", "representation", "is"]
    assert plain_words("a well-known (and simple) fix") == ["a", "well", "known", "and", "simple", "fix"]


def test_a_quote_may_run_over_a_wrapped_line_and_the_requests_are_read() -> None:
    text = 'In the background: "For the archive to be FAIR, it must also be\naccessible," -- so "also" is odd.'
    assert quotes(text) == ["For the archive to be FAIR, it must also be accessible,", "also"]
    assert quotes('"first part\n\nsecond part"') == []  # never over a blank line
    assert replacements('Please change "ties two key\nconcepts" to "ties together two key concepts".') == [
        ("ties two key concepts", "ties together two key concepts")]
    assert removals('Remove the word "very" here; "in order" should be deleted.') == ["very", "in order"]
    assert drop_requests(text) == [(tuple(plain_words("For the archive to be FAIR, it must also be accessible")),
                                    ("also",))]


def test_corrections_in_latex_quotes_and_arrows_are_read() -> None:
    # reviews written in LaTeX: two backticks closed by two apostrophes or by a plain double quote,
    # \textquotedblleft ... \textquotedblright, and \textrightarrow or $\to$ between the old words and the new
    text = ("- p.3: ``recieved'' \\textrightarrow ``received\".\n"
            "- p.5: ``in the sequel\" $\\to$ ``below''; and ``data sets'' should be ``datasets''.\n"
            "- p.7: \\textquotedblleft a lot of\\textquotedblright{} $\\rightarrow$ \\textquotedblleft many\\textquotedblright.")
    assert replacements(text) == [("recieved", "received"), ("in the sequel", "below"), ("data sets", "datasets"),
                                  ("a lot of", "many")]
    assert quotes("The phrase ``fast enough\" is vague; so is \"soon\".") == ["fast enough", "soon"]
    assert quotes("a ``loose'' quote and ``no close") == ["loose"]
    assert replacements("``colour'' is fine, the ``gray\" area too") == []  # quotes, no arrow: no correction


def test_dropping_the_quoted_word_from_the_quoted_passage_addresses_it_despite_a_citation_marker() -> None:
    old, new = PROSE + [CITED], PROSE[:3] + [PROSE[3] + " The gain holds on a third dataset."] + PROSE[4:] + [UNCITED]
    comment = ('In the background: "For the archive to be FAIR, it must also be\naccessible," -- A is for '
               '"accessible", so "also" does not make sense.')
    diff, a = align(old, new, comment)
    fix = edit_with(diff, "it must be accessible")
    assert max(a.scores, key=a.scores.get) == fix and a.scores[fix] >= 0.9
    assert "makes the replacement the comment asks for" in a.reasons[fix]
    assert assess_alignment(a).status is Status.ADDRESSED
    other = edit_with(diff, "third dataset")
    assert a.scores.get(other, 0.0) < a.scores[fix]


def test_change_a_to_b_and_remove_a_are_addressed_by_the_edit_that_makes_them() -> None:
    sentence = "This work ties two key concepts of dating, the clock and the calibration (Lee et al., 2020), together."
    old = PROSE + [sentence]
    new = PROSE + [sentence.replace("ties two", "ties together two")]
    diff, a = align(old, new, 'In the abstract, change "ties two key concepts" to "ties together two key concepts."')
    fix = edit_with(diff, "ties together two")
    assert a.scores[fix] >= 0.9 and assess_alignment(a).status is Status.ADDRESSED
    new = PROSE + [sentence.replace(" key concepts", " concepts")]
    diff, a = align(old, new, 'Please remove "key" from the sentence on dating.')
    fix = edit_with(diff, "ties two concepts")
    assert a.scores[fix] >= 0.9 and assess_alignment(a).status is Status.ADDRESSED


def test_a_deleted_paragraph_that_held_the_quoted_word_or_an_untouched_passage_is_not_the_fix() -> None:
    comment = '"For the archive to be FAIR, it must also be accessible" -- "also" does not make sense.'
    diff, a = align(PROSE + [CITED], PROSE, comment)  # the whole paragraph is gone, not the word
    gone = edit_with(diff, "it must also be")
    assert "makes the replacement the comment asks for" not in a.reasons.get(gone, "")
    # "also" dropped from another sentence, the quoted passage left as it was
    old = PROSE[:4] + ["Phase is also taken from the low band and mirrored, which keeps it simple."] + [CITED]
    new = PROSE[:4] + ["Phase is taken from the low band and mirrored, which keeps it simple."] + [CITED]
    diff, a = align(old, new, comment)
    other = edit_with(diff, "Phase is taken")
    assert "makes the replacement the comment asks for" not in a.reasons.get(other, "")
    assert assess_alignment(a).status is not Status.ADDRESSED


def test_unquoted_arrows_in_a_list_of_corrections_are_read_whatever_the_quoting(monkeypatch) -> None:
    from engine.align import cues

    monkeypatch.setattr(cues, "UNQUOTED_ARROWS", False)  # round ten's switch (R) off: double quotes only
    assert replacements("- p. 4: depend of -> depend on\n- 'colour' -> 'color'") == []
    monkeypatch.setattr(cues, "UNQUOTED_ARROWS", True)
    # a reviewer's list of fixes, one per line or clause, with a place or label before the old words, the new words'
    # changed letters in capitals and a "(?)" of doubt; single quotes; a quoted form on its line is left to it
    text = ("Minor points:\n"
            "- Abstract: fixes bugs -> fixeD bugs; to computed -> to compute\n"
            "- Page 2: the model, the data -> the model AND the data (?)\n"
            "* p. 4, l. 12: 'depend of' -> 'depend on'.\n"
            "3) Sect. 5: \"recieved\" -> \"received\"")
    assert replacements(text) == [("depend of", "depend on"), ("recieved", "received"), ("fixes bugs", "fixeD bugs"),
                                  ("to computed", "to compute"), ("the model, the data", "the model AND the data")]
    assert replacements("Replace 'sample mean' by 'empirical mean'; `colour' should be `color'.") == [
        ("sample mean", "empirical mean"), ("colour", "color")]
    # an arrow that is no correction: two on a line (a chain), or a side too long to be a phrase
    assert replacements("The map x -> y -> z is not defined here.") == []
    assert replacements("When the first step runs " + "and then " * 10 + "-> it fails") == []


def test_a_listed_unquoted_fix_is_addressed_by_its_edit_even_when_the_new_words_hold_the_old(monkeypatch) -> None:
    from engine.align import cues, evidence

    monkeypatch.setattr(cues, "UNQUOTED_ARROWS", True)  # round ten's switch (R), both halves
    monkeypatch.setattr(evidence, "REPLACE_A_STAYS", True)
    # "the results -> all the results": the old words still stand in the revised sentence (inside the new ones),
    # so the edit does not lower their count; B is newly there and A was there before: the replacement is made
    sentence = "We report the results for each of the five datasets and for the two baselines in one table."
    old, new = PROSE + [sentence], PROSE + [sentence.replace("the results", "all the results")]
    diff, a = align(old, new, "Minor:\n- Page 6: the results -> ALL the results\n")
    fix = edit_with(diff, "all the results")
    assert a.edit_ids[:1] == [fix] and "makes the replacement the comment asks for" in a.reasons[fix]
    assert assess_alignment(a).status is Status.ADDRESSED
    # the same list item against an edit elsewhere that writes "all the results" but had no "the results" before
    old = PROSE + ["We report figures for each of the five datasets."]
    new = PROSE + ["We report all the results for each of the five datasets."]
    diff, a = align(old, new, "Minor:\n- Page 6: the results -> ALL the results\n")
    other = edit_with(diff, "all the results")
    assert "makes the replacement the comment asks for" not in a.reasons.get(other, "")
