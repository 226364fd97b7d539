"""Struck-out words of a PDF page, read as deleted.

A revision handed in with its changes marked (LaTeX's ``\\sout`` or soul's ``\\st``, latexdiff's deletions, Word's
strikethrough) still prints the deleted words, with a thin rule drawn through them. The LaTeX reader drops
``\\sout`` text (``engine/document/latex/changes.py``); here a PDF's words that such a rule crosses at their middle
are dropped the same way, so a marked PDF and its LaTeX read alike (trial32: an MNRAS revision whose deletions,
struck out, read as still there). A rule is struck through a glyph when it crosses the glyph's horizontal centre
between a tenth and a half of the font size above its baseline: an underline lies below the baseline, a table's rule
between the rows, a fraction's bar above or below its numerator's and denominator's glyphs.
"""

from __future__ import annotations

from typing import Any

import pymupdf

#: The band above a glyph's baseline, in shares of its font size, where a rule through it strikes it out.
LOW, HIGH = 0.1, 0.5
#: A rule this thin or thinner (points) is a line, not a filled box.
THIN = 1.2
#: How much of a striking rule, in shares of the font size, may run past the glyphs it crosses.
SLACK = 0.35
#: The widest gap between two struck glyphs under one rule (a word space, a space around "="), same unit.
GAP = 0.6


def strike_rules(page: pymupdf.Page) -> list[tuple[float, float, float]]:
    """The page's thin horizontal paths as ``(x0, x1, y)`` (stroked lines and thin filled boxes, read from the
    page's box log, which costs less than its drawings; a stroke's box holds half its width on each side)."""
    out = []
    for kind, (x0, y0, x1, y1) in page.get_bboxlog():
        if kind in ("stroke-path", "fill-path") and 0 <= y1 - y0 <= THIN and x1 - x0 > 2 * (y1 - y0) + 0.5:
            out.append((x0, x1, (y0 + y1) / 2))
    return out


def _crosses(rule: tuple[float, float, float], x0: float, x1: float, baseline: float, size: float) -> bool:
    rx0, rx1, y = rule
    return rx0 <= x1 and x0 <= rx1 and baseline - HIGH * size <= y <= baseline - LOW * size


def _strikes(rule: tuple[float, float, float], crossed: list[tuple[float, float, str]], size: float) -> bool:
    """Whether ``rule`` strikes out the glyphs it crosses (``(x0, x1, char)``): it runs no further than they do
    (a gridline or a root's bar runs on past the one glyph it meets) and they leave no gap wider than a word space
    under it."""
    rx0, rx1, _ = rule
    crossed = sorted(crossed)
    if any(b[0] - a[1] > GAP * size for a, b in zip(crossed, crossed[1:])):
        return False
    return rx0 >= crossed[0][0] - SLACK * size and rx1 <= max(x1 for _, x1, _ in crossed) + SLACK * size


def _chained(ks: list[int], rules: list[tuple[float, float, float]],
             crossed: dict[int, list[tuple[float, float, str]]]) -> set[int]:
    """Of the rules ``ks`` (each fits the glyphs it crosses, or crosses none), those that cross a word of two
    letters or more, and those that run on from one of them on its line (ulem strikes each word and each space
    with a rule of its own: "a", "= 2)"). A rule through one letter or a number alone strikes nothing: a diagram's
    edge meets its node's label so ("G", "0"; two layouts dev papers, seen before this rule was written:
    in-sample)."""
    taken = {k for k in ks if _two_letters("".join(c for _, _, c in sorted(crossed.get(k, []))))}
    heights = {round(rules[k][2]) for k in taken}
    near = [k for k in ks if k not in taken and any(abs(rules[k][2] - h) <= 1 for h in heights)]
    grew = True
    while grew:
        grew = False
        for k in near:
            if k not in taken and any(abs(rules[k][2] - rules[j][2]) < 0.5 and rules[k][0] <= rules[j][1] + 1.0
                                      and rules[j][0] <= rules[k][1] + 1.0 for j in taken):
                taken.add(k)
                grew = True
    return taken


def _two_letters(text: str) -> bool:
    return any(a.isalpha() and b.isalpha() for a, b in zip(text, text[1:]))


def drop_struck(page: pymupdf.Page, read: dict[str, Any], flags: int) -> int:
    """Drop from ``read`` (the page's ``dict`` text) the glyphs a rule strikes out; the number of words dropped.

    Only spans a rule crosses are read again glyph by glyph (``rawdict``); a page with no horizontal rule costs
    one look at its drawings."""
    rules = strike_rules(page)
    if not rules:
        return 0
    hit: dict[tuple[int, int, int], list[int]] = {}  # each span a rule crosses, and the rules that do
    for bi, block in enumerate(read.get("blocks", ())):
        for li, line in enumerate(block.get("lines", ())):
            for si, span in enumerate(line.get("spans", ())):
                x0, _, x1, _ = span["bbox"]
                base, size = span["origin"][1], span["size"]
                near = [k for k, r in enumerate(rules) if _crosses(r, x0, x1, base, size)]
                if near and span["text"].strip():
                    hit[(bi, li, si)] = near
    if not hit:
        return 0
    raw = page.get_text("rawdict", flags=flags)
    glyphs: dict[tuple[int, int, int], list[dict[str, Any]]] = {}
    crossed: dict[int, list[tuple[float, float, str]]] = {}
    sizes: dict[int, float] = {}
    for key, near in hit.items():
        span = read["blocks"][key[0]]["lines"][key[1]]["spans"][key[2]]
        try:
            chars = raw["blocks"][key[0]]["lines"][key[1]]["spans"][key[2]]["chars"]
        except (IndexError, KeyError):
            continue
        if "".join(c["c"] for c in chars) != span["text"]:
            continue  # the two readings differ: leave the span as it is
        glyphs[key] = chars
        for c in chars:
            x0, _, x1, _ = c["bbox"]
            for k in near:
                if _crosses(rules[k], (x0 + x1) / 2, (x0 + x1) / 2, c["origin"][1], span["size"]):
                    crossed.setdefault(k, []).append((x0, x1, c["c"]))
                    sizes[k] = max(sizes.get(k, 0.0), span["size"])
    fits = [k for k in range(len(rules)) if k not in crossed or _strikes(rules[k], crossed[k], sizes[k])]
    striking = _chained(fits, rules, crossed)
    if not striking:
        return 0
    words = 0
    for key, chars in glyphs.items():
        span = read["blocks"][key[0]]["lines"][key[1]]["spans"][key[2]]
        mine = [rules[k] for k in hit[key] if k in striking]
        struck = [any(_crosses(r, (c["bbox"][0] + c["bbox"][2]) / 2, (c["bbox"][0] + c["bbox"][2]) / 2,
                               c["origin"][1], span["size"]) for r in mine) for c in chars]
        if not any(struck):
            continue
        words += len("".join(c["c"] if s else " " for c, s in zip(chars, struck)).split())
        span["text"] = "".join(" " if s and c["c"].isspace() else ("" if s else c["c"])
                               for c, s in zip(chars, struck))
    return words
