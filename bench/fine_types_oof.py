"""Comment fine types out of fold on DISAPERE train: today's typer, per type, and the candidates of session 27.

    nice -n 10 .venv/bin/python -m bench.fine_types_oof ../shared/data/disapere/train.jsonl \
        [--work /tmp/redraft-fine27] [--candidates base words minilm ...]

Comments are the words model's, out of fold (``train_comment_encoder.lexical_oof``: five folds of forums,
``engine.reviews.fit``'s; threshold ``lexical.json``'s), made by this version's rules; the fold encoders' logits
of earlier GPU runs are gone, so the default's comments cannot be rebuilt out of fold. A typer only names the
type of each unit (a comment takes its likeliest unit's, then ``comments.checked_type``), so the comments, and
P / R / F1, are the same for every typer. Each typer is fitted on the actionable units of four folds and types the
fifth. ``base`` is today's words model's fine-type head (``choose_comment_encoder.words_fine_out_of_fold``);
``oracle`` types each actionable unit by its own gold type (the ceiling of a unit typer on these comments); any
other name lists feature blocks and C, ``words+unit+before+heading+cues@1``: ``words`` / ``bwords`` / ``hwords``
(the words of the unit, of the sentence before it, of its heading), ``unit`` / ``before`` / ``heading`` (the base
MiniLM's vectors of them), ``sunit`` / ``sbefore`` / ``sheading`` (static MiniLM vectors, ``static``), ``cues``;
``offsets`` adds per-type offsets chosen on inner folds, ``unweighted`` drops the class weights.
Figures: macro-F1 over the seven gold types of the typed gold sentences (``evaluate.score_forums``), per-type
precision / recall / F1, the confusion matrix, and a 90 % bootstrap interval over forums of each candidate's
macro-F1 minus base's. Dev is never read.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from bench.train_comment_encoder import FINE, FOLDS, lexical_oof, log, prepare, split

#: Bootstrap resamples of forums, and the seed.
RESAMPLES = 2000
SEED = 0


def unit_context(data: list) -> tuple[list[str], list[str]]:
    """Per unit (in ``prepare``'s order): the sentence before it in its review ("" for the first) and the
    heading it sits under (section, label or list title, lead-in)."""
    before, heading = [], []
    for f in data:
        for units in f["units"]:
            for k, u in enumerate(units):
                before.append(units[k - 1].text if k else "")
                heading.append(" ".join(h for h in (u.section, u.label, u.lead_in) if h))
    return before, heading


def embed(strings: list[str], work: Path, name: str) -> np.ndarray:
    """The embedded base MiniLM's vectors (int8, as ``comments.minilm_encoder`` runs it; never fitted on
    DISAPERE, so out of fold by construction) of ``strings``, zeros for ""; cached in ``work/name.npy``."""
    path = work / f"{name}.npy"
    if path.exists():
        return np.load(path)
    from engine.reviews.comments import minilm_encoder

    enc = minilm_encoder()
    uniq = sorted({s for s in strings if s})
    vec = dict(zip(uniq, enc.encode(uniq))) if uniq else {}
    out = np.array([vec[s] if s else np.zeros(384, dtype=np.float32) for s in strings], dtype=np.float32)
    np.save(path, out)
    return out


#: Fixed-point scale of the static word-piece table: sums over a text's pieces are exact integers.
PIECE_SCALE = 2 ** 16


def static(strings: list[str]) -> np.ndarray:
    """Static MiniLM vectors of ``strings`` (candidate 7): per text, the sum of the base MiniLM's input word-piece
    embeddings over its tokens ([CLS] and [SEP] left out, no transformer layer run), L2-normalised (the mean's
    direction); zeros for "". The table is read as integers (``PIECE_SCALE``), so the sums are exact on any CPU."""
    import math

    from safetensors import safe_open
    from tokenizers import Tokenizer

    from engine.models.embedded import encoder_path

    folder = encoder_path()
    with safe_open(str(folder / "model.safetensors"), "np") as f:
        table = np.rint(f.get_tensor("embeddings.word_embeddings.weight").astype(np.float64) * PIECE_SCALE)
    table = table.astype(np.int64)
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.no_truncation()
    out = np.zeros((len(strings), table.shape[1]), dtype=np.float64)
    for i, text in enumerate(strings):
        ids = tokenizer.encode(text).ids[1:-1] if text else []
        if ids:
            total = table[ids].sum(axis=0)
            norm = math.sqrt(int(total @ total))
            out[i] = total / norm if norm else 0.0
    return out


def bag(texts: list[str], fit_rows: np.ndarray):
    """Unigram and bigram presence (``classify.ngrams``), vocabulary from the fitting rows only, as sparse rows."""
    from scipy import sparse

    from engine.reviews.classify import ngrams
    from engine.reviews.fit import vocabulary

    vocab = vocabulary([texts[i] for i in np.flatnonzero(fit_rows)])
    rows, cols = [], []
    for i, t in enumerate(texts):
        for j in {vocab[g] for g in ngrams(t) if g in vocab}:
            rows.append(i)
            cols.append(j)
    return sparse.csr_matrix((np.ones(len(rows), dtype=np.float32), (rows, cols)), shape=(len(texts), len(vocab)))


def cue_rows(data: list) -> np.ndarray:
    from engine.reviews.classify import cue_features

    return np.vstack([cue_features(units) for f in data for units in f["units"]])


def offsets_for(scores: np.ndarray, gold: np.ndarray) -> np.ndarray:
    """Per-type offsets added to ``scores`` (units x types) that maximise the unit-level macro-F1 against ``gold``
    (type indices): coordinate ascent over a fixed grid, two passes, from zero."""
    from sklearn.metrics import f1_score

    off = np.zeros(scores.shape[1])
    best = f1_score(gold, (scores + off).argmax(1), average="macro")
    for _ in range(2):
        for j in range(scores.shape[1]):
            for v in OFFSET_GRID:
                trial = off.copy()
                trial[j] = v
                f = f1_score(gold, (scores + trial).argmax(1), average="macro")
                if f > best + 1e-9:
                    best, off = f, trial
    return off


#: The offsets tried for each type (added to its logistic-regression score).
OFFSET_GRID = tuple(np.arange(-2.0, 2.01, 0.25))


def _fit(x, fine: np.ndarray, rows: np.ndarray, c: float, weighted: bool):
    from sklearn.linear_model import LogisticRegression

    clf = LogisticRegression(C=c, max_iter=4000, class_weight="balanced" if weighted else None)
    return clf.fit(x[rows], fine[rows])


def oof_typer(blocks, fine: np.ndarray, group: np.ndarray, c: float, bags: list[list[str]] = (),
              weighted: bool = True, offsets: bool = False) -> np.ndarray:
    """Each unit's type by a multinomial logistic regression fitted on the actionable units of the other folds.
    ``blocks``: dense feature blocks (all units); ``bags``: texts per unit (the unit's, the sentence before it, its
    heading) whose words are a block each, each block's vocabulary from the fitting folds;
    ``offsets``: per-type offsets chosen on inner folds of the four fitting folds (``offsets_for``)."""
    from scipy import sparse

    dense = sparse.csr_matrix(np.hstack(blocks)) if blocks else None
    out = np.empty(len(fine), dtype=object)
    for k in range(FOLDS):
        fit = (group % FOLDS != k) & (fine >= 0)
        held = group % FOLDS == k
        parts = [bag(t, fit) for t in bags] + ([dense] if dense is not None else [])
        x = sparse.hstack(parts).tocsr()
        clf = _fit(x, fine, fit, c, weighted)
        assert list(clf.classes_) == list(range(len(FINE))), clf.classes_  # every type in every fold's fit
        off = np.zeros(len(FINE))
        if offsets:  # inner folds: the other four outer folds, each held out of a fit on the remaining three
            inner = np.zeros((len(fine), len(FINE)))
            for j in set(range(FOLDS)) - {k}:
                rows = fit & (group % FOLDS != j)
                xi = sparse.hstack([bag(t, rows) for t in bags] + ([dense] if dense is not None else [])).tocsr()
                sel = fit & (group % FOLDS == j)
                inner[sel] = _fit(xi, fine, rows, c, weighted).decision_function(xi[sel])
            off = offsets_for(inner[fit], fine[fit])
            log(f"fold {k}: offsets", np.round(off, 2).tolist())
        out[held] = [FINE[j] for j in (clf.decision_function(x[held]) + off).argmax(1)]
    return out


def score(data: list, lex: np.ndarray, threshold: float, types) -> tuple[dict, list]:
    """The sentence-level figures of the words model's out-of-fold comments typed by ``types`` (per unit), and
    the typed gold sentences' ``(forum, gold, predicted)``."""
    from engine.reviews.comments import build_comments, prefixes
    from engine.reviews.evaluate import score_forums

    fines = [list(t) for t in split(data, np.asarray(types, dtype=object))]
    probs = split(data, lex)
    comments_of = {}
    for k, f in enumerate(data):
        found, pos = [], 0
        for r, prefix, units in zip(f["reviews"], prefixes(f["reviews"]), f["units"]):
            n = len(units)
            found += [c.to_dict() for c in build_comments(r, prefix, units, probs[k][pos:pos + n],
                                                          fines[k][pos:pos + n], threshold)]
            pos += n
        comments_of[f["md"]] = found
    pairs: list = []
    s = score_forums([(f["forum"], f["gold"]) for f in data], lambda md: comments_of[md], pairs)
    return s, pairs


