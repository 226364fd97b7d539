"""An extractive TLDR with no LLM: pick the abstract sentence that best states
the paper's contribution.

Each sentence gets a few features: TF-IDF cosine with the title and with the
centroid of the rest of the abstract (IDF over the abstract's sentences),
position (first, second, last, relative), contribution cues ("we propose",
"in this paper"), result cues ("outperforms"), background cues ("recently",
"has been"), length priors, and whether it opens with "we". The score is a
linear combination; ``WEIGHTS`` were fitted on SciTLDR train by least
squares against each sentence's mean ROUGE-1/2/L F1 (features centred per
paper, as only the ranking within a paper matters): see
``bench/tune_tldr.py``. The highest-scoring sentence is the TLDR.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # numpy loads when sentences are scored: the guard's sentence split needs none
    import numpy as np

CONTRIBUTION = re.compile(
    r"\b(we (propose|present|introduce|develop|describe|design|study|investigate|explore|address|tackle|formulate|"
    r"provide|offer|leverage|extend|train)|in this (paper|work|article)|this (paper|work) (proposes|presents|introduces)|"
    r"(our|the proposed) (method|approach|model|framework|algorithm)|novel|new (method|approach|framework|algorithm))\b",
    re.IGNORECASE,
)
RESULT = re.compile(
    r"\b(we (show|demonstrate|find|prove|obtain|achieve)|outperform\w*|state[- ]of[- ]the[- ]art|improv\w*|"
    r"achiev\w*|significantly|experiments? (show|demonstrate))\b",
    re.IGNORECASE,
)
BACKGROUND = re.compile(
    r"\b(recent(ly)?|has been|have been|is (a|an|one)|are (widely|commonly)|however|despite|although|"
    r"remains?|challeng\w*|problem of|existing)\b",
    re.IGNORECASE,
)

FEATURES = (
    "title_sim", "centroid_sim", "first", "second", "last", "rel_pos", "contribution", "result",
    "background", "starts_we", "length", "short", "long",
)
#: Fitted on SciTLDR train.jsonl by ``bench/tune_tldr.py`` (least squares, per-paper centred).
WEIGHTS = {
    "title_sim": 0.268, "centroid_sim": 0.3261, "first": 0.0059, "second": -0.0117, "last": 0.0039,
    "rel_pos": -0.0225, "contribution": 0.0531, "result": 0.0028, "background": -0.0099, "starts_we": 0.0283,
    "length": 0.0005, "short": -0.0318, "long": -0.015,
}

_TOKENIZER = None


def tokens(text: str) -> list[str]:
    """rouge-score's tokens (lowercase, alphanumeric, Porter-stemmed), stopwords kept out."""
    global _TOKENIZER
    if _TOKENIZER is None:
        from rouge_score import tokenizers

        _TOKENIZER = tokenizers.DefaultTokenizer(use_stemmer=True)
    return [t for t in _TOKENIZER.tokenize(text) if t not in _STOP]


_STOP = frozenset(
    "a an the of to in for on and or with by is are was were be been this that these those we our it its as at "
    "from which can also such than their has have not but into".split()
)


def _tfidf(bags: list[Counter], idf: dict[str, float]) -> list[dict[str, float]]:
    vectors = []
    for bag in bags:
        vec = {t: (1 + math.log(c)) * idf.get(t, 1.0) for t, c in bag.items()}
        norm = math.sqrt(sum(v * v for v in vec.values())) or 1.0
        vectors.append({t: v / norm for t, v in vec.items()})
    return vectors


def _cosine(a: dict[str, float], b: dict[str, float]) -> float:
    if len(a) > len(b):
        a, b = b, a
    return sum(v * b.get(t, 0.0) for t, v in a.items())


def sentence_features(sentences: Sequence[str], title: str = "") -> np.ndarray:
    """One row of ``FEATURES`` per sentence."""
    import numpy as np

    n = len(sentences)
    bags = [Counter(tokens(s)) for s in sentences]
    df = Counter(t for bag in bags for t in bag)
    idf = {t: math.log((n + 1) / (c + 1)) + 1 for t, c in df.items()}
    vecs = _tfidf(bags, idf)
    title_vec = _tfidf([Counter(tokens(title))], idf)[0] if title else {}
    rows = []
    for i, s in enumerate(sentences):
        rest = Counter()
        for j, bag in enumerate(bags):
            if j != i:
                rest.update(bag)
        centroid = _tfidf([rest], idf)[0] if rest else {}
        words = len(s.split())
        rows.append([
            _cosine(vecs[i], title_vec) if title_vec else 0.0,
            _cosine(vecs[i], centroid),
            float(i == 0),
            float(i == 1),
            float(i == n - 1 and n > 1),
            i / max(n - 1, 1),
            float(bool(CONTRIBUTION.search(s))),
            float(bool(RESULT.search(s))),
            float(bool(BACKGROUND.search(s))),
            float(s.lstrip().lower().startswith("we ")),
            min(words, 50) / 50,
            float(words < 8),
            float(words > 40),
        ])
    return np.array(rows, dtype=np.float64).reshape(n, len(FEATURES))


def score_sentences(sentences: Sequence[str], title: str = "", weights: dict[str, float] | None = None) -> np.ndarray:
    import numpy as np

    w = weights or WEIGHTS
    if not sentences:
        return np.zeros(0)
    return sentence_features(sentences, title) @ np.array([w[f] for f in FEATURES])


def extractive_tldr(sentences: Sequence[str], title: str = "", weights: dict[str, float] | None = None) -> str:
    """The best-scoring sentence ("" for no sentences); ties go to the earlier one."""
    import numpy as np

    cleaned = [s.strip() for s in sentences if s.strip()]
    if not cleaned:
        return ""
    scores = score_sentences(cleaned, title, weights)
    return cleaned[int(np.argmax(scores))]


def lead_tldr(sentences: Sequence[str]) -> str:
    """The lead baseline: the first sentence."""
    return next((s.strip() for s in sentences if s.strip()), "")


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\[])")
_NO_SPLIT = re.compile(r"\b(?:et al|e\.g|i\.e|cf|Fig|Figs|Eq|Sec|vs|resp|approx)\.$", re.IGNORECASE)


def split_sentences(text: str) -> list[str]:
    """Sentences of a paragraph (no split after "et al.", "e.g.", "Fig." and friends)."""
    out: list[str] = []
    for piece in _SENTENCE_END.split(" ".join(text.split())):
        if out and _NO_SPLIT.search(out[-1]):
            out[-1] = f"{out[-1]} {piece}"
        elif piece:
            out.append(piece)
    return out
