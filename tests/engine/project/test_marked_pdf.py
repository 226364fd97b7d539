"""The marked-up revised PDF on the real cgo18 paper: one margin note per linked
change tagged with its comments (confirmed ones without ``?``), highlights on
the inserted words, carets holding the deleted text, a first page whose links
go to the changes' pages; LaTeX revisions find their PDF; clear errors."""

from __future__ import annotations

import dataclasses
import unicodedata
from pathlib import Path

import pymupdf
import pytest

from engine.cli.main import main
from engine.errors import InputError
from engine.project import ProjectStore
from engine.project.coverage import comments_by_edit, coverage_rows
from engine.project.marked_pdf import write_marked_pdf
from engine.project.marked_source import paragraph_regions, revised_pdf
from engine.revision.model import EditType
from tests.engine.conftest import build


def annots(doc: pymupdf.Document, kind: str, start: int = 0) -> list[tuple[pymupdf.Page, pymupdf.Annot]]:
    """(page, annotation) pairs: an annotation is only valid while its page object lives."""
    out = []
    for page in doc.pages(start):
        out += [(page, a) for a in page.annots() if a.type[1] == kind]
    return out


@pytest.mark.shared_data
def test_one_margin_note_per_linked_change_tagged_with_its_comments(cgo18, tmp_path: Path) -> None:
    project, _, confirmed, rejected = cgo18
    result = write_marked_pdf(project, tmp_path / "marked.pdf")
    by_edit = comments_by_edit(coverage_rows(project))
    doc = pymupdf.open(result.path)
    start = result.summary_pages
    assert start >= 1 and doc.page_count == project.new.page_count + start
    notes = annots(doc, "FreeText", start)
    tagged = {a.info["subject"].split(" · ")[0]: a.info["content"].split() for _, a in notes}
    assert len(notes) == len(tagged) == result.notes  # one note per change, never two
    assert set(tagged) == set(by_edit) - set(result.not_located)
    assert len(result.not_located) <= len(by_edit) // 10
    for edit_id, ids in tagged.items():
        assert ids == [cid + ("" if sure else "?") for cid, sure in by_edit[edit_id]]
    assert confirmed[0] in tagged[confirmed[1]]  # the author's link: no question mark
    assert rejected[0] + "?" not in tagged.get(rejected[1], []) and rejected[0] not in tagged.get(rejected[1], [])
    original = pymupdf.open(project.new_path)
    for page, note in notes:  # in the margin, beside the text column (the paper's words, line numbers left out)
        body = [w for w in original[page.number - start].get_text("words") if 60 < w[0] < page.rect.width - 60]
        assert note.rect.x1 <= min(w[0] for w in body) or note.rect.x0 >= max(w[2] for w in body)


@pytest.mark.shared_data
def test_highlights_hold_inserted_words_and_carets_the_deleted_ones(cgo18, tmp_path: Path) -> None:
    project = cgo18[0]
    result = write_marked_pdf(project, tmp_path / "marked.pdf", summary=False)
    doc = pymupdf.open(result.path)
    assert doc.page_count == project.new.page_count and result.highlights > 20 and result.deletions > 20
    abstract = next(e for e in project.diff.changed_edits() if e.type is EditType.MAJOR and e.section == "Abstract"
                    and "Existing performance metrics" in e.target_text)
    marks = [(n, a) for n, a in annots(doc, "Highlight") if a.info["subject"].startswith(abstract.id + " ")]
    lit = " ".join(page.get_textbox(pymupdf.Rect(v[0], v[3]) + (-1, -1, 1, 1))
                   for page, a in marks for v in zip(*[iter(a.vertices)] * 4))
    assert "performance metrics cannot be used" in " ".join(lit.split())
    assert "Iterative compilation can dramatically" not in lit  # unchanged text is left alone
    carets = [a.info["content"] for _, a in annots(doc, "Caret") if a.info["subject"].startswith(abstract.id + " ")]
    deleted = " ".join(s.text for s in abstract.diff if s.op == "delete")
    assert any("the best" in c for c in carets) and "the best" in deleted
    removed = next(e for e in project.diff.changed_edits() if e.type is EditType.DELETED)
    assert any(a.info["content"].startswith("Deleted paragraph: " + removed.source_text[:40])
               for _, a in annots(doc, "Caret"))


