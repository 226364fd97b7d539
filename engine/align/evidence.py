"""The ``evidence`` aligner: calibrated probability that an edit addresses a
comment, from what is known about both.

Each (comment, edit) pair gets features: BM25 (scaled per comment) and
BM25 of the comment against the words the edit changed, sentence-max cosine of
the comment against the sentences the edit wrote (``changed_sentences``), whether
the edit rewrote a draft paragraph the comment was located at
(``engine.align.localize``, BM25 plus named sections, figures and tables), whether
the comment names the edit's section, figure or table, whether the comment quotes
words the edit changed, and whether the edit's intent fits the comment's fine type
(experiment → new results, clarification → changed explanation, typo → surface
edit; ``engine.align.cues``). A fixed mix (``MIX``) adds them up; Platt scaling
turns the sum into a probability, its two numbers, the per-comment cap and the
decision threshold fitted on labelled papers (``engine.align.fit``;
docs/gold-icassp20.md).

Only pairs with *specific* evidence can be linked (``specific``: place, a named
section/figure/table, quoted words, or strong overlap with the changed words);
every other pair, surface edits for comments they cannot answer and noise edits
get probability 0. That mask also keeps the encoder cheap: only the changed
sentences of edits inside it, and only the comments with such an edit, are
embedded, each distinct text once, through the encoder's on-disk cache.
"""

from __future__ import annotations

import threading
from collections.abc import Generator as Gen, Sequence
from typing import Any

import numpy as np

from engine.align.base import ScoredAligner
from engine.align.records import Alignment
from engine.align.bm25 import bm25_matrix
from engine.align.cascade import row_scaled
from engine.align.cues import (
    asks_release, compatible, fits, proofread_fix, proofreading, quotes, replacements, states_release,
)
from engine.align.embed import EmbedAligner, changed_sentences, sentence_cosines
from engine.align.quoted import drop_feature, plain_words
from engine.align.text import edit_text
from engine.align.texmath import lexical_comments, lexical_text
from engine.jobs import CancelToken, Progress
from engine.models.protocols import Encoder
from engine.revision import Edit, RevisionDiff
from engine.revision.normalize import comparable_tokens
from engine.revision.intent import Intent, change_runs, changed_sides, classify_edit
from engine.reviews.fine_types import fine_type
from engine.reviews.model import ReviewComment

FEATURES = ("bm25", "changed", "cosine", "located", "named", "quoted", "fits", "proofread", "replaced")
#: How the evidence adds up (per feature). Chosen by hand among a few mixes (docs/gold-icassp20.md): half
#: lexical (whole paragraph and changed words alike), half dense, bonuses for quoted words, place and fit.
#: ``proofread`` (a spelling or grammar fix for a general request to fix typos, which shares no words with it)
#: weighs as much as a perfect lexical and dense match: set by hand, not fitted (no training paper has enough of them).
#: So does ``replaced``: the edit makes the very replacement the comment asks for ('"All a result" should be "As a
#: result"' and "All" → "As"), which shares no content word with it either, or takes out of a quoted passage the
#: word the comment wants out ('"it must also be accessible": "also" makes no sense'; ``engine.align.quoted``).
MIX = (0.25, 0.25, 0.5, 0.1, 0.1, 0.2, 0.1, 1.0, 1.0)
#: Whether the lexical features (BM25, changed-words BM25, place, quote, replacement, proofreading and release cues)
#: read a comment's TeX math as the LaTeX reader reads an edit's (``engine.align.texmath``); the encoders and the
#: fine type always read the comment as written. Round ten's candidate (T): off, as round ten's rule decided on the
#: training part's grouped folds (F1, hit@1 and found equal within noise, but 6.2 % of the "addressed" calls wrong,
#: over the rule's 5 %; docs/figures-align.md).
LEXICAL_TEX = False
#: Whether ``replace_feature`` holds when A is still in the revised text (B newly there and A in the submitted one):
#: part of round ten's candidate (R), with ``cues.UNQUOTED_ARROWS``, off with it (off: A must be fewer after the edit).
REPLACE_A_STAYS = False


