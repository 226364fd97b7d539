"""``redraft eval align --corpus MANIFEST --part checked --input pdf [--pdf-cache DIR]``: the aligners on the diffs of
the typeset PDFs, as the app makes them from the PDFs a user gives, beside the LaTeX figures of the same revisions.

The gold comments are the corpus labels' (on the LaTeX cache, ``--cache``); the edits come from each side's PDF that
``python -m corpus.build_revisions`` typeset into ``--pdf-cache`` (its ``build.json``), read with ``load_document``
and compared with ``diff_documents``; the gold links are carried from the LaTeX edits to the PDF edits by
``engine.align.pdf_gold``. A revision without both PDFs is left out of both rows, and said. ``learned`` is the
shipped model as fitted (on LaTeX diffs of the training part); on the training part the call is refused, as its
leave-papers-out folds are fitted on LaTeX diffs and the tuned encoder's out-of-fold cosines are for LaTeX edits.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from engine.errors import InputError
from engine.jobs import Progress

#: Typesetting outcomes whose PDF is read (latexmk wrote a PDF; "with errors": it also reported an error).
READABLE = ("ok", "pdf with errors")


def typeset_pdfs(folder: Path, rid: str) -> tuple[tuple[Path, Path] | None, dict[str, str]]:
    """The two PDFs of revision ``rid`` in a corpus build ``folder`` (None when one is missing) and each side's
    typesetting status and first LaTeX error."""
    path = folder / rid / "build.json"
    try:
        build = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None, {"submitted": "not built", "revised": "not built"}
    got, status = [], {}
    for side in ("submitted", "revised"):
        t = (build.get(side) or {}).get("typeset") or {}
        status[side] = t.get("status", "not typeset") + (f" ({t['first_error']})" if t.get("first_error") else "")
        pdf = folder / rid / t["pdf"] if t.get("pdf") else None
        if t.get("status") in READABLE and pdf is not None and pdf.is_file():
            got.append(pdf)
    return (got[0], got[1]) if len(got) == 2 else None, status


def pdf_papers(latex_papers: list, folder: Path):
    """Job: (the LaTeX papers that have both PDFs, their PDF papers, per-revision notes: typesetting and mapping)."""
    from engine.align.pdf_gold import pdf_paper

    kept, pdf, notes = [], [], {}
    for k, p in enumerate(latex_papers):
        yield Progress(k, len(latex_papers), f"reading the PDFs of {p.id}")
        pdfs, status = typeset_pdfs(folder, p.id)
        notes[p.id] = {"typeset": status}
        if pdfs is None:
            notes[p.id]["left out"] = "no PDF of both sides"
            continue
        paper, carried = pdf_paper(p, *pdfs)
        kept.append(p)
        pdf.append(paper)
        notes[p.id]["mapping"] = carried.to_dict()
    return kept, pdf, notes


def pdf_folder(args) -> Path:
    """The typeset corpus ``--input pdf`` reads (``--pdf-cache``, else ``--cache``, else the default cache), checked
    with the part before any paper is read."""
    from engine.cli.eval_align_corpus import _manifest

    if args.part == "train":
        raise InputError("--input pdf scores the checked or blind part: the training part's folds and out-of-fold "
                         "encoder cosines are for LaTeX diffs")
    _manifest(args.corpus)  # puts the repository's corpus/ package beside the manifest on the path
    from corpus.build_revisions import default_out

    folder = Path(args.pdf_cache or args.cache).expanduser() if (args.pdf_cache or args.cache) else default_out()
    if not folder.is_dir():
        raise InputError(f"no typeset corpus at {folder} (python -m corpus.build_revisions --out DIR)")
    return folder


def run_pdf(args) -> int:
    """Score the part's LaTeX papers that have both PDFs, and their PDF diffs, with every method; print both (and
    the mapping's counts)."""
    from engine.cli.common import print_json
    from engine.cli.eval_align_corpus import corpus_papers, evaluate_corpus, print_results
    from engine.jobs import run_job

    folder = pdf_folder(args)  # the part and the folder checked before any paper is read
    only = getattr(args, "only", None)
    papers = corpus_papers(args.corpus, args.cache, args.part, only)
    kept, pdf, notes = run_job(pdf_papers(papers, folder))
    if not kept:
        raise InputError(f"no revision of the {args.part} part has both sides typeset in {folder}")
    for rid, n in notes.items():
        if "left out" in n:
            print(f"redraft: note: {rid} left out ({n['left out']}: {n['typeset']})", file=sys.stderr)
    results = {"latex": evaluate_corpus(kept, args.part, score_only=only),
               "pdf": evaluate_corpus(pdf, args.part, score_only=only)}
    if args.json:
        print_json({"corpus": args.corpus, "part": args.part, "input": "pdf", "pdf cache": str(folder),
                    "papers": [p.id for p in kept], "revisions": notes, "results": results})
        return 0
    for name in ("latex", "pdf"):
        print(f"== {name.upper()} diffs ({len(kept)} revisions)")
        print_results(results[name], args.part)
    print_mapping(notes)
    return 0


def print_mapping(notes: dict[str, Any]) -> None:
    print("gold links carried to the PDF edits (engine.align.pdf_gold): LaTeX edits / PDF edits / PDF edits with a "
          "counterpart / gold LaTeX edits / of them with no PDF counterpart / answered comments / of them with none")
    for rid, n in notes.items():
        if "mapping" in n:
            m = list(n["mapping"].values())
            print(f"  {rid:<24} " + " / ".join(str(x) for x in m))
        else:
            print(f"  {rid:<24} left out: {n['left out']} ({n['typeset']})")
