"""Showing a revision diff: ``[+ +]``/``[- -]`` markup, HTML, JSON spans, Markdown, plain text."""

from __future__ import annotations

import dataclasses
import html
import textwrap
from collections.abc import Sequence
from typing import Any

from engine.revision.model import DiffSpan, Edit, EditType, Flag, RevisionDiff
from engine.revision.sections import section_fates


def _marked(text: str, open_mark: str, close_mark: str) -> str:
    """``text`` in marks, with its outer white space left outside them."""
    core = text.strip()
    if not core:
        return text
    lead = text[: len(text) - len(text.lstrip())]
    trail = text[len(text.rstrip()) :]
    return f"{lead}{open_mark}{core}{close_mark}{trail}"


def markup(spans: Sequence[DiffSpan]) -> str:
    """The diff as text with ``[+added+]`` and ``[-deleted-]`` (the form models read)."""
    out = []
    for s in spans:
        if s.op == "insert":
            out.append(_marked(s.text, "[+", "+]"))
        elif s.op == "delete":
            out.append(_marked(s.text, "[-", "-]"))
        else:
            out.append(s.text)
    return "".join(out)


def spans_json(spans: Sequence[DiffSpan]) -> list[dict[str, str]]:
    """The diff as ``[{"op": "equal|insert|delete", "text": ...}]``."""
    return [s.to_dict() for s in spans]


def _html_text(text: str) -> str:
    return html.escape(text).replace("\n\n", "<br><br>").replace("\n", " ")


def html_pair(spans: Sequence[DiffSpan]) -> tuple[str, str]:
    """HTML of the old side (deletions marked) and the new side (insertions marked)."""
    old, new = [], []
    for s in spans:
        text = _html_text(s.text)
        if s.op == "delete":
            old.append(f'<del class="rd-del">{text}</del>')
        elif s.op == "insert":
            new.append(f'<ins class="rd-ins">{text}</ins>')
        else:
            old.append(_html_text(s.old) if s.old is not None else text)
            new.append(text)
    return "".join(old), "".join(new)


def edit_label(edit: Edit) -> str:
    """``major``, ``moved, also changed``, ``minor, split``..."""
    extra = [f.replace("_", " ") for f in edit.flags]
    return ", ".join([edit.type.value, *extra])


_CSS = """
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#222;background:#fafafa}
header{padding:12px 20px;background:#fff;border-bottom:1px solid #ddd;position:sticky;top:0}
h1{font-size:18px;margin:0 0 4px}
table{border-collapse:collapse;width:100%;table-layout:fixed}
td,th{vertical-align:top;padding:8px 12px;border-bottom:1px solid #e4e4e4;text-align:left}
th.meta,td.meta{width:150px;font-size:12px;color:#555}
tr.unchanged td.side{color:#888}
body.hide-unchanged tr.unchanged{display:none}
.rd-del{background:#fdd;color:#900;text-decoration:line-through}
.rd-ins{background:#dfd;color:#060;text-decoration:none}
.badge{display:inline-block;padding:0 6px;border-radius:8px;background:#eee;font-weight:600}
.badge.major,.badge.deleted{background:#fcc}.badge.added{background:#cfc}
.badge.minor{background:#ffd}.badge.moved{background:#cdf}
"""


def html_page(diff: RevisionDiff, title: str = "Revision diff") -> str:
    """A self-contained page showing the two versions side by side, edit by edit."""
    rows = []
    for e in diff.edits:
        old_html, new_html = html_pair(e.diff)
        meta = (
            f'<span class="badge {e.type.value}">{html.escape(edit_label(e))}</span><br>'
            f"{e.id}<br>{html.escape(e.section)}"
        )
        rows.append(
            f'<tr class="{e.type.value}" id="{e.id}"><td class="meta">{meta}</td>'
            f'<td class="side old">{old_html}</td><td class="side new">{new_html}</td></tr>'
        )
    names = [html.escape(d.title or d.source_path or "") for d in (diff.old, diff.new)]
    return (
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
        f"<title>{html.escape(title)}</title><style>{_CSS}</style></head>\n"
        '<body class="hide-unchanged"><header>'
        f"<h1>{html.escape(title)}</h1><div>{html.escape(diff.summary())}</div>"
        '<label><input type="checkbox" onchange="document.body.classList.toggle(\'hide-unchanged\',!this.checked)">'
        " show unchanged paragraphs</label></header>\n"
        f'<table><tr><th class="meta">edit</th><th>old: {names[0]}</th><th>new: {names[1]}</th></tr>\n'
        + "\n".join(rows)
        + "\n</table></body></html>\n"
    )


def markdown_report(diff: RevisionDiff, *, include_unchanged: bool = False) -> str:
    """A Markdown report: the summary, then each changed paragraph in ``[+ +]``/``[- -]`` markup."""
    lines = ["# Revision diff", "", diff.summary(), ""]
    for move in diff.section_moves:
        lines.append(f"- Section moved: **{move.section}** ({len(move.edit_ids)} paragraphs)")
    lines += [f"- Section {f.describe()}" for f in section_fates(diff)]
    for e in diff.edits if include_unchanged else diff.changed_edits():
        lines += [f"## {e.id} · {edit_label(e)}" + (f" · {e.section}" if e.section else ""), ""]
        lines += [markup(e.diff), ""]
    return "\n".join(lines)


def text_report(diff: RevisionDiff, width: int = 100) -> str:
    """Plain text for a terminal: changed paragraphs in markup, then the summary line."""
    if not diff.has_changes:
        return f"no changes ({diff.summary()})"
    lines = []
    for move in diff.section_moves:
        lines.append(f"section moved: {move.section} ({len(move.edit_ids)} paragraphs)")
    lines += [f"section {f.describe()}" for f in section_fates(diff)]
    for e in diff.changed_edits():
        ids = ",".join(e.source_ids) + " -> " + ",".join(e.target_ids)
        lines.append(f"{e.id} {edit_label(e)} [{ids.strip()}]" + (f" {e.section}" if e.section else ""))
        body = markup(e.diff) if (e.type is not EditType.MOVED or Flag.ALSO_CHANGED in e.flags) else e.target_text
        for para in body.split("\n\n"):
            lines.append(textwrap.fill(para, width, initial_indent="    ", subsequent_indent="    "))
        lines.append("")
    lines.append(diff.summary())
    return "\n".join(lines)


def to_json(diff: RevisionDiff, *, include_documents: bool = False) -> dict[str, Any]:
    """The diff as JSON-ready data (without the two documents unless asked)."""
    data = diff.to_dict(include_documents=include_documents)
    data["section_fates"] = [dataclasses.asdict(f) for f in section_fates(diff)]
    return data
