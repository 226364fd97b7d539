"""The coverage table of the revision report: one row per comment, filters by
reviewer, status and type that work without scripts (radio buttons and CSS),
confirmed links first and unconfirmed ones marked."""

from __future__ import annotations

import html
import re

from engine.align.status import STATUSES, Status, status_text
from engine.project.coverage import LOW_MARK, MARK_TEXT, CoverageRow

CSS = """
.filters{margin:8px 0;font-size:13px}.filters span.group{margin-right:18px}
.filters input{display:none}.filters label{padding:1px 7px;border:1px solid #ccc;border-radius:9px;cursor:pointer}
table.cov .cid{width:70px}table.cov .cstatus{width:160px}table.cov .cedits{width:38%}
.conf{font-size:12px;color:#555}.low{color:#8a5a00;font-size:12px;font-weight:bold}.unconfirmed{color:#8a5a00;font-size:12px}
ul.edits{margin:0;padding-left:16px}
.partly-addressed{background:#ffd}.no-evidence{background:#eee}
.confirmed-addressed{background:#9e9}.confirmed-not-addressed{background:#f99}.open{background:#fec}
"""


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "none"


def _filter_css(groups: dict[str, list[str]]) -> str:
    rules = []
    for group, values in groups.items():
        rules.append(f"#f-{group}-all:checked~.filters label[for=f-{group}-all]"
                     "{background:#0645ad;color:#fff}")
        for v in values:
            rules.append(f"#f-{group}-{v}:checked~table.cov tr.row:not(.{group}-{v}){{display:none}}")
            rules.append(f"#f-{group}-{v}:checked~.filters label[for=f-{group}-{v}]{{background:#0645ad;color:#fff}}")
    return "\n".join(rules)


def coverage_table_html(rows: list[CoverageRow], anchor, doubtful: str = "") -> str:
    """The table with its filters; ``anchor(comment_id)`` gives a row's id (the report links to it); ``doubtful``:
    the note on the low-confidence comments (``CoverageView.doubtful_note``), each row marked too."""
    esc = html.escape
    reviewers = list(dict.fromkeys(r.reviewer for r in rows))
    statuses = [s.value for s in STATUSES if any(r.status is s for r in rows)]
    kinds = sorted({r.kind for r in rows})
    groups = {"reviewer": [_key(x) for x in reviewers], "status": [_key(x) for x in statuses],
              "type": [_key(x) for x in kinds]}
    names = {"reviewer": reviewers, "status": [status_text(Status(x)) for x in statuses], "type": kinds}
    parts = [f"<style>{CSS}{_filter_css(groups)}</style>"]
    for group, keys in groups.items():  # the radios come first: CSS reaches the filters and table as later siblings
        parts.append(f'<input type="radio" name="{group}" id="f-{group}-all" checked hidden>')
        parts += [f'<input type="radio" name="{group}" id="f-{group}-{k}" hidden>' for k in keys]
    parts.append('<div class="filters">')
    for group, keys in groups.items():
        labels = [f'<label for="f-{group}-all">all</label>']
        labels += [f'<label for="f-{group}-{k}">{esc(n or "—")}</label>' for k, n in zip(keys, names[group])]
        parts.append(f'<span class="group"><b>{group.capitalize()}:</b> {" ".join(labels)}</span>')
    parts.append("</div>")
    if doubtful:
        parts.append(f'<p class="conf">{esc(doubtful[0].upper() + doubtful[1:])}; each is shown and counted, marked '
                     f'<span class="low">{esc(LOW_MARK)}</span>.</p>')
    parts.append('<table class="cov"><tr><th class="cid">comment</th><th>text</th><th class="cstatus">status</th>'
                 '<th class="cedits">edits</th></tr>')
    for r in rows:
        status = r.status.value
        cls = f"row reviewer-{_key(r.reviewer)} status-{_key(status)} type-{_key(r.kind)}" + (
            " low-confidence" if r.low_confidence else "")
        edits = "".join(
            f'<li><a href="#{esc(e.edit_id)}">{esc(e.snippet)}</a>'
            + (f' <span class="conf" title="{esc(e.section_path)}">({esc(e.where)})</span>' if e.where else "")
            + (f' <span class="unconfirmed">{esc(e.mark)}</span>' if e.mark else "") + "</li>"
            for e in r.edits)
        response = f'<div class="response">Response: {esc(r.response)}</div>' if r.response else ""
        parts.append(
            f'<tr class="{cls}" id="{anchor(r.comment_id)}"><td class="cid">{esc(r.comment_id)}<br>'
            f'<span class="conf">{esc(r.kind)}</span></td><td>{esc(r.comment.full_text)}{response}'
            f'<div class="{"low" if r.low_confidence else "conf"}">{esc(r.low_mark() or r.request_words())}</div></td>'
            f'<td class="cstatus"><span class="badge {_key(status)}">{esc(status_text(r.status))}</span><br>'
            f'<span class="conf">{esc(r.certainty())}</span>'
            + (f'<br><span class="conf">{esc(MARK_TEXT)}</span>' if r.throughout else "")
            + (f'<br><span class="conf">{esc(r.earlier)}</span>' if r.earlier else "") + '</td>'  # its last round's
            f'<td class="cedits">{"<ul class=edits>" + edits + "</ul>" if edits else "no edit"}</td></tr>')
    parts.append("</table>")
    return "\n".join(parts)
