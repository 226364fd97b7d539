"""Where the marked-up PDF's margin notes go: inside the page, beside the text, never over it.

A note (the ids of the comments a change answers, "R2.3 R1.1?") goes in the margin nearer the change,
else in the other margin, at 7 pt, then shrunk to 5.5 pt, wrapped to the margin's width, below or above
the notes already in that margin. The margin is the page's width outside all its words (line numbers
included). When neither margin holds the note, a small numbered mark stands in for it ("1", "2", … on
each page): the summary page gives the mark beside the change under each comment it answers, and the
change's highlights and carets name the comments in their pop-ups, as everywhere. Only a page with
(almost) no margin at all (under about 6 pt) gets a mark over its edge.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.revision.model import Edit
from engine.revision.render import edit_label

NOTE_TEXT, NOTE_FILL = (0.55, 0.0, 0.0), (1.0, 0.97, 0.85)
#: Font sizes a note tries, largest first; a mark's font size.
NOTE_FONTS = (7.0, 5.5)
MARK_FONT = 5.5
#: Space kept between a note and the text, and between a note and the page's edge.
GAP, EDGE = 3.0, 2.0
AUTHOR = "Redraft"


@dataclass(frozen=True)
class Placed:
    """One note as drawn: its page, box, and the mark's label when a mark stands in for it."""

    page: int
    rect: tuple[float, float, float, float]
    mark: str = ""


def note_text(refs: list[tuple[str, bool]]) -> str:
    return " ".join(cid + ("" if sure else "?") for cid, sure in refs)


class MarginNotes:
    """Places the notes of one open document, keeping those of each page's margin apart."""

    def __init__(self, doc, page_words: Callable[[int], list[tuple]]) -> None:
        self.doc, self.page_words = doc, page_words
        self.taken: dict[tuple[int, str], list[tuple[float, float]]] = {}
        self.extent: dict[int, tuple[float, float]] = {}
        self.marks: dict[int, int] = {}

    def margins(self, page_no: int) -> dict[str, tuple[float, float]]:
        """The free width left and right of the page's words: side -> (x0, x1)."""
        if page_no not in self.extent:
            page, words = self.doc[page_no], self.page_words(page_no)
            self.extent[page_no] = ((min(w[0] for w in words), max(w[2] for w in words)) if words
                                    else (page.rect.width * 0.1, page.rect.width * 0.9))
        left, right = self.extent[page_no]
        width = self.doc[page_no].rect.width
        return {"left": (EDGE, left - GAP), "right": (right + GAP, width - EDGE)}

    def add(self, page_no: int, x: float, y: float, edit: Edit, refs: list[tuple[str, bool]]) -> Placed:
        """The note of one change beside (x, y): a note in a margin that holds it, else a numbered mark."""
        import pymupdf

        page = self.doc[page_no]
        margins = self.margins(page_no)
        near = "left" if x < page.rect.width / 2 else "right"
        sides = sorted(margins, key=lambda s: s != near)
        text = note_text(refs)
        for font in NOTE_FONTS:
            for side in sides:
                x0, x1 = margins[side]
                lines = _wrap(text, font, x1 - x0 - 6)
                if lines is None:
                    continue
                width = max(pymupdf.get_text_length(s, "helv", font) for s in lines) + 7
                height = len(lines) * font * 1.3 + 4
                top = self._free_y(page_no, side, y - 1, height, page.rect.height)
                if top is None:
                    continue
                x0, x1 = (max(x0, x1 - width), x1) if side == "left" else (x0, min(x1, x0 + width))
                return self._draw(page, (x0, top, x1, top + height), "\n".join(lines), font, edit)
        self.marks[page_no] = self.marks.get(page_no, 0) + 1
        label = str(self.marks[page_no])
        room = {s: margins[s][1] - margins[s][0] for s in sides}
        side = near if room[near] >= room[sides[1]] - 1 else sides[1]  # the wider margin, the nearer on a tie
        width, height = pymupdf.get_text_length(label, "helv", MARK_FONT) + 2.5, MARK_FONT * 1.3 + 3
        x0, x1 = margins[side]
        x0, x1 = (x0 - EDGE + 0.5, x1 + GAP - 0.5) if side == "left" else (x0 - GAP + 0.5, x1 + EDGE - 0.5)
        if x1 - x0 < width:  # (almost) no margin: at the page's edge
            x0 = 0.5 if side == "left" else page.rect.width - 0.5 - width
        elif side == "left":
            x0 = x1 - width
        top = self._free_y(page_no, side, y - 1, height, page.rect.height, crowded_ok=True)
        return self._draw(page, (x0, top, x0 + width, top + height), label, MARK_FONT, edit, label)

    def _draw(self, page, rect: tuple, shown: str, font: float, edit: Edit, mark: str = "") -> Placed:
        import pymupdf

        annot = page.add_freetext_annot(pymupdf.Rect(rect), shown, fontsize=font, fontname="helv",
                                        text_color=NOTE_TEXT, fill_color=NOTE_FILL, border_width=0.5)
        annot.set_info(title=AUTHOR, subject=f"{edit.id} · {edit_label(edit)}", content=shown)  # what it shows
        annot.update()
        return Placed(page.number, tuple(rect), mark)

    def _free_y(self, page_no: int, side: str, y: float, height: float, page_height: float,
                crowded_ok: bool = False) -> float | None:
        """The top nearest ``y`` where a box of ``height`` overlaps no note of that margin and stays on the
        page; None when there is none (or, ``crowded_ok``, the nearest place on the page)."""
        taken = self.taken.setdefault((page_no, side), [])
        lo_limit, hi_limit = EDGE, page_height - height - EDGE
        tops = [y] + [hi + 1 for _, hi in taken] + [lo - 1 - height for lo, _ in taken]
        tops = [min(max(t, lo_limit), hi_limit) for t in tops]
        free = [t for t in tops if all(t + height <= lo - 1 or t >= hi + 1 for lo, hi in taken)]
        if not free:
            if not crowded_ok:
                return None
            free = [min(max(y, lo_limit), hi_limit)]
        top = min(free, key=lambda t: (abs(t - y), t))
        taken.append((top, top + height))
        return top


def _wrap(text: str, font: float, width: float) -> list[str] | None:
    """``text``'s words in lines no wider than ``width``; None when one word alone is wider."""
    import pymupdf

    lines, line = [], ""
    for word in text.split():
        if pymupdf.get_text_length(word, "helv", font) > width:
            return None
        trial = f"{line} {word}".strip()
        if line and pymupdf.get_text_length(trial, "helv", font) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + [line]
