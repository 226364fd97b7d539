"""HTML for one side of a diff view, built from engine.revision's renderer."""

from __future__ import annotations

import html

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


def side_html(edits: list[Edit], side: str, marks: dict[str, str] | None = None) -> str:
    """Every edit as a muted header line (anchored by its id, ``marks[id]`` after it in bold, say
    "✓ confirmed by you") then its text on ``side``."""
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
        if e.source_ids == (e.id,) and not e.target_ids:  # a draft paragraph, not an edit
            header = f"{e.id}" + (f" · {html.escape(e.section)}" if e.section else "")
        else:
            where = " · ".join(x for x in (e.section, ", ".join(ids)) if x)
            header = f"{e.id} · {html.escape(edit_label(e))}" + (f" · {html.escape(where)}" if where else "")
        if marks and marks.get(e.id):
            mark = html.escape(marks[e.id]).replace(" ", "&nbsp;")  # wraps as one piece
            header += f' · <span class="mark">{mark}</span>'
        parts.append(
            f'<p class="meta" style="margin-top:14px; margin-bottom:2px"><a name="{e.id}">{header}</a></p>'
            f'<p style="margin-top:0px; margin-bottom:6px; line-height:135%">{body}</p>'
        )
    return "".join(parts)


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
