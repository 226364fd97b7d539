"""The scaffold's placeholder says what is asked in a few words, and a work the comment names is a CITATION
placeholder (docs/suggest.md, "Session 33: a shorter placeholder and a named work's CITATION (both off), the card's
room"; both are off, as their rules asked, and these tests turn them on). Every comment, name and paper sentence here
is invented, shaped like the trial that found it (a long comment whose every sentence was pasted into one
placeholder; "see e.g. Author, Author, & Author, 2010" with no CITATION)."""

from __future__ import annotations

from engine.document.model import Document, Paragraph, Section
from engine.generate.brief import BRIEF_WORDS, brief, named_works
from engine.generate.placeholders import find
from engine.generate import scaffold
from engine.generate.scaffold import build_scaffold
from engine.reviews.model import ReviewComment

TEXT = ("Crowded displays slow the search for a target. The clutter score counts the edges of each display. "
        "Search times rise with the clutter score in every study.")
DOC = Document(title="Clutter and search", abstract="A synthesis of studies of clutter in visual search.",
               sections=[Section("Measures", number="2")],
               paragraphs=[Paragraph("p0001", TEXT, section=("Measures",))])
LONG = ("The clutter score is used throughout but is never defined. Please define the clutter score and say how each "
        "study measured it, see e.g. Quillon, Marbet, & Tasso, 2011. It is the central construct of the synthesis, "
        "and readers from other fields will not know it. The second paragraph of the introduction is also hard to "
        "follow, since it mixes three ideas in one long sentence.")


def _scaffold(text: str, fine_type: str = "clarification"):
    return build_scaffold(ReviewComment("R2.5", "Reviewer 2", text, fine_type=fine_type), DOC.paragraphs, DOC)


def test_a_long_comments_placeholder_carries_its_request_in_a_few_words(monkeypatch) -> None:
    request, about = brief(LONG)
    assert len(find(_scaffold(LONG).draft)[0].description.split()) > 40  # off (it failed its rule): the comment
    monkeypatch.setattr(scaffold, "BRIEF", True)
    assert request == "define the clutter score and say how each study measured it" and about == ""
    detail = find(_scaffold(LONG).draft)[0]
    assert detail.kind == "DETAIL" and detail.description == request
    assert len(detail.description.split()) <= BRIEF_WORDS
    assert "central construct" not in _scaffold(LONG).draft  # the reviewer's reasons stay in the comment


def test_reasons_parentheses_and_examples_are_left_out_and_a_long_request_is_cut_with_a_mark() -> None:
    assert brief("Could you report the drift (in metres) for each site, because the sites differ in depth?")[0] == \
        "report the drift for each site"
    many = ("Please report the lag between the two clutter measures for the small displays, the large displays, the "
            "coloured displays and the grey displays in one table.")
    request = brief(many)[0]
    assert request.endswith("…") and len(request.split()) <= BRIEF_WORDS + 1
    # what the reviewer asks for comes before what they find unclear
    assert brief("It is not clear what the step size means. Please explain how it was chosen.")[0] == \
        "explain how it was chosen. It is not clear what the step size means"
    # two requests: the second kept when both fit, left out with a mark when not
    assert brief("Please define the clutter score. Could you add the search times?")[0] == \
        "define the clutter score. Add the search times"
    assert brief("Please define the clutter score precisely and say where it comes from in each study. Could you "
                 "also add the search times of the two oldest studies to the table?")[0].endswith("…")


def test_a_comment_with_no_request_keeps_its_first_point_not_the_whole_comment(monkeypatch) -> None:
    monkeypatch.setattr(scaffold, "BRIEF", True)
    request, about = brief("The start time looks odd. It comes after the end time in two sites. The plots are small.")
    assert request == "" and about == "The start time looks odd …"
    assert find(_scaffold("The start time looks odd. It comes after the end time.", "criticism").draft)[0] \
        .description == "the answer to the concern, or the limitation it points to: The start time looks odd …"


def test_the_works_a_comment_names_are_found_as_written() -> None:
    assert named_works(LONG) == ["Quillon, Marbet, & Tasso, 2011"]
    assert named_works("As in [12], the bound holds; see [3, 5] too.") == ["reference 12", "references 3, 5"]
    assert named_works("Varro et al. 2019 and Lind and Obst (2020a) did it.") == \
        ["Varro et al. 2019", "Lind and Obst (2020a)"]
    assert named_works("The method of doi 10.5555/qz.2019.114, and arXiv:2101.01234v2.") == \
        ["doi:10.5555/qz.2019.114", "arXiv:2101.01234v2"]
    # intervals, indices, years alone and sentence openers are no works
    for text in ("The weights lie in [0, 1] and x[2] is fixed.", "In 2019 the lake froze.",
                 "Since 2015, the sites were sampled weekly.", "Values in [1, 2] are clipped.", "Table 3, 2018"):
        assert named_works(text) == [], text


def test_a_named_work_gets_a_citation_placeholder_and_a_comment_naming_none_gets_none(monkeypatch) -> None:
    assert [p.kind for p in find(_scaffold(LONG).draft)] == ["DETAIL"]  # off (it failed its rule): none
    monkeypatch.setattr(scaffold, "NAMED_WORKS", True)
    kinds = [p.kind for p in find(_scaffold(LONG).draft)]
    assert kinds == ["DETAIL", "CITATION"]
    assert find(_scaffold(LONG).draft)[1].description == "Quillon, Marbet, & Tasso, 2011"
    assert find(_scaffold(LONG).draft)[0].description.startswith("define the clutter score and say how")  # restated
    assert [p.kind for p in find(_scaffold("Please define the clutter score.").draft)] == ["DETAIL"]
    # a request to cite that names its work: what is asked, then the work, not two CITATIONs
    cite = _scaffold("You should cite the clutter model of Varro et al. (2019) when the score is defined.", "citation")
    assert [p.kind for p in find(cite.draft)] == ["DETAIL", "CITATION"]
    assert find(cite.draft)[1].description == "Varro et al. (2019)"
    # a request to cite that names none keeps its one CITATION
    assert [p.kind for p in find(_scaffold("Please cite the earlier clutter models.", "citation").draft)] == \
        ["CITATION"]