def place_features(
    comments: Sequence[ReviewComment], edits: Sequence[Edit], diff: RevisionDiff | None,
) -> tuple[np.ndarray, np.ndarray]:
    """``located`` (the edit rewrote one of the comment's top-3 draft paragraphs) and
    ``named`` (the comment names the edit's section, figure or table)."""
    from engine.align.localize import localize, reference_boosts

    located = np.zeros((len(comments), len(edits)), dtype=np.float32)
    named = np.zeros_like(located)
    if diff is None or not comments or not edits:
        return located, named
    places = {loc.comment_id: {pid for pid, _ in loc.paragraphs}
              for loc in localize(list(comments), diff.old, top_k=3, lexical_only=True)}
    old = {p.id: p for p in diff.old.paragraphs}
    new = {p.id: p for p in diff.new.paragraphs}
    paragraphs = [next(iter([new[t] for t in e.target_ids if t in new] + [old[s] for s in e.source_ids if s in old]),
                       None) for e in edits]
    present = [j for j, p in enumerate(paragraphs) if p is not None]
    rewrote: dict[str, list[int]] = {}  # draft paragraph id -> the edits that rewrote it
    for j, e in enumerate(edits):
        for pid in e.source_ids:
            rewrote.setdefault(pid, []).append(j)
    for i, c in enumerate(comments):
        hit = [j for pid in places.get(c.id, ()) for j in rewrote.get(pid, ())]
        located[i, hit] = 1.0
        if present:
            boosts = reference_boosts(c.full_text, [paragraphs[j] for j in present])
            named[i, present] = (boosts > 0).astype(np.float32)
    return located, named


def kind_features(kinds: Sequence[str], intents: Sequence[Intent]) -> tuple[np.ndarray, np.ndarray]:
    """``fits`` and ``compatible`` for every (comment, edit) pair, computed once per distinct fine type (a handful)
    and copied to the comments of that type."""
    fit = np.zeros((len(kinds), len(intents)), dtype=np.float32)
    allowed = np.zeros(fit.shape, dtype=bool)
    for kind in dict.fromkeys(kinds):
        rows = [i for i, k in enumerate(kinds) if k == kind]
        fit[rows] = np.array([fits(kind, t) for t in intents], dtype=np.float32)
        allowed[rows] = np.array([compatible(kind, t) for t in intents], dtype=bool)
    return fit, allowed


def quote_feature(comments: Sequence[ReviewComment], edits: Sequence[Edit]) -> np.ndarray:
    """1 when the edit changes the words the comment quotes: a quoted phrase is (mostly) among the words one run of
    changes deleted or inserted, and that run is not a longer passage deleted around a quoted word (deleting a
    sentence that holds "summarization" does not answer a comment on its spelling). The two sides of a replacement
    the comment asks for ("A" should be "B") count only through the words of A that B drops, deleted in one run
    that inserts the words B adds: B may well be written elsewhere ("As a result" in a new paragraph), and A's other
    words stay ("All models" -> "Every model" is no answer to '"All a result" should be "As a result"')."""
    out = np.zeros((len(comments), len(edits)), dtype=np.float32)
    asked = [replacements(c.full_text) for c in comments]
    sides = [{x for pair in pairs for x in pair} for pairs in asked]  # both sides of each requested replacement
    quoted = [[q for q in quotes(c.full_text) if q not in both] for c, both in zip(comments, sides)]
    wanted = {w for phrases in quoted for q in phrases for w in comparable_tokens(q)}
    # only the runs holding some quoted word can match: (edit index, the run's words & the quoted words, how many
    # words the run deleted when it inserted none, else 0)
    runs = []
    for j, e in enumerate(edits if wanted else ()):
        for deleted, inserted in change_runs(e):
            bag = (_bag(deleted, wanted) | _bag(inserted, wanted)) & wanted
            if bag:
                runs.append((j, bag, 0 if inserted.strip() else len(comparable_tokens(deleted))))
    for i, phrases in enumerate(quoted):
        for q in phrases:
            words = comparable_tokens(q)
            need = max(1, 0.6 * len(words))
            for j, bag, only_deleted in runs if words else ():
                if sum(w in bag for w in words) >= need and (not only_deleted or len(words) >= 0.5 * only_deleted):
                    out[i, j] = 1.0
    for i, pairs in enumerate(asked):
        for a, b in pairs:
            a_words, b_words = set(_tokens(a, False)), set(_tokens(b, False))
            gone, come = a_words - b_words, b_words - a_words  # what the correction drops, and what it writes
            for j, e in enumerate(edits if gone else ()):
                if not out[i, j] and any(ins.strip() and gone <= set(_tokens(d, False))
                                         and come <= set(_tokens(ins, False)) for d, ins in change_runs(e)):
                    out[i, j] = 1.0
    return out


