"""From cleaned page lines to a ``Document``: blocks, kinds, continued
paragraphs, the outline, front matter, abstract and references."""

from __future__ import annotations

import re
from collections import Counter

from engine.document.model import Document, Paragraph, ParagraphKind, Region, Section, paragraph_id
from engine.document.pdf.back_matter import appendix_headings, float_rows_in_references, mark_biographies
from engine.document.pdf.body_size import body_font_size
from engine.document.pdf.centred_headings import centred_headings
from engine.document.pdf.blocks import IEEE_TABLE_LABEL, Block, line_pitch, split_segment
from engine.document.pdf.classify import KNOWN_HEADINGS, REFERENCE_HEADINGS, classify, heading_key, tick_lines
from engine.document.pdf.clean import drop_line_numbers, drop_running_text, mark_headers_above_text
from engine.document.pdf.continuations import merge_continuations
from engine.document.pdf.layout import Segment, cut_page, find_gutter, rank_gutters
from engine.document.pdf.lines import Line, PageText, letter_spaced
from engine.document.pdf.meta import find_authors, find_title, front_page, metadata_title
from engine.document.pdf.legends import attach_panel_legends
from engine.document.pdf.tables import join_table_cells
from engine.document.pdf.text import build_vocabulary, join_lines
from engine.document.section_names import KEYWORD_LABELS

_ABSTRACT_LEAD = re.compile(r"^abstract\s*[—–:.\-]?\s*", re.I)
_BARE_NUMBERS = re.compile(r"^[\d\s]{1,16}$")
_KEYWORDS = re.compile(rf"^(keywords|index terms|ccs concepts|additional key words|{KEYWORD_LABELS})\b", re.I)
#: Front-matter labels of ACM, IEEE, Springer and REVTeX templates (and "Keywords" in other languages).
_FRONT_LABEL = re.compile(r"^(keywords|key\s?words|index terms|ccs concepts|acm reference format|additional key words"
                          rf"( and phrases)?|general terms|categories and subject descriptors|acm ccs|pacs numbers|"
                          rf"{KEYWORD_LABELS})\b", re.I)
_REF_BRACKET = re.compile(r"^\[[\w+.-]{1,12}\]")
_REF_NUMBER = re.compile(r"^\d{1,3}\.\s")
_REF_OPENING = re.compile(r"^\[(\d{1,3})\]\s")
#: A footnote's number before its first word, with or without a space ("4For LED training", "3 We compare"): dropped
#: from the footnote's text (and from gold snippets written before, ``engine.align.gold``).
NOTE_NUMBER = re.compile(r"^\s*\d{1,2}\s*(?=[A-Z][a-z])")


def build_document(pages: list[PageText], meta: dict[str, str]) -> Document:
    drop_line_numbers(pages)
    drop_running_text(pages)
    body = body_font_size(pages)
    mark_headers_above_text(pages, body)
    heights = {p.number: p.height for p in pages}
    front = front_page([(p.number, p.height, p.lines) for p in pages])
    segments: list[Segment] = []
    own = [find_gutter(page.lines, page.width) for page in pages]
    gutters = rank_gutters(own)
    for page, gutter in zip(pages, own):
        segments.extend(cut_page(page, gutter, gutters))
        page.lines = []  # the segments own the lines now
    pitch = line_pitch(segments, body)
    blocks = [b for seg in segments for b in split_segment(seg, body, pitch)]
    ticks = tick_lines(blocks)  # a plot's tick labels, bare numbers among them: its axis label is no heading
    blocks = [b for b in blocks if not _BARE_NUMBERS.match(b.text)]
    classify(blocks, body, heights, ticks)
    blocks = appendix_headings(centred_headings(blocks, body), body)
    blocks = attach_panel_legends(_attach_caption_tails(blocks, pitch, body), pitch, body)
    _mark_front_labels(blocks)
    first_page = [ln for seg in segments if seg.page == front for ln in seg.lines]
    title, title_lines = find_title(first_page, body, heights.get(front, 792.0))
    abstract_blocks = _front_matter(blocks, title_lines, front)
    below_title = max((ln.y1 for ln in title_lines), default=0.0)
    stop_y = min([b.first.y0 for b in abstract_blocks if b.first.page == front]  # the abstract, or the first
                 + [b.first.y0 for b in blocks if b.first.page == front and b.kind is ParagraphKind.HEADING
                    and b.first.y0 > below_title],  # heading ("I. Introduction" is no author)
                 default=heights.get(front, 792.0) / 2)
    authors = find_authors(first_page, title_lines, stop_y)
    mark_biographies(blocks, authors)
    _mark_unheaded_references(blocks)
    blocks = merge_continuations(blocks, body)
    blocks = join_table_cells(_split_references(float_rows_in_references(blocks)))
    vocab = build_vocabulary(ln.text for b in blocks for ln in _all_lines(b))
    doc = Document(title=title or metadata_title(meta), authors=authors, source_format="pdf")
    doc.paragraphs, doc.sections = _paragraphs(blocks, vocab, {id(b) for b in abstract_blocks})
    doc.abstract = _abstract_text(abstract_blocks, vocab)
    return doc


