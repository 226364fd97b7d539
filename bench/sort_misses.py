"""Sort the PDF reader's misses on the layouts corpus by cause, per document class (issue 31).

    .venv/bin/python -m bench.sort_misses --cache /tmp/layouts18 [--part dev] [--latex-cache DIR]
                                          [--only ID ...] [--json OUT] [--show CAUSE]

A miss is a LaTeX body paragraph that ``paragraph_recall`` does not find at 0.9 among the PDF reader's
paragraphs. Each is compared with the reader's paragraphs around its nearest candidates (a window of
``WINDOW`` paragraphs either side, their tokens run together) and sorted, first rule that applies:

- ``breaks``: 90 % or more of its tokens are found there, over two or more of the reader's paragraphs that are
  each (80 %+) inside it, and its source holds a forced line break or list items (``\\\\``, ``\\newline``,
  ``\\item``, ``\\par``): the PDF sets apart what the LaTeX reader reads as one paragraph (the reference side);
- ``split-maths``: as ``split`` below, with a piece or something between them read as ``equation``;
- ``split``: 90 % or more of its tokens are found there in runs of 3+ (in any order), over two or more of the
  reader's paragraphs (cut at a page, column or float and neither half, alone or joined with one neighbour,
  reaches 0.9: the pieces are apart, out of order or carry other text);
- ``run-in``: found the same way inside one paragraph (the matcher's score stays under 0.9 regardless);
- otherwise the differing stretches of the best alignment are weighed (ref tokens + PDF tokens of each) and
  the heaviest cause wins:
  ``words`` (the two stretches spell the same letters once spaces are dropped, or are near in letters:
  hyphenation, ligatures, joined or split words), ``maths`` (the reference's stretch is mostly tokens of its
  inline maths, ``Paragraph.marks``), ``split-far`` (a reference stretch of 4+ tokens not in the window but in
  another of the reader's paragraphs further off: a piece past a long float or an algorithm's lines, or out of
  order), ``absent`` (such a stretch in the PDF's text layer, pymupdf ``get_text``, and in none of the reader's
  paragraphs: the reader left it out), ``latex-side`` (a reference stretch that the PDF does not print at all,
  its 4-grams or, when shorter, its words: draft notes, template text, unresolved references), ``interleaved``
  (the PDF has 5+ tokens inside the paragraph the source has not: a float, footnote, running head or page number
  set into it), ``other``.

The LaTeX side is read with ``load_latex`` (cached as pickles in ``--latex-cache``, keyed by the source's
hash). Nothing is written into the corpus cache.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import re
import sys
from collections import Counter
from difflib import SequenceMatcher
from pathlib import Path

from engine.document.paragraph_recall import match_tokens, paragraph_coverage

REPO = Path(__file__).resolve().parents[1]
WINDOW = 6
CAUSES = ("breaks", "split-maths", "split", "split-far", "run-in", "words", "maths", "absent", "latex-side",
          "interleaved", "other")
_GRAM = 4
#: A forced line break or a list item inside the source paragraph: it prints as lines the PDF may set apart.
_BREAKS = re.compile(r"\\\\|\\newline\b|\\item\b|\\par\b|\\linebreak\b")


def _grams(tokens: list[str], n: int = _GRAM) -> set[tuple[str, ...]]:
    return {tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)}


def text_layer(words: list[str]) -> set[tuple[str, ...]]:
    """What ``classify`` looks a stretch up in: the 4-grams and the words of the PDF's text."""
    return _grams(words) | {(t,) for t in words}


def _share_in(tokens: list[str], runs: set[tuple[str, ...]], n: int) -> float:
    """The share of ``tokens`` inside a run of ``n`` found in ``runs``."""
    seen = [False] * len(tokens)
    for i in range(len(tokens) - n + 1):
        if tuple(tokens[i:i + n]) in runs:
            seen[i:i + n] = [True] * n
    return sum(seen) / len(tokens) if tokens else 0.0


def _letters_near(a: list[str], b: list[str]) -> bool:
    x, y = "".join(a), "".join(b)
    if not x or not y:
        return False
    return x == y or SequenceMatcher(None, x, y, autojunk=False).ratio() >= 0.75


