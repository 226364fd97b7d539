"""Suggestions in the draft's own syntax (issue 34, branch source19): does the round trip rendered -> source keep
the placed paragraph's citations, references and maths? And does the readers' record leave every text as it was?

    nice .venv/bin/python -m bench.bench_source measure [--part train] [--out OUT.json]
    nice .venv/bin/python -m bench.bench_source texts OUT.json [--part train]
    .venv/bin/python -m bench.bench_source compare OLD.json NEW.json

``measure``: for each comment the authors answered (``bench.suggest_places.answered``; the drafts as the LaTeX
reader reads them, unpaged), the paragraph the placement puts its edit in (``placement.place`` on the comment's
located paragraphs, as the app and ``bench_suggest`` place it; placement only, no model). The paragraph's rendered
``text``, taken as an edit that keeps all of it, is written back (``source_syntax.write_back``), and each of its
citations, references and inline maths spans **counted in its source** (the ``\\cite``-family, ``\\ref``-family
and ``$..$``/``\\(..\\)`` of ``Paragraph.source``, not the record) survives when the result holds it as often as
the source does (the result's spans, counted the same way); the baseline is the rendered text, which keeps none.
``markdown``: the same over every body paragraph of Markdown drafts given by path (pandoc's and bookdown's
syntax). ``texts`` dumps every paragraph's text of both sides of each revision of the part; run it with the old
tree on ``PYTHONPATH`` and with the new, then ``compare`` (exit 1 if any text differs).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
#: A span of a LaTeX paragraph's source, by kind: what the measure counts (independently of the reader's record).
SPANS = {
    "cite": re.compile(r"\\(?:[Cc]ite[pt]?|citealp|citealt|citeauthor|citeyear|citeyearpar|parencite|textcite|"
                       r"autocite|citenum|shortcite)\*?(?:\s*\[[^\]]*\])*\s*\{[^{}]*\}"),
    "ref": re.compile(r"\\(?:ref|eqref|autoref|Autoref|cref|Cref|fref|Fref|pageref|vref|nameref|cpageref)\*?\{[^{}]*\}"),
    "math": re.compile(r"(?<![\\$])\$(?!\$)(?:[^$\\]|\\.)+?\$|\\\((?:.|\n)+?\\\)"),
}


#: The same for Markdown, R Markdown and Quarto: pandoc's citation groups and narrative keys (Quarto's ``@fig-x``
#: a reference), bookdown's ``\@ref(..)``, raw LaTeX citations and references, ``$..$``.
SPANS_MD = {
    "cite": re.compile(r"\[[^\[\]]*?@\w[^\[\]]*\]|\\(?:[Cc]ite[pt]?|citealp|citealt|parencite|textcite|autocite)"
                       r"\*?(?:\s*\[[^\]]*\])*\s*\{[^{}]*\}|(?<![\w.\[@;\\])@(?!(?:fig|tbl|sec|eq|lst|thm)-)[A-Za-z0-9_][\w:.#+/-]*\w"),
    "ref": re.compile(r"\\@ref\([^()]*\)|\\(?:ref|eqref|autoref|cref|Cref|pageref)\*?\{[^{}]*\}|"
                      r"(?<![\w.\[@;])@(?:fig|tbl|sec|eq|lst|thm)-[\w-]*\w"),
    "math": re.compile(r"(?<![\\$])\$(?=\S)[^$\n]+?(?<=\S)\$(?!\d)"),
}


def spans(source: str, kinds: dict[str, re.Pattern[str]] = SPANS) -> list[tuple[str, str]]:
    """(kind, text) of each citation, reference and inline maths span of a paragraph's source."""
    found = sorted((m.start(), -m.end(), kind, m.group(0)) for kind, p in kinds.items() for m in p.finditer(source))
    out, last = [], 0
    for start, end, kind, text in found:  # a key inside a citation group is the group's
        if start >= last:
            out.append((kind, text))
            last = -end
    return out


def survived(source: str, written: str, kinds: dict[str, re.Pattern[str]] = SPANS) -> Counter[str]:
    """Per kind: the spans of ``source`` whose text is in ``written`` as often as in ``source`` ("total_KIND" too)."""
    out: Counter[str] = Counter()
    found = Counter((kind, " ".join(text.split())) for kind, text in spans(source, kinds))
    there = Counter((kind, " ".join(text.split())) for kind, text in spans(written, kinds))
    for (kind, text), n in found.items():
        out[f"total_{kind}"] += n
        out[kind] += min(n, there[kind, text])
    return out


