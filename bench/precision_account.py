"""An account of the default's false positives out of fold on DISAPERE train (issue 33, session 33): counts only.

    nice .venv/bin/python -m bench.precision_account ../shared/data/disapere/train.jsonl OUT/oof_base.npz \
        [--work DIR] [--json OUT]

The comments are the ones ``bench.score_encoder_oof`` scores for the default (the fold encoders' logits, the words
model out of fold, the shipped settings of ``encoder.json`` applied unchanged, this version's rules). Then, as
``engine.reviews.evaluate`` counts them:

- **False-positive sentences** (what precision counts): a gold sentence of 3+ words of 3+ letters that one comment
  (text plus context) holds at 60 % and that is neither ``arg_request`` nor negative ``arg_evaluative``. Each is
  sorted by its DISAPERE label (``_label``), by where it sits (``_place``, first that applies: under a heading of a
  kind, the review's first paragraph, its last paragraph, a list item, elsewhere), by the score band of the unit it
  lies in (``BANDS``), by whether it lies in the comment's text or only in its context, and by its cues
  (``cues.read_cues``: praise only, praise with a contrast, a summary opening, a request, a question, a negative
  word, none). The same tallies of the sentences counted right are printed beside them, so that what a rule would
  cost in recall is seen with what it would save.
- **Comments that hold no actionable sentence** (no ``arg_request``, no negative ``arg_evaluative`` sentence held
  at 60 %): by the label of the sentence it holds best, by where its first sentence sits, by its confidence band.

Dev is never read. Nothing is tuned here.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

import numpy as np

from engine.errors import InputError
from engine.reviews.evaluate import COVER, held, words

BANDS = (0.0, 0.15, 0.3, 0.45, 0.525, 0.6, 0.7, 0.8, 0.9, 1.01)
_HEAD = (("summary", r"summary|synopsis|overview|contribution"), ("strengths", r"strength|pros\b|positive"),
         ("weaknesses", r"weak|cons\b|negative|concern|limitation"), ("minor", r"minor|typo|small|detail"),
         ("questions", r"question"), ("other heading", r"."))


def oof_comments(train: str, oof: Path, work: Path) -> tuple[list, list, float]:
    """``data`` (``prepare``'s forums) and, per forum, the default's probabilities and fine types, as
    ``bench.score_encoder_oof`` forms them; and the shipped threshold."""
    from bench.score_encoder_oof import cached_words_fine
    from bench.train_comment_encoder import FINE, lexical_oof, prepare, split
    from engine.reviews.cues import read_cues
    from engine.reviews.encoder_model import encoder_files

    work.mkdir(parents=True, exist_ok=True)
    data, texts, *_ = prepare(train)
    lex = lexical_oof(data, texts, work)
    words_fine = cached_words_fine(data, work)
    meta = json.loads(encoder_files()[1].read_text("utf-8"))
    got = np.load(oof)
    z, zf = got["zq"], got["zfq"]
    if len(z) != len(texts):
        raise InputError(f"{oof} holds {len(z)} units, the reader makes {len(texts)} of {train}: score this train "
                         "file with bench.score_encoder_oof")
    unread = got["unread"] if "unread" in got.files else np.zeros(len(z), dtype=bool)
    always = np.array([read_cues(t).explicit or read_cues(t).implied for t in texts], dtype=bool)
    a, b = meta["platt"]
    p_enc = 1 / (1 + np.exp(-(a * z + b)))
    lo, hi = meta["band"]
    ask = ((lex >= lo) & (lex <= hi) | always) & ~unread
    p = np.where(ask, meta["weight"] * p_enc + (1 - meta["weight"]) * lex, lex)
    flat_words = np.array([t for f in words_fine for t in f], dtype=object)
    enc_fine = np.array([FINE[k] for k in zf.argmax(axis=1)], dtype=object)
    types = [list(t) for t in split(data, np.where(ask, enc_fine, flat_words))]
    return data, list(zip(split(data, p), types)), float(meta["threshold"])


def _label(s: dict) -> str:
    act, pol, fine = s["review_action"], s.get("polarity"), s.get("fine_review_action", "none")
    if act == "arg_evaluative":
        return {"pol_positive": "evaluative, positive", "pol_negative": "evaluative, negative"}.get(pol, "evaluative, neutral")
    if act == "arg_structuring":
        return "structuring: " + fine.replace("arg-structuring_", "")
    if act == "arg_request":
        return "request"
    return {"arg_fact": "fact", "arg_social": "social", "arg_other": "other", "none": "none"}.get(act, act)


def _place(units: list, u) -> str:
    head = f"{u.section} {u.label}".lower()
    for name, rx in _HEAD:
        if head.strip() and re.search(rx, head):
            return f"under a heading: {name}"
    blocks = [x.block for x in units if not x.skip]
    if blocks and u.block == min(blocks):
        return "the review's first paragraph"
    if blocks and u.block == max(blocks):
        return "the review's last paragraph"
    return "a list item" if u.is_item else "elsewhere"


def _band(p: float) -> str:
    for lo, hi in zip(BANDS, BANDS[1:]):
        if p < hi:
            return f"{lo:.3g}-{min(hi, 1):.3g}"
    return "1"


def _says(text: str) -> str:
    from engine.reviews.cues import read_cues

    c = read_cues(text)
    for name, hit in (("a request word or request", c.request or c.explicit), ("a question", c.question),
                      ("praise only", c.praise_only), ("praise with a contrast or problem", c.praise),
                      ("a summary opening", c.summary), ("a verdict", c.verdict),
                      ("a negative or weak word", c.negative or c.weak), ("a soft word (but, not, however)", c.soft)):
        if hit:
            return name
    return "no cue"


def _asks(text: str) -> bool:
    """A request marker: a request word, a request in so many words, or a question (``cues.read_cues``)."""
    from engine.reviews.cues import read_cues

    c = read_cues(text)
    return c.request or c.explicit or c.question


def _how(comment, review: int, j: int, k, units: list, prob: float, threshold: float) -> str:
    """How the sentence came into the comment that holds it best: its unit picked over the threshold, picked
    under it by a floor (``comments.picked``: a request word, a request in so many words, an implied change, a
    place note), joined without being picked (trailing, the same short point, a list item, a keyed paragraph, a
    named concern), or only in the comment's context."""
    from engine.reviews.comments import picked

    if k is None or review != j:
        return "another review's comment, or no unit"
    u = units[k]
    if not (comment.span[0] <= u.start and u.end <= comment.span[1]):
        return "context (or words spread over the comment)"
    if prob >= threshold and picked(u.text, prob, threshold):
        return "picked over the threshold"
    if picked(u.text, prob, threshold):
        return "picked under the threshold by a floor"
    return "joined without being picked"


def _context_kind(comment) -> str:
    """Where a comment's context came from, as ``comments.build_comments`` forms it (read off the text)."""
    context = (comment.context or "").strip()
    if not context:
        return "no context: words spread over the comment's text"
    if context.endswith(":"):
        return "a lead-in ending in a colon"
    return "a sentence before it (setup, follow-up link, refers back, a long item's opening)"


def _unit_of(units: list, start: int, end: int):
    """The unit that overlaps the review span ``start``-``end`` most (None when none does)."""
    best, most = None, 0
    for k, u in enumerate(units):
        ov = min(end, u.end) - max(start, u.start)
        if ov > most:
            best, most = k, ov
    return best


def account(data: list, scored: list, threshold: float) -> dict:
    from engine.reviews.comments import build_comments, prefixes

    t = {k: Counter() for k in ("fp: label", "fp: place", "fp: band", "fp: held in", "fp: says", "fp: place x label",
                                "ok: label", "ok: place", "ok: band", "ok: held in", "ok: says",
                                "fp: how", "ok: how", "fp: context", "ok: context", "ok requests: context", "fp: band x asks", "ok: band x asks", "ok requests: band x asks", "ok requests: place", "fp: how x label", "fp: band x how", "ok: band x how", "ok requests: band x how",
                                "missed requests: place", "missed requests: band",
                                "empty comments: best label", "empty comments: place", "empty comments: band",
                                "empty comments: says")}
    total = Counter()
    for f, (p, fine) in zip(data, scored):
        comments, owner, pos = [], [], 0
        for j, (r, prefix, units) in enumerate(zip(f["reviews"], prefixes(f["reviews"]), f["units"])):
            n = len(units)
            for c in build_comments(r, prefix, units, p[pos:pos + n], fine[pos:pos + n], threshold):
                comments.append(c)
                owner.append((j, pos))
            pos += n
        total["comments"] += len(comments)
        toks = [words(c.text + " " + (c.context or "")) for c in comments]
        text_toks = [words(c.text) for c in comments]
        held_ok = [False] * len(comments)
        best_held: list = [(0.0, None)] * len(comments)
        starts = [0]
        for units in f["units"]:
            starts.append(starts[-1] + len(units))
        md, gpos, rpos = f["md"], 0, 0
        offsets = []  # where each parsed review's text lies in the forum's Markdown, as ``fit.forum_units`` finds it
        for r in f["reviews"]:
            at = md.find(r.text, rpos)
            rpos = max(rpos, at)
            offsets.append(at)
        for g in f["gold"]:
            gat = md.find(g["text"], gpos)
            gpos = max(gpos, gat)
            for s in g["sentences"]:
                h = held(s, toks)
                if h is None:
                    continue
                w, shares, best, got, gold, ok = h
                label = _label(s)
                for k, share in enumerate(shares):
                    if share >= COVER:
                        held_ok[k] |= ok
                        if share > best_held[k][0]:
                            best_held[k] = (share, label)
                a = gat + s["start"] if gat >= 0 else -1  # the sentence in the forum's Markdown; its parsed review
                j = next((j for j, (r, o) in enumerate(zip(f["reviews"], offsets)) if 0 <= o <= a < o + len(r.text)), -1)
                units = f["units"][j] if j >= 0 else []
                k = _unit_of(units, a - offsets[j], a - offsets[j] + s["end"] - s["start"]) if j >= 0 else None
                u = units[k] if k is not None else None
                place = _place(units, u) if u is not None else "not found in the parsed review"
                band = _band(float(p[starts[j] + k])) if k is not None else "no unit"
                if gold and not got:
                    t["missed requests: place"][place] += 1
                    t["missed requests: band"][band] += 1
                if not got:
                    continue
                side = "ok" if ok else "fp"
                total[side] += 1
                t[f"{side}: label"][label] += 1
                t[f"{side}: place"][place] += 1
                t[f"{side}: band"][band] += 1
                t[f"{side}: held in"]["text" if len(w & text_toks[best]) / len(w) >= COVER else "context only"] += 1
                t[f"{side}: says"][_says(s["text"])] += 1
                if side == "fp":
                    t["fp: place x label"][f"{place} / {label}"] += 1
                how = _how(comments[best], owner[best][0], j, k, units, float(p[starts[j] + k]) if k is not None
                           else 0.0, threshold)
                t[f"{side}: how"][how] += 1
                if how.startswith("context"):
                    kind = _context_kind(comments[best])
                    t[f"{side}: context"][kind] += 1
                    if gold:
                        t["ok requests: context"][kind] += 1
                asks = "asks" if _asks(s["text"]) else "no request marker"
                t[f"{side}: band x asks"][f"{band} / {asks}"] += 1
                t[f"{side}: band x how"][f"{band} / {how}"] += 1
                if gold:
                    t["ok requests: band x how"][f"{band} / {how}"] += 1
                    t["ok requests: band x asks"][f"{band} / {asks}"] += 1
                    t["ok requests: place"][place] += 1
                if side == "fp":
                    t["fp: how x label"][f"{how} / {label}"] += 1
        for c, ok, (_, label), (j, pos) in zip(comments, held_ok, best_held, owner):
            if ok:
                continue
            total["empty comments"] += 1
            units = f["units"][j]
            k = _unit_of(units, c.span[0], c.span[0] + 1)
            t["empty comments: best label"][label or "holds no gold sentence at 60 %"] += 1
            t["empty comments: place"][_place(units, units[k]) if k is not None else "?"] += 1
            t["empty comments: band"][_band(c.confidence)] += 1
            t["empty comments: says"][_says(c.text)] += 1
    return {**total, **{k: dict(sorted(v.items(), key=lambda kv: -kv[1])) for k, v in t.items()}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("train")
    ap.add_argument("oof", type=Path)
    ap.add_argument("--work", type=Path, default=Path("/tmp/redraft-encoder"))
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    if not args.oof.is_file():
        print(f"error: no such file: {args.oof} (bench.score_encoder_oof writes it)", file=sys.stderr)
        return 2
    try:
        got = account(*oof_comments(args.train, args.oof, args.work))
    except (InputError, OSError) as e:  # a missing or mismatched file: one line, exit 2
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.json:
        args.json.write_text(json.dumps(got, indent=1), encoding="utf-8")
    print(json.dumps(got, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
