"""The typeset PDFs' diffs against the LaTeX diffs on training revisions (docs/figures-align.md, "Session 21"): what
`learned` loses on the PDFs a user gives, and where the loss comes from.

    nice .venv/bin/python -m bench.measure_pdf_path --pdf-cache DIR --only ID ... [--json FILE] [--show]

Training part only (the checked part is scored by ``redraft eval align --corpus ... --input pdf``). The revisions
must be typeset into ``--pdf-cache`` (``python -m corpus.build_revisions --out DIR --only ...``). Figures: every
method on the LaTeX diffs and on the PDF diffs (``engine.cli.eval_align_pdf``, gold carried by
``engine.align.pdf_gold``); ``learned`` is the shipped model with the shipped tuned encoder, both fitted on these
revisions: **in-sample**, so its level means nothing, only the LaTeX→PDF difference on the same revisions does.

Losses, per revision: PDF candidate edits with no LaTeX counterpart (by their paragraphs' kind: heading, caption,
footnote, equation, reference, other, body; a body edit of 6 tokens or fewer is a fragment), PDF edits that are one
of several pieces of one LaTeX edit (split) or that join several (joined), gold LaTeX edits with no PDF counterpart,
and the answered comments whose best edit was right on LaTeX and is not on the PDF, by what the PDF ranks first
(an edit with no counterpart and its kind, a piece of a split, another edit). ``--show`` prints the edits behind each
count (the paper's own words: read them, never commit them).

Statuses, per comment (session 23): *lost found*, answered comments called addressed or partly on the LaTeX diff
and not on the PDF diff (*gained found* the reverse); *PDF-only wrong*, comments with no gold edit called "addressed"
on the PDF diff and not on the LaTeX diff (*LaTeX-only wrong* the reverse). Statuses as the corpus figures give
them (``eval_align_corpus.results_inputs``, ``corpus_eval.app_status``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np

from engine.align.base import candidate_edits
from engine.align.pdf_gold import counterparts
from engine.document.paragraph_recall import match_tokens

MANIFEST = Path(__file__).resolve().parents[1] / "corpus" / "revisions.json"


def kind_of(edit, diff) -> str:
    """The kind of an edit's paragraphs (the new side's, else the old's); body edits of 6 tokens or fewer are
    fragments."""
    paras = [p for p in diff.new.paragraphs if p.id in edit.target_ids] or [
        p for p in diff.old.paragraphs if p.id in edit.source_ids]
    kinds = sorted({p.kind.value for p in paras}) or ["?"]
    kind = kinds[0] if len(kinds) == 1 else "+".join(kinds)
    if kind == "body" and len(match_tokens(edit.source_text + " " + edit.target_text)) <= 6:
        return "fragment"
    return kind


def losses(latex, pdf, show: bool = False) -> dict:
    """Counts of what the PDF diff does differently from the LaTeX diff on one revision (module docstring)."""
    lat, pe = candidate_edits(latex.diff), candidate_edits(pdf.diff)
    cps = counterparts(lat, pe)
    pieces = Counter(u for us in cps.values() for u in us)
    out = {"latex edits": len(lat), "pdf edits": len(pe), "no counterpart": Counter(), "split pieces": 0,
           "joined": 0, "gold unmatched": Counter()}
    for v in pe:
        if v.id not in cps:
            k = kind_of(v, pdf.diff)
            out["no counterpart"][k] += 1
            if show:
                print(f"  [{latex.id}] no counterpart ({k}, {v.type.value}): {_short(v)}")
        elif len(cps[v.id]) > 1:
            out["joined"] += 1
        elif pieces[next(iter(cps[v.id]))] > 1:
            out["split pieces"] += 1
    linked = {u for ids in latex.gold.values() for u in ids}
    mapped = {u for us in cps.values() for u in us}
    for u in lat:
        if u.id in linked and u.id not in mapped:
            out["gold unmatched"][kind_of(u, latex.diff)] += 1
            if show:
                print(f"  [{latex.id}] gold LaTeX edit with no PDF counterpart ({u.type.value}): {_short(u)}")
    out["no counterpart"], out["gold unmatched"] = dict(out["no counterpart"]), dict(out["gold unmatched"])
    return out


def _short(e) -> str:
    if e.source_text and e.target_text:
        old, new = e.changed_words()
        return f"-[{' '.join(old.split())[:60]}] +[{' '.join(new.split())[:60]}] in: " + " ".join(e.target_text.split())[:50]
    return " ".join((e.target_text or e.source_text).split())[:110]


def first_choices(s_latex, s_pdf, pdf_paper, cps: dict, pieces: Counter, show: bool = False) -> Counter:
    """Answered comments right at hit@1 on LaTeX and wrong on the PDF, by what the PDF ranks first."""
    out: Counter = Counter()
    by_id = {e.id: e for e in candidate_edits(pdf_paper.diff)}
    for i, cid in enumerate(s_latex.comment_ids):
        gl, gp = s_latex.gold.get(cid, set()), s_pdf.gold.get(cid, set())
        if not gl:
            continue
        top_l, top_p = _top(s_latex, i), _top(s_pdf, s_pdf.comment_ids.index(cid))
        if top_l not in gl or top_p in gp:
            continue
        if top_p is None:
            why = "nothing ranked"
        elif top_p not in cps:
            why = f"no counterpart: {kind_of(by_id[top_p], pdf_paper.diff)}"
        elif any(pieces[u] > 1 for u in cps[top_p]):
            why = "a piece of a split edit"
        else:
            why = "another edit"
        out[why] += 1
        if show and top_p is not None:
            print(f"  [{cid}] hit@1 lost ({why}): {_short(by_id[top_p])}")
    return out


def statuses(pp, model, answered) -> dict[str, str]:
    """Each comment's status ("addressed", "partly", "not") under the shipped models, as the corpus figures give it."""
    from dataclasses import replace

    from engine.align.config import DEFAULTS
    from engine.align.corpus_eval import app_status
    from engine.align.learn import scored
    from engine.align.learn_answered import scored_answered
    from engine.cli.eval_align_corpus import results_inputs

    raw = scored(pp, model)
    raw = replace(raw, answered=scored_answered(pp, raw.matrix, model.threshold, answered))
    s = results_inputs([(pp, model, answered)], [raw], [pp], DEFAULTS["evidence"])["learned"][0][0]
    return {cid: app_status(s.matrix[i] if s.matrix.size else np.zeros(0), float(s.answered[i]))
            for i, cid in enumerate(s.comment_ids)}