def measure(part: str, cache: str | None) -> dict[str, Any]:
    from bench.suggest_corpus import load_papers
    from bench.suggest_places import answered
    from engine.align.localize import localize
    from engine.generate.placement import place
    from engine.generate.source_syntax import write_back
    from engine.models.factory import open_model

    items = list(answered(load_papers(str(REPO / "corpus" / "revisions.json"), cache, part)))
    encoder = open_model("encoder")
    by_doc: dict[int, list[Any]] = {}
    for a in items:
        by_doc.setdefault(id(a.document), []).append(a)
    counts: Counter[str] = Counter()
    rows = []
    for group in by_doc.values():
        doc = group[0].document
        locs = localize([a.comment for a in group], doc, encoder, 3)
        for a, loc in zip(group, locs):
            para = place(a.comment, doc, [doc.paragraph(pid) for pid, _ in loc.paragraphs], position=a.position).paragraph
            counts["comments"] += 1
            if para is None or para.source is None:
                counts["no_record"] += 1
                counts[f"no_record_{para.kind.value if para else 'none'}"] += 1
                continue
            written = write_back(para.text, para, doc)
            kept = survived(para.source, written.text)
            counts.update(kept)
            counts["with_spans"] += any(kept[f"total_{k}"] for k in SPANS)
            counts["all_kept"] += all(kept[k] == kept[f"total_{k}"] for k in SPANS)
            counts["flagged"] += bool(written.unmapped or written.unknown)
            rows.append({"paper": a.paper, "comment": a.comment.id, "paragraph": para.id, **kept,
                         "unmapped": written.unmapped, "unknown": written.unknown})
    return {"part": part, "counts": dict(counts), "rows": rows}


def measure_markdown(paths: list[str]) -> dict[str, Any]:
    """Every body paragraph of Markdown drafts (a new user's R Markdown paper: no corpus part), round-tripped."""
    from engine.document import load_document
    from engine.generate.source_syntax import write_back

    counts: Counter[str] = Counter()
    for path in paths:
        doc = load_document(path)
        for para in doc.body():
            counts["paragraphs"] += 1
            if para.source is None:
                counts["no_record"] += 1
                continue
            written = write_back(para.text, para, doc)
            kept = survived(para.source, written.text, SPANS_MD)
            counts.update(kept)
            counts["with_spans"] += any(kept[f"total_{k}"] for k in SPANS_MD)
            counts["all_kept"] += all(kept[k] == kept[f"total_{k}"] for k in SPANS_MD)
            counts["flagged"] += bool(written.unmapped or written.unknown)
    return {"counts": dict(counts)}


def texts(part: str, cache: str | None) -> dict[str, Any]:
    from corpus.build_revisions import default_out
    from engine.document import load_document

    folder = Path(cache).expanduser() if cache else default_out()
    manifest = json.loads((REPO / "corpus" / "revisions.json").read_text(encoding="utf-8"))
    out: dict[str, Any] = {}
    for r in sorted((r for r in manifest["revisions"] if r["part"] == part), key=lambda r: r["id"]):
        for side in ("submitted", "revised"):
            path = folder / r["id"] / side / r[side]["main"]
            try:
                out[f"{r['id']}/{side}"] = [[p.id, p.kind.value, p.text] for p in load_document(str(path)).paragraphs]
            except Exception as err:  # noqa: BLE001 - a draft that does not read is a result too
                out[f"{r['id']}/{side}"] = f"{type(err).__name__}: {err}"
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("measure")
    t = sub.add_parser("texts")
    t.add_argument("out")
    for p in (m, t):
        p.add_argument("--part", choices=("train",), default="train")  # never the checked or blind part
        p.add_argument("--cache")
    m.add_argument("--out")
    md = sub.add_parser("markdown")
    md.add_argument("paths", nargs="+")
    c = sub.add_parser("compare")
    c.add_argument("old")
    c.add_argument("new")
    args = ap.parse_args()
    if args.cmd == "texts":
        Path(args.out).write_text(json.dumps(texts(args.part, args.cache), ensure_ascii=False))
        return 0
    if args.cmd == "compare":
        old, new = (json.loads(Path(p).read_text()) for p in (args.old, args.new))
        differ = [k for k in sorted(set(old) | set(new)) if old.get(k) != new.get(k)]
        for k in differ:
            print(f"{k}: differs")
        print(f"{len(old)} drafts, {len(differ)} read differently")
        return 1 if differ else 0
    result = measure(args.part, args.cache) if args.cmd == "measure" else measure_markdown(args.paths)
    c = result["counts"]
    unit = f"{args.part} part: {c['comments']} answered comments" if args.cmd == "measure" else \
        f"{len(args.paths)} Markdown drafts: {c['paragraphs']} body paragraphs"
    print(f"{unit}; without a record: {c.get('no_record', 0)}; with a citation, reference or maths span: "
          f"{c.get('with_spans', 0)}")
    for kind in SPANS:
        total = c.get(f"total_{kind}", 0)
        print(f"  {kind:5} survive the round trip: {c.get(kind, 0)}/{total}"
              f" ({100 * c.get(kind, 0) / total:.1f} %)" if total else f"  {kind:5} none")
    print(f"  every span kept: {c.get('all_kept', 0)}/{c.get('comments', c.get('paragraphs')) - c.get('no_record', 0)}; "
          f"flagged (a mark left as it reads, or a key not cited): {c.get('flagged', 0)}; baseline (rendered): 0")
    if getattr(args, "out", None):
        Path(args.out).write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
