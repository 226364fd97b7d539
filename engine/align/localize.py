"""Comment → source-paragraph localisation: where in the OLD draft a comment
should be addressed (ARIES appendix G), by BM25 + embedding fusion over the
old body paragraphs and captions. The desktop shows these for a comment no
edit addresses, and for every comment when there is no revised version.

Reviewers often say where: "the abstract should…", "in Section 4.2…",
"Table 3 lacks…". Paragraphs of a section the comment names, and the caption
of a figure or table it names, get ``REFERENCE_BOOST`` on top of the fused
score (half of it for body text that cites the figure or table).
"""

from __future__ import annotations

import re

import numpy as np

from engine.align.records import Location
from engine.align.bm25 import bm25_matrix
from engine.align.cascade import fuse, row_scaled
from engine.align.embed import cosine_matrix
from engine.document.model import Document, Paragraph, ParagraphKind
from engine.jobs import CancelToken
from engine.models.protocols import Encoder
from engine.reviews.model import ReviewComment

#: Added to a paragraph's fused score (0..1 scale) when the comment names its section, figure or table.
REFERENCE_BOOST = 0.5
#: Added when the paragraph holds, word for word, a phrase the comment quotes ('"All a result" should be "As a
#: result"'): the most exact pointer a reviewer gives (a new-user trial saw such a typo placed at two unrelated
#: paragraphs). A phrase found in more than ``QUOTE_PLACES`` paragraphs points at none.
QUOTE_BOOST = 1.0
QUOTE_PLACES = 3
#: Section names that mean a section wherever they appear; matched as words inside section titles
#: ("related work" in "2 Related Work"). Other names count only before "section" ("the results section").
NAMED_SECTIONS = ("abstract", "introduction", "related work", "conclusion", "appendix", "limitations")
_SECTION_NUMBER = re.compile(r"(?:\bsections?|\bsec\.|§)\s*(\d+(?:\.\d+)*)", re.I)
_FLOAT = re.compile(r"\b(fig(?:ure)?s?|tab(?:le)?s?)\.?\s*(\d+)", re.I)
_NAMED = re.compile(r"\b(" + "|".join(NAMED_SECTIONS) + r")s?\b", re.I)
_BEFORE_SECTION = re.compile(r"\b([a-z]{4,}?)(?:s|al)?\s+section\b", re.I)


def references(text: str) -> tuple[set[str], set[str], set[tuple[str, str]]]:
    """Section names, section numbers and ``("figure"|"table", number)`` a comment mentions."""
    names = {m.group(1).lower() for m in _NAMED.finditer(text)}
    names |= {m.group(1).lower() for m in _BEFORE_SECTION.finditer(text)} - {"this", "that", "each", "every", "next"}
    numbers = {m.group(1) for m in _SECTION_NUMBER.finditer(text)}
    floats = {("figure" if m.group(1).lower().startswith("fig") else "table", m.group(2))
              for m in _FLOAT.finditer(text)}
    return names, numbers, floats


def reference_boosts(text: str, paragraphs: list[Paragraph], refs: tuple | None = None) -> np.ndarray:
    """Per paragraph: ``REFERENCE_BOOST`` (or half) when ``text`` points at its section, figure or table
    (``refs``: those references as ``references`` gives them, instead of ``text``'s)."""
    refs = refs if refs is not None else references(text)
    if not any(refs):
        return np.zeros(len(paragraphs), dtype=np.float32)
    patterns = _patterns(refs)
    return np.array([_boost(patterns, p) for p in paragraphs], dtype=np.float32)


def _patterns(refs: tuple[set[str], set[str], set[tuple[str, str]]]) -> tuple:
    """The references as compiled patterns (once per comment, not once per paragraph)."""
    names, numbers, floats = refs
    name_rx = re.compile(r"\b(?:" + "|".join(map(re.escape, names)) + ")") if names else None
    number_rx = re.compile("(?:" + "|".join(map(re.escape, numbers)) + r")(?:[.\s]|$)") if numbers else None
    float_rx = []
    for kind, number in floats:
        label = r"fig(?:ure)?\.?" if kind == "figure" else r"tab(?:le)?\.?"
        float_rx.append((number, re.compile(rf"{label}\s*{number}\b"), re.compile(rf"\b{label}\s*{number}\b", re.I)))
    return name_rx, number_rx, float_rx


def _boost(patterns: tuple, paragraph: Paragraph) -> float:
    name_rx, number_rx, float_rx = patterns
    for title in (t.lower() for t in paragraph.section):
        if name_rx is not None and name_rx.search(title):
            return REFERENCE_BOOST
        if number_rx is not None and number_rx.match(title):
            return REFERENCE_BOOST
    # the strongest of the figures and tables named: a caption of one of them, else body text citing one (a set's
    # order, which PYTHONHASHSEED sets, must not decide for a table's caption that cites the other table named)
    best = 0.0
    if float_rx:
        head = paragraph.text[:40].lower()
        for number, caption_rx, text_rx in float_rx:
            if number not in paragraph.text:  # neither pattern can match: skip the regex scan
                continue
            if paragraph.kind is ParagraphKind.CAPTION and caption_rx.match(head):
                return REFERENCE_BOOST
            if text_rx.search(paragraph.text):
                best = REFERENCE_BOOST / 2
    return best


