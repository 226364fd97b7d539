"""Revision diff on Documents built in memory: synthetic edits are recovered exactly."""

from __future__ import annotations

import dataclasses

import pytest

from engine.document.model import Document, Paragraph, ParagraphKind, Section, paragraph_id
from engine.errors import Cancelled, InputError
from engine.jobs import CancelToken, Progress
from engine.revision import EditType, Flag, RevisionDiff, diff_documents, iter_diff
from engine.revision.synthetic import TextMaker, make_document, make_revision

ALL_EDITS = {"insert": 3, "delete": 3, "minor": 4, "major": 4, "move": 2, "move_edit": 1, "split": 2, "merge": 2}


def edit_set(diff: RevisionDiff) -> set[tuple]:
    return {
        (e.type.value, e.source_ids, e.target_ids, frozenset(f for f in e.flags if f != Flag.SECTION_MOVED))
        for e in diff.edits
    }


def expected_set(rev) -> set[tuple]:
    return {(x.type, x.source_ids, x.target_ids, x.flags) for x in rev.expected}


def doc_of(texts: list[str], kinds: list[ParagraphKind] | None = None, section: str = "1 Intro") -> Document:
    kinds = kinds or [ParagraphKind.BODY] * len(texts)
    paras = [Paragraph(paragraph_id(i), t, k, (section,)) for i, (t, k) in enumerate(zip(texts, kinds))]
    return Document(title="t", sections=[Section(section)], paragraphs=paras)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_synthetic_edits_are_recovered_exactly(seed: int) -> None:
    rev = make_revision(make_document(60, seed=seed), ALL_EDITS, seed=seed + 10)
    diff = diff_documents(rev.old, rev.new)
    assert edit_set(diff) == expected_set(rev)


def test_large_document_with_many_edits_is_recovered_exactly() -> None:
    edits = {"insert": 20, "delete": 20, "minor": 20, "major": 20, "move": 6, "move_edit": 4, "split": 8, "merge": 8}
    rev = make_revision(make_document(600, seed=7), edits, seed=8)
    diff = diff_documents(rev.old, rev.new)
    assert edit_set(diff) == expected_set(rev)
    counts = diff.counts
    assert counts["added"] == 20 and counts["deleted"] == 20 and counts["moved"] == 10


def test_each_edit_kind_alone() -> None:
    old = make_document(40, seed=11)
    for op in ALL_EDITS:
        rev = make_revision(old, {op: 1}, seed=12)
        diff = diff_documents(rev.old, rev.new)
        assert edit_set(diff) == expected_set(rev), op


def test_identical_documents_have_no_changes() -> None:
    doc = make_document(30, seed=3)
    diff = diff_documents(doc, doc)
    assert not diff.has_changes
    assert diff.counts["unchanged"] == 30
    assert diff.summary() == "30 paragraphs: no changes"
    assert diff.changed_edits() == []


def test_minor_and_major_threshold() -> None:
    maker = TextMaker(5)
    base = [maker.paragraph() for _ in range(6)]
    words = base[2].split(" ")
    nine = words[:]
    for k in range(1, 10):
        nine[k] = f"zzword{k}"
    ten = words[:]
    for k in range(1, 11):
        ten[k] = f"zzword{k}"
    for changed, kind in ((nine, EditType.MINOR), (ten, EditType.MAJOR)):
        new = base[:2] + [" ".join(changed)] + base[3:]
        diff = diff_documents(doc_of(base), doc_of(new))
        edit = diff.by_source_paragraph("p0003")
        assert edit is not None and edit.type is kind
        assert edit.changed_tokens == len(changed) - sum(a == b for a, b in zip(words, changed))


def test_citation_markers_and_float_numbers_are_not_edits() -> None:
    maker = TextMaker(9)
    base = [maker.paragraph() for _ in range(5)]
    tex = base[:]
    tex[1] = "As shown in Figure 3 [smith20, doe19], the " + base[1]
    pdf = base[:]
    pdf[1] = "As shown in Figure 4 [3, 7], the " + base[1]
    diff = diff_documents(doc_of(tex), doc_of(pdf))
    assert not diff.has_changes


def test_a_list_items_marker_is_no_edit() -> None:
    """A PDF prints "1." or "•" before a list item, a Markdown source makes it: "[-1.-]" was an edit of every numbered
    item of a PDF compared with its Markdown (a new-user trial)."""
    maker = TextMaker(17)
    base = [maker.paragraph() for _ in range(5)]
    pdf, md = base[:], base[:]
    pdf[1], pdf[2], pdf[3] = "1. " + base[1], "(b) " + base[2], "\u2022 " + base[3]
    diff = diff_documents(doc_of(pdf), doc_of(md))
    assert not diff.has_changes, [e.type for e in diff.changed_edits()]
    md[4] = "2. " + base[4].replace(" ", " new ", 1)  # a real change still is one
    assert [e.type for e in diff_documents(doc_of(pdf), doc_of(md)).changed_edits()] == [EditType.MINOR]


