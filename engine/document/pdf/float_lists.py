"""A list of figures or tables (``\\listoffigures``, ``\\listoftables``): its entries are no paragraphs of the paper.

Wiley's manuscript layout prints "List of Figures" after the references, each entry a caption's first sentence
with its page number after dots ("1 A) Cubic B-spline basis ... . . . 17"). Read as body, each entry was a paragraph
of its own section, and a revision that reworded a caption gave the caption's edit twice, once as a "List of
Figures" paragraph (trial38, a Magnetic Resonance in Medicine paper; in-sample for it). The list's title stays a
heading (it ends the reference list); its blocks up to the next heading are other: shown, never compared. Only a
title that is the list's name alone: the same paper's own sections "List of Figures for Supporting Information"
and "List of Tables for Supporting Information" hold the legends of figures printed nowhere else, which the
LaTeX reader reads as text and a revision answers reviewers in (that paper's labels link them): they stay body.
"""

from __future__ import annotations

import re

from engine.document.model import ParagraphKind
from engine.document.pdf.blocks import Block

#: "List of Figures", "LIST OF TABLES", "List of Illustrations" (``\\listoffigures`` and its kin), alone.
_TITLE = re.compile(r"^\s*(?:\d{1,2}\.?\s+)?list of (?:figures|tables|illustrations|algorithms|listings)\s*$", re.I)


def float_list_entries(blocks: list[Block]) -> None:
    """Body blocks under a list of figures' or tables' heading, up to the next heading, become other."""
    inside = False
    for b in blocks:
        if b.kind is ParagraphKind.HEADING:
            inside = bool(_TITLE.match(b.heading_title or b.text))
        elif inside and b.kind is ParagraphKind.BODY:
            b.kind = ParagraphKind.OTHER