def classify(ref: list[str], maths: set[str], window: list[list[str]], layer: set[tuple[str, ...]],
             kinds: list[str] | None = None, breaks: bool = False,
             read: set[tuple[str, ...]] | None = None) -> tuple[str, dict]:
    """The cause of one miss: ``ref`` its tokens, ``maths`` its inline maths' tokens, ``window`` the reader's
    paragraphs around its candidates (tokens each), ``layer`` the 4-grams and words of the PDF's whole text layer."""
    stream: list[str] = []
    owner: list[int] = []
    for k, para in enumerate(window):
        stream += para
        owner += [k] * len(para)
    sm = SequenceMatcher(None, ref, stream, autojunk=False)
    least = min(3, len(ref))
    blocks = [b for b in sm.get_matching_blocks() if b.size >= least]
    in_order = sum(b.size for b in blocks) / len(ref) if ref else 0.0
    # the same, in any order: each run of ``least`` reference tokens found anywhere in the window
    runs: dict[tuple[str, ...], int] = {}
    for j in range(len(stream) - least + 1):
        runs.setdefault(tuple(stream[j:j + least]), owner[j])
    seen = [False] * len(ref)
    hit: Counter = Counter()
    for i in range(len(ref) - least + 1):
        k = runs.get(tuple(ref[i:i + least]))
        if k is not None:
            seen[i:i + least] = [True] * least
            hit[k] += 1
    covered = sum(seen) / len(ref) if ref else 0.0
    pieces = sorted(k for k, n in hit.items() if n >= 3 or n >= 0.1 * len(ref))
    detail: dict = {"covered": round(covered, 3), "in_order": round(in_order, 3), "pieces": len(pieces)}
    if covered >= 0.9:
        if len(pieces) >= 2:
            ref_runs = {tuple(ref[i:i + least]) for i in range(len(ref) - least + 1)}
            detail["pure"] = [round(_share_in(window[k], ref_runs, least), 2) for k in pieces]
            kinds = kinds or ["?"] * len(window)
            detail["between"] = [kinds[k] for k in range(pieces[0] + 1, pieces[-1]) if k not in pieces]
            if breaks and min(detail["pure"]) >= 0.8:
                return "breaks", detail
            if "equation" in detail["between"] + [kinds[k] for k in pieces]:
                return "split-maths", detail
            return "split", detail
        return "run-in", detail
    weight: Counter = Counter()
    stretches: list[tuple[str, str, str]] = []
    first_b = blocks[0].b if blocks else 0
    last_b = blocks[-1].b + blocks[-1].size if blocks else 0
    window_grams = _grams(stream)
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            continue
        a = ref[i1:i2]
        # PDF tokens before the first or after the last matched run belong to the neighbours, not to this paragraph.
        b = stream[max(j1, first_b):min(j2, last_b)] if blocks else []
        if not a and not b:
            continue
        if a and b and _letters_near(a, b):
            cause = "words"
        elif a and sum(t in maths for t in a) * 2 >= len(a):
            cause = "maths"
        elif len(a) >= _GRAM and (g := _grams(a)) and not g & window_grams and len(g & layer) * 2 >= len(g):
            cause = "split-far" if len(g & (read or set())) * 2 >= len(g) else "absent"
        elif a and not (_grams(a) if len(a) >= _GRAM else {(t,) for t in a}) & layer:
            cause = "latex-side"
        elif len(b) >= 5 and len(b) > 2 * len(a):
            cause = "interleaved"
        else:
            cause = "other"
        weight[cause] += len(a) + len(b)
        stretches.append((cause, " ".join(a[:12]), " ".join(b[:12])))
    if not weight:  # only runs shorter than 3 tokens met (a paragraph of a few tokens): the words themselves decide
        return ("latex-side" if not {(t,) for t in ref} & layer else "other"), detail
    detail["weights"] = dict(weight)
    detail["stretches"] = stretches
    return max(CAUSES, key=lambda c: (weight[c], -CAUSES.index(c))), detail


def _latex(source: Path, cache: Path):
    from engine.document.latex.load import load_latex

    key = hashlib.sha256(str(source).encode() + source.read_bytes()).hexdigest()[:16]
    cache.mkdir(parents=True, exist_ok=True)
    file = cache / f"{source.parent.parent.name}-{key}.pkl"
    if file.is_file():
        return pickle.loads(file.read_bytes())
    doc = load_latex(source)
    file.write_bytes(pickle.dumps(doc))
    return doc


def _maths(paragraph) -> set[str]:
    out: set[str] = set()
    for kind, rendered, _ in paragraph.marks:
        if kind == "math":
            out.update(match_tokens(rendered))
    return out


