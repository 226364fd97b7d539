"""Statuses and links of the default aligner (and of ``evidence``, the default until session 16) on a revision outside both gold sets: the new-user trial's S2ORC
paper (``tests/data/s2orc_trial``, rebuilt from the shared PDF). Its gold was written before Redraft ran; the
best-link rule (``status.comment_probability``) was chosen after this paper showed the noisy-OR's false
"addressed", so these figures are a regression check, not a blind one (docs/gold-icassp20.md, seventh round)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.align import DEFAULT_METHOD, make_aligner
from engine.align.status import PARTLY_P, Status, assess_alignment
from engine.cli.comments import load_comments
from engine.document import load_document
from engine.revision import diff_documents
from tests.engine.align.s2orc_trial import FOLDER, build

#: Measured when pinned, per method: comments whose status (addressed or partly, or neither) agrees with the gold,
#: of 24; link precision and recall over the 13 gold (comment, edit) pairs; the same for the links that count
#: (p >= status.PARTLY_P, cited by the letter and the report; closer to blind: PARTLY_P was chosen on cgo18 and
#: icassp20 before this paper was labelled). The test fails a comment (or 8 points) below. ``learned``'s were
#: measured in session 16 with it as the default (its R2.3 is "partly (check)", no longer a false "addressed").
#: Round eight's refit (one encoder pass, a lower link threshold: 32 links shown instead of 26; docs/figures-align.md)
#: moved ``learned``'s link precision 50.0 -> 40.6 and that of the links that count 72.2 -> 59.1, on purpose;
#: agreement (19), recall (100) and no false "addressed" held. Round nine's refit (the 48 training revisions, C = 0.1,
#: chosen by the round's rule on the training folds, which the lead asked to decide over this paper) moved them to
#: 20 / 44.8 / 100 / (76.5, 100) and called the unanswered R2.3 "addressed" again (the same models at C = 1 do not):
#: the fifth number, the unanswered comments a method may call "addressed", is 1 for ``learned`` since then. Session
#: 20's refit (session 19's refold of the tuned encoder, exact diffs; shipped by its rule on the training folds, not
#: chosen here) links the unanswered grammar request R3.6 ("A -> B" in a quoted clause of Section 2.2; not made) to the
#: paragraph it quotes, whose only change is a restyled citation (surface edit N1), as "partly": the last number, the
#: links a method may make to the three surface edits, is 1 for ``learned`` since then; its agreement 20 -> 21, link
#: precision 44.8 -> 43.3, the links that count 76.5 / 100 -> 92.3 / 92.3. Session 30's ship of session 28's refold
#: (the encoder tuned on all 86 training revisions, the link and answered models refitted; shipped by its rule on the
#: training folds, not chosen here): agreement 20 (it was 20 on the tree before, one under the pin's 21), link
#: precision 44.8 (as before), the links that count 92.3 / 92.3 -> 81.2 / 100 (R1.4 and R2.5 gain a counted link each,
#: R3.6 loses its surface link: 0 of the three surface edits linked).
PINS = {"evidence": (21, 37.1, 100.0, (85.7, 92.3), 0, 0), "learned": (20, 44.8, 100.0, (81.2, 100.0), 1, 1)}


@pytest.mark.shared_data
@pytest.mark.parametrize("method", sorted({DEFAULT_METHOD, "evidence"}))
def test_unanswered_comments_are_not_called_addressed(shared_data: Path, tmp_path: Path, method: str) -> None:
    AGREEMENT, PRECISION, RECALL, COUNTED, FALSE_ADDRESSED, SURFACE = PINS[method]
    old, new, spec = build(shared_data, tmp_path)
    _, comments, _ = load_comments(str(FOLDER / "reviews.md"))
    diff = diff_documents(load_document(old), load_document(new))
    alignments = make_aligner(method).align(comments, diff)
    status = {c.id: assess_alignment(a).status for c, a in zip(comments, alignments)}
    gold, unanswered = spec["gold"], set(spec["not_addressed"])
    assert sorted(status) == sorted([*gold, *unanswered])  # the 24 gold comments, numbered as the gold numbers them
    linked = {Status.ADDRESSED, Status.PARTLY}
    false = [cid for cid in unanswered if status[cid] is Status.ADDRESSED]  # the noisy-OR called 5 addressed
    assert len(false) <= FALSE_ADDRESSED, false
    agree = sum((status[cid] in linked) == (cid in gold) for cid in status)
    assert agree >= AGREEMENT - 1, status
    # links: each gold edit is the changed edit holding the replacement's new text
    where = {e["edit"]: next(x.id for x in diff.changed_edits() if e["new"][-60:] in x.target_text)
             for e in spec["edits"]}
    pairs = {(cid, where[label]) for cid, labels in gold.items() for label in labels}
    found = {(c.id, eid) for c, a in zip(comments, alignments) for eid in a.edit_ids}
    precision, recall = 100 * len(found & pairs) / len(found), 100 * len(found & pairs) / len(pairs)
    assert precision >= PRECISION - 8 and recall >= RECALL - 8, (precision, recall, sorted(found - pairs))
    counted = {(c.id, eid) for c, a in zip(comments, alignments) for eid in a.edit_ids if a.scores[eid] >= PARTLY_P}
    precision, recall = 100 * len(counted & pairs) / len(counted), 100 * len(counted & pairs) / len(pairs)
    assert precision >= COUNTED[0] - 8 and recall >= COUNTED[1] - 8, (precision, recall, sorted(counted - pairs))
    surface = {where[label] for label in ("N1", "N3", "N4")}  # restyled citation, British spellings, capitals
    assert len([p for p in found if p[1] in surface]) <= SURFACE, sorted(found)