def replace_feature(comments: Sequence[ReviewComment], edits: Sequence[Edit]) -> np.ndarray:
    """1 when the edit makes the very replacement the comment asks for ("A" should be "B", "A" -> "B", replace "A"
    with "B", quoted or not: ``cues.replacements``): A was in its submitted text and B is in its revised text more
    often than before, word for word (digits kept: '"presented in 3" should be "presented in Table 3"'; case kept only
    when the two differ in nothing else). A need not be fewer after it: B may hold A ("bugs" -> "the bugs")."""
    out = np.zeros((len(comments), len(edits)), dtype=np.float32)
    asked = [replacements(c.full_text) for c in comments]
    texts: dict[tuple[int, bool], tuple[list[str], list[str]]] = {}  # each edit's old and new words, when asked
    for i, pairs in enumerate(asked):
        for a, b in pairs:
            cased = a.lower() == b.lower()
            a_words, b_words = _tokens(a, cased), _tokens(b, cased)
            if not a_words or not b_words or a_words == b_words:
                continue
            for j, e in enumerate(edits):
                if out[i, j] or not (e.source_text and e.target_text):
                    continue
                if (j, cased) not in texts:
                    texts[j, cased] = _tokens(e.source_text, cased), _tokens(e.target_text, cased)
                old, new = texts[j, cased]
                if ((_count(old, a_words) if REPLACE_A_STAYS else _count(old, a_words) > _count(new, a_words))
                        and _count(new, b_words) > _count(old, b_words)):
                    out[i, j] = 1.0
    return out


def _tokens(text: str, cased: bool) -> list[str]:
    """The words of ``text``, citation markers, footnote marks and line-end hyphenation left out (``plain_words``):
    a quote "FAIR, it must" is found in a paper's "FAIR [38], it must"."""
    return plain_words(text, cased)


def _count(words: list[str], seq: list[str]) -> int:
    """How often ``seq`` occurs in ``words``."""
    n = len(seq)
    return sum(words[k : k + n] == seq for k in range(len(words) - n + 1))


def _bag(text: str, wanted: set[str]) -> set[str]:
    """The comparable words of ``text``; empty, without tokenizing, when none of ``wanted`` can be among them (plain
    ASCII text with no hyphen: its words are substrings of its lower case)."""
    lower = text.lower()
    if lower.isascii() and "-" not in lower and not any(w in lower for w in wanted):
        return set()
    return set(comparable_tokens(text))


#: Row-scaled BM25 of the comment against the words an edit changed that counts as specific evidence on its own
#: (chosen on cgo18 by leave-one-reviewer-out among 0.3-0.6; docs/gold-icassp20.md).
SPECIFIC_CHANGED = 0.5


def specific(changed: np.ndarray, located: np.ndarray, named: np.ndarray, quoted: np.ndarray,
             proofread: np.ndarray | None = None) -> np.ndarray:
    """Pairs with at least one specific piece of evidence: the edit rewrote a paragraph the comment is about, sits
    in the section, figure or table it names, changes words it quotes, shares its terms among the changed
    words (``changed`` at least ``SPECIFIC_CHANGED`` of the comment's best), or fixes spelling or grammar for a
    general request to proofread. Only these can be linked."""
    out = (located > 0) | (named > 0) | (quoted > 0) | (changed >= SPECIFIC_CHANGED)
    return out if proofread is None else out | (proofread > 0)


def sigmoid(x: np.ndarray) -> np.ndarray:
    return (1.0 / (1.0 + np.exp(-x))).astype(np.float32)


def mixed_score(features: np.ndarray, mix: Sequence[float]) -> np.ndarray:
    """``features @ mix``, taken in double precision (a float32 product rounds as the CPU's BLAS kernel), as float32."""
    return (features.astype(np.float64) @ np.asarray(mix, dtype=np.float32).astype(np.float64)).astype(np.float32)


def probabilities(features: np.ndarray, allowed: np.ndarray, mix: Sequence[float], scale: float,
                  offset: float) -> np.ndarray:
    """Probability of each pair: the mixed score through Platt scaling; 0 where the edit cannot answer."""
    score = mixed_score(features, mix)
    return np.where(allowed, sigmoid(scale * score + offset), 0.0).astype(np.float32)


