"""The response-to-reviewers letter (Markdown, PDF) and the revision report (HTML).

The letter lists every comment grouped by reviewer, the response (the
author's note, else the accepted suggestions' responses) and the edits with
their locations (section, page or source line) in ``[+ +]``/``[- -]`` markup;
accepted suggestions appear as proposed changes with their location. The PDF
is laid out from HTML with PyMuPDF's ``Story``.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from pathlib import Path

from engine.document.model import Paragraph
from engine.errors import InputError
from engine.project.model import Project, SuggestionRecord
from engine.project.report import revision_report_html, write_revision_report
from engine.revision.model import DiffSpan, Edit, EditType, Flag
from engine.revision.render import edit_label, markup
from engine.reviews.model import ReviewComment

__all__ = [
    "edit_location", "compact_markup", "letter_items", "response_letter_markdown", "response_letter_html",
    "write_response_letter", "revision_report_html", "write_revision_report",
]

#: Words of unchanged text kept on each side of a change in the letter.
CONTEXT_WORDS = 10
NO_RESPONSE = "No response yet."


@dataclass
class LetterEdit:
    id: str
    label: str
    location: str
    markup: str


@dataclass
class LetterItem:
    comment: ReviewComment
    status: str
    response: str
    edits: list[LetterEdit] = field(default_factory=list)
    #: Accepted or edited suggestions: (location, edit text).
    proposed: list[tuple[str, str]] = field(default_factory=list)


def _where(p: Paragraph | None, version: str) -> list[str]:
    if p is None:
        return []
    out = []
    if p.page is not None:
        out.append(f"{version} p. {p.page}")
    if p.line is not None:
        out.append(f"{version} {p.file + ' ' if p.file else ''}line {p.line}")
    return out


def edit_location(project: Project, edit: Edit) -> str:
    """``Section: Method; new p. 3, new line 40`` (what is known of where the edit is)."""
    parts = [f"Section: {edit.section}"] if edit.section else []
    if edit.target_ids:
        parts += _where(project.paragraph(edit.target_ids[0], new=True), "new")
    elif edit.source_ids:
        parts += _where(project.paragraph(edit.source_ids[0], new=False), "old")
    return "; ".join(parts) or "location unknown"


def suggestion_location(project: Project, rec: SuggestionRecord) -> str:
    """Where a suggestion applies: its paragraph's section and place in the draft, or its section name."""
    p = project.paragraph(rec.location, new=False) or project.paragraph(rec.location, new=True)
    if p is None:
        return f"Section: {rec.location}" if rec.location else "location not given"
    parts = [f"paragraph {p.id}"] + ([f"Section: {' > '.join(p.section)}"] if p.section else [])
    return "; ".join(parts + _where(p, "draft"))


def compact_markup(spans: tuple[DiffSpan, ...] | list[DiffSpan], context: int = CONTEXT_WORDS) -> str:
    """``[+ +]``/``[- -]`` markup with long unchanged runs cut to ``context`` words around the changes."""
    if not any(s.op != "equal" for s in spans):
        return markup(spans)
    out: list[DiffSpan] = []
    for i, s in enumerate(spans):
        words = s.text.split()
        if s.op != "equal" or len(words) <= 2 * context:
            out.append(s)
            continue
        first, last = i == 0, i == len(spans) - 1
        head = "" if first else " ".join(words[:context])
        tail = "" if last else " ".join(words[-context:])
        text = " … ".join(x for x in (head, tail) if x)
        text = ("… " if first else " ") + text + (" …" if last else " ")
        out.append(DiffSpan("equal", text))
    return " ".join(markup(out).split())


def _edit_markup(edit: Edit) -> str:
    if edit.type is EditType.MOVED and Flag.ALSO_CHANGED not in edit.flags:
        return "(moved, wording unchanged) " + " ".join(edit.target_text.split()[:2 * CONTEXT_WORDS]) + " …"
    return compact_markup(edit.diff)


def letter_items(project: Project) -> dict[str, list[LetterItem]]:
    """Every comment, by reviewer, with its response, aligned edits and kept suggestions."""
    out: dict[str, list[LetterItem]] = {}
    for reviewer, comments in project.comments_by_reviewer().items():
        items = out.setdefault(reviewer, [])
        for c in comments:
            edits = [LetterEdit(e.id, edit_label(e), edit_location(project, e), _edit_markup(e))
                     for e in project.aligned_edits(c.id)]
            proposed = [(suggestion_location(project, s), s.edit.strip())
                        for s in project.kept_suggestions(c.id) if s.edit.strip()]
            items.append(LetterItem(c, project.status(c.id), project.response(c.id), edits, proposed))
    return out


def _title(project: Project) -> str:
    doc = project.new or project.old
    return (doc.title if doc and doc.title else "") or project.name


def _counts(project: Project) -> str:
    statuses = project.statuses().values()
    n = len(project.comments)
    line = f"{n} comment{'s' if n != 1 else ''} from {len(project.comments_by_reviewer())} reviewer(s)"
    if project.diff is not None:
        line += f"; {sum(s == 'addressed' for s in statuses)} addressed by edits, " \
                f"{sum(s == 'not addressed' for s in statuses)} without a matching edit"
    return line


