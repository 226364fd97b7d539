"""Comparing two Documents: which paragraphs to compare, alignment, edits, moves.

Body paragraphs, captions and footnotes are compared, each kind as its own
stream (so a caption floating to another page does not break two halves of a
body paragraph apart, and does not count as moved). Headings are not edits:
they give each paragraph its section. The title, when its words changed, is one
more edit (section "Title"), after all the others. References are left out unless asked
for. Paragraphs left unmatched in their stream get one more chance against the
leftovers of the other kinds (a loader may call a paragraph a caption in one
version and body text in the other).
"""

from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from engine.document.model import Document, Paragraph, ParagraphKind
from engine.errors import InputError
from engine.jobs import CancelToken, Job, Progress
from engine.revision.diff import changed_token_count, edit_type, restyled_words, whole_span, word_diff
from engine.revision.match import MOVE_OVERLAP, align, increasing_pairs
from engine.revision.model import Edit, EditType, Flag, RevisionDiff, SectionMove, edit_id
from engine.revision.normalize import comparable_tokens, display_tokens

DIFF_KINDS = (ParagraphKind.BODY, ParagraphKind.CAPTION, ParagraphKind.FOOTNOTE)
#: Two documents are versions of one paper only if at least this share of the
#: paragraphs of the shorter one have a counterpart with overlap >= 0.5 ...
MIN_RELATED_SHARE = 0.2
#: ... a check made only when both have at least this many paragraphs.
MIN_PARAGRAPHS_TO_JUDGE = 5
#: The title's edit: its section and the id it stands under on both sides (no paragraph has it: paragraphs are p0001...).
TITLE_SECTION = "Title"
TITLE_ID = "title"


def is_title_edit(edit: Edit) -> bool:
    """True for the title's edit (``title_edit``): the letter, the marked-up PDF and the app name it "the title"."""
    return edit.source_ids == (TITLE_ID,) and edit.target_ids == (TITLE_ID,)


#: A section whose matched paragraphs moved in this share (and at least two) moved as a whole.
SECTION_MOVE_SHARE = 0.6


@dataclass
class _Group:
    src: tuple[int, ...]  # indices into the compared old paragraphs
    tgt: tuple[int, ...]  # indices into the compared new paragraphs
    similarity: float = 0.0
    moved: bool = False


def compared_paragraphs(doc: Document, include_references: bool = False) -> list[Paragraph]:
    """The paragraphs of ``doc`` a diff compares: body, captions, footnotes (and references)."""
    kinds = DIFF_KINDS + ((ParagraphKind.REFERENCE,) if include_references else ())
    return [p for p in doc.paragraphs if p.kind in kinds]


