"""Reviewer-paper similarity scorers, vectorised over many reviewers and submissions.

Every scorer maps (profiles, submissions) to a reviewers × submissions matrix
of scores; higher means more expertise. Paper-level scorers first compare a
submission with each profile paper (TF-IDF or embedding cosine) and then
aggregate per reviewer: ``max``, ``mean`` or ACL's ``top3`` (s1 + s2/2 + s3/3,
missing terms 0). ``tpms`` reproduces the TPMS baseline of the gold-standard
study: the whole profile is one bag of stemmed words, term frequencies are
augmented (0.5 + 0.5 tf / max tf), IDF is log(N / df) over the reviewer and
submission documents, and the score is the cosine of the weighted vectors.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from engine.errors import InputError
from engine.expertise.profile import Paper, Profile

AGGREGATIONS = ("max", "mean", "top3")
TPMS_REGIMES = {"tpms-title": "title", "tpms": "title+abstract", "tpms-full": "full"}


@lru_cache(maxsize=200_000)
def _stem(word: str) -> str:
    return _stemmer().stem(word)


@lru_cache(maxsize=1)
def _stemmer() -> Any:
    from nltk.stem import PorterStemmer

    return PorterStemmer()


@lru_cache(maxsize=1)
def _stopwords() -> frozenset[str]:
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    return frozenset(ENGLISH_STOP_WORDS)


def tokens(text: str) -> list[str]:
    """Lower-cased, accent-free, stemmed alphabetic words; stop words and single letters dropped."""
    text = "".join(c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn")
    stop = _stopwords()
    return [_stem(w) for w in re.findall(r"[a-z]+", text.lower()) if len(w) > 1 and w not in stop]


@dataclass
class Corpus:
    """Profiles flattened: all profile papers, and per reviewer the indices of theirs."""

    profiles: list[Profile]
    submissions: list[Paper]

    def __post_init__(self) -> None:
        if not self.profiles:
            raise InputError("no reviewer profiles to score")
        if not self.submissions:
            raise InputError("no submissions to score")
        self.papers: list[Paper] = [p for prof in self.profiles for p in prof.papers]
        width = max(len(prof.papers) for prof in self.profiles)
        #: reviewers × width indices into ``papers``, -1 where a profile is shorter
        self.groups = np.full((len(self.profiles), max(width, 1)), -1, dtype=np.int64)
        start = 0
        for r, prof in enumerate(self.profiles):
            self.groups[r, : len(prof.papers)] = np.arange(start, start + len(prof.papers))
            start += len(prof.papers)

    @property
    def reviewers(self) -> list[str]:
        return [p.reviewer for p in self.profiles]


def aggregate(sim: np.ndarray, groups: np.ndarray, how: str = "top3") -> np.ndarray:
    """Reviewers × submissions scores from a submissions × profile-papers similarity matrix."""
    if how not in AGGREGATIONS:
        raise InputError(f"unknown aggregation {how!r} (choose from {', '.join(AGGREGATIONS)})")
    sim = np.asarray(sim, dtype=np.float32)
    padded = np.concatenate([sim, np.full((sim.shape[0], 1), -np.inf, np.float32)], axis=1)
    grouped = padded[:, groups]  # submissions × reviewers × width; -1 picks the -inf column
    valid = groups >= 0
    if how == "max":
        out = grouped.max(axis=-1)
    elif how == "mean":
        out = np.where(valid, grouped, 0.0).sum(axis=-1) / np.maximum(valid.sum(axis=-1), 1)
    else:
        k = min(3, grouped.shape[-1])
        top = -np.sort(-np.partition(grouped, grouped.shape[-1] - k, axis=-1)[..., -k:], axis=-1)
        top = np.where(np.isfinite(top), top, 0.0)
        out = top @ (1.0 / np.arange(1, k + 1, dtype=np.float32))
    return np.ascontiguousarray(out.T)


def tfidf_paper_similarity(corpus: Corpus) -> tuple[np.ndarray, Any]:
    """Submissions × profile-papers cosine of sublinear TF-IDF over title + abstract (+ the vectorizer)."""
    from sklearn.feature_extraction.text import TfidfVectorizer

    vectorizer = TfidfVectorizer(analyzer=tokens, sublinear_tf=True)
    texts = [p.title_abstract() for p in corpus.papers] + [s.title_abstract() for s in corpus.submissions]
    try:
        matrix = vectorizer.fit_transform(texts)
    except ValueError:
        raise InputError("no words left to compare after removing stop words") from None
    n = len(corpus.papers)
    sim = (matrix[n:] @ matrix[:n].T).toarray().astype(np.float32)
    return sim, (vectorizer, matrix[:n], matrix[n:])


def _regime_text(paper: Paper, regime: str) -> str:
    parts = [paper.title]
    if regime in ("title+abstract", "full"):
        parts.append(paper.abstract)
    if regime == "full":
        parts.append(paper.text)
    return " ".join(parts)


def tpms_scores(corpus: Corpus, regime: str = "title+abstract") -> np.ndarray:
    """The TPMS baseline: reviewers × submissions cosine of augmented-TF × IDF profile vectors."""
    from scipy import sparse
    from sklearn.feature_extraction.text import CountVectorizer

    docs = [" ".join(_regime_text(p, regime) for p in prof.papers) for prof in corpus.profiles]
    docs += [_regime_text(s, regime) for s in corpus.submissions]
    try:
        counts = CountVectorizer(analyzer=tokens).fit_transform(docs).tocsr().astype(np.float64)
    except ValueError:
        raise InputError("no words left to compare after removing stop words") from None
    row_max = counts.max(axis=1).toarray().ravel()
    tf = counts.copy()
    tf.data = 0.5 + 0.5 * tf.data / np.repeat(np.maximum(row_max, 1), np.diff(tf.indptr))
    df = np.bincount(counts.indices, minlength=counts.shape[1])
    idf = np.log(len(docs) / np.maximum(df, 1))
    weighted = tf @ sparse.diags(idf)
    norms = np.sqrt(weighted.multiply(weighted).sum(axis=1)).A.ravel()
    weighted = sparse.diags(1.0 / np.maximum(norms, 1e-12)) @ weighted
    r = len(corpus.profiles)
    return (weighted[:r] @ weighted[r:].T).toarray().astype(np.float32)


def embedding_paper_similarity(corpus: Corpus, encoder: Any, cancel: Any = None) -> np.ndarray:
    """Submissions × profile-papers cosine of the encoder's title + abstract embeddings."""
    texts = [p.title_abstract() for p in corpus.papers]
    subs = [s.title_abstract() for s in corpus.submissions]
    unique = list(dict.fromkeys(texts + subs))
    kwargs = {"cancel": cancel} if cancel is not None else {}
    vectors = encoder.encode(unique, **kwargs)
    index = {t: i for i, t in enumerate(unique)}
    profile_vecs = vectors[[index[t] for t in texts]]
    sub_vecs = vectors[[index[t] for t in subs]]
    return (sub_vecs @ profile_vecs.T).astype(np.float32)
