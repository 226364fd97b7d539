"""The issue-34 measurement's own parts, on real text: where the authors edited (the demo revision's real diff)
and the independent count of invented facts (the cgo18 submission's text, ``bench.count_inventions``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.count_inventions import count, objects
from bench.suggest_places import edit_targets
from engine.document import load_document
from engine.resources import resource
from engine.revision import diff_documents


def test_targets_are_the_edited_paragraphs_or_an_insertion_point_give_or_take_one() -> None:
    diff = diff_documents(load_document(resource("demo", "draft_v1.md")), load_document(resource("demo", "draft_v2.md")))
    kinds = {e.id: (e.type.value, e.source_ids) for e in diff.edits}
    assert kinds["e0004"] == ("major", ("p0005",)) and kinds["e0007"] == ("added", ())
    assert edit_targets(diff, {"e0004"}) == {"p0005"}
    # e0007 was inserted after p0008 (the last paragraph of the method; p0009 is the Experiments heading)
    assert edit_targets(diff, {"e0007"}) == {"p0007", "p0008", "p0010"}
    assert edit_targets(diff, {"e0004", "e0010"}) == {"p0005", "p0010", "p0011", "p0012"}
    assert edit_targets(diff, set()) == set()


@pytest.mark.shared_data
def test_inventions_are_what_neither_the_paper_nor_the_comment_states(shared_data: Path) -> None:
    doc = load_document(shared_data / "revision" / "cgo18" / "submission.pdf")
    paper = "\n".join([doc.title, *(p.text for p in doc.paragraphs)])
    comment = "How does the method compare with PGO in GCC on SPEC CPU2006?"
    assert ("figure", "8") in objects(paper) and ("table", "1") in objects(paper)
    edit = ("Moreover, as Fig. 8 and Table 1 show, our LLVM pass is 41.3% faster than PGO in GCC on SPEC CPU2006, "
            "and Theorem 2 in Section 12 bounds the error; unlike ResNet-50 on Imagenet [[RESULT: 99% on KITTI]].")
    c = count(edit, paper, comment)
    assert c.references == ["section 12", "theorem 2"]
    assert c.numbers == ["41.3"]
    assert c.entities == ["ResNet-50", "Imagenet"]  # LLVM is the paper's; PGO, GCC, SPEC the comment's
    assert c.total == 5 and c.to_dict()["total"] == 5
    assert count("The overhead is shown in Figure 8.", paper, "").total == 0  # all the paper's own
