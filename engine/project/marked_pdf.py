"""The marked-up revised PDF: the real revised PDF with every change marked, drawn with PyMuPDF.

Inserted and changed words are highlighted (moved paragraphs in blue), each
deletion is a caret at its place whose note holds the deleted text, and every
change that answers comments gets one note in the margin beside it with their
ids ("R2.3 R1.1?"; ``?`` marks a link Redraft suggested and the author has
not confirmed), placed inside the page and off the text (``marked_notes``: in
the other margin, smaller, or as a numbered mark when the margins are too narrow). An optional first
page lists the changes by comment, each linked to its page and naming its mark (``marked_summary``). ``redraft export PROJECT --marked-pdf``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.document.pdf import quiet_mupdf
from engine.errors import InputError
from engine.project.coverage import comments_by_edit, coverage_view
from engine.project.filesafe import whole_file
from engine.project.line_numbers import number_words
from engine.project.marked_notes import AUTHOR, MarginNotes
from engine.project.marked_source import Regions, paragraph_regions, revised_pdf
from engine.project.marked_words import (
    INSERTED,
    MOVED,
    line_rects,
    place,
    revised_text,
    runs,
    title_boxes,
)
from engine.project.model import Project
from engine.revision.compare import is_title_edit
from engine.revision.model import Edit
from engine.revision.render import edit_label

#: Highlight colours (RGB 0..1): inserted or changed words, moved paragraphs; caret; margin note.
COLOURS = {INSERTED: (1.0, 0.9, 0.25), MOVED: (0.62, 0.8, 1.0)}
CARET = (0.85, 0.1, 0.1)


@dataclass
class MarkedPdf:
    """What was written: counts of marks and the changes that could not be placed on a page."""

    path: Path
    source: Path
    highlights: int = 0
    deletions: int = 0
    #: Margin notes, one per change that answers comments (numbered marks included).
    notes: int = 0
    #: Notes no margin could hold, drawn as a numbered mark: edit id -> the mark's number on its page.
    marks: dict[str, str] = field(default_factory=dict)
    summary_pages: int = 0
    not_located: list[str] = field(default_factory=list)
    #: Each placed change's page (0-based, in the revised PDF): the summary lists a comment's changes by it.
    pages: dict[str, int] = field(default_factory=dict)

    def summary(self) -> str:
        line = (f"{self.notes} margin note(s), {self.highlights} highlight(s), {self.deletions} deletion mark(s) "
                f"on {self.source.name}")
        if self.marks:
            line += f" ({len(self.marks)} note(s) as numbered marks: the margins are too narrow)"
        if self.not_located:
            line += f"; {len(self.not_located)} change(s) not found on the page: {', '.join(self.not_located)}"
        return line


def _refs_words(refs: list[tuple[str, bool]]) -> str:
    if not refs:
        return "Not linked to a review comment."
    return "Answers " + ", ".join(f"{cid} ({'confirmed' if sure else 'suggested, not confirmed'})"
                                  for cid, sure in refs) + "."


class _Marker:
    """Draws the highlights and carets on one open document (the notes: ``marked_notes``)."""

    def __init__(self, doc, regions: Regions, result: MarkedPdf) -> None:
        self.doc, self.regions, self.result = doc, regions, result
        self._words: dict[int, list[tuple]] = {}
        self._text: dict[int, list[tuple]] = {}

    def words(self, edit: Edit) -> list[tuple]:
        """The page words (with their 0-based page last) inside the regions of the edit's revised paragraphs,
        the printed line numbers left out (a highlight never covers them)."""
        out: list[tuple] = []
        for pid in edit.target_ids:
            for r in self.regions(pid):
                if not 1 <= r.page <= self.doc.page_count:
                    continue
                x0, y0, x1, y1 = r.bbox
                out += [(*w[:8], r.page - 1) for w in self.text_words(r.page - 1)
                        if x0 - 2 <= (w[0] + w[2]) / 2 <= x1 + 2 and y0 - 2 <= (w[1] + w[3]) / 2 <= y1 + 2]
        return out

    def text_words(self, page_no: int) -> list[tuple]:
        """The page's words but its printed line numbers (in a margin or the gutter: ``number_words``)."""
        if page_no not in self._text:
            words = self.page_words(page_no)
            numbers = {id(w) for w in number_words(words)}
            self._text[page_no] = [w for w in words if id(w) not in numbers]
        return self._text[page_no]

    def page_words(self, page_no: int) -> list[tuple]:
        if page_no not in self._words:
            self._words[page_no] = self.doc[page_no].get_text("words")
        return self._words[page_no]

    def mark_edit(self, edit: Edit, refs: list[tuple[str, bool]]) -> tuple[int, float, float] | None:
        """Highlight and caret one edit with revised text; the (page, x, y) its margin note goes beside. The title's
        edit is marked where the title is printed (``title_boxes``): no paragraph region holds it."""
        boxes = (title_boxes(self.page_words, self.doc.page_count, edit.target_text) if is_title_edit(edit)
                 else self.words(edit))
        if not boxes:
            return None
        text = revised_text(edit)
        placed = place(text, boxes)
        info = {"title": AUTHOR, "subject": f"{edit.id} · {edit_label(edit)}", "content": _refs_words(refs)}
        anchor = None
        for mark in (INSERTED, MOVED):
            by_page: dict[int, list] = {}
            for run in runs(placed, mark):
                for page_no, rect in line_rects(run):
                    by_page.setdefault(page_no, []).append(rect)
            for page_no, rects in sorted(by_page.items()):
                self._highlight(page_no, rects, COLOURS[mark], info)
                anchor = anchor or (page_no, rects[0][0], rects[0][1])
        for k, deleted in sorted(text.deletions.items()):
            i = placed.token_box[k] if k < len(placed.token_box) else len(boxes)
            w = boxes[min(i, len(boxes) - 1)]
            x = w[0] - 1 if i < len(boxes) else w[2] + 1
            self.caret(w[8], x, w[3] - 2.5, f"Deleted: {deleted}", info)
            anchor = anchor or (w[8], x, w[1])
        return anchor or (boxes[0][8], boxes[0][0], boxes[0][1])

    def _highlight(self, page_no: int, rects: list[tuple], colour: tuple, info: dict[str, str]) -> None:
        import pymupdf

        page = self.doc[page_no]  # held: an annotation lives only as long as its page object
        annot = page.add_highlight_annot([pymupdf.Rect(r).quad for r in rects])
        annot.set_colors(stroke=colour)
        annot.set_info(**info)
        annot.update()
        self.result.highlights += 1

    def caret(self, page_no: int, x: float, y: float, note: str, info: dict[str, str]) -> None:
        import pymupdf

        page = self.doc[page_no]
        annot = page.add_caret_annot((x, y))
        annot.set_rect(pymupdf.Rect(x - 3.5, y - 5.5, x + 3.5, y + 1.5))  # the caret's tip on the baseline at x
        annot.set_colors(stroke=CARET)
        annot.set_info(title=AUTHOR, subject=info["subject"], content=f"{note}\n\n{info['content']}")
        annot.update()
        self.result.deletions += 1


