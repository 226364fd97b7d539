"""Where a suggested edit goes: one paragraph of the draft, and how the edit meets it.

The one placement the CLI (``redraft suggest``), the project (``redraft project suggest``, the app's
suggestion card) and the benchmark use. It starts from the project's locator
(``engine.align.localize.score_paragraphs``: BM25, fused with the encoder when there is one, plus the boosts for
a section, figure or table the comment names and for a passage it quotes), adds the paragraphs where the comment
was located (stored in the project by the build), and then what the comment itself implies:

- an equation it names ("Eq. (3)", "equation 3"): the paragraphs that cite it;
- a page it names ("p. 5", "Page 5, line 12", ``engine.generate.named``; a paper read from a PDF): the paragraphs
  on that page, the one at that line most (the words "page" and "line" are left out of the locator's query);
- the abstract and the front matter (title, authors, affiliations) draw a broad comment's words but are rarely
  where its answer goes: they are passed over unless the comment names the abstract;
- an experiment or result request (its fine type, ``engine.reviews.fine_types.fine_type``) is answered in the results:
  paragraphs of a results, experiments or evaluation section come first, and the edit is a new paragraph after
  the one chosen;
- a typo or wording fix replaces the exact sentence: the one that holds the phrase the comment quotes.

The weights were set on the training part of the revisions corpus (``bench.suggest_corpus``; docs/suggest.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from engine.document.model import Document, Paragraph
from engine.models.protocols import Encoder
from engine.reviews.model import ReviewComment

#: Added to a paragraph where the build located the comment, the best first (rank r of n gets (n - r) / n of it).
LOCATED_BONUS = 1.0
#: Taken from the abstract and the front matter when the comment does not name the abstract.
FRONT_PENALTY = 0.3
#: Added to a paragraph of a results section for an experiment or result request.
RESULTS_BONUS = 0.5
#: Added to a paragraph that introduces or cites an equation the comment names (as the locator's
#: ``REFERENCE_BOOST`` for a named figure, table or section).
EQUATION_BOOST = 0.5
#: Taken from every paragraph outside the parts a comment names (a section, figure, table or equation), when
#: it names one that the draft has: those parts are ranked first.
NAMED_ORDER = 10.0
#: Added to a paragraph on a page the comment names ("p. 5"), in full at the line it names ("p. 5, line 12"),
#: half elsewhere on that page (``engine.generate.named``; only for a paper read from a PDF, whose paragraphs
#: carry pages).
PAGE_BOOST = 0.5
#: The placement model's score gap (logits) within which its second paragraph is offered beside the first ("here,
#: or here"): chosen inside the training folds by a rule fixed in advance (``bench.place_alternative``: one right
#: place in ten alternatives shown; docs/suggest.md, round nine).
ALTERNATIVE_MARGIN = 1.78
#: Section titles that hold results (matched as words in any level of the paragraph's section path).
RESULTS_SECTION = re.compile(r"\b(?:results?|experiments?|evaluations?|benchmarks?|simulations?|"
                             r"case stud(?:y|ies)|applications?|empirical|performance)\b", re.I)
_EQUATION = re.compile(r"\b(?:eqs?\.?|equations?)\s*\(?(\d+)\)?", re.I)
_PRESENTATION = re.compile(r"\b(?:axis|axes|legends?|labels?|captions?|fonts?|colou?rs?|resolution|hard to read|"
                           r"unreadable|too small|illegible)\b", re.I)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\[])")
#: An ellipsis that cuts a quote ("We believe that THE these benchmarks...", "the duration ... can be configured"): the
#: locator's quote boost looks for a quote as it stands, dots and all, and finds none (an author's trial, session 33:
#: a typo comment quoting its sentence so was placed on another sentence). Its pieces are looked for instead.
_ELLIPSIS = re.compile(r"\s*(?:\.\s?\.\s?\.|\u2026|\[\s*(?:\.\.\.|\u2026)\s*\])\s*")
#: Words a piece of a cut quote needs to be looked for.
CUT_PIECE_WORDS = 3

INSERT_AFTER, REPLACE = "insert_after", "replace"


@dataclass
class Placement:
    """Where the edit goes: ``paragraph`` (None: the draft has no body to place it in), ``mode``
    (``insert_after``: a new paragraph after it; ``replace``: ``sentence`` is rewritten), the paragraphs to show
    the model (best first, the placed one first) and why it was chosen, in words; ``margin``: how far the placement
    model scores the first above the second (None: no model, or one candidate)."""

    paragraph: Paragraph | None
    mode: str = INSERT_AFTER
    sentence: str = ""
    reason: str = ""
    ranked: list[Paragraph] = field(default_factory=list)
    margin: float | None = None
    #: The gap within which the second place is offered: the placement model's own (chosen with it), else
    #: ``ALTERNATIVE_MARGIN``.
    limit: float = ALTERNATIVE_MARGIN

    @property
    def original(self) -> str:
        """The text the edit is written against: the sentence it replaces, or the paragraph it follows."""
        return self.sentence or (self.paragraph.text if self.paragraph else "")

    @property
    def alternative(self) -> Paragraph | None:
        """The second place, offered beside the first when the placement model scores it close
        (``ALTERNATIVE_MARGIN``), else None."""
        close = self.margin is not None and self.margin <= self.limit
        return self.ranked[1] if close and len(self.ranked) > 1 and self.paragraph is not None else None

    def moved_to(self, paragraph: Paragraph) -> Placement:
        """This placement with ``paragraph`` (the author's choice, one of ``ranked``) first: a new paragraph after
        it, the former first offered as its alternative."""
        if self.paragraph is None or paragraph.id == self.paragraph.id:
            return self
        rest = [p for p in self.ranked if p.id != paragraph.id]
        return Placement(paragraph, INSERT_AFTER, reason="the place the author chose", ranked=[paragraph, *rest],
                         margin=0.0)


@dataclass
class Scores:
    """The rule scores of every candidate paragraph for one comment, and what went into them (the reranker's
    features, ``engine.generate.rerank``)."""

    paragraphs: list[Paragraph]
    #: The locator's score (BM25, fused with the encoder when there is one, plus its reference and quote boosts).
    base: np.ndarray
    #: The rules' score: ``base`` plus the located bonus, the named parts, the front penalty and the results bonus.
    total: np.ndarray
    located: np.ndarray  # (n - r) / n for the paragraph located at rank r of n, else 0
    front: np.ndarray
    named: np.ndarray
    results: np.ndarray  # a results paragraph, for an experiment or result request (else all False)
    pages: np.ndarray  # 0..1: at the page and line the comment names (``engine.generate.named.page_scores``)
    kind: str
    reasons: dict[str, str]
    names: set[str]


def rule_scores(comment: ReviewComment, document: Document, located: list[Paragraph] | None = None,
                encoder: Encoder | None = None) -> Scores | None:
    """Every candidate paragraph's score by the rules (None: the draft has no body paragraph)."""
    from engine.reviews.fine_types import fine_type
    from engine.align.localize import QUOTE_BOOST, REFERENCE_BOOST, reference_boosts, references, score_paragraphs
    from engine.generate.named import page_pointers, page_scores, without_pointers

    pointers = page_pointers(comment.full_text)
    query = replace(comment, text=without_pointers(comment.text), context=without_pointers(comment.context)) \
        if pointers else comment  # "page" and "line" are no topic
    paragraphs, matrix = score_paragraphs([query], document, encoder, lexical_only=encoder is None)
    if not paragraphs:
        return None
    text, kind = comment.full_text, fine_type(comment)
    base = matrix[0].astype(np.float64)
    scores = base.copy()
    reasons = {}
    index = {p.id: j for j, p in enumerate(paragraphs)}
    names = references(text)[0]
    front = np.array([_front(p) for p in paragraphs]) if "abstract" not in names else np.zeros(len(paragraphs), bool)
    bonus = np.zeros(len(paragraphs))
    for rank, p in enumerate(located or []):
        if p.id in index and not front[index[p.id]]:  # a broad comment located in the abstract gets no bonus
            bonus[index[p.id]] = max(bonus[index[p.id]], (len(located) - rank) / len(located))
    scores += LOCATED_BONUS * bonus
    scores -= FRONT_PENALTY * front
    equations = set(_EQUATION.findall(text))
    cites = np.zeros(len(paragraphs), bool)
    if equations:
        shown = _introducing(document, paragraphs, equations)
        cites = np.array([p.id in shown or _cites_equation(p.text, equations) for p in paragraphs])
        scores += EQUATION_BOOST * cites
        reasons.update({paragraphs[j].id: f"cites equation {', '.join(sorted(equations))}"
                        for j in np.flatnonzero(cites)})
    # a section the comment names, the text introducing an equation it names, or the caption of a figure or table
    # whose presentation it criticises (axes, legend, caption): the edit goes there (the others come after them).
    # A figure or table named otherwise keeps the locator's boost only: reviewers name them as context ("the main
    # result (Fig. 5) conflicts with ...") and the authors answer in the text more often than in the caption (the
    # training part of the revisions corpus: 4 of 4 such comments).
    refs = references(text)
    whole = {n for n in names if not any(n != m and n in m for m in names)}  # "work" of "related work section"
    sections = (whole | numbered_titles(document, refs[1]), refs[1], refs[2] if _PRESENTATION.search(text) else set())
    pointed = reference_boosts("", paragraphs, sections) + EQUATION_BOOST * cites
    named = pointed >= REFERENCE_BOOST
    if named.any():
        scores -= NAMED_ORDER * ~named
        reasons.update({paragraphs[j].id: f"the part the comment names ({paragraphs[j].section_title or 'front'})"
                        for j in np.flatnonzero(named) if paragraphs[j].id not in reasons})
    pages = page_scores(pointers, paragraphs, document.paragraphs)
    scores += PAGE_BOOST * pages
    reasons.update({paragraphs[j].id: f"the page the comment names (p. {paragraphs[j].page})"
                    for j in np.flatnonzero(pages >= 1.0) if paragraphs[j].id not in reasons})
    cut = cut_quote_hits(text, paragraphs)
    scores += QUOTE_BOOST * cut
    reasons.update({paragraphs[j].id: "the paragraph holding the words the comment quotes"
                    for j in np.flatnonzero(cut) if paragraphs[j].id not in reasons})
    results = np.array([_in_results(p) for p in paragraphs]) if kind in ("experiment", "result") \
        else np.zeros(len(paragraphs), bool)
    scores += RESULTS_BONUS * results
    return Scores(paragraphs, base, scores, bonus, front, named, results, pages, kind, reasons, names)


def place(comment: ReviewComment, document: Document, located: list[Paragraph] | None = None,
          encoder: Encoder | None = None, top_k: int = 2, position: float | None = None,
          reranker: Any = "shipped", tuned: Any = "shipped", cancel: Any = None) -> Placement:
    """The placement of an edit for ``comment`` in ``document``. ``located``: where the build found the comment
    (best first); ``encoder``: fuse the locator's BM25 with it (None: BM25 and the located paragraphs);
    ``position``: the comment's place among its reviewer's comments, 0..1 (review order tends to follow the
    paper's); ``reranker``: the model that picks among the rules' best few (``engine.generate.rerank``; the
    shipped one by default, None: the rules alone); ``tuned``: the tuned comment↔edit encoder its second stage
    reads (``rerank.placement_encoder``, opened once, by default; None: the first stage alone); ``cancel``: the
    job's token, checked between the encoder's batches (``placement_read.read_for_placement`` runs that pass
    ahead, reported)."""
    from engine.align.cues import quoted_passages
    from engine.generate.rerank import placement_encoder, rerank, shipped_model, tuned_cosines

    parts = rule_scores(comment, document, located, encoder)
    if parts is None:
        return Placement(None, reason="the draft has no body paragraph")
    text, kind, paragraphs = comment.full_text, parts.kind, parts.paragraphs
    order = np.argsort(-parts.total, kind="stable")
    model = shipped_model() if reranker == "shipped" else reranker
    chosen = margin = cosines = None
    limit = ALTERNATIVE_MARGIN
    if model is not None:
        if model.second is not None and tuned is not None and len(paragraphs) > 1:
            cosines = tuned_cosines(placement_encoder() if isinstance(tuned, str) else tuned, comment, paragraphs,
                                    cancel)
            limit = model.margin if model.margin is not None else limit
        elif model.second is None and model.margin is not None:  # a model without a second stage: its own margin
            limit = model.margin
        order, chosen, margin = rerank(model, comment, parts, order, position, cosines)
    best = paragraphs[int(order[0])]
    ranked = [paragraphs[int(j)] for j in order[:max(top_k, 1)]]
    why = parts.reasons.get(best.id) or _why(best, located, parts.names)
    if chosen is not None and chosen != 0:
        why = f"{why}; chosen among the best {model.k} by the placement model"
    if parts.results.any() and _in_results(best):
        return Placement(best, INSERT_AFTER, reason=f"{kind} request: a new paragraph after the results "
                         f"({best.section_title or 'results'})", ranked=ranked, margin=margin, limit=limit)
    if kind == "typo" or quoted_passages(text):
        sentence = _quoted_sentence(best.text, quoted_passages(text) + [p for q in cut_quotes(text) for p in q])
        if sentence:
            return Placement(best, REPLACE, sentence, "the sentence holding the quoted words", ranked, margin, limit)
    return Placement(best, INSERT_AFTER, reason=why, ranked=ranked, margin=margin, limit=limit)


def cut_quotes(text: str) -> list[list[str]]:
    """For each quote of ``text`` cut with an ellipsis, its pieces of ``CUT_PIECE_WORDS`` words or more."""
    from engine.align.cues import quoted_passages

    out = []
    for quote in quoted_passages(text):
        if _ELLIPSIS.search(quote):
            pieces = [p.strip(" ,;:") for p in _ELLIPSIS.split(quote)]
            pieces = [p for p in pieces if len(p.split()) >= CUT_PIECE_WORDS]
            if pieces:
                out.append(pieces)
    return out


def cut_quote_hits(text: str, paragraphs: list[Paragraph]) -> np.ndarray:
    """Which of ``paragraphs`` hold every piece of a quote of ``text`` cut with an ellipsis (as whole words, case and
    spacing aside); a quote found in more than the locator's ``QUOTE_PLACES`` paragraphs marks none."""
    from engine.align.localize import QUOTE_PLACES

    hits = np.zeros(len(paragraphs), bool)
    quotes = cut_quotes(text)
    if not quotes:
        return hits
    squashed = [" ".join(p.text.lower().split()) for p in paragraphs]
    for pieces in quotes:
        rxs = [re.compile(r"(?<!\w)" + re.escape(" ".join(piece.lower().split())) + r"(?!\w)") for piece in pieces]
        found = np.array([all(rx.search(t) for rx in rxs) for t in squashed], bool)
        if 0 < found.sum() <= QUOTE_PLACES:
            hits |= found
    return hits


def review_position(comment: ReviewComment, comments: list[ReviewComment]) -> float | None:
    """Where ``comment`` is among its reviewer's ``comments`` (in review order), 0..1; None with fewer than 3."""
    mine = [c.id for c in comments if c.reviewer == comment.reviewer]
    if len(mine) < 3 or comment.id not in mine:
        return None
    return mine.index(comment.id) / (len(mine) - 1)


def numbered_titles(document: Document, numbers: set[str]) -> set[str]:
    """The titles (lower case) of the sections numbered one of ``numbers`` ("Section 9"): a draft read from its
    LaTeX source prints no number in its titles, but its section list carries them."""
    return {s.title.lower() for s in document.sections if s.number and s.number in numbers and s.title.strip()}


def _front(p: Paragraph) -> bool:
    """The abstract, or front matter before any section (title, authors, affiliations)."""
    return not p.section or p.section[0].strip().lower() == "abstract"


def _in_results(p: Paragraph) -> bool:
    return any(RESULTS_SECTION.search(title) for title in p.section)


def _introducing(document: Document, paragraphs: list[Paragraph], numbers: set[str]) -> set[str]:
    """The ids of the candidate paragraphs just before an equation numbered one of ``numbers`` (the text that
    introduces it): an equation or other non-body unit that holds "(N)" as a word."""
    keep = {p.id for p in paragraphs}
    out, last = set(), None
    for p in document.paragraphs:
        if p.id in keep:
            last = p.id
        elif last and any(re.search(rf"(?:^|\s)\({n}\)(?:\s|$)", p.text) for n in numbers):
            out.add(last)
    return out


def _cites_equation(text: str, numbers: set[str]) -> bool:
    return any(re.search(rf"(?:\beq(?:uation)?s?\.?\s*|\()\(?{n}\)", text, re.I) or
               re.search(rf"\beq(?:uation)?s?\.?\s*{n}\b", text, re.I) for n in numbers)


def _quoted_sentence(text: str, phrases: list[str]) -> str:
    """The sentence of ``text`` that holds one of ``phrases`` (case and spacing aside), or ''."""
    sentences = _SENTENCE_END.split(text)
    for phrase in phrases:
        key = " ".join(phrase.lower().split())
        for s in sentences:
            if len(key) >= 3 and key in " ".join(s.lower().split()):
                return s.strip()
    return ""


def _why(p: Paragraph, located: list[Paragraph] | None, names: set[str]) -> str:
    section = p.section_title or "the front matter"
    if located and p.id == located[0].id:
        return f"where the comment was located ({section})"
    if names and any(n in t.lower() for t in p.section for n in names):
        return f"the section the comment names ({section})"
    return f"the paragraph that matches the comment best ({section})"