_INTRO = ("We thank the reviewers for their careful reading. Below we answer each comment and list the "
          "changes made in the revised version, with their location; [+added+] and [-deleted-] text is marked.")


def _quote(text: str) -> str:
    return "\n".join("> " + line if line.strip() else ">" for line in text.strip().split("\n"))


def response_letter_markdown(project: Project) -> str:
    lines = ["# Response to the reviewers", "", f"**Paper:** {_title(project)}  ", f"**Summary:** {_counts(project)}",
             "", _INTRO, ""]
    for reviewer, items in letter_items(project).items():
        lines += [f"## {reviewer}", ""]
        for it in items:
            c = it.comment
            lines += [f"### Comment {c.id} ({c.action}, {it.status})", "", _quote(c.full_text), ""]
            lines += [f"**Response.** {it.response or '_' + NO_RESPONSE + '_'}", ""]
            if it.edits:
                lines += ["**Changes in the revised version.**", ""]
                for e in it.edits:
                    lines += [f"- **{e.id}** ({e.label}), {e.location}:", "", "  " + _quote(e.markup).replace("\n", "\n  "), ""]
            for where, text in it.proposed:
                lines += [f"**Proposed change** ({where}):", "", _quote(text), ""]
    return "\n".join(lines).rstrip() + "\n"


def _marked_html(text: str) -> str:
    """Markup text as HTML, keeping the ``[+ +]`` marks (readable in print) and colouring them."""
    out, i = [], 0
    while i < len(text):
        for open_mark, close_mark, cls in (("[+", "+]", "ins"), ("[-", "-]", "del")):
            if text.startswith(open_mark, i):
                end = text.find(close_mark, i + 2)
                if end != -1:
                    out.append(f'<span class="{cls}">{html.escape(text[i:end + 2])}</span>')
                    i = end + 2
                    break
        else:
            j = min([k for k in (text.find("[+", i + 1), text.find("[-", i + 1)) if k != -1] or [len(text)])
            out.append(html.escape(text[i:j]))
            i = j
    return "".join(out)


_LETTER_CSS = """
body {font-family: sans-serif; font-size: 10pt; line-height: 1.35;}
h1 {font-size: 17pt;} h2 {font-size: 14pt; margin-top: 14pt;} h3 {font-size: 11pt; margin-top: 10pt;}
.quote {margin-left: 14pt; color: #333333; font-style: italic;}
.edit {margin-left: 14pt;} .loc {color: #555555; font-size: 9pt;}
.ins {color: #006600; font-weight: bold;} .del {color: #990000;}
"""


def response_letter_html(project: Project) -> str:
    """The letter as simple HTML (what the PDF is laid out from)."""
    esc = html.escape
    parts = ["<h1>Response to the reviewers</h1>", f"<p><b>Paper:</b> {esc(_title(project))}<br>"
             f"<b>Summary:</b> {esc(_counts(project))}</p>", f"<p>{_marked_html(_INTRO)}</p>"]
    for reviewer, items in letter_items(project).items():
        parts.append(f"<h2>{esc(reviewer)}</h2>")
        for it in items:
            c = it.comment
            parts.append(f"<h3>Comment {esc(c.id)} ({esc(c.action)}, {esc(it.status)})</h3>")
            parts.append(f'<p class="quote">{esc(c.full_text)}</p>')
            response = esc(it.response).replace("\n", "<br>") if it.response else f"<i>{NO_RESPONSE}</i>"
            parts.append(f"<p><b>Response.</b> {response}</p>")
            if it.edits:
                parts.append("<p><b>Changes in the revised version.</b></p>")
                for e in it.edits:
                    parts.append(f'<p class="edit"><b>{esc(e.id)}</b> ({esc(e.label)}), '
                                 f'<span class="loc">{esc(e.location)}</span><br>{_marked_html(e.markup)}</p>')
            for where, text in it.proposed:
                parts.append(f'<p><b>Proposed change</b> <span class="loc">({esc(where)})</span></p>'
                             f'<p class="edit">{esc(text)}</p>')
    return "<html><body>" + "\n".join(parts) + "</body></html>"


def _write_pdf(body: str, path: Path) -> None:
    import pymupdf

    story = pymupdf.Story(html=body, user_css=_LETTER_CSS)
    page = pymupdf.paper_rect("a4")
    frame = page + (56, 56, -56, -56)
    writer = pymupdf.DocumentWriter(str(path))
    more = 1
    while more:
        device = writer.begin_page(page)
        more, _ = story.place(frame)
        story.draw(device)
        writer.end_page()
    writer.close()


def write_response_letter(project: Project, path: str | Path) -> Path:
    """Write the letter to ``path``: ``.md`` (Markdown) or ``.pdf``."""
    path = Path(path).expanduser()
    suffix = path.suffix.lower()
    if suffix not in (".md", ".markdown", ".pdf"):
        raise InputError(f"the letter is written as .md or .pdf, not {suffix or 'a file without a suffix'}")
    if not path.parent.is_dir():
        raise InputError(f"cannot write {path}: no such folder")
    try:
        if suffix == ".pdf":
            _write_pdf(response_letter_html(project), path)
        else:
            path.write_text(response_letter_markdown(project), encoding="utf-8")
    except OSError as err:
        raise InputError(f"cannot write {path}: {err.strerror or err}") from None
    return path
