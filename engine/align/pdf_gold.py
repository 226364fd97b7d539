"""Gold links labelled on LaTeX units, carried to the edits of the typeset PDFs' diff (issue 32: ``learned`` on the
PDFs as users give them; docs/figures-align.md, "Session 21").

The corpus labels name edits of the LaTeX diff (``engine.document.latex`` units). On the PDFs the app reads, the same
revision gives other edits: paragraphs split or joined at other places, running heads, floats. Each PDF edit is
matched to the LaTeX edits it shares words with, by integer counts only (no float decides):

- an edit's *changed words* are the words it deleted and inserted (all of one side for an added or deleted unit),
  its *text* both of its sides, each tokenised by ``paragraph_recall.match_tokens`` and counted as a multiset;
- ``shared(u, v)``: common deleted tokens plus common inserted tokens; ``context(u, v)``: common text tokens;
- u and v are *counterparts* when ``shared ≥ 1``, ``2·context ≥ min(|text u|, |text v|)`` and v is among u's best
  PDF edits by ``shared`` or u among v's best LaTeX edits (ties kept; both directions, so a paragraph the PDF split
  maps each half to it, and one the PDF joined maps to both units).

A PDF edit is gold for a comment when one of its counterparts is; one with none is a no-gold edit. A gold LaTeX edit
with no PDF counterpart stays in the comment's gold as ``UNMAPPED + its id``, an id no PDF edit has: a missed link,
and a hit@k miss when it was the comment's only gold edit. The comments, and whether each is answered, are the
LaTeX gold's: *found* and *wrong "addressed"* need no mapping.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from engine.align.base import candidate_edits
from engine.align.gold import GoldPaper
from engine.document.paragraph_recall import match_tokens
from engine.revision import Edit, RevisionDiff

#: The prefix of a gold LaTeX edit that no PDF edit matches, kept in the comment's gold.
UNMAPPED = "unmapped:"


@dataclass(frozen=True)
class _Bags:
    deleted: Counter
    inserted: Counter
    text: Counter
    size: int

    @classmethod
    def of(cls, e: Edit) -> "_Bags":
        old, new = e.changed_words()
        text = Counter(match_tokens(e.source_text)) + Counter(match_tokens(e.target_text))
        return cls(Counter(match_tokens(old)), Counter(match_tokens(new)), text, sum(text.values()))


def _common(a: Counter, b: Counter) -> int:
    return sum((a & b).values())


def counterparts(latex: Sequence[Edit], pdf: Sequence[Edit]) -> dict[str, set[str]]:
    """Each PDF edit's LaTeX counterparts (PDF edit id -> LaTeX edit ids; an edit with none is left out)."""
    lb, pb = [_Bags.of(u) for u in latex], [_Bags.of(v) for v in pdf]
    shared = [[_common(u.deleted, v.deleted) + _common(u.inserted, v.inserted) for v in pb] for u in lb]
    best_u = [max(row, default=0) for row in shared]
    best_v = [max((shared[i][j] for i in range(len(lb))), default=0) for j in range(len(pb))]
    out: dict[str, set[str]] = {}
    for i, u in enumerate(lb):
        for j, v in enumerate(pb):
            s = shared[i][j]
            if s < 1 or (s < best_u[i] and s < best_v[j]):
                continue
            if 2 * _common(u.text, v.text) >= min(u.size, v.size):
                out.setdefault(pdf[j].id, set()).add(latex[i].id)
    return out


@dataclass
class Carried:
    """What the mapping did on one revision (the counts ``--input pdf`` reports)."""

    latex_edits: int = 0
    pdf_edits: int = 0
    pdf_with_counterpart: int = 0
    gold_latex_edits: int = 0
    gold_unmapped: list[str] = field(default_factory=list)
    answered: int = 0
    answered_all_unmapped: int = 0

    def to_dict(self) -> dict:
        return {"latex edits": self.latex_edits, "pdf edits": self.pdf_edits,
                "pdf edits with a LaTeX counterpart": self.pdf_with_counterpart,
                "gold LaTeX edits": self.gold_latex_edits, "gold LaTeX edits with no PDF counterpart":
                len(self.gold_unmapped), "answered comments": self.answered,
                "answered comments whose gold edits all lack a PDF counterpart": self.answered_all_unmapped}


def carry_gold(latex: GoldPaper, pdf_diff: RevisionDiff) -> tuple[GoldPaper, Carried]:
    """``latex``'s comments over the PDF diff, with its gold carried to the PDF edits (module docstring)."""
    lat, pdf = candidate_edits(latex.diff), candidate_edits(pdf_diff)
    by_latex: dict[str, set[str]] = {}
    cps = counterparts(lat, pdf)
    for v, us in cps.items():
        for u in us:
            by_latex.setdefault(u, set()).add(v)
    gold: dict[str, set[str]] = {}
    linked: set[str] = set()
    info = Carried(len(lat), len(pdf), len(cps))
    for cid, ids in latex.gold.items():
        gold[cid] = set()
        for u in ids:
            linked.add(u)
            gold[cid] |= by_latex.get(u) or {UNMAPPED + u}
        if ids:
            info.answered += 1
            info.answered_all_unmapped += all(g.startswith(UNMAPPED) for g in gold[cid])
    info.gold_latex_edits = len(linked)
    info.gold_unmapped = sorted(u for u in linked if u not in by_latex)
    return GoldPaper(latex.id, pdf_diff, list(latex.comments), gold, list(latex.notices), latex.group), info


def pdf_paper(latex: GoldPaper, old_pdf: str | Path, new_pdf: str | Path) -> tuple[GoldPaper, Carried]:
    """The PDF diff the app would make of ``old_pdf`` and ``new_pdf`` (``load_document``, ``diff_documents``), with
    ``latex``'s gold carried to it."""
    from engine.document import load_document
    from engine.revision import diff_documents

    return carry_gold(latex, diff_documents(load_document(old_pdf), load_document(new_pdf)))
