"""The comment↔edit encoder fine-tuned across the training revisions: the ``learned`` aligner's ``tuned`` feature.

The embedded MiniLM with its six layers tuned on the training part's hand-labelled comment→edit links (issue 32,
docs/figures-align.md; ``resources/models/align/tuned-layers.json``). A comment scores an edit as the best cosine
of its ``full_text`` with the sentences the edit wrote, each after its section's title ("Introduction: …",
``section_pieces``): what it was tuned on.

Where the cosines come from is explicit (``TunedSource``): on any paper Redraft was not fitted on (a user's, the
checked part, cgo18 and icassp20) from the shipped encoder (``ShippedTuned``); on a training paper, while the link
model is fitted or scored leave-papers-out, from the cosines of the fold model that never saw it (``OutOfFold``,
``bench/data/align_encoder_oof.npz``), never from the shipped encoder, which was tuned on every paper of that file.
A training paper missing there (added to the corpus after the encoder was tuned) reads the shipped encoder's cosines:
that encoder never saw it, so they are out of fold too; unless the encoder saw another round of its repository
(its sibling), which is an error.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from engine.align.embed import changed_sentences, sentence_cosines
from engine.errors import ModelError
from engine.revision import Edit
from engine.reviews.model import ReviewComment

#: The shipped layers and their note (``origin``, ``sha256``) under ``resources/models/align``.
LAYERS_FILE, NOTE_FILE = "tuned-layers.safetensors", "tuned-layers.json"
#: The out-of-fold cosines of the training papers (the GPU run's, committed).
OOF_FILE = Path(__file__).resolve().parents[2] / "bench" / "data" / "align_encoder_oof.npz"
VARIANT = "section"
#: The untuned MiniLM's cosines in ``OOF_FILE`` (the same GPU run), read for the revisions named below.
BASE_VARIANT = "base"
#: Each training paper's out-of-fold cosines of every comment against each distinct edit sentence (as
#: ``section_pieces`` writes it), keyed by ``sentence_key``, from the same GPU run as ``OOF_FILE``: an edit whose
#: sentences were all scored keeps its out-of-fold cosine when the document reader has moved the diff since that
#: run (session 19's refold, shipped in session 20; session 15's run kept none).
SENTENCES_FILE = OOF_FILE.with_name("align_encoder_oof_sentences.npz")
#: Training revisions whose cosines in ``OOF_FILE`` come from a fold model tuned on their sibling (the other round
#: of the same repository), read untuned (``BASE_VARIANT``) in every fit and when scored. Empty since session 20:
#: session 19's refold dealt repositories, not revisions, into its folds (session 15's run had six such revisions).
SIBLING_SEEN: frozenset[str] = frozenset()
#: (comments, edits, first-stage mask, cancel token or None) -> comments × edits tuned cosines (0 outside the mask
#: is fine).
TunedSource = Callable[[Sequence[ReviewComment], Sequence[Edit], np.ndarray, Any], np.ndarray]


def sentence_key(text: str) -> str:
    """A sentence's key in ``SENTENCES_FILE`` (the first 16 hex digits of its SHA-256)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def section_pieces(edit: Edit) -> list[str]:
    """The sentences an edit wrote, each after its section's title (the texts the encoder was tuned on)."""
    return [f"{edit.section}: {s}" if edit.section else s for s in changed_sentences(edit)]


@lru_cache(maxsize=1)
def shipped_note() -> dict[str, Any]:
    from engine.resources import resource

    return json.loads(resource("models", "align", NOTE_FILE).read_text(encoding="utf-8"))


def tuned_encoder(cache: Any = None, threads: int | None = None) -> Any:
    """The shipped encoder (nothing loaded until its first ``encode``), caching its vectors and graph in ``cache``
    under a key naming the embedded MiniLM's version and the layers file's SHA-256 (from its note: checked against
    the file by the tests, not hashed in every process)."""
    from engine.models import embedded
    from engine.models.encoders.tuned_layers import LayersEncoder
    from engine.resources import resource

    layers = Path(str(resource("models", "align", LAYERS_FILE)))
    weights_id = f"{embedded.encoder_weights_id() or 'minilm'}+{LAYERS_FILE}:{shipped_note()['sha256']}"
    return LayersEncoder(embedded.encoder_path(), layers, weights_id, name="redraft-align-tuned", cache=cache,
                         threads=threads)