def _attach_caption_tails(blocks: list[Block], pitch: float, body: float) -> list[Block]:
    """Give a caption back the lines layout cut off from it.

    A full-width caption's short last line does not cross the gutter, so it
    lands in the left column and would pass for a paragraph (or another
    paragraph's continuation). A block on the same page starting one line
    pitch below the caption's last line, at its left edge, continues it: a short
    one, or any after a caption that is all bold (a title line, as PLOS sets
    "Fig 2. Title." above its legend in the body font)."""
    out: list[Block] = []
    taken: set[int] = set()
    for i, b in enumerate(blocks):
        if id(b) in taken:
            continue
        out.append(b)
        if b.kind is not ParagraphKind.CAPTION:
            continue
        last = _all_lines(b)[-1]
        if _ieee_table_caption(b, blocks[i + 1:i + 4], pitch, body, taken):
            continue
        for nxt in blocks[i + 1:i + 8]:
            first = nxt.first
            if first.page != last.page or nxt.kind in (ParagraphKind.HEADING, ParagraphKind.CAPTION):
                continue
            drop = first.baseline - last.baseline
            if (
                0.3 * last.size < drop <= 1.4 * pitch * max(last.size, body) / body
                and abs(first.x0 - last.x0) <= 2.0 and abs(first.size - last.size) < 0.6
                and (len(nxt.lines) <= 3 or b.bold)
            ):
                b.parts.append((nxt.segment, nxt.lines + [ln for _, lines in nxt.parts for ln in lines]))
                taken.add(id(nxt))
                break
    return out


def _ieee_table_caption(label: Block, after: list[Block], pitch: float, body: float, taken: set[int]) -> bool:
    """IEEEtran's table label alone on its line ("TABLE V", centred) takes the caption set under it in small
    capitals ("TIME TAKEN TO TRAIN ..."): the next block of the page, one line pitch below, centred under the
    label, in capitals (in any case under a Computer Society "TABLE 3"), its text layer's size at most 2 points
    smaller (the small capitals). Read apart, that caption was body text, and a paragraph left open before the table
    took it as its continuation (the paragraph's last words, then the caption's first)."""
    if len(label.lines) != 1 or not (m := IEEE_TABLE_LABEL.match(label.first.text.strip())):
        return False
    centre = (label.first.x0 + label.first.x1) / 2
    for nxt in after:
        if nxt.first.page != label.first.page or nxt.kind is ParagraphKind.CAPTION:
            return False
        drop = nxt.first.baseline - label.first.baseline
        if drop <= 0:
            continue
        letters = [c for c in nxt.text if c.isalpha()]
        if (drop <= 1.6 * pitch * max(label.first.size, body) / body and -2.0 < nxt.first.size - label.first.size < 0.6
                and abs((nxt.first.x0 + nxt.first.x1) / 2 - centre) <= 0.1 * max(nxt.first.x1 - nxt.first.x0, 1.0)
                and letters and (m.group("arabic") or sum(c.isupper() for c in letters) >= 0.9 * len(letters))):
            label.parts.append((nxt.segment, nxt.lines + [ln for _, lines in nxt.parts for ln in lines]))
            taken.add(id(nxt))
            return True
        return False
    return False


