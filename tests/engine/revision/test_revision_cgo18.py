"""A real revision: CGO 2018 "Online Iterative Compilation", submission against camera-ready.

The LaTeX-to-LaTeX diff gives the truth of which paragraphs changed; the
PDF-to-PDF diff must find them with precision and recall of at least 0.9
(see ``engine.revision.evaluate`` for how edits of the two diffs are related).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from engine.document import load_document
from engine.revision import EditType, RevisionDiff, diff_documents
from engine.revision.evaluate import compare_changes


@pytest.fixture(scope="module")
def cgo18(shared_data: Path) -> dict[str, RevisionDiff]:
    base = shared_data / "revision" / "cgo18"
    tex = diff_documents(
        load_document(base / "submission" / "cgo18mscr.tex"), load_document(base / "camera_ready" / "cgo18mscr.tex")
    )
    pdf = diff_documents(load_document(base / "submission.pdf"), load_document(base / "camera_ready.pdf"))
    return {"tex": tex, "pdf": pdf}


@pytest.mark.shared_data
def test_pdf_diff_finds_the_latex_changes(cgo18: dict[str, RevisionDiff]) -> None:
    result = compare_changes(cgo18["tex"], cgo18["pdf"])
    print(result.summary())
    assert result.truth >= 50  # the camera-ready rewrote much of the paper
    assert result.precision >= 0.9, result.false_alarms
    assert result.recall >= 0.9, result.misses


@pytest.mark.shared_data
def test_latex_diff_sees_known_edits(cgo18: dict[str, RevisionDiff]) -> None:
    tex = cgo18["tex"]
    by_text = {e.target_text[:60]: e for e in tex.edits if e.target_text}
    # intro: "about 80% of the speedup" became "about 60%": one word
    (speedup,) = [e for e in tex.edits if "performing online iterative compilation guided by work efficiency" in e.target_text]
    assert speedup.type is EditType.MINOR
    assert any(s.op == "insert" and "60" in s.text for s in speedup.diff)
    # a paragraph new in the camera-ready (mobile and cloud computing)
    (mobile,) = [e for t, e in by_text.items() if t.startswith("We expect the results of this work")]
    assert mobile.type is EditType.ADDED
    # the unchanged conclusions-like paragraphs stay unchanged: most of the paper is matched
    counts = tex.counts
    assert counts["unchanged"] + counts["minor"] + counts["major"] + counts["moved"] > counts["added"] + counts["deleted"]


@pytest.mark.shared_data
def test_pdf_and_latex_agree_on_the_intro_edit(cgo18: dict[str, RevisionDiff]) -> None:
    pdf = cgo18["pdf"]
    (speedup,) = [e for e in pdf.edits if "guided by work efficiency achieves about" in e.target_text]
    assert speedup.type is EditType.MINOR
    assert speedup.changed_tokens == 1


@pytest.mark.shared_data
def test_evaluation_penalises_marking_everything_changed(cgo18: dict[str, RevisionDiff]) -> None:
    pdf = cgo18["pdf"]
    everything = RevisionDiff(
        old=pdf.old,
        new=pdf.new,
        edits=[dataclasses.replace(e, type=EditType.MAJOR) if e.source_ids and e.target_ids else e for e in pdf.edits],
    )
    result = compare_changes(cgo18["tex"], everything)
    assert result.recall >= 0.9
    assert result.precision < 0.85
    assert compare_changes(cgo18["tex"], cgo18["tex"]).precision == 1.0


@pytest.mark.shared_data
def test_mixed_latex_against_pdf(shared_data: Path, cgo18: dict[str, RevisionDiff]) -> None:
    base = shared_data / "revision" / "cgo18"
    mixed = diff_documents(load_document(base / "submission" / "cgo18mscr.tex"), load_document(base / "camera_ready.pdf"))
    result = compare_changes(cgo18["tex"], mixed)
    print(result.summary())
    assert result.precision >= 0.9 and result.recall >= 0.9
