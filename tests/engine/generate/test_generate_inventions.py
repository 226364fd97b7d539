"""Checks that catch fluent inventions (issue 34), each from one of the issue's examples on a synthetic paper: a
theorem the paper does not have, a property or limitation no part of the paper mentions, a summary instead of an
edit, an author-year citation cut by a placeholder. Each is a failed check: never offered as it stands."""

from __future__ import annotations

from engine.generate.checks import check_edit, replace_invented_citations
from engine.generate.facts import summary_opening, unsupported_properties
from engine.generate.references import altered_citations, missing_objects

PAPER = """Quantile sketches for data streams
1 Introduction
We sample the stream with a reservoir and build a sketch whose rank error approximates the exact rank error.
Streaming sketches (Greenwald and Khanna, 2001) merge summaries with compactors, as do Karnin et al. (2016).
2 Method
Theorem 1. The sketch error converges to the exact rank error as the sampling density grows.
The compactors have capacity K, and the loss is the rank error of Eq. (3).
L = -sum y log p (3)
2.1 Sampling
Figure 2 shows the sampling; Table 1 lists the accuracy on network traces."""
SECTIONS = ["1", "2", "2.1"]
COMMENT = "Please give a counterexample showing when Theorem 1 fails for non-uniform sampling."


def _failed(edit: str, comment: str = COMMENT) -> set[str]:
    return {f.code for f in check_edit(edit, comment, PAPER.split("\n")[5], PAPER, SECTIONS).flags if f.failed}


def test_a_theorem_section_figure_table_or_equation_the_paper_lacks_fails() -> None:
    text = ("By Theorem 3 and Lemma 2, see Sec. 4 and Section 2.3, Fig. 5, Table 4, Eq. (9) and Appendix B; "
            "Theorem 1, Section 2.1, Sec. 2, Figure 2, Table 1 and Eq. (3) exist.")
    assert missing_objects(text, PAPER, SECTIONS) == [
        "Theorem 3", "Lemma 2", "Sec. 4", "Section 2.3", "Fig. 5", "Table 4", "Eq. (9)", "Appendix B"]
    assert missing_objects("As in Section 2, the loss (3) holds.", PAPER, SECTIONS) == []
    assert missing_objects("See [[FIGURE: Table 9 number]].", PAPER, SECTIONS) == []  # the author's to fill
    # the example: a counterexample "by" a theorem number the paper does not have
    assert "missing_object" in _failed("By Theorem 2, the sketch does not converge for non-uniform sampling.")
    assert "missing_object" not in _failed("Theorem 1 needs uniform sampling: [[DETAIL: the counterexample]].")


def test_a_property_or_limitation_no_part_of_the_paper_mentions_fails() -> None:
    invented = "Prior quantum methods fail to scale to gigapixel telescopes and require costly quadrature."
    assert unsupported_properties(invented, PAPER + COMMENT) == ["quantum, gigapixel, telescopes, costly, quadrature"]
    assert "unsupported_property" in _failed(invented)
    assert "unsupported_property" in _failed("Theorem 1 does not hold for anisotropic kernels without isotropy.")
    # a property in the paper's and the comment's own words is not an invention
    grounded = "Theorem 1 holds only when the sampling density grows; for non-uniform sampling it fails."
    assert unsupported_properties(grounded, PAPER + COMMENT) == [] and not _failed(grounded)


def test_a_summary_of_the_paper_instead_of_an_edit_fails() -> None:
    for summary in ("The paper presents a mergeable quantile sketch for network traces.",
                    "This paper concludes with a discussion of sampling.",
                    "In this paper, the authors propose quantile sketches for streams.",
                    "We agree that the authors should discuss sampling.",
                    "Our paper provides a new perspective on quantile sketches for streams."):
        assert summary_opening(summary), summary
        assert "summary" in _failed(summary), summary
    for edit in ("We sample the stream with a reservoir; the paper's Theorem 1 needs uniform sampling.",
                 "Our work extends the sketch of Section 2 to weighted streams.",
                 "The rank error of the sampled sketch converges as in Theorem 1."):
        assert summary_opening(edit) is None, edit


def test_an_existing_citation_cut_by_a_placeholder_fails() -> None:
    wrapped = "Streaming sketches (Greenwald and [[CITATION: Khanna, 2001?]]) merge summaries."
    assert altered_citations(wrapped, PAPER) == ["Greenwald … [[CITATION: Khanna, 2001?]]"]
    assert "altered_citation" in _failed(wrapped)
    assert altered_citations("Karnin et al. [[CITATION: 2016]] use random compactors.", PAPER)
    # a cited author with another year: a citation the paper does not have, marked to check (one author, many papers)
    other = check_edit("As Karnin et al. (2018) show, compactors are mergeable.", COMMENT, "", PAPER)
    assert "[[CITATION: Karnin et al. (2018" in other.text and "unverified_citation" in [f.code for f in other.flags]
    # the paper's citations kept as they are, a new one marked to check, "In 2019" is no citation
    kept = "Streaming sketches (Greenwald and Khanna, 2001) and Karnin et al. (2016) merge summaries with compactors."
    assert altered_citations(kept, PAPER) == [] and "altered_citation" not in _failed(kept)
    assert altered_citations("In 2019 [[CITATION: quantile sketches]] appeared.", PAPER) == []


def test_citation_placeholders_never_cut_an_author_list() -> None:
    """A citation of the whole paper stays as it is; a new one is replaced whole, never "Lee, Park, and [[…]]"."""
    text, found = replace_invented_citations("See Lee, Park, and Kim (2020) and Greenwald & Khanna (2019).", PAPER)
    assert found == ["Lee, Park, and Kim (2020)", "Greenwald & Khanna (2019)"]
    assert text.startswith("See [[CITATION: Lee, Park, and Kim (2020") and "Greenwald & [[" not in text
    out = check_edit("Streaming sketches (Greenwald and Khanna, 2001) merge summaries.", COMMENT, "Unrelated text.", PAPER)
    assert "[[CITATION" not in out.text and not any(f.failed for f in out.flags)


def test_a_response_that_summarises_the_paper_fails() -> None:
    """The suggester checks the model's response too: a summary there answers no reviewer (session 21 trial)."""
    from engine.generate.checks import response_failures

    failed = response_failures("The paper provides a new perspective on quantile sketches for network traces.")
    assert [f.code for f in failed] == ["summary"] and failed[0].failed
    assert response_failures("We now compare the sketch with reservoir sampling in Section 4.") == []