def _mark_front_labels(blocks: list[Block]) -> None:
    """"Keywords ...", "CCS Concepts ...", "ACM Reference Format: ..." on the
    first pages are front matter, not body text."""
    for i, b in enumerate(blocks):
        if b.first.page > 2 or not _FRONT_LABEL.match(b.text):
            continue
        label_only = b.kind is ParagraphKind.HEADING or (
            len(b.lines) == 1 and b.text.rstrip().endswith(":") and len(b.text.split()) <= 4
        )
        b.kind = ParagraphKind.OTHER
        if label_only and i + 1 < len(blocks) and blocks[i + 1].kind is ParagraphKind.BODY:
            blocks[i + 1].kind = ParagraphKind.OTHER


def _front_matter(blocks: list[Block], title_lines: list[Line], front: int = 1) -> list[Block]:
    """Mark the material of the front page (``front``: page 1, or the title page after a journal's highlights
    page, ``meta.front_page``) and of the pages before it, up to the first section, as OTHER; return the abstract
    blocks."""
    for b in blocks:
        if b.first.page == front and any(ln in title_lines for ln in b.lines):  # title lines are on that page
            b.kind = ParagraphKind.OTHER
        elif b.first.page <= front and letter_spaced(b.text):  # "A B S T R A C T", "A R T I C L E  I N F O"
            # the abstract's label is the heading "Abstract" (not "B S T R A C T", an appendix "A"), the other front
            # matter
            if letter_spaced(b.text) == "abstract":
                b.kind, b.heading_title, b.heading_number, b.level = ParagraphKind.HEADING, "Abstract", None, 1
            else:
                b.kind = ParagraphKind.OTHER
    first = next(
        (i for i, b in enumerate(blocks) if b.kind is ParagraphKind.HEADING
         and (b.heading_number is not None or heading_key(b.heading_title) in KNOWN_HEADINGS)),
        None,
    )
    # no section title (a PRL-style letter): the front page up to an abstract that opens so, spans or is set small
    head, heading = (blocks, None) if first is None else (blocks[:first], blocks[first])
    abstract: list[Block] = []
    if heading is not None and heading_key(heading.heading_title) == "abstract":
        for b in blocks[first + 1:]:
            if b.kind is ParagraphKind.HEADING:
                break
            if b.kind is ParagraphKind.BODY and not _KEYWORDS.match(b.text):
                abstract.append(b)
    else:
        lead = next((b for b in head if b.kind is ParagraphKind.BODY and _ABSTRACT_LEAD.match(b.text)
                     and len(b.text.split()) >= 15), None)
        if lead is None:
            found = [b for b in head if b.first.page == front and len(b.text.split()) >= 40
                     and b.ends_sentence() and b.kind in (ParagraphKind.BODY, ParagraphKind.OTHER)]
            if found and found[0].segment.col < 0:
                # set across both columns: the first such in the largest type (not the affiliations set smaller
                # under the authors, AIP's; not the text in the columns below, in larger type than REVTeX's abstract)
                found = [b for b in found if b.segment.col < 0]
                found = [b for b in found if round(b.size) == max(round(x.size) for x in found)]
            text = max((x.size for x in head if x.kind is ParagraphKind.BODY), default=0.0)  # (no title: above)
            lead = found[0] if found and (heading or found[0].segment.col < 0 or found[0].size < text - 0.5) else None
        if lead is not None:
            lead.kind = ParagraphKind.BODY
            abstract.append(lead)
            if heading is None or heading.first.page > front:
                # no section title on page 1 (a letter's run-in paragraph titles, as REVTeX's PRL sets them):
                # the text after the abstract is the paper's opening, not front matter
                head = head[:head.index(lead)]
            elif lead.segment.col < 0:
                head = _opening_text(head, lead, abstract, front)
    for b in head if heading is not None or abstract else []:  # (no title and no abstract: nothing to mark)
        if b.first.page <= front and b not in abstract:
            b.kind = ParagraphKind.OTHER
    _mark_beside_front(head, [b for b in blocks[len(blocks) if first is None else first:] if b is not heading
                              and b not in abstract], front)
    return abstract


