"""What the window's short labels mean, in plain words: the tooltips of the badges and
headers, and the "Labels" part of Help → Getting started, from the same tables.

"R1.1 Reviewer 1 · asks for an experiment · addressed" above the diff (its action class and
directness on the tooltip), "major · Experiments · p. 4" over an edit (its ids "e0008", "p0010" on
the tooltip), "pending" on a suggestion: each piece is looked up here, so a label and its
explanation never drift apart.
"""

from __future__ import annotations

import re

from engine.align.status import STATUS_BADGES, STATUSES
from engine.reviews.model import ReviewComment
from engine.revision import Edit, EditType
from engine.revision.compare import is_title_edit
from engine.revision.model import Flag
from widgets.comment_list import ACTION_TIPS, DIRECTNESS_TIPS, TYPE_TIPS, status_tip
from widgets.link_bar import STATES as LINK_STATES

#: What each kind of edit is (the word after an edit's id).
EDIT_TYPE_TIPS = {
    EditType.MINOR.value: "minor: a few words changed (wording, a typo, a number)",
    EditType.MAJOR.value: "major: the paragraph was rewritten in substance",
    EditType.ADDED.value: "added: a new paragraph in the revised version",
    EditType.DELETED.value: "deleted: the paragraph is gone from the revised version",
    EditType.MOVED.value: "moved: the paragraph is elsewhere in the revised version",
    EditType.UNCHANGED.value: "unchanged: the same text in both versions",
}
#: What a title edit is (``engine.revision.compare.title_edit``): the title is no paragraph, and its edit is major
#: when a word changed, minor when only case or citation style did (title20).
TITLE_TYPE_TIPS = {
    EditType.MAJOR.value: "major: the title's words changed (what the paper says it is)",
    EditType.MINOR.value: "minor: only the title's case or citation style changed",
}
#: Extra facts after the kind ("moved, also changed").
EDIT_FLAG_TIPS = {
    Flag.ALSO_CHANGED.replace("_", " "): "also changed: moved and edited",
    Flag.SPLIT: "split: one draft paragraph became several",
    Flag.MERGED: "merged: several draft paragraphs became one",
    Flag.SECTION_MOVED.replace("_", " "): "section moved: its whole section moved",
    Flag.NOISE: "noise: extraction debris (a figure label, a stray glyph), not a real edit",
}
#: The status chip of a suggestion.
SUGGESTION_TIPS = {
    "pending": "pending: written by the model, not reviewed by you yet (Enter accepts, Delete rejects)",
    "accepted": "accepted: you kept this suggestion; it goes into the response letter",
    "edited": "edited: you kept this suggestion with your own changes",
    "rejected": "rejected: you turned this suggestion down; it stays out of the letter",
    "failed checks": "failed checks: the text failed one of Redraft's checks (its flags below say which); "
                     "edit it or ask again",
    "writing…": "writing…: the model is writing this suggestion now (Esc stops it)",
    "editing": "editing: you are changing the text (Ctrl+Enter saves, Esc cancels)",
}
COMMENT_ID_TIP = "R1.1: the first comment of the first reviewer (R2.3: the third of the second)"
EDIT_ID_TIP = "e0008: an edit of the revision, numbered in the order of the paper"
PARAGRAPH_ID_TIP = "p0010: a paragraph of the version shown, numbered from the start of the paper"
#: Labels explained on the Getting started page that live in other views.
OTHER_TERMS = {
    "Best score 0.80": "how strongly the aligner ties the comment to its best-matching edit, from 0 to 1 "
                       "(higher: a closer match)",
    "86% sure it is a request": "how sure Redraft is that the sentence asks for a change (below 50% the "
                                "comment's badge is muted and marked ?)",
    "Fit width": "PDF pages as wide as their pane (Ctrl+0); Ctrl++ and Ctrl+- zoom",
    "[math]": "symbols a PDF draws without saying which characters they are (big brackets, symbol "
              "fonts); the PDF tab shows them as printed",
}
_ID = re.compile(r"^[Rr]\d+\.\d+$|^e\d{3,}$|^p\d{3,}$")