def sort_paper(paper: dict, cache: Path, latex_cache: Path) -> dict | None:
    import pymupdf

    from engine.document.pdf.load import load_pdf

    pdf = cache / f"{paper['id']}.pdf"
    source = cache / paper["id"] / "src" / paper["main"]
    if not pdf.is_file() or not source.is_file():
        return None
    ref_doc = _latex(source, latex_cache)
    doc = load_pdf(pdf)
    with pymupdf.open(pdf) as raw:
        words = match_tokens(" ".join(page.get_text() for page in raw))
    layer = text_layer(words)
    cov = paragraph_coverage(ref_doc, doc)
    paras = [p for p in doc.paragraphs if match_tokens(p.text)]
    index = {id(p): k for k, p in enumerate(paras)}
    tokens = [match_tokens(p.text) for p in paras]
    read = {g for t in tokens for g in _grams(t)}
    misses = []
    for m in cov.misses:
        ref = match_tokens(m.reference.text)
        at = [index[id(c)] for c in m.candidates if id(c) in index] or [0]
        lo, hi = max(0, min(at) - WINDOW), min(len(paras), max(at) + WINDOW + 1)
        cause, detail = classify(ref, _maths(m.reference), tokens[lo:hi], layer,
                                 [p.kind.value for p in paras[lo:hi]], bool(_BREAKS.search(m.reference.source or "")),
                                 read)
        detail["display"] = "[EQUATION]" in m.reference.text
        misses.append({"cause": cause, "score": round(m.score, 3), "tokens": len(ref),
                       "kinds": [c.kind.value for c in m.candidates], "pages": sorted({c.page for c in m.candidates
                                                                                       if c.page}),
                       "line": m.reference.line, "file": m.reference.file, **detail})
    return {"class": paper["class"], "found": cov.found, "total": cov.total, "misses": misses}


def table(results: dict[str, dict]) -> str:
    per: dict[str, Counter] = {}
    for r in results.values():
        c = per.setdefault(r["class"], Counter())
        for m in r["misses"]:
            c[m["cause"]] += 1
    total = Counter()
    for c in per.values():
        total.update(c)
    head = f"{'class':<16}{'misses':>7}" + "".join(f"{c:>12}" for c in CAUSES)
    rows = [head]
    for name in sorted(per) + ["all"]:
        c = total if name == "all" else per[name]
        rows.append(f"{name:<16}{sum(c.values()):>7}" + "".join(f"{c[k]:>12}" for k in CAUSES))
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache", required=True, help="folder of the built corpus (ID.pdf, ID/src)")
    ap.add_argument("--manifest", default=str(REPO / "corpus" / "layouts.json"))
    ap.add_argument("--part", default="dev", choices=("dev", "test"))
    ap.add_argument("--latex-cache", default="/tmp/sort-misses-latex", help="where the LaTeX reading is pickled")
    ap.add_argument("--only", nargs="*", default=None, help="paper ids")
    ap.add_argument("--json", default=None, help="write every miss with its cause here")
    ap.add_argument("--load", default=None, help="read the misses from an earlier --json instead of the PDFs")
    ap.add_argument("--show", default=None, help="list the misses of this cause (paper, line, score)")
    args = ap.parse_args(argv)
    from engine.cli.eval_extract import read_manifest

    papers = [p for p in read_manifest(args.manifest) if p["part"] == args.part
              and (args.only is None or p["id"] in args.only)]
    results: dict[str, dict] = {}
    if args.load:
        papers = []
        results = json.loads(Path(args.load).read_text(encoding="utf-8"))
    for paper in papers:
        try:
            r = sort_paper(paper, Path(args.cache), Path(args.latex_cache))
        except Exception as exc:  # a PDF the reader refuses is listed, not fatal
            print(f"skip {paper['id']}: {type(exc).__name__}", file=sys.stderr)
            continue
        if r is not None:
            results[paper["id"]] = r
            print(f"{paper['id']}: {r['found']}/{r['total']}", file=sys.stderr, flush=True)
    found = sum(r["found"] for r in results.values())
    total = sum(r["total"] for r in results.values())
    print(f"{len(results)} papers, {found} of {total} body paragraphs found, {total - found} misses")
    print(table(results))
    if args.show:
        for pid, r in results.items():
            for m in r["misses"]:
                if m["cause"] == args.show:
                    print(pid, m["file"] or "", m["line"], m["score"], m["kinds"], m.get("weights", ""))
                    for cause, a, b in m.get("stretches", [])[:6]:
                        print(f"    {cause}: <{a}> -> <{b}>")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