def _squash(text: str) -> str:
    return " ".join(text.replace("\u00ad", "").lower().split())


def quote_boosts(queries: list[str], texts: list[str]) -> np.ndarray:
    """Per comment and paragraph: ``QUOTE_BOOST`` when the paragraph holds a phrase the comment quotes from the
    paper (``cues.quoted_passages``; at least five characters, as whole words)."""
    from engine.align.cues import quoted_passages

    out = np.zeros((len(queries), len(texts)), dtype=np.float32)
    squashed: list[str] | None = None
    for i, q in enumerate(queries):
        for phrase in quoted_passages(q):
            key = _squash(phrase)
            if len(key) < 5:
                continue
            squashed = squashed if squashed is not None else [_squash(t) for t in texts]
            rx = re.compile(r"(?<!\w)" + re.escape(key) + r"(?!\w)")
            hits = [j for j, t in enumerate(squashed) if key in t and rx.search(t)]
            if 0 < len(hits) <= QUOTE_PLACES:
                out[i, hits] = QUOTE_BOOST
    return out


def candidates(document: Document) -> list[Paragraph]:
    """Body paragraphs and captions: what a comment can be about."""
    return [p for p in document.paragraphs if p.kind in (ParagraphKind.BODY, ParagraphKind.CAPTION)]


def score_paragraphs(
    comments: list[ReviewComment], document: Document, encoder: Encoder | None = None, weight: float = 0.5,
    cancel: CancelToken | None = None, lexical_only: bool = False,
) -> tuple[list[Paragraph], np.ndarray]:
    """The candidate paragraphs (``candidates``) and, per comment, every one's score: BM25 (fused with the
    encoder's cosine unless ``lexical_only``) plus the reference and quote boosts."""
    paragraphs = candidates(document)
    if not comments or not paragraphs:
        return paragraphs, np.zeros((len(comments), len(paragraphs)), dtype=np.float32)
    queries = [c.full_text for c in comments]
    texts = [p.text for p in paragraphs]
    lexical = bm25_matrix(queries, texts)
    if lexical_only:
        scores = row_scaled(lexical.astype(np.float32))
    else:
        scores = fuse(lexical, cosine_matrix(encoder or _configured_encoder(), queries, texts, "sentence", cancel), weight)
    scores = scores + np.stack([reference_boosts(q, paragraphs) for q in queries])
    return paragraphs, scores + quote_boosts(queries, texts)


def localize(
    comments: list[ReviewComment], document: Document, encoder: Encoder | None = None, top_k: int = 3,
    weight: float = 0.5, cancel: CancelToken | None = None, lexical_only: bool = False,
) -> list[Location]:
    """The ``top_k`` paragraphs of ``document`` each comment most likely refers to
    (BM25 alone with ``lexical_only``; then a comment that shares no term with the
    draft and names no part of it gets none)."""
    paragraphs, scores = score_paragraphs(comments, document, encoder, weight, cancel, lexical_only)
    if not comments or not paragraphs:
        return [Location(c.id, []) for c in comments]
    out = []
    for i, c in enumerate(comments):
        order = np.argsort(-scores[i], kind="stable")[:top_k]
        out.append(Location(c.id, [(paragraphs[j].id, float(scores[i, j])) for j in order
                                   if not lexical_only or scores[i, j] > 0]))
    return out


def _configured_encoder() -> Encoder:
    from engine.models.factory import open_model

    return open_model("encoder")


def locate(
    comments: list[ReviewComment], document: Document, encoder: Encoder | None, cancel: CancelToken | None = None,
    fell_back: list[str] | None = None,
) -> list[Location]:
    """``localize`` with ``encoder``, or with BM25 alone when there is none or it fails
    to load (where a comment applies is worth having even then); ``fell_back`` gets why it failed."""
    from engine.errors import ModelError

    if encoder is None:
        return localize(comments, document, lexical_only=True)
    try:
        return localize(comments, document, encoder, cancel=cancel)
    except ModelError as err:
        if fell_back is not None:
            fell_back.append(str(err).splitlines()[0] if str(err) else type(err).__name__)
        return localize(comments, document, lexical_only=True)


def encoder_record(encoder: Encoder | None, fell_back: list[str] | None = None) -> dict[str, str]:
    """What a project keeps of the encoder that located its comments (``Project.encoder``): its name, folder and,
    for the embedded one, its package; or, located by words alone, why (``lexical``)."""
    if encoder is None:
        return {"name": "", "lexical": "no encoder (BM25 alone)"}
    record = {"name": str(getattr(encoder, "name", "")), "path": str(getattr(encoder, "path", ""))}
    if getattr(encoder, "weights_id", None):
        record["weights"] = str(encoder.weights_id)
    return {**record, "lexical": fell_back[0]} if fell_back else record