def _deleted_anchor(project: Project, edit: Edit, marker: _Marker) -> tuple[int, float, float] | None:
    """Where a removed paragraph stood: after the revised text of the edit before it, else before the next."""
    edits = project.diff.edits
    i = edits.index(edit)
    for other in reversed(edits[:i]):
        boxes = marker.words(other) if other.target_ids else []
        if boxes:
            return boxes[-1][8], boxes[-1][2] + 1, boxes[-1][3] - 2.5
    for other in edits[i + 1:]:
        boxes = marker.words(other) if other.target_ids else []
        if boxes:
            return boxes[0][8], boxes[0][0] - 1, boxes[0][3] - 2.5
    return None


def write_marked_pdf(project: Project, path: str | Path, revised: str | Path | None = None,
                     summary: bool = True) -> MarkedPdf:
    """Write the revised PDF with the changes marked to ``path``; ``revised`` overrides the revised PDF."""
    import pymupdf

    from engine.project.marked_summary import add_summary_pages

    quiet_mupdf()

    path = Path(path).expanduser()
    if path.suffix.lower() != ".pdf":
        raise InputError(f"the marked-up copy is written as .pdf, not {path.suffix or 'a file without a suffix'}")
    if not path.parent.is_dir():
        raise InputError(f"cannot write {path}: no such folder")
    source = revised_pdf(project, revised)
    if path.resolve() == source.resolve():
        raise InputError(f"will not write the marked-up copy over the revised PDF itself ({source.name})")
    try:
        doc = pymupdf.open(source)
    except Exception as err:  # noqa: BLE001 - any reason MuPDF refuses the file is one message
        raise InputError(f"cannot open the revised PDF {source.name}: {err}") from None
    result = MarkedPdf(path, source)
    from engine.project.typeset import typeset_match

    # where the app found the revised paragraphs on this PDF once, when it did (not read again on every export)
    marker = _Marker(doc, paragraph_regions(project, source, lambda pdf: typeset_match(project, "new", pdf)), result)
    notes = MarginNotes(doc, marker.page_words)
    rows = coverage_view(project).rows
    by_edit = comments_by_edit(rows)
    pages = result.pages
    for edit in project.diff.changed_edits():
        refs = by_edit.get(edit.id, [])
        if edit.target_ids:
            anchor = marker.mark_edit(edit, refs)
        else:
            anchor = _deleted_anchor(project, edit, marker)
            if anchor is not None:
                info = {"subject": f"{edit.id} · {edit_label(edit)}", "content": _refs_words(refs)}
                marker.caret(anchor[0], anchor[1], anchor[2], f"Deleted paragraph: {edit.source_text}", info)
        if anchor is None:
            result.not_located.append(edit.id)
            continue
        pages[edit.id] = anchor[0]
        if refs:
            placed = notes.add(anchor[0], anchor[1], anchor[2], edit, refs)
            result.notes += 1
            if placed.mark:
                result.marks[edit.id] = placed.mark
    if summary:
        result.summary_pages = add_summary_pages(doc, project, rows, pages, result.marks)
    try:
        with whole_file(path) as partial:  # an earlier copy stays whole if this one cannot be written (trial27)
            doc.save(partial, garbage=3, deflate=True)
    except InputError:
        raise
    except Exception as err:  # noqa: BLE001
        raise InputError(f"cannot write {path}: {err}") from None
    finally:
        doc.close()
    return result
