"""A table's cells as one float unit.

A table's cells are cut into lines at the wide gaps between them, so each row (or each cell, where a column's
cells stack into a block of their own) became a paragraph of its own: a booktabs table, whose rules are
drawings and hold no text, read as a dozen one-word "paragraphs" (a new-user trial). Blocks whose every line
is a line of cells (it shares its baseline with another line of the column, or holds wide gaps) and that together
hold at least two rows of two cells or more are one table: one ``OTHER`` block, its cells row by row. A caption set
right over the table keeps its own lines and gives its trailing cells (the header row, when no sentence stop ended
the caption) to the table.
"""

from __future__ import annotations

from engine.document.model import ParagraphKind
from engine.document.pdf.blocks import Block
from engine.document.pdf.lines import Line

#: Kinds a table's cells are read as (bold header cells as headings, number columns as body, and a table set small
#: whose cells open with a digit as footnotes: a new-user trial's Elsevier manuscript gave 121 one-number "footnotes"
#: to the diff); an equation only without letters: an aligned display with its numbers at the margin shares
#: baselines too.
_CELL_KINDS = frozenset({ParagraphKind.OTHER, ParagraphKind.BODY, ParagraphKind.HEADING, ParagraphKind.FOOTNOTE})


def _cell(ln: Line) -> bool:
    """A line of cells: it shares its baseline with another line of the column, or holds a gap wider than two
    font sizes (cells close enough to be read as one line)."""
    return not ln.alone or ln.gaps > 0


def _cells(b: Block) -> bool:
    """A block of cells; a cell read as an equation only when it holds no letter (">20,000", "5,000-10,000")."""
    kind = b.kind in _CELL_KINDS or b.kind is ParagraphKind.EQUATION and not any(map(str.isalpha, b.text))
    return not b.parts and kind and b.heading_number is None and all(map(_cell, b.lines))


def _rows(lines: list[Line]) -> list[list[Line]]:
    """The lines grouped by baseline (within 0.3 of their size), top to bottom, each row left to right."""
    rows: list[list[Line]] = []
    for ln in sorted(lines, key=lambda x: x.baseline):
        if rows and abs(rows[-1][0].baseline - ln.baseline) <= 0.3 * ln.size:
            rows[-1].append(ln)
        else:
            rows.append([ln])
    return [sorted(row, key=lambda x: x.x0) for row in rows]


def _table(run: list[Block]) -> bool:
    lines = [ln for b in run for ln in b.lines]
    return len(run) >= 2 and sum(1 for row in _rows(lines) if len(row) + sum(ln.gaps for ln in row) >= 2) >= 2


def _caption_cells(b: Block) -> int:
    """How many of a caption's last lines are cells (the caption's own first line stands alone)."""
    if b.kind is not ParagraphKind.CAPTION or b.parts or not b.first.alone:
        return 0
    n = 0
    while n < len(b.lines) - 1 and _cell(b.lines[-1 - n]):
        n += 1
    return n


def _header(b: Block, run: list[Block]) -> bool:
    """``b`` is the table's header row read as one line (its cells set closer than two font sizes apart, often
    in bold): one unnumbered line right above the cells (within two line heights), inside their width."""
    if b.parts or len(b.lines) != 1 or b.kind not in (ParagraphKind.OTHER, ParagraphKind.HEADING):
        return False
    ln, first = b.first, run[0].first
    x0, x1 = min(x.first.x0 for x in run), max(ln.x1 for x in run for ln in x.lines)
    return (b.heading_number is None and ln.page == first.page and 0 < first.baseline - ln.baseline <= 2.5 * ln.size
            and ln.x0 >= x0 - ln.size and ln.x1 <= x1 + ln.size and len(ln.text.split()) >= 2)


def join_table_cells(blocks: list[Block]) -> list[Block]:
    """``blocks`` with each run of a table's cell blocks (on one page) made one ``OTHER`` block."""
    out: list[Block] = []
    i = 0
    while i < len(blocks):
        b = blocks[i]
        run: list[Block] = []
        tail = _caption_cells(b)
        j = i + 1 if tail else i
        while j < len(blocks) and _cells(blocks[j]) and blocks[j].first.page == b.first.page:
            run.append(blocks[j])
            j += 1
        head = [Block(b.lines[len(b.lines) - tail:], b.segment, kind=ParagraphKind.OTHER)] if tail else []
        if not _table(head + run):
            out.append(b)
            i += 1
            continue
        if tail:
            b.lines = b.lines[:len(b.lines) - tail]
            out.append(b)
        elif out and _header(out[-1], run):
            head = [out.pop()]
        lines = [ln for row in _rows([ln for x in head + run for ln in x.lines]) for ln in row]
        out.append(Block(lines, (head + run)[0].segment, kind=ParagraphKind.OTHER))
        i = j
    return out