def iter_diff(
    old: Document,
    new: Document,
    *,
    include_references: bool = False,
    check_related: bool = True,
    cancel: CancelToken | None = None,
) -> Job[RevisionDiff]:
    """Compare ``old`` with ``new``, yielding progress; returns the ``RevisionDiff``."""
    src, tok_s = _with_words(old, include_references, "the old version")
    tgt, tok_t = _with_words(new, include_references, "the new version")
    total = len(src) + len(tgt)
    yield Progress(0, total, "aligning paragraphs")

    groups, left_s, left_t = _align_streams(src, tgt, tok_s, tok_t, cancel)
    if left_s and left_t:  # leftovers of all kinds, once more, strong matches only
        al = align([tok_s[i] for i in left_s], [tok_t[j] for j in left_t], cancel)
        for mt in al.matches:
            if mt.similarity >= MOVE_OVERLAP:
                groups.append(_Group(tuple(left_s[i] for i in mt.src), tuple(left_t[j] for j in mt.tgt), mt.similarity))
    matched_s = {i for g in groups for i in g.src}
    matched_t = {j for g in groups for j in g.tgt}
    if check_related:
        _check_related(groups, len(src), len(tgt))
    groups += [_Group((i,), ()) for i in range(len(src)) if i not in matched_s]
    groups += [_Group((), (j,)) for j in range(len(tgt)) if j not in matched_t]
    groups = _in_new_order(groups)
    yield Progress(total // 4, total, "comparing words")

    edits: list[Edit] = []
    written = "pdf" not in (old.source_format, new.source_format)  # a hyphen in a PDF's text may be a line break's
    for k, g in enumerate(groups):
        edits.append(_edit(k, g, src, tgt, tok_s, tok_t, written))
        if k % 100 == 99:
            if cancel:
                cancel.check()
            yield Progress(total // 4 + (3 * total // 4) * k // len(groups), total, "comparing words")
    edits, moves = _section_moves(edits)
    edits = _flag_noise(edits)
    if (title := title_edit(old, new, len(edits))) is not None:
        edits.append(title)  # after every other edit, so that no other edit's id shifts
    yield Progress(total, total, "done")
    return RevisionDiff(old=old, new=new, edits=edits, section_moves=moves)


def _with_words(doc: Document, include_references: bool, name: str) -> tuple[list[Paragraph], list[list[str]]]:
    """Compared paragraphs that hold at least one word, with their comparable tokens."""
    paras, tokens = [], []
    for p in compared_paragraphs(doc, include_references):
        words = comparable_tokens(p.text)
        if words:
            paras.append(p)
            tokens.append(words)
    if not paras:
        raise InputError(f"{doc.source_path or name} has no text paragraphs to compare (a scanned PDF?)")
    return paras, tokens


def _align_streams(
    src: Sequence[Paragraph],
    tgt: Sequence[Paragraph],
    tok_s: Sequence[list[str]],
    tok_t: Sequence[list[str]],
    cancel: CancelToken | None,
) -> tuple[list[_Group], list[int], list[int]]:
    groups: list[_Group] = []
    left_s: list[int] = []
    left_t: list[int] = []
    for kind in dict.fromkeys(p.kind for p in [*src, *tgt]):
        s = [i for i, p in enumerate(src) if p.kind is kind]
        t = [j for j, p in enumerate(tgt) if p.kind is kind]
        al = align([tok_s[i] for i in s], [tok_t[j] for j in t], cancel)
        weights = [float(sum(len(tok_s[s[i]]) for i in mt.src)) for mt in al.matches]
        in_order = increasing_pairs([(mt.src[0], mt.tgt[0]) for mt in al.matches], weights)
        for mt, ok in zip(al.matches, in_order):
            groups.append(_Group(tuple(s[i] for i in mt.src), tuple(t[j] for j in mt.tgt), mt.similarity, not ok))
        left_s += [s[i] for i in al.deleted]
        left_t += [t[j] for j in al.added]
    return groups, left_s, left_t


def _check_related(groups: Sequence[_Group], n_src: int, n_tgt: int) -> None:
    if min(n_src, n_tgt) < MIN_PARAGRAPHS_TO_JUDGE:
        return
    strong = sum(min(len(g.src), len(g.tgt)) for g in groups if g.similarity >= MOVE_OVERLAP)
    share = strong / min(n_src, n_tgt)
    if share < MIN_RELATED_SHARE:
        raise InputError(
            "the two documents are too different to be versions of one paper: "
            f"only {share:.0%} of paragraphs have a counterpart (at least {MIN_RELATED_SHARE:.0%} needed)"
        )


def _in_new_order(groups: list[_Group]) -> list[_Group]:
    """Edits in the new version's order; a deleted paragraph follows the edit of the
    nearest earlier old paragraph that kept its place."""
    place: dict[int, int] = {}
    for g in groups:
        if g.src and g.tgt and not g.moved:
            for i in g.src:
                place[i] = min(g.tgt)

    kept = sorted(place)

    def key(g: _Group) -> tuple[int, int, int]:
        if g.tgt:
            return (min(g.tgt), 0, 0)
        k = bisect.bisect_left(kept, g.src[0])
        return (place[kept[k - 1]] if k else -1, 1, g.src[0])

    return sorted(groups, key=key)


def _edit(
    index: int,
    g: _Group,
    src: Sequence[Paragraph],
    tgt: Sequence[Paragraph],
    tok_s: Sequence[list[str]],
    tok_t: Sequence[list[str]],
    hyphens: bool = False,
) -> Edit:
    old_paras = [src[i] for i in g.src]
    new_paras = [tgt[j] for j in g.tgt]
    old_text = "\n\n".join(p.text for p in old_paras)
    new_text = "\n\n".join(p.text for p in new_paras)
    section = " > ".join((new_paras or old_paras)[0].section)
    common = dict(
        id=edit_id(index),
        source_ids=tuple(p.id for p in old_paras),
        target_ids=tuple(p.id for p in new_paras),
        source_text=old_text,
        target_text=new_text,
        section=section,
    )
    if not new_paras:
        return Edit(type=EditType.DELETED, diff=whole_span("delete", old_text), **common)
    if not old_paras:
        return Edit(type=EditType.ADDED, diff=whole_span("insert", new_text), **common)
    changed = changed_token_count(
        [w for i in g.src for w in tok_s[i]], [w for j in g.tgt for w in tok_t[j]]
    )
    kind = edit_type(changed)
    flags: list[str] = []
    if len(g.src) == 1 and len(g.tgt) > 1:
        flags.append(Flag.SPLIT)
    if len(g.src) > 1 and len(g.tgt) == 1:
        flags.append(Flag.MERGED)
    if old_text == new_text or display_tokens(old_text) == display_tokens(new_text):
        diff = whole_span("equal", new_text)
    else:
        diff = word_diff(old_text, new_text)
        if kind is EditType.UNCHANGED and (restyled := restyled_words(diff, hyphens)):
            kind, changed = EditType.MINOR, restyled  # only case, citation style or hyphens changed: a surface edit
    if g.moved:
        if kind is not EditType.UNCHANGED:  # a moved paragraph whose case alone changed was also changed
            flags.append(Flag.ALSO_CHANGED)
        kind = EditType.MOVED
    return Edit(type=kind, diff=diff, flags=tuple(flags), similarity=g.similarity, changed_tokens=changed, **common)


def _section_moves(edits: list[Edit]) -> tuple[list[Edit], list[SectionMove]]:
    """Sections most of whose matched paragraphs moved: report them, flag their edits."""
    matched: dict[str, list[Edit]] = {}
    for e in edits:
        if e.source_ids and e.target_ids:
            matched.setdefault(e.section, []).append(e)
    moves = []
    flagged: set[str] = set()
    for section, items in matched.items():
        moved = [e for e in items if e.type is EditType.MOVED]
        if len(moved) >= 2 and len(moved) >= SECTION_MOVE_SHARE * len(items):
            moves.append(SectionMove(section, tuple(e.id for e in moved)))
            flagged.update(e.id for e in moved)
    if flagged:
        edits = [
            dataclasses.replace(e, flags=e.flags + (Flag.SECTION_MOVED,)) if e.id in flagged else e
            for e in edits
        ]
    return edits, moves


def title_edit(old: Document, new: Document, index: int) -> Edit | None:
    """The title as an edit, when both versions have one and its words changed (a reviewer may ask for a new title):
    section "Title", paragraph id ``TITLE_ID`` on both sides (no paragraph of the documents); None otherwise. Major
    when any word changed, minor when only case or citation style did (the one place a title edit is typed)."""
    old_title, new_title = " ".join(old.title.split()), " ".join(new.title.split())
    tok_s, tok_t = comparable_tokens(old_title), comparable_tokens(new_title)
    if not tok_s or not tok_t or display_tokens(old_title) == display_tokens(new_title):
        return None
    changed = changed_token_count(tok_s, tok_t)
    diff = word_diff(old_title, new_title)
    # Typed by what changed, not by how many words: a new word in the title changes what the paper says it is (an
    # area chair reads "Fast Widget Sorting" for "Widget Sorting" as the scope narrowed), so any
    # changed word makes it major; a change of case or citation style alone stays minor.
    kind = EditType.MAJOR if changed else EditType.UNCHANGED
    if kind is EditType.UNCHANGED:
        if not (restyled := restyled_words(diff, "pdf" not in (old.source_format, new.source_format))):
            return None  # the titles differ in nothing a reader would call a change
        kind, changed = EditType.MINOR, restyled
    return Edit(id=edit_id(index), type=kind, source_ids=(TITLE_ID,), target_ids=(TITLE_ID,), source_text=old_title,
                target_text=new_title, section=TITLE_SECTION, diff=diff, changed_tokens=changed)


def _flag_noise(edits: list[Edit]) -> list[Edit]:
    """Flag extraction debris (``engine.revision.intent``): no edit at all, kept only for the record."""
    from engine.revision.intent import NOISE, classify_edit, noise_pairs

    paired = noise_pairs(edits)
    out = []
    for e in edits:
        if e.changed and (e.id in paired or classify_edit(e).kind == NOISE):
            e = dataclasses.replace(e, flags=e.flags + (Flag.NOISE,))
        out.append(e)
    return out
