"""False positives of the invention checks (issue 34: ``missing_object``, ``unsupported_property``, ``summary``,
``altered_citation``) on real text: every body paragraph (12+ words) of a paper, checked as an edit against the
rest of that paper (title, body, captions, tables, references) and its section numbers, as ``suggest`` checks a
generated edit. Real text must pass; each failure here is a false positive.

The sets of ``bench/measure_fact_checks.py``: the final versions of cgo18 and icassp20, and the four papers of
``../shared/data/pdfs``. The rules were written from the issue's examples on synthetic text before either set was
checked; any rule changed after reading these results makes them in-sample (the report says which).

    .venv/bin/python -m bench.measure_invention_checks [--data ../shared/data] [--show]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bench.measure_fact_checks import PAPERS
from bench.shared_data import shared_data_folder

CHECKS = ("missing_object", "unsupported_property", "summary", "altered_citation")


def measure(papers: list[Path], show: bool = False) -> dict:
    from engine.document import load_document
    from engine.document.model import ParagraphKind
    from engine.generate.checks import invention_failures

    counts = {"paragraphs": 0, "any": 0, **{c: 0 for c in CHECKS}}
    for rel in papers:
        doc = load_document(rel)
        everything = [p.text for p in doc.paragraphs]
        numbers = [s.number for s in doc.sections if s.number]
        body = [(k, p.text) for k, p in enumerate(doc.paragraphs)
                if p.kind is ParagraphKind.BODY and len(p.text.split()) >= 12]
        for i, (k, text) in enumerate(body):
            context = "\n".join([doc.title, doc.abstract or "", *everything[:k], *everything[k + 1:]])
            flags = invention_failures(text, context, numbers)
            counts["paragraphs"] += 1
            counts["any"] += bool(flags)
            for f in flags:
                counts[f.code] += 1
                if show:
                    print(f"{rel.name} p{i}: {f.code}: {f.message}")
    n = counts["paragraphs"] or 1
    return {**counts, **{f"{k}_rate": round(100 * counts[k] / n, 1) for k in ("any", *CHECKS)}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=str(shared_data_folder()))
    parser.add_argument("--show", action="store_true", help="print every failed paragraph")
    parser.add_argument("--held-out", action="store_true", help="the four papers of pdfs/ (else cgo18 and icassp20)")
    args = parser.parse_args()
    data = Path(args.data)
    papers = sorted((data / "pdfs").glob("*.pdf")) if args.held_out else [data / p for p in PAPERS]
    print(json.dumps(measure(papers, args.show), indent=1))


if __name__ == "__main__":
    main()