def _mark_beside_front(head: list[Block], rest: list[Block], front: int = 1) -> None:
    """A block of the front page's right column whose every line sits on the baseline of a left-column front-matter line
    is front matter too: the second author of a row (ACM's author grid), read after the left column's text."""
    rows = [ln.baseline for b in head if b.kind is ParagraphKind.OTHER and b.first.page == front
            and b.segment.col == 0 for ln in b.lines]
    if not rows:
        return
    for b in rest:
        if b.first.page != front:
            break
        if b.segment.col == 1 and all(any(abs(ln.baseline - y) <= 1.0 for y in rows) for ln in b.lines):
            b.kind = ParagraphKind.OTHER


def _opening_text(head: list[Block], lead: Block, abstract: list[Block], front: int = 1) -> list[Block]:
    """Of what comes before the first heading, what stays front matter, when the abstract (``lead``) is set
    across both columns above them (REVTeX, AIP): its further paragraphs in that band join ``abstract``, and
    body text in the columns below it (a lead paragraph, an opening set before the first section) is the
    paper's text, not front matter."""
    at = head.index(lead)
    rest, in_abstract = head[:at], True
    for b in head[at + 1:]:
        prose = b.kind is ParagraphKind.BODY and b.first.page == front and not _FRONT_LABEL.match(b.text)
        if prose and b.segment.col < 0 and b.segment is lead.segment and in_abstract and len(b.text.split()) >= 15:
            abstract.append(b)
            continue
        in_abstract = False
        if not (prose and b.segment.col >= 0):
            rest.append(b)
    return rest


def _abstract_text(blocks: list[Block], vocab: Counter[str]) -> str:
    parts = [join_lines([ln.text for ln in _all_lines(b)], vocab) for b in blocks]
    text = "\n\n".join(p for p in parts if p)
    return _ABSTRACT_LEAD.sub("", text, count=1) if _ABSTRACT_LEAD.match(text) and len(text) > 40 else text


def _all_lines(b: Block) -> list[Line]:
    return b.lines + [ln for _, lines in b.parts for ln in lines]


def _mark_unheaded_references(blocks: list[Block]) -> None:
    """A bibliography set with no heading over it (REVTeX's, after the text or an ACKNOWLEDGMENTS heading) is
    references, not body: a run of blocks each opening with a bracketed number ("[12] A. Author, ..."), three
    or more entries in all, their numbers rising."""
    run: list[Block] = []
    entries = last = 0
    under: int | None = None  # the level of a References heading the blocks are under: those are split later
    for b in blocks + [None]:
        if b is not None and b.kind is ParagraphKind.HEADING:
            if under is not None and b.level <= under:
                under = None
            if heading_key(b.heading_title) in REFERENCE_HEADINGS:
                under = b.level
        numbers = _entry_numbers(b) if b is not None and b.kind is not ParagraphKind.HEADING and under is None else []
        if numbers and numbers[0] > last:
            run.append(b)
            entries, last = entries + len(numbers), numbers[-1]
            continue
        if entries >= 3:
            for r in run:
                r.kind = ParagraphKind.REFERENCE
        run, entries, last = ([b], len(numbers), numbers[-1]) if numbers else ([], 0, 0)


def _entry_numbers(b: Block) -> list[int]:
    """The rising numbers of the bibliography entries a block's lines open, the first line opening one; [] if not."""
    numbers: list[int] = []
    for i, ln in enumerate(b.lines):
        m = _REF_OPENING.match(ln.text) if ln.text.startswith("[") else None
        if m is None and i == 0:
            return []
        if m is not None and (not numbers or int(m.group(1)) > numbers[-1]):
            numbers.append(int(m.group(1)))
    return numbers


def _split_references(blocks: list[Block]) -> list[Block]:
    """One block per bibliography entry, marked REFERENCE; a caption, a biography or a float set across two columns
    under the references' heading stays what it is."""
    out: list[Block] = []
    in_refs: int | None = None
    pending: list[tuple[Segment, Line, bool]] = []

    def flush() -> None:
        out.extend(_reference_entries(pending))
        pending.clear()

    for b in blocks:
        if b.kind is ParagraphKind.HEADING:
            if in_refs is not None and b.level <= in_refs:
                flush()
                in_refs = None
            if heading_key(b.heading_title) in REFERENCE_HEADINGS:
                in_refs = b.level
            out.append(b)
            continue
        if (in_refs is not None or b.kind is ParagraphKind.REFERENCE) and b.kind is not ParagraphKind.CAPTION and (
                not b.biography and (b.segment.col >= 0 or b.kind is ParagraphKind.REFERENCE)):  # (a wide float's)
            for seg, lines in [(b.segment, b.lines)] + b.parts:
                for i, ln in enumerate(lines):
                    pending.append((seg, ln, i == 0 and seg is b.segment))
            continue
        flush()
        out.append(b)
    flush()
    return out


