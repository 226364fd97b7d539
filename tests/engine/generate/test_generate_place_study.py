"""Round eight's placement study parts (``bench.place_table``, ``bench.place_study``) on real text: the demo
revision's real diff, its draft located with the embedded encoder, and the sign test of the decision rule."""

from __future__ import annotations

import numpy as np

from bench.place_study import design, rules_order, sign_test
from bench.place_table import EXTRA, ROLES, comment_rows, role
from bench.suggest_places import Answered, edit_targets
from engine.align.localize import candidates, localize
from engine.document import load_document
from engine.document.model import Document
from engine.generate.rerank import FEATURES
from engine.models.factory import open_model
from engine.resources import resource
from engine.reviews.model import ReviewComment
from engine.revision import diff_documents


def demo_answered(text: str) -> tuple[Document, ReviewComment, Answered]:
    """The demo draft, a comment of ``text`` and the comment answered by the demo revision's edit e0004."""
    old, new = (load_document(resource("demo", name)) for name in ("draft_v1.md", "draft_v2.md"))
    diff = diff_documents(old, new)
    doc = diff.old
    comment = ReviewComment("R1.1", "R1", text)
    return doc, comment, Answered("demo", comment, doc, edit_targets(diff, {"e0004"}),
                                  [e for e in diff.edits if e.id == "e0004"])


def test_a_comments_table_holds_every_candidate_paragraph_with_the_authors_ones_marked() -> None:
    doc, comment, item = demo_answered("The experiments should report the variance over several random seeds.")
    encoder = open_model("encoder")
    located = [doc.paragraph(pid) for pid, _ in localize([comment], doc, encoder, 3)[0].paragraphs]
    section_text: dict[tuple, str] = {}
    for p in candidates(doc):
        section_text[tuple(p.section[:1])] = section_text.get(tuple(p.section[:1]), "") + " " + p.text
    row = comment_rows(item, doc, located, encoder, section_text)
    n = len(candidates(doc))
    assert row["x"].shape == (n, len(FEATURES)) and row["extra"].shape == (n, len(EXTRA))
    assert np.all(np.isfinite(row["x"])) and np.all(np.isfinite(row["extra"]))
    assert [row["ids"][j] for j in np.flatnonzero(row["y"])] == ["p0005"]  # the paragraph edit e0004 changed
    assert row["located"] == [p.id for p in located] and not row["insertion_only"]
    assert row["kind"] == "experiment"
    cosine = row["extra"][:, EXTRA.index("cosine")]
    assert row["extra"][int(np.argmax(cosine)), EXTRA.index("cosine_rank")] == 0
    # section roles from the demo's titles: "1 Introduction", "2 Method", "3 Experiments", "4 Conclusion"
    roles = dict(zip(row["ids"], row["roles"]))
    assert {roles[p.id] for p in candidates(doc) if p.section and p.section[0].endswith("Experiments")} == {"results"}
    assert {roles[p.id] for p in candidates(doc) if p.section and p.section[0].endswith("Method")} == {"method"}
    assert set(row["roles"]) <= set(ROLES) and role(doc.paragraphs[0]) == "front"
    # the study's design: the rules' order, one row per picked paragraph
    picked = rules_order(row)[:3]
    assert design(row, picked).shape[0] == 3 and design(row, picked).shape[1] > len(FEATURES) + len(EXTRA)


def test_the_sign_test_counts_gains_and_losses_on_the_comments_that_differ() -> None:
    base = [True] * 10 + [False] * 20
    new = [True] * 8 + [False, False] + [True] * 15 + [False] * 5  # 2 lost, 15 gained
    gained, lost, p = sign_test(base, new)
    assert (gained, lost) == (15, 2) and p < 0.01
    assert sign_test(base, base) == (0, 0, 1.0)
    assert sign_test(base, new[:10] + base[10:14] + [True] * 3 + base[17:])[2] > 0.05  # +3 -2