class EvidenceAligner(ScoredAligner):
    """Calibrated probabilities from lexical, dense, place and intent evidence."""

    name = "evidence"

    def __init__(self, encoder: Encoder | None = None, threshold: float = 0.5, mix: Sequence[float] = MIX,
                 scale: float = 1.0, offset: float = 0.0, max_edits: int | None = 5, min_chars: int = 0) -> None:
        super().__init__(threshold, max_edits, min_chars)
        self.embed = EmbedAligner(encoder, edit_form="target", pooling="sentence")
        self.mix = np.asarray(mix, dtype=np.float32)
        #: Platt scaling of the mixed score into a probability: ``sigmoid(scale * score + offset)``.
        self.scale, self.offset = float(scale), float(offset)
        #: The revision being aligned (for where comments apply); set by ``iter_align`` or by an evaluation.
        self.diff: RevisionDiff | None = None
        #: Why each (comment, edit) pair scored as it did, filled with the scores.
        self.reasons: dict[tuple[str, str], str] = {}
        self.intents: dict[str, Intent] = {}
        #: The pairs of the last scoring whose dense similarity was computed (``dense_pairs``).
        self.candidates: np.ndarray = np.zeros((0, 0), dtype=bool)

    def iter_align(
        self, comments: list[ReviewComment], diff: RevisionDiff, cancel: CancelToken | None = None
    ) -> Gen[Progress, None, list[Alignment]]:
        self.diff = diff
        alignments = yield from super().iter_align(comments, diff, cancel)
        for a in alignments:
            a.calibrated = True
            a.reasons = {eid: self.reasons[(a.comment_id, eid)] for eid in a.scores if (a.comment_id, eid) in self.reasons}
        return alignments

    def iter_features(
        self, comments: list[ReviewComment], edits: list[Edit], cancel: CancelToken | None = None
    ) -> Gen[Progress, None, tuple[np.ndarray, np.ndarray]]:
        """Feature tensor (comments × edits × features) and the mask of pairs that can be linked at all: the edit
        can answer the comment's type and there is specific evidence (``specific``). Dense similarity is computed
        only inside that mask (0 elsewhere)."""
        yield Progress(0, 2, "BM25 and places")
        source = self.dense_source()
        # the encoders read the comments as written; the lexical features read their TeX math as the edits' text
        # reads it (``engine.align.texmath``: ``$\\alpha_i$`` -> ``αi``)
        loading = load_in_background(source, [c.full_text for c in comments]) if source is not None else None
        dense_comments, comments = comments, (lexical_comments(comments) if LEXICAL_TEX else comments)
        queries = [c.full_text for c in comments]
        read = lexical_text if LEXICAL_TEX else str
        lexical = row_scaled(bm25_matrix(queries, [read(edit_text(e, "target")) for e in edits]))
        sides = [changed_sides(e) for e in edits]  # the words each edit deleted and inserted
        changed = row_scaled(bm25_matrix(queries, [read(" ".join(s)) for s in sides]))
        self.intents = {e.id: classify_edit(e) for e in edits}
        kinds = [fine_type(c) for c in dense_comments]
        fit, allowed = kind_features(kinds, [self.intents[e.id] for e in edits])
        located, named = place_features(comments, edits, self.diff)
        quoted = quote_feature(comments, edits)
        # the very change the comment asks for: a replacement ("A" should be "B", change "A" to "B"), or a word taken
        # out of the passage it quotes ('"it must also be accessible": "also" makes no sense', remove "also")
        replaced = np.maximum(replace_feature(comments, edits), drop_feature(comments, edits))
        self.asks = asks = [proofreading(c.full_text) for c in comments]  # kept: the broad hint reads them too
        fixes = {a: np.array([proofread_fix(self.intents[e.id], a) for e in edits], dtype=np.float32)
                 for a in set(asks) if a}  # which edits make the fixes each kind of general request asks for
        proofread = np.zeros((len(comments), len(edits)), dtype=np.float32)
        for i, a in enumerate(asks):
            if a:
                proofread[i] = fixes[a]
        # a request to proofread is answered by spelling and grammar fixes whatever type the extractor gave it
        # ("There are typos throughout; please proofread it." reads as a criticism)
        # so is the very replacement a comment asks for, whatever the two types ("All" -> "As" reads as a rewording)
        allowed = (allowed | (proofread > 0) | (replaced > 0)) & specific(changed, located, named, quoted,
                                                                           proofread + replaced)
        # a request to release code or data is answered only by an edit that says something is available: a
        # trial's "release the edit logs" was addressed (63%) by a sentence added to the paragraph it was about
        releases = [i for i, c in enumerate(comments) if asks_release(c.full_text)]
        if releases:
            says = np.array([states_release(inserted) for _, inserted in sides])
            allowed[np.ix_(releases, np.flatnonzero(~says))] = False
        if loading is not None:
            loading.join()
        yield Progress(1, 2, "embedding changed sentences" + (f" with {source.encoder.name}" if source else ""))
        # the sentences an edit wrote, only for the pairs with specific evidence (the rest score 0 anyway)
        self.candidates = self.dense_pairs(allowed, lexical, changed)
        dense = self.dense(dense_comments, edits, self.candidates, cancel)
        features = np.stack([lexical, changed, dense, located, named, quoted, fit, proofread, replaced], axis=2)
        yield Progress(2, 2, "evidence weighed")
        return features, allowed

    def dense_source(self) -> Any:
        """What the dense evidence (``cosine``) is embedded with, opened and loaded on a thread while the lexical
        evidence is computed (anything with an ``encoder``; ``None``: nothing to load). Here the embedded MiniLM;
        the ``learned`` aligner's is its tuned encoder (its one pass)."""
        return self.embed

    def dense(self, comments: Sequence[ReviewComment], edits: Sequence[Edit], mask: np.ndarray,
              cancel: CancelToken | None = None) -> np.ndarray:
        """Sentence-max cosines (comments × edits) of the block of ``mask``'s comments × edits, 0 elsewhere: each
        comment against the sentences an edit wrote (``changed_sentences``)."""
        rows, cols = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
        out = np.zeros(mask.shape, dtype=np.float32)
        if len(rows) and len(cols):
            out[np.ix_(rows, cols)] = sentence_cosines(self.embed.encoder, [comments[i].full_text for i in rows],
                                                       [changed_sentences(edits[j]) for j in cols], cancel)
        return out

    def dense_pairs(self, allowed: np.ndarray, lexical: np.ndarray, changed: np.ndarray) -> np.ndarray:
        """The pairs whose dense similarity is needed (the block of their comments × edits is embedded): those that
        can be linked. The ``learned`` aligner widens it with its first stage."""
        return allowed

    def iter_scores(
        self, comments: list[ReviewComment], edits: list[Edit], cancel: CancelToken | None = None
    ) -> Gen[Progress, None, np.ndarray]:
        features, allowed = yield from self.iter_features(comments, edits, cancel)
        probs = probabilities(features, allowed, self.mix, self.scale, self.offset)
        self.reasons = {}
        for i, c in enumerate(comments):
            for j in np.flatnonzero(probs[i] >= 0.5 * self.threshold):
                self.reasons[(c.id, edits[j].id)] = explain(features[i, j], self.intents[edits[j].id])
        return probs

    def preload(self) -> threading.Thread:
        """Load the encoder on a thread now: a project build calls it before it reads the PDFs, so that reading the
        encoder (and, on a first run, building its graph) overlaps that work; the first ``encode`` waits for it."""
        self.embed.encoder  # opened (not loaded) in this thread, so that no other thread opens a second one
        return load_in_background(self.embed, [])