@pytest.mark.shared_data
def test_first_page_lists_changes_by_comment_with_links_to_their_pages(cgo18, tmp_path: Path) -> None:
    project = cgo18[0]
    result = write_marked_pdf(project, tmp_path / "marked.pdf")
    doc = pymupdf.open(result.path)
    first = unicodedata.normalize("NFKC", doc[0].get_text())  # the layout's font joins "fi"
    assert "Changes marked in this copy" in first and "R1.1" in first and "unconfirmed" in first
    links = [link for n in range(result.summary_pages) for link in doc[n].get_links()]
    assert links and all(link["kind"] == pymupdf.LINK_GOTO for link in links)
    assert {link["page"] for link in links} <= set(range(result.summary_pages, doc.page_count))
    text = " ".join(doc.get_page_text(n) for n in range(result.summary_pages))
    assert all(r.comment_id in text for r in coverage_rows(project))
    # each change's section as the Coverage tab names it ("IV RESULTS"), not the reader's raw path ("A > B": a
    # new-user trial read "1. INTRODUCTION > Imputation Operators" for section 3.1)
    flat = " ".join(unicodedata.normalize("NFKC", text).split())
    edits = [e for r in coverage_rows(project) for e in r.edits]
    assert all(unicodedata.normalize("NFKC", f"— {e.section_name}") in flat for e in edits if e.section_name)
    nested = [e for e in edits if " > " in e.section]
    assert nested and not any(f"— {e.section}" in flat for e in nested)


@pytest.mark.shared_data
def test_latex_revision_is_marked_on_the_pdf_beside_it(tmp_path: Path, shared_data: Path) -> None:
    cgo = shared_data / "revision" / "cgo18"
    path = build(tmp_path, cgo / "submission.pdf", cgo / "camera_ready" / "cgo18mscr.tex", aligner="bm25")
    with ProjectStore.open(path) as store:
        project = store.load()
    assert project.new.source_format == "latex"
    assert revised_pdf(project) == (cgo / "camera_ready.pdf").resolve()  # the data folder may be a link
    regions = paragraph_regions(project, cgo / "camera_ready.pdf")
    changed = [e for e in project.diff.changed_edits() if e.target_ids]
    placed = [e for e in changed if any(regions(pid) for pid in e.target_ids)]
    assert len(placed) >= 0.9 * len(changed)
    result = write_marked_pdf(project, tmp_path / "marked.pdf")
    assert result.notes >= 0.9 * len(comments_by_edit(coverage_rows(project)))
    # a LaTeX revision with no PDF anywhere near it: said plainly
    lone = tmp_path / "paper" / "main.tex"
    lone.parent.mkdir()
    lone.write_text("\\documentclass{article}\\begin{document}x\\end{document}")
    with pytest.raises(InputError, match=r"revised version is LaTeX \(main.tex\) and no PDF of it was found"):
        write_marked_pdf(dataclasses.replace(project, new_path=str(lone)), tmp_path / "x.pdf")


@pytest.mark.shared_data
def test_bad_requests_are_one_line_errors(cgo18, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project, folder = cgo18[0], cgo18[1]
    with pytest.raises(InputError, match="written as .pdf"):
        write_marked_pdf(project, tmp_path / "marked.png")
    with pytest.raises(InputError, match="no compared revised version") as err:  # and what to do about it
        write_marked_pdf(dataclasses.replace(project, new_path="", diff=None), tmp_path / "m.pdf")
    assert str(err.value).endswith("; give the revised version in a new round first or redraft project round PROJECT "
                                   "--revised NEW")
    with pytest.raises(InputError, match="over the revised PDF itself"):
        write_marked_pdf(project, project.new_path)
    assert main(["export", str(folder / "cgo18.redraft"), "--marked-pdf", str(tmp_path / "no" / "m.pdf")]) == 2
    assert "no such folder" in capsys.readouterr().err
    assert main(["export", str(folder / "cgo18.redraft"), "--marked-pdf", str(tmp_path / "m.pdf"),
                 "--revised-pdf", str(tmp_path / "missing.pdf")]) == 2
    assert main(["export", str(folder / "cgo18.redraft"), "--marked-pdf", str(tmp_path / "m.pdf"),
                 "--marked-pdf", str(tmp_path / "m2.pdf")]) == 0  # repeated: both written
    assert "margin note(s)" in capsys.readouterr().out and (tmp_path / "m.pdf").is_file()
    assert (tmp_path / "m2.pdf").read_bytes() == (tmp_path / "m.pdf").read_bytes()


@pytest.mark.shared_data
def test_first_page_gives_the_authors_response_where_no_change_is_linked(cgo18, tmp_path: Path) -> None:
    """A comment answered in words (no edit linked) is not listed as "No change answers this comment"."""
    from engine.project.marked_summary import summary_html

    project = cgo18[0]
    rows = coverage_rows(project)
    # a comment no edit is linked to: the project's own, else the last one with its links taken away (the default
    # aligner may link an edit to every comment of cgo18: round eight's refit does)
    k = next((i for i, r in enumerate(rows) if not r.edits), len(rows) - 1)
    bare = dataclasses.replace(rows[k], edits=[])
    rows = [bare if i == k else r for i, r in enumerate(rows)]
    answered = dataclasses.replace(bare, response="We now explain why the cost model is not tuned per benchmark.")
    html = summary_html(project, [answered if r is bare else r for r in rows], {}, 0)
    mine = html.split(f"<b>{bare.comment_id}</b>", 1)[1].split('<p class="c">', 1)[0]
    assert "the response: “We now explain why the cost model" in mine and "No change answers" not in mine
    assert "No change answers this comment." in summary_html(project, rows, {}, 0)  # unanswered: as before