def test_a_change_of_case_or_of_citation_style_is_a_surface_edit_a_renumbering_is_not() -> None:
    """From a new-user trial: "Dev" -> "dev" was not shown in the word diff, and a paragraph whose only changes
    were "[37]" -> "(Lin, 2004)" and "DeBERTA" -> "DeBERTa" was no edit at all. A citation renumbered ("[12]" ->
    "[13]", as a new reference renumbers every later one) and a float renumbered stay no edit."""
    from engine.revision.intent import classify_edit

    maker = TextMaker(11)
    base = [maker.paragraph() for _ in range(5)]
    old, new = base[:], base[:]
    old[1] = "We split the cases into train (70%, 3177 samples), Dev (10%) and Test (30%). " + base[1]
    new[1] = "We split the cases into train (70%, 3,177 samples), dev (10%) and test (30%). " + base[1]
    old[2] = "Rouge [37] and BERT Score [61] use the DeBERTA [24] model. " + base[2]
    new[2] = "Rouge (Lin, 2004) and BERT Score (Zhang et al., 2020) use the DeBERTa (He et al., 2021) model. " + base[2]
    old[3] = "As shown in Figure 3 [12], the " + base[3]
    new[3] = "As shown in Figure 4 [13], the " + base[3]
    diff = diff_documents(doc_of(old), doc_of(new))
    edits = {e.source_ids[0]: e for e in diff.changed_edits()}
    assert sorted(edits) == [paragraph_id(1), paragraph_id(2)]
    split = edits[paragraph_id(1)]
    assert [(s.op, s.text.strip()) for s in split.diff if s.op != "equal"] == [
        ("delete", "3177"), ("insert", "3,177"), ("delete", "Dev"), ("insert", "dev"), ("delete", "Test"),
        ("insert", "test")]
    restyled = edits[paragraph_id(2)]
    assert restyled.type is EditType.MINOR and restyled.changed_tokens == 3
    intent = classify_edit(restyled)
    assert intent.surface and set(intent.labels) <= {"citation", "capitalisation"}, intent


def test_a_moved_paragraph_whose_case_alone_changed_was_also_changed() -> None:
    """A moved paragraph with "Dev" -> "dev" in it is a moved and changed paragraph (it stayed a pure move)."""
    maker = TextMaker(13)
    base = [maker.paragraph() for _ in range(8)]
    old = base[:]
    old[1] = "We split the cases into train, Dev and Test sets. " + base[1]
    new = base[:1] + base[2:] + ["We split the cases into train, dev and test sets. " + base[1]]
    diff = diff_documents(doc_of(old), doc_of(new))
    (moved,) = [e for e in diff.edits if e.type is EditType.MOVED]
    assert Flag.ALSO_CHANGED in moved.flags and moved.text_changed
    changed = {op: " ".join(s.text for s in moved.diff if s.op == op) for op in ("delete", "insert")}
    assert "Dev" in changed["delete"] and "dev" in changed["insert"], changed


def test_whole_section_moved_is_reported() -> None:
    old = make_document(40, seed=21, per_section=5)
    heads = [k for k, p in enumerate(old.paragraphs) if p.kind is ParagraphKind.HEADING]
    # move section 2 (heading + 5 paragraphs) to the end
    start, stop = heads[1], heads[2]
    moved = old.paragraphs[start:stop]
    rest = old.paragraphs[:start] + old.paragraphs[stop:]
    new_paras = [dataclasses.replace(p, id=paragraph_id(k)) for k, p in enumerate(rest + moved)]
    new = dataclasses.replace(old, paragraphs=new_paras)
    diff = diff_documents(old, new)
    assert [m.section for m in diff.section_moves] == [moved[0].text]
    moved_edits = [e for e in diff.edits if e.type is EditType.MOVED]
    assert len(moved_edits) == 5
    assert all(Flag.SECTION_MOVED in e.flags for e in moved_edits)
    assert diff.counts["unchanged"] == 35