def tuned_cosines(encoder: Any, comments: Sequence[ReviewComment], edits: Sequence[Edit], mask: np.ndarray,
                  cancel: Any = None, pieces: Callable[[Edit], list[str]] = section_pieces) -> np.ndarray:
    """Sentence-max tuned cosines of the block of ``mask``'s comments × edits (0 elsewhere). ``pieces``: an edit's
    texts (``changed_sentences`` for the untuned MiniLM, as ``BASE_VARIANT`` reads them)."""
    out = np.zeros(mask.shape, dtype=np.float32)
    rows, cols = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    if len(rows) and len(cols):
        out[np.ix_(rows, cols)] = sentence_cosines(encoder, [comments[i].full_text for i in rows],
                                                   [pieces(edits[j]) for j in cols], cancel)
    return out


class ShippedTuned:
    """Tuned cosines from the shipped encoder (opened on first use). ``share``: a function giving the encoder whose
    embedding cache and threads it uses (the aligner's, called on first use); ``refuse``: paper ids it must never
    score (the training papers, when a caller knows which paper it scores: ``for_paper``)."""

    def __init__(self, encoder: Any = None, share: Callable[[], Any] | None = None,
                 refuse: Collection[str] = ()) -> None:
        self._encoder, self.share, self.refuse = encoder, share, frozenset(refuse)

    @property
    def encoder(self) -> Any:
        if self._encoder is None:
            other = self.share() if self.share is not None else None
            self._encoder = tuned_encoder(getattr(other, "cache", None), getattr(other, "threads", None))
        return self._encoder

    def __call__(self, comments: Sequence[ReviewComment], edits: Sequence[Edit], mask: np.ndarray,
                 cancel: Any = None) -> np.ndarray:
        """``cancel``: the job's token, checked between the encoder's batches (a cold run's longest step)."""
        return tuned_cosines(self.encoder, comments, edits, mask, cancel)

    def for_paper(self, paper_id: str) -> TunedSource:
        if paper_id in self.refuse:
            raise ModelError(f"{paper_id} is a training paper: its tuned cosines must come out of fold "
                             f"({OOF_FILE.name}), not from the encoder tuned on it")
        return self


