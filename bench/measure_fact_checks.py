"""False positives of the invented-fact checks on real text: every body paragraph (12+ words) of a paper,
checked against the rest of that paper as the context (as ``suggest`` checks an edit against the whole
paper: title, body, captions, tables and references). Real text must pass; the target is at most 5 % flagged.

Two sets: the final versions of cgo18 and icassp20 (the checks' rules were adjusted after looking at these:
in-sample) and the four papers of ``../shared/data/pdfs`` (never looked at while writing the rules: held out).

    .venv/bin/python -m bench.measure_fact_checks [--data ../shared/data] [--show]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bench.shared_data import shared_data_folder

PAPERS = ("revision/cgo18/camera_ready.pdf", "revision/icassp20/final.pdf")


def measure(papers: list[Path], show: bool = False) -> dict:
    from engine.document import load_document
    from engine.document.model import ParagraphKind
    from engine.generate.facts import replace_worded_quantities, unknown_names, unsupported_claims

    counts = {"paragraphs": 0, "quantities": 0, "claims": 0, "names": 0, "any": 0}
    for rel in papers:
        doc = load_document(rel)
        # The context is what suggest() checks a generated edit against: the title and every paragraph
        # of the paper (captions, tables and references included), less the paragraph being checked.
        everything = [p.text for p in doc.paragraphs]
        body = [(k, p.text) for k, p in enumerate(doc.paragraphs)
                if p.kind is ParagraphKind.BODY and len(p.text.split()) >= 12]
        for i, (k, text) in enumerate(body):
            context = "\n".join([doc.title, *everything[:k], *everything[k + 1:]])
            hits = {"quantities": replace_worded_quantities(text, context)[1],
                    "claims": unsupported_claims(text, context), "names": unknown_names(text, context)}
            counts["paragraphs"] += 1
            for key, found in hits.items():
                counts[key] += bool(found)
            counts["any"] += any(hits.values())
            if show and any(hits.values()):
                print(f"{rel.name} p{i}: {json.dumps({k: v for k, v in hits.items() if v})}")
    n = counts["paragraphs"]
    return {**counts, **{f"{k}_rate": round(100 * counts[k] / n, 1) for k in ("quantities", "claims", "names", "any")}}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default=str(shared_data_folder()))
    parser.add_argument("--show", action="store_true", help="print every flagged paragraph")
    args = parser.parse_args()
    data = Path(args.data)
    print(json.dumps({"set": "cgo18 + icassp20 final (in-sample)", **measure([data / p for p in PAPERS], args.show)}))
    held_out = sorted((data / "pdfs").glob("*.pdf"))
    print(json.dumps({"set": "shared/data/pdfs (held out)", **measure(held_out, args.show)}))


if __name__ == "__main__":
    main()
