"""The first page(s) of the marked-up PDF: what the marks mean, then every
comment with its status and the changes that answer it, each linked to its page."""

from __future__ import annotations

import html
import io

from engine.align.status import status_text
from engine.project.coverage import LIKELY_COMMENT, LOW_MARK, CoverageRow, round_prefix
from engine.project.model import Project
from engine.revision.compare import is_title_edit

_CSS = """
body {font-family: sans-serif; font-size: 9pt; line-height: 1.3;}
h1 {font-size: 15pt;} h2 {font-size: 11.5pt; margin-top: 10pt;}
p {margin: 3pt 0;} .c {margin-top: 6pt;} .st {color: #555555;} .e {margin-left: 14pt;}
.u {color: #8a5a00;} a {color: #0645ad;}
"""
LEGEND = ("Yellow highlights are inserted or changed text, blue ones moved paragraphs; a red caret marks "
          "deleted text (its note holds what was deleted). The note in the margin beside a change names the "
          "review comments it answers; a ? after an id marks a link Redraft suggested that the author has "
          "not confirmed. Page numbers are the revised paper's own; each is a link to its page.")
MARKS = ("Where the page's margins are too narrow for a note, a small numbered mark stands in the margin "
         "instead; the list gives its number after the page (\u201cp. 4, mark 1\u201d), and the change's "
         "highlight names the comments in its pop-up note.")
#: Words of a comment's text the list keeps.
COMMENT_WORDS = 40


def _short(text: str, n: int = COMMENT_WORDS) -> str:
    words = text.split()
    return " ".join(words[:n]) + (" …" if len(words) > n else "")


def count_line(rows: list[CoverageRow], review_round: int = 1) -> str:
    """``8 comments from 3 reviewers, each listed below; 1 of them marked low confidence (under 50% sure to be a
    request).``"""
    reviewers = len({r.reviewer for r in rows})
    line = (round_prefix(review_round)
            + f"{len(rows)} comment{'s' * (len(rows) != 1)} from {reviewers} reviewer{'s' * (reviewers != 1)}, "
            "each listed below")
    low = sum(r.low_confidence for r in rows)
    if low:
        line += f"; {low} of them marked {LOW_MARK} (under {round(100 * LIKELY_COMMENT)}% sure to be a request)"
    return line + "."


def by_page(project: Project, edits: list, pages: dict[str, int]) -> list:
    """A comment's changes (``CoverageRow.edits``) in the order a reader meets them: by page, and on a page in the
    paper's order (the title first, then the edits as numbered along the revised paper, which follows its columns
    where a height on the page would not); changes not found on a page last, in the order given. The aligner's
    order (best score first) sent the reader back and forth (exports20)."""
    diff = project.diff
    rank = {e.id: -1 if is_title_edit(e) else i for i, e in enumerate(diff.edits)} if diff is not None else {}

    def key(item: tuple[int, object]) -> tuple[int, int, int, int]:
        i, e = item
        page = pages.get(e.edit_id)
        return (page is None, page or 0, rank.get(e.edit_id, len(rank)), i)

    return [e for _, e in sorted(enumerate(edits), key=key)]