class OutOfFold:
    """Tuned cosines of the training papers, each from the fold model that never saw it (``OOF_FILE``:
    ``section|PAPER`` → comments × edits, over every candidate edit); for the ``distrust`` papers (a fold model saw
    their sibling: ``SIBLING_SEEN``), the untuned cosines of the same run (``base|PAPER``). A paper not in the file
    was never seen by the shipped encoder (tuned on exactly the file's papers): ``unseen`` scores it (default: the
    shipped encoder, opened on first use; ``False``: an error), unless ``groups`` (paper id → repository) puts it
    beside a paper of the file: the encoder saw its sibling, an error.

    A paper of the file whose candidate edits are no longer the file's (the document reader changed its diff since
    the GPU run: another number of edits) reads its edits' cosines from ``sentences`` (``SENTENCES_FILE``) when
    every sentence of every candidate edit was scored there (its id then kept in ``matched``); else it is an error,
    unless ``untuned`` gives an encoder (a function, called on first use: the embedded MiniLM): its cosines are then
    that untuned encoder's over the edit's sentences alone (what ``BASE_VARIANT`` holds, and what the ``distrust``
    papers read), and its id is kept in ``moved``."""

    def __init__(self, path: str | Path = OOF_FILE, variant: str = VARIANT,
                 distrust: Collection[str] = SIBLING_SEEN, unseen: Any = None,
                 groups: Mapping[str, str] | None = None, untuned: Callable[[], Any] | None = None,
                 sentences: str | Path | None = SENTENCES_FILE) -> None:
        self.path, self.variant, self.distrust = Path(path), variant, frozenset(distrust)
        self.untuned, self.moved, self.matched = untuned, {}, set()
        self.sentences_path = Path(sentences) if sentences is not None else None
        try:
            with np.load(self.path) as data:
                self.data = {k: data[k] for k in data.files
                             if k.startswith(f"{variant}|") or k.split("|", 1)[-1] in self.distrust}
                self.papers = frozenset(k.split("|", 1)[1] for k in data.files if k.startswith(f"{variant}|"))
        except (OSError, ValueError) as err:
            raise ModelError(f"cannot read the out-of-fold tuned cosines {self.path}: {err}") from None
        self.unseen = ShippedTuned(refuse=self.papers) if unseen is None else unseen
        self.groups = dict(groups or {})

    @classmethod
    def for_papers(cls, papers: Sequence[Any], **kwargs: Any) -> "OutOfFold":
        """Over gold papers whose ``group`` is their repository (``corpus_papers``): siblings are checked."""
        return cls(groups={p.id: getattr(p, "group", "") for p in papers}, **kwargs)

    def for_paper(self, paper_id: str) -> TunedSource:
        key = f"{BASE_VARIANT if paper_id in self.distrust else self.variant}|{paper_id}"
        if key not in self.data:
            if self.unseen is False or paper_id in self.papers:
                raise ModelError(f"no out-of-fold tuned cosines for training paper {paper_id} in {self.path.name}")
            group = self.groups.get(paper_id)
            seen = sorted(q for q in self.papers if group and self.groups.get(q) == group)
            if seen:
                raise ModelError(f"{paper_id} is not in {self.path.name}, but the shipped tuned encoder saw "
                                 f"{', '.join(seen)} of the same repository: refold the encoder")
            return self.unseen.for_paper(paper_id) if hasattr(self.unseen, "for_paper") else self.unseen
        matrix = self.data[key]

        def source(comments: Sequence[ReviewComment], edits: Sequence[Edit], mask: np.ndarray,
                   cancel: Any = None) -> np.ndarray:  # read from memory: nothing to cancel
            if matrix.shape != mask.shape:
                table = self._sentence_cosines(paper_id, edits, mask.shape[0])
                if table is not None:
                    self.matched.add(paper_id)
                    return np.where(mask, table, 0.0).astype(np.float32)
            if matrix.shape != mask.shape and self.untuned is not None:
                self.moved[paper_id] = (matrix.shape, mask.shape)
                return tuned_cosines(self.untuned(), comments, edits, mask, cancel, changed_sentences)
            if matrix.shape != mask.shape:
                raise ModelError(f"{self.path.name}: {paper_id} has {matrix.shape[0]} comments × {matrix.shape[1]} "
                                 f"edits, the paper {mask.shape[0]} × {mask.shape[1]}")
            return np.where(mask, matrix, 0.0).astype(np.float32)

        return source

    def _sentence_cosines(self, paper_id: str, edits: Sequence[Edit], n_comments: int) -> np.ndarray | None:
        """comments × ``edits``: each edit's best out-of-fold cosine over its sentences, from ``sentences``; None
        when the file lacks the paper, its comments are not the paper's, or one edit has a sentence never scored."""
        if self.sentences_path is None or paper_id in self.distrust or not self.sentences_path.exists():
            return None
        with np.load(self.sentences_path) as data:
            if paper_id not in data.files:
                return None
            cos, keys = data[paper_id], data[f"{paper_id}|keys"]
        if cos.shape[0] != n_comments:
            return None
        column = {str(k): j for j, k in enumerate(keys)}
        out = np.zeros((n_comments, len(edits)), dtype=np.float32)
        for j, edit in enumerate(edits):
            cols = [column.get(sentence_key(t)) for t in section_pieces(edit)]
            if any(c is None for c in cols):
                return None
            if cols:
                out[:, j] = cos[:, cols].max(axis=1)
        return out