def _reference_entries(items: list[tuple[Segment, Line, bool]]) -> list[Block]:
    if not items:
        return []
    bracket = sum(1 for _, ln, _ in items if _REF_BRACKET.match(ln.text)) >= 2
    numbered = not bracket and sum(1 for _, ln, _ in items if _REF_NUMBER.match(ln.text)) >= 3
    indents = [ln.x0 - seg.left for seg, ln, _ in items]
    hanging = sum(1 for d in indents if 0.5 * items[0][1].size <= d <= 4 * items[0][1].size) >= 0.3 * len(items)
    entries: list[Block] = []
    for (seg, ln, block_start), indent in zip(items, indents):
        if bracket:
            start = bool(_REF_BRACKET.match(ln.text))
        elif numbered:
            start = bool(_REF_NUMBER.match(ln.text))
        elif hanging:
            start = indent < 0.5 * ln.size
        else:
            start = block_start
        if entries and not start:
            last = entries[-1]
            if last.parts and last.parts[-1][0] is seg:
                last.parts[-1][1].append(ln)
            elif not last.parts and last.segment is seg:
                last.lines.append(ln)
            else:
                last.parts.append((seg, [ln]))
            continue
        entries.append(Block([ln], seg, kind=ParagraphKind.REFERENCE))
    return entries


def _region(page: int, lines: list[Line]) -> Region:
    return Region(page, (min(ln.x0 for ln in lines), min(ln.y0 for ln in lines),
                         max(ln.x1 for ln in lines), max(ln.y1 for ln in lines)))


def _heading_title(b: Block, vocab: Counter[str]) -> str:
    """The heading's title with a word broken across its lines joined as a paragraph's would be ("Bioinformatics
    Work-" / "flows": "Workflows", not "Work- flows"); the title was read from the lines joined by spaces."""
    title = b.heading_title
    for line, after in zip(b.lines, b.lines[1:]):
        left, right = line.text.rsplit(None, 1)[-1:], after.text.split(None, 1)[:1]
        if left and right and left[0].endswith("-") and f"{left[0]} {right[0]}" in title:
            title = title.replace(f"{left[0]} {right[0]}", join_lines([left[0], right[0]], vocab), 1)
    return join_lines([title], vocab)


def _paragraphs(blocks: list[Block], vocab: Counter[str], abstract: set[int] = frozenset()
                ) -> tuple[list[Paragraph], list[Section]]:
    """The paragraphs with their section paths, and the outline. The abstract's paragraphs (``abstract``: block ids)
    under no heading, as IEEEtran sets "Abstract—…" in the text, are in the section "Abstract": the letter, the diff
    and Coverage name them so ("Abstract, p. 1"), not "Front matter" or a bare page."""
    paragraphs: list[Paragraph] = []
    sections: list[Section] = []
    stack: list[tuple[int, str]] = []
    for b in blocks:
        if b.kind is ParagraphKind.HEADING:
            title = _heading_title(b, vocab)
            if not title:
                continue
            while stack and stack[-1][0] >= b.level:
                stack.pop()
            stack.append((b.level, title))
            sections.append(Section(title, b.level, b.heading_number))
            text = title
        else:
            text = join_lines([ln.text for ln in _all_lines(b)], vocab)
            if b.kind is ParagraphKind.FOOTNOTE:  # its own number, raised, glued to its first word: "4For LED …"
                text = NOTE_NUMBER.sub("", text, count=1)
        if not text:
            continue
        regions = [_region(b.segment.page, b.lines)] + [_region(seg.page, lines) for seg, lines in b.parts if lines]
        paragraphs.append(Paragraph(
            id=paragraph_id(len(paragraphs)), text=text, kind=b.kind,
            section=tuple(t for _, t in stack) or (("Abstract",) if id(b) in abstract else ()), regions=tuple(regions),
        ))
    return paragraphs, sections