def test_captions_compared_in_their_own_stream() -> None:
    maker = TextMaker(13)
    body = [maker.paragraph() for _ in range(6)]
    caption = "Figure 2: Speedup of each benchmark over the baseline compiler."
    old = doc_of(body[:2] + [caption] + body[2:], [ParagraphKind.BODY] * 2 + [ParagraphKind.CAPTION] + [ParagraphKind.BODY] * 4)
    new_caption = "Figure 2: Average speedup of each benchmark over the baseline compiler."
    new = doc_of(body[:4] + [new_caption] + body[4:], [ParagraphKind.BODY] * 4 + [ParagraphKind.CAPTION] + [ParagraphKind.BODY] * 2)
    diff = diff_documents(old, new)
    assert diff.counts == {"unchanged": 6, "minor": 1, "major": 0, "added": 0, "deleted": 0, "moved": 0}
    assert diff.by_target_paragraph("p0005").type is EditType.MINOR


def test_references_are_left_out_unless_asked() -> None:
    maker = TextMaker(17)
    body = [maker.paragraph() for _ in range(6)]
    refs_old = ["[1] A. Author. A paper title. In Proc. of Conf, 2019."]
    refs_new = ["[1] A. Author and B. Author. A different paper title. In Journal, 2021."]
    kinds = [ParagraphKind.BODY] * 6 + [ParagraphKind.REFERENCE]
    old, new = doc_of(body + refs_old, kinds), doc_of(body + refs_new, kinds)
    assert not diff_documents(old, new).has_changes
    with_refs = diff_documents(old, new, include_references=True)
    assert with_refs.has_changes
    assert with_refs.by_source_paragraph("p0007").type in (EditType.MAJOR, EditType.MINOR)


def test_unrelated_documents_are_refused() -> None:
    a, b = make_document(30, seed=1), make_document(30, seed=2)
    with pytest.raises(InputError, match="too different to be versions of one paper"):
        diff_documents(a, b)
    diff = diff_documents(a, b, check_related=False)
    assert diff.counts["added"] == 30 and diff.counts["deleted"] == 30


def test_document_without_text_is_refused() -> None:
    empty = Document(title="scan", paragraphs=[], source_path="scan.pdf")
    with pytest.raises(InputError, match="scan.pdf has no text paragraphs"):
        diff_documents(empty, make_document(5))


def test_progress_and_cancel() -> None:
    rev = make_revision(make_document(300, seed=4), {"major": 20, "insert": 5}, seed=5)
    steps = []
    job = iter_diff(rev.old, rev.new)
    while True:
        try:
            steps.append(next(job))
        except StopIteration as stop:
            result = stop.value
            break
    assert all(isinstance(p, Progress) for p in steps)
    assert steps[-1].done == steps[-1].total
    assert isinstance(result, RevisionDiff)
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        diff_documents(rev.old, rev.new, cancel=token)


def test_round_trip_and_lookups() -> None:
    rev = make_revision(make_document(40, seed=6), ALL_EDITS, seed=7)
    diff = diff_documents(rev.old, rev.new)
    again = RevisionDiff.from_dict(diff.to_dict())
    assert again.edits == diff.edits
    assert again.counts == diff.counts
    assert [e.id for e in diff.edits] == [f"e{k:04d}" for k in range(1, len(diff.edits) + 1)]
    first_changed = diff.changed_edits()[0]
    assert diff.edit(first_changed.id) is first_changed
    for pid in first_changed.source_ids:
        assert diff.by_source_paragraph(pid) is first_changed
    with pytest.raises(KeyError):
        diff.edit("e9999")
    assert diff.summary().startswith(f"{len(diff.edits)} paragraphs: ")


def test_moved_and_edited_paragraph_is_flagged() -> None:
    rev = make_revision(make_document(40, seed=30), {"move_edit": 1}, seed=31)
    diff = diff_documents(rev.old, rev.new)
    (moved,) = [e for e in diff.edits if e.type is EditType.MOVED]
    assert Flag.ALSO_CHANGED in moved.flags
    assert moved.text_changed
    assert any(s.op == "insert" for s in moved.diff) and any(s.op == "delete" for s in moved.diff)


def test_edits_follow_the_new_order_with_deletions_in_place() -> None:
    maker = TextMaker(40)
    a, b, c, d, x = (maker.paragraph() for _ in range(5))
    diff = diff_documents(doc_of([a, b, c, d]), doc_of([a, c, x, d]), check_related=False)
    assert [(e.type.value, e.source_ids, e.target_ids) for e in diff.edits] == [
        ("unchanged", ("p0001",), ("p0001",)),
        ("deleted", ("p0002",), ()),
        ("unchanged", ("p0003",), ("p0002",)),
        ("added", (), ("p0003",)),
        ("unchanged", ("p0004",), ("p0004",)),
    ]
    assert diff.summary() == "5 paragraphs: 3 unchanged, 1 added, 1 deleted"