def edit_header_tip(edit: Edit, side: str = "new") -> str:
    """The tooltip of an edit's grey header line in the diff, one line a piece."""
    ids = edit.source_ids if side == "old" else edit.target_ids
    lines = [f"{edit.id}: an edit of the revision, numbered in the order of the paper"]
    if edit.source_ids == (edit.id,) and not edit.target_ids:
        lines = [f"{edit.id}: a paragraph of the draft (where the comment applies)"]
    elif is_title_edit(edit):  # not "the paragraph was rewritten", nor "title: the paragraph of ..."
        lines.append(TITLE_TYPE_TIPS.get(edit.type.value, f"{edit.type.value}: the title changed"))
        lines.append(f"the paper's title in the {'draft' if side == 'old' else 'revised version'}")
        return "\n".join(lines)
    else:
        lines.append(EDIT_TYPE_TIPS.get(edit.type.value, edit.type.value))
        lines += [EDIT_FLAG_TIPS.get(f.replace("_", " "), f.replace("_", " ")) for f in edit.flags]
    if edit.section:
        lines.append(f"{edit.section}: the section it is in")
    if ids:
        version = "draft" if side == "old" else "revised version"
        lines.append(f"{', '.join(ids)}: the paragraph{'s' if len(ids) > 1 else ''} of the {version}")
    return "\n".join(lines)


def comment_header_tip(comment: ReviewComment, status: str = "") -> str:
    """The tooltip of the selected comment's header: each fact of its grey line in words."""
    lines = [f"{comment.id}: comment {comment.id.split('.')[-1]} of {comment.reviewer or 'the reviewer'}"]
    if comment.action:
        lines.append(ACTION_TIPS.get(comment.action, comment.action))
    if comment.directness:
        lines.append(f"{comment.directness}: {DIRECTNESS_TIPS.get(comment.directness, '').lower()}")
    if comment.fine_type:
        lines.append(f"{comment.fine_type}: {TYPE_TIPS.get(comment.fine_type, '').lower()}")
    if status:
        lines.append(f"{status}: {status_tip(status).lower()}")
    return "\n".join(line.rstrip(": ") for line in lines)


def diff_position_tip(edit_id: str | None, note: str = "") -> str:
    """The tooltip of the line above the diff ("Change 1 of 2 · e0008", or a note saying why these)."""
    if note and "where it applies" in note.lower():
        return ("No edit is linked to this comment: the diff shows the draft paragraphs it applies to "
                "(and, beside them, the same text in the revised version)")
    return ("Which of the comment's edits the diff is on; N and P (or the buttons) move between them"
            + (f"\n{edit_id}: an edit of the revision" if edit_id else ""))


def is_abbreviated(text: str) -> bool:
    """A label a new user cannot read without help: ids ("R1.1", "e0008"), facts joined by " · ",
    a bare score."""
    plain = re.sub(r"<[^>]+>", " ", text)
    facts = [part.strip() for line in plain.splitlines() for part in line.split(" · ")] if " · " in plain else []
    return (any(len(fact.split()) == 1 for fact in facts) or any(_ID.match(w.strip(",.:()")) for w in plain.split())
            or bool(re.search(r"\b\d\.\d\d\b", plain)))


def glossary() -> list[tuple[str, str]]:
    """Every label explained, as (label, meaning) rows for the Getting started page."""
    rows = [tuple(tip.split(": ", 1)) for tip in (COMMENT_ID_TIP, EDIT_ID_TIP, PARAGRAPH_ID_TIP)]
    rows += [(key, tip.split(": ", 1)[1]) for key, tip in EDIT_TYPE_TIPS.items()]
    rows += [(key, tip.split(": ", 1)[1]) for key, tip in EDIT_FLAG_TIPS.items()]
    rows += [(key, tip.split(": ", 1)[1] if tip.startswith(key) else tip) for key, tip in ACTION_TIPS.items()]
    rows += list(DIRECTNESS_TIPS.items()) + list(TYPE_TIPS.items())
    rows += [(s.value, status_tip(s)) for s in STATUSES]
    rows += [(STATUS_BADGES[s], status_tip(s)) for s in STATUSES if STATUS_BADGES[s] != s.value]  # short badges
    rows += [(text, tip) for text, _key, tip in LINK_STATES.values()]
    rows += [(key, tip.split(": ", 1)[1]) for key, tip in SUGGESTION_TIPS.items()]
    rows += list(OTHER_TERMS.items())
    return rows