def status_changes(st_latex: dict[str, str], st_pdf: dict[str, str], gold: dict, show: bool = False) -> dict:
    """The per-comment status counts of the module docstring."""
    out = dict.fromkeys(("lost found", "gained found", "PDF-only wrong", "LaTeX-only wrong"), 0)
    for cid, a in st_latex.items():
        b = st_pdf.get(cid, "not")
        if gold.get(cid):
            key = ("lost found" if a != "not" and b == "not" else
                   "gained found" if a == "not" and b != "not" else None)
        else:
            key = ("PDF-only wrong" if b == "addressed" and a != "addressed" else
                   "LaTeX-only wrong" if a == "addressed" and b != "addressed" else None)
        if key:
            out[key] += 1
            if show:
                print(f"  [{cid}] {key}: LaTeX {a}, PDF {b}")
    return out


def _top(s, i: int) -> str | None:
    row = s.matrix[i] if s.matrix.size else np.zeros(0)
    j = int(np.argmax(row)) if row.size and row.max() > 0 else None
    return None if j is None else s.edit_ids[j]


def main(argv: list[str] | None = None) -> int:
    from corpus.manifest import ManifestError
    from engine.align.answered import shipped_answered
    from engine.align.learn import iter_paper_pairs, scored
    from engine.align.learned import shipped_model
    from engine.align.tuned import ShippedTuned
    from engine.cli.eval_align_corpus import corpus_papers, evaluate_corpus
    from engine.cli.eval_align_pdf import pdf_papers
    from engine.errors import InputError
    from engine.jobs import run_job

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pdf-cache", required=True, help="the corpus built with its PDFs")
    ap.add_argument("--cache", help="the LaTeX corpus cache (default: $REDRAFT_CORPUS or ~/.cache/redraft/corpus)")
    ap.add_argument("--only", nargs="+", required=True, metavar="ID", help="training revisions")
    ap.add_argument("--json", help="write the figures and counts here")
    ap.add_argument("--show", action="store_true", help="print the edits behind the counts (never commit them)")
    args = ap.parse_args(argv)
    try:
        papers = corpus_papers(str(MANIFEST), args.cache, "train", args.only)
    except (InputError, ManifestError) as err:
        print(f"measure_pdf_path: {err}", file=sys.stderr)
        return 2
    kept, pdf, notes = run_job(pdf_papers(papers, Path(args.pdf_cache)))
    for rid, n in notes.items():
        if "left out" in n:
            print(f"left out: {rid} ({n['typeset']})")
    tuned = ShippedTuned()  # in-sample on training revisions: the module docstring
    results = {"latex": evaluate_corpus(kept, "checked", tuned=tuned),
               "pdf": evaluate_corpus(pdf, "checked", tuned=tuned)}
    report = {"papers": [p.id for p in kept], "revisions": notes, "losses": {}, "hit@1 lost": {}, "statuses": {}}
    model, answered = shipped_model(), shipped_answered()
    pairs = [{pp.paper.id: pp for pp in run_job(iter_paper_pairs(ps, first_stage=model.first_stage, tuned=tuned))}
             for ps in (kept, pdf)]
    for lp, pp in zip(kept, pdf):
        report["losses"][lp.id] = losses(lp, pp, args.show)
        if lp.id in pairs[0] and lp.id in pairs[1]:  # the raw link scores' order (not the status scale's)
            cps = counterparts(candidate_edits(lp.diff), candidate_edits(pp.diff))
            pieces = Counter(u for us in cps.values() for u in us)
            report["hit@1 lost"][lp.id] = dict(first_choices(scored(pairs[0][lp.id], model),
                                                             scored(pairs[1][lp.id], model), pp, cps, pieces,
                                                             args.show))
            st = [statuses(pairs[k][lp.id], model, answered) for k in (0, 1)]
            report["statuses"][lp.id] = status_changes(*st, lp.gold, args.show)
            report.setdefault("status of", {})[lp.id] = {"latex": st[0], "pdf": st[1]}
    for name in ("learned", "evidence", "bm25", "hybrid"):
        a, b = results["latex"][name]["pooled"], results["pdf"][name]["pooled"]
        print(f"{name:9} LaTeX F1 {a['F1']} hit@1 {a['hit@1']} found {a['found']} wrong {a['wrong addressed']} "
              f"({a['addressed calls']}) | PDF F1 {b['F1']} hit@1 {b['hit@1']} found {b['found']} "
              f"wrong {b['wrong addressed']} ({b['addressed calls']})")
    for rid, c in report["losses"].items():
        a, b = results["latex"]["learned"]["papers"][rid], results["pdf"]["learned"]["papers"][rid]
        print(f"{rid:24} learned F1 {a['F1']} -> {b['F1']}, hit@1 {a['hit@1']} -> {b['hit@1']}; {json.dumps(c)}; "
              f"hit@1 lost: {json.dumps(report['hit@1 lost'].get(rid, {}))}; "
              f"statuses: {json.dumps(report['statuses'].get(rid, {}))}")
    total = Counter()
    for c in report["statuses"].values():
        total.update(c)
    print("statuses, summed: " + ", ".join(f"{k} {total[k]}" for k in
                                          ("lost found", "gained found", "PDF-only wrong", "LaTeX-only wrong")))
    report["results"] = results
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1, default=str) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