def per_type(pairs: list) -> dict:
    """Gold count, precision, recall and F1 of each gold type (predicted "" = the sentence no comment holds)."""
    out = {}
    for t in sorted({g for _, g, _ in pairs}):
        tp = sum(g == t and p == t for _, g, p in pairs)
        fp = sum(g != t and p == t for _, g, p in pairs)
        fn = sum(g == t and p != t for _, g, p in pairs)
        out[t] = {"gold": tp + fn, "P": round(tp / (tp + fp), 3) if tp + fp else 0.0,
                  "R": round(tp / (tp + fn), 3) if tp + fn else 0.0, "F1": round(2 * tp / (2 * tp + fp + fn), 3)}
    return out


def confusion(pairs: list) -> dict:
    gold = sorted({g for _, g, _ in pairs})
    cols = sorted(set(gold) | {p for _, _, p in pairs} - {""}) + [""]
    return {g: {p or "(none)": sum(1 for _, a, b in pairs if a == g and b == p) for p in cols} for g in gold}


def macro_of(pairs: np.ndarray, forum_weights: np.ndarray) -> float:
    """Macro-F1 of ``pairs`` (forum, gold, pred) with each forum counted ``forum_weights[forum]`` times."""
    w = forum_weights[pairs[:, 0].astype(int)]
    gold, pred = pairs[:, 1], pairs[:, 2]
    f1s = []
    for t in FINE:
        g = gold == t
        if not (w * g).sum():
            continue
        tp = (w * (g & (pred == t))).sum()
        fp = (w * (~g & (pred == t))).sum()
        fn = (w * (g & (pred != t))).sum()
        f1s.append(2 * tp / (2 * tp + fp + fn) if tp else 0.0)
    return float(np.mean(f1s))