def load_in_background(embed: EmbedAligner | Any, queries: list[str]) -> threading.Thread:
    """Open ``embed``'s encoder (``embed``: anything with an ``encoder``) on a thread while the lexical and place evidence is computed, and load it there when
    these comments were never embedded with it (a first alignment: reading the weights and building the graph then
    overlaps that work). When one of them is in the embedding cache, this is a re-run whose rows are cached, and
    the model is left unloaded (the first ``encode`` loads it if a row is missing); no ``queries``: loaded. Join it
    before touching the encoder. A failure is left for the caller's thread, where the first use raises it again."""

    def load() -> None:
        try:
            encoder = embed.encoder
            cache = getattr(encoder, "cache", None)
            if queries and cache is not None and cache.get_many(encoder.model_key, queries):
                return
            if hasattr(encoder, "load"):
                encoder.load()
        except Exception:  # noqa: BLE001 - raised again, in the caller's thread, by the first use
            pass

    thread = threading.Thread(target=load, name="encoder-load", daemon=True)
    thread.start()
    return thread


def explain(f: np.ndarray, intent: Intent) -> str:
    """A short, readable account of a pair's evidence (``f`` ordered as ``FEATURES``)."""
    v = dict(zip(FEATURES, f))
    parts = []
    if v["proofread"]:
        fixes = "capitalisation" if set(intent.labels) == {"capitalisation"} else "spelling or grammar"
        parts.append(f"fixes {fixes}, as the comment asks")
    if v["replaced"]:
        parts.append("makes the replacement the comment asks for")
    elif v["quoted"]:
        parts.append("changes the words the comment quotes")
    if v["located"]:
        parts.append("rewrites a paragraph the comment is about")
    if v["named"]:
        parts.append("in the section, figure or table the comment names")
    if max(v["bm25"], v["changed"]) >= 0.6:
        parts.append("shares the comment's terms")
    if v["cosine"] >= 0.45:
        parts.append("close in meaning")
    if v["fits"]:
        parts.append("the kind of edit the comment asks for")
    kind = intent.labels[0] if intent.labels else intent.kind
    return f"{kind} edit: " + ("; ".join(parts) if parts else "weak match")