def summary_html(project: Project, rows: list[CoverageRow], pages: dict[str, int], offset: int,
                 marks: dict[str, str] | None = None) -> str:
    """The list as HTML; a change's page link is ``#page=N`` (0-based page of the final file); ``marks``:
    edit id -> the number of the mark standing in for its margin note."""
    esc = html.escape
    marks = marks or {}
    parts = ["<h1>Changes marked in this copy</h1>", f"<p>{esc(LEGEND)}{' ' + esc(MARKS) if marks else ''}</p>",
             f"<p>{esc(count_line(rows, project.review_round))}</p>"]
    letter = (project.letter or {}).get("name", "")
    if letter and any(r.letter for r in rows):  # an editor reading this copy learns the statuses read the letter
        parts.append(f"<p>The statuses read the authors\u2019 response letter ({esc(letter)}); under each comment, "
                     "the start of its answer there.</p>")
    reviewer = None
    for r in rows:
        if r.reviewer != reviewer:
            reviewer = r.reviewer
            parts.append(f"<h2>{esc(reviewer or 'Reviewer')}</h2>")
        low = f' <span class="u">{esc(r.low_mark())}</span>' if r.low_confidence else ""
        parts.append(f'<p class="c"><b>{esc(r.comment_id)}</b>{low} <span class="st">{esc(status_text(r.status))} '
                     f"({esc(r.certainty())}{'' if low else '; ' + esc(r.request_words())}"
                     f"{'; ' + esc(r.earlier) if r.earlier else ''})</span> — "  # its last round's status (trial34)
                     f"{esc(_short(r.comment.full_text))}</p>")
        for e in by_page(project, r.edits, pages):
            page = pages.get(e.edit_id)
            where = (f'<a href="#page={page + offset}">p. {page + 1}</a>' if page is not None
                     else "not found on the page")
            if page is not None and e.edit_id in marks:
                where += f", mark {marks[e.edit_id]}"
            mark = f' <span class="u">({esc(e.mark)})</span>' if e.mark else ""
            section = e.section_name or e.section  # "3.1 Imputation Operators", as the Coverage tab names it
            parts.append(f'<p class="e">{where}: {esc(e.snippet)}{" — " + esc(section) if section else ""}'
                         f"{mark}</p>")
        if r.letter_said:  # the letter's own answer, in the authors' words (trial24)
            parts.append(f'<p class="e"><span class="st">Authors\u2019 letter:</span> '
                         f"\u201c{esc(r.letter_said)}\u201d</p>")
        if not r.edits and r.response:  # the author answered it in words: say so, not "no change answers it"
            said = esc(_short(r.response, 2 * COMMENT_WORDS))
            parts.append(f'<p class="e">No change linked; the response: “{said}”</p>')
        elif not r.edits:
            parts.append('<p class="e">No change answers this comment.</p>')
    return "<html><body>" + "\n".join(parts) + "</body></html>"


def _layout(body: str, rect) -> tuple[bytes, list[tuple[int, tuple, str]]]:
    import pymupdf

    story = pymupdf.Story(html=body, user_css=_CSS)
    links: list[tuple[int, tuple, str]] = []

    def seen(pos) -> None:
        if pos.href and pos.open_close & 1:
            links.append((pos.page_num, tuple(pos.rect), pos.href))

    buffer = io.BytesIO()
    writer = pymupdf.DocumentWriter(buffer)
    frame = rect + (48, 48, -48, -48)
    more, page_num = 1, 0
    while more:
        device = writer.begin_page(rect)
        more, _ = story.place(frame)
        story.element_positions(seen, {"page_num": page_num})  # where the links of this page went
        story.draw(device)
        writer.end_page()
        page_num += 1
    writer.close()
    return buffer.getvalue(), links


def add_summary_pages(doc, project: Project, rows: list[CoverageRow], pages: dict[str, int],
                      marks: dict[str, str] | None = None) -> int:
    """Insert the list before the paper's first page with working page links; returns the pages added."""
    import pymupdf

    rect = doc[0].rect if doc.page_count else pymupdf.paper_rect("letter")
    data, _ = _layout(summary_html(project, rows, pages, 0, marks), rect)
    added = pymupdf.open("pdf", data).page_count  # how many pages the list takes sets the page numbers in it
    data, links = _layout(summary_html(project, rows, pages, added, marks), rect)
    summary = pymupdf.open("pdf", data)
    doc.insert_pdf(summary, start_at=0)
    for page_num, box, href in links:
        target = int(href.split("=", 1)[1])
        if 0 <= page_num < summary.page_count and 0 <= target < doc.page_count:
            doc[page_num].insert_link({"kind": pymupdf.LINK_GOTO, "from": pymupdf.Rect(box), "page": target,
                                           "to": pymupdf.Point(0, 0)})
    return summary.page_count
