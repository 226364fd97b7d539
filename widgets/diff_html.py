"""HTML for one side of a diff view, built from engine.revision's renderer."""

from __future__ import annotations

import html
from collections.abc import Callable

from engine.document.model import line_place, several_files
from engine.revision import Edit, EditType
from engine.revision.render import edit_label, html_pair
from widgets.palette import Colors


def side_css(c: Colors) -> str:
    """Qt rich-text CSS for the ``rd-ins``/``rd-del`` classes of ``html_pair``."""
    return (
        f".rd-del {{ background-color: {c.delete_bg}; color: {c.delete_fg}; text-decoration: line-through; }}"
        f".rd-ins {{ background-color: {c.insert_bg}; color: {c.insert_fg}; text-decoration: none; }}"
        f".meta {{ color: {c.muted}; font-size: small; }}"
        f".mark {{ color: {c.insert_fg}; font-weight: bold; }}"
        f".empty {{ color: {c.muted}; font-style: italic; }}"
    )


def side_html(edits: list[Edit], side: str, marks: dict[str, str] | None = None,
              places: dict[str, str] | None = None, sections: Callable[[Edit], str] | None = None) -> str:
    """Every edit as a muted header line (anchored by its id, ``marks[id]`` after it in bold, say
    "✓ confirmed by you") then its text on ``side``. ``sections`` names an edit's innermost section as the Coverage tab
    does ("3.2 Noise model": ``DiffView.set_documents``; else the title alone). The header says what a person reads: the kind of change, the
    section and the page (``places``: paragraph id → ``p. 7``); the ids are on its tooltip (a new-user trial read
    "e0090 · p0220" there)."""
    parts = []
    for e in edits:
        old_html, new_html = html_pair(e.diff) if e.diff else (_plain(e.source_text), _plain(e.target_text))
        body = _anchor_first_change(old_html if side == "old" else new_html, e.id)
        ids = e.source_ids if side == "old" else e.target_ids
        if not body.strip():
            if e.type is EditType.UNCHANGED:  # a draft paragraph shown without a revised version
                missing = "no revised version"
            else:
                missing = "added in the new version" if e.type is EditType.ADDED else "removed in the new version"
            body = f'<span class="empty">({missing})</span>'
        # the innermost section (the whole path is on the tooltip) and the page, kept on one line ("p. 28")
        section = html.escape(sections(e) if sections is not None else e.section.rsplit(" > ", 1)[-1])
        page = html.escape(page_label(ids, places or {})).replace(" ", "&nbsp;")
        where = " · ".join(x for x in (section, page) if x)
        if e.source_ids == (e.id,) and not e.target_ids:  # a draft paragraph, not an edit
            header = where or "draft paragraph"
        else:
            header = html.escape(edit_label(e)) + (f" · {where}" if where else "")
        if marks and marks.get(e.id):
            mark = html.escape(marks[e.id]).replace(" ", "&nbsp;")  # wraps as one piece
            header += f' · <span class="mark">{mark}</span>'
        parts.append(
            f'<p class="meta" style="margin-top:14px; margin-bottom:2px"><a name="{e.id}">{header}</a></p>'
            f'<p style="margin-top:0px; margin-bottom:6px; line-height:135%">{body}</p>'
        )
    return "".join(parts)


def page_label(ids: tuple[str, ...], places: dict[str, str]) -> str:
    """``p. 7`` for one paragraph, ``p. 7–8`` for paragraphs over two pages (``line 12–40`` in a source); "" where
    no place is known."""
    found = list(dict.fromkeys(places[i] for i in ids if places.get(i)))
    if len(found) <= 1:
        return found[0] if found else ""
    first, last = found[0], found[-1]
    unit = first.rsplit(" ", 1)[0] + " "  # "p. " or "line "
    return f"{first}–{last.removeprefix(unit)}"


def place_labels(paragraphs) -> dict[str, str]:
    """Paragraph id → where a person finds it: ``p. 7`` (a PDF's page) or ``line 120`` (a source's line; with its
    file, ``intro.tex, line 120``, for a paper in several files)."""
    out: dict[str, str] = {}
    several = several_files(paragraphs)
    for p in paragraphs:
        if p.page is not None:
            out[p.id] = f"p. {p.page}"
        elif p.line is not None:
            out[p.id] = line_place(p, several)
    return out


def _plain(text: str) -> str:
    return html.escape(text).replace("\n\n", "<br><br>").replace("\n", " ")


#: Suffix of the anchor on an edit's first marked run (``DiffPane.change_top``).
CHANGE_ANCHOR = "~change"


def _anchor_first_change(body: str, edit_id: str) -> str:
    """``body`` with its first marked run (``<ins>``/``<del>`` of ``html_pair``) inside an anchor named
    ``<id>~change``."""
    found = [(body.find(f"<{tag} "), tag) for tag in ("ins", "del")]
    found = [(i, tag) for i, tag in found if i >= 0]
    if not found:
        return body
    start, tag = min(found)
    end = body.find(f"</{tag}>", start)
    if end < 0:
        return body
    end += len(f"</{tag}>")
    return f'{body[:start]}<a name="{edit_id}{CHANGE_ANCHOR}">{body[start:end]}</a>{body[end:]}'