def bootstrap(base: list, cand: list, forums: int) -> tuple[float, float]:
    """The 90 % interval of macro(cand) - macro(base) over forums resampled with replacement (the same draws)."""
    rng = np.random.default_rng(SEED)
    a, b = np.array(base, dtype=object), np.array(cand, dtype=object)
    diffs = []
    for _ in range(RESAMPLES):
        w = np.bincount(rng.integers(0, forums, forums), minlength=forums).astype(float)
        diffs.append(macro_of(b, w) - macro_of(a, w))
    return float(np.percentile(diffs, 5)), float(np.percentile(diffs, 95))


def main(argv: list[str] | None = None) -> int:
    from bench.score_encoder_oof import cached_words_fine
    from engine.reviews.classify import shipped_model

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("train")
    ap.add_argument("--work", type=Path, default=Path("/tmp/redraft-fine27"))
    ap.add_argument("--candidates", nargs="*", default=["base"])
    ap.add_argument("--json", type=Path, help="write every figure here")
    args = ap.parse_args(argv)
    args.work.mkdir(parents=True, exist_ok=True)
    data, texts, _, fine, group = prepare(args.train)
    lex = lexical_oof(data, texts, args.work)
    threshold = shipped_model("lexical").threshold
    words_fine = np.array([t for f in cached_words_fine(data, args.work) for t in f], dtype=object)
    base, base_pairs = score(data, lex, threshold, words_fine)
    report = {"units": len(texts), "actionable_units": int((fine >= 0).sum()), "threshold": threshold,
              "sentence": {k: base[k] for k in ("precision", "recall", "f1")}, "typers": {}}
    report["unit_gold"] = {t: int((fine == j).sum()) for j, t in enumerate(FINE)}
    before, heading = unit_context(data)
    cache: dict = {}

    def vectors(name: str) -> np.ndarray:
        if name not in cache:
            cache[name] = {"unit": lambda: embed(texts, args.work, "minilm_unit"),
                           "before": lambda: embed(before, args.work, "minilm_before"),
                           "heading": lambda: embed(heading, args.work, "minilm_heading"),
                           "sunit": lambda: static(texts), "sbefore": lambda: static(before),
                           "sheading": lambda: static(heading),
                           "cues": lambda: cue_rows(data)}[name]()
        return cache[name]

    for name in args.candidates:
        if name == "base":
            types = words_fine
        elif name == "oracle":  # the ceiling of a unit typer on these comments: each unit's own gold type
            types = np.where(fine >= 0, np.array([FINE[j] for j in fine.clip(0)], dtype=object), words_fine)
        else:  # e.g. "words+cues@1", "unit+before+cues@0.3", "words+bwords+hwords+cues+offsets@0.3"
            spec, _, c = name.partition("@")
            parts = spec.split("+")
            dense = ("unit", "before", "heading", "sunit", "sbefore", "sheading")
            blocks = [vectors(p) * 4.0 if p in dense else vectors(p) for p in parts if p in dense + ("cues",)]
            bags = [t for p, t in (("words", texts), ("bwords", before), ("hwords", heading)) if p in parts]
            types = oof_typer(blocks, fine, group, float(c or 1.0), bags,
                              weighted="unweighted" not in parts, offsets="offsets" in parts)
        s, pairs = score(data, lex, threshold, types)
        assert (s["precision"], s["recall"], s["f1"]) == (base["precision"], base["recall"], base["f1"])
        row = {"macro": s["fine_macro_f1"], "per_type": per_type(pairs)}
        if name == "base":
            row["confusion"] = confusion(pairs)
        else:
            lo, hi = bootstrap(base_pairs, pairs, len(data))
            row["minus_base"] = round(s["fine_macro_f1"] - base["fine_macro_f1"], 3)
            row["interval90"] = [round(lo, 3), round(hi, 3)]
        report["typers"][name] = row
        log(name, json.dumps(row))
    text = json.dumps(report, indent=1)
    if args.json:
        args.json.write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
