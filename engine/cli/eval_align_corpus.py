"""``redraft eval align --corpus MANIFEST [--cache DIR] [--part train|checked|blind] [--only ID ...]``: aligners on the
revisions corpus.

On the training part, ``learned`` is scored leave-papers-out (each paper by a model fitted, threshold and bands
included, on the other training papers); on the checked part, by the shipped model (fitted on all of the training
part: its ``meta.train`` lists the papers). ``evidence``, ``bm25`` and ``hybrid`` run at their configured settings
(fitted on cgo18 and icassp20, never on the corpus). The corpus's labels are read with the repository's ``corpus``
package (``corpus/labels.py``), from the cache ``python -m corpus.build_revisions`` writes. ``--only ID`` (repeatable)
scores just those revisions of the part; on the training part every training paper is still fitted on as without it
(leave-papers-out), and only the named papers are scored.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.errors import InputError
from engine.jobs import run_job

BASELINES = ("evidence", "bm25", "hybrid")


def corpus_papers(manifest: str, cache: str | None, part: str, only: list[str] | None = None):
    """The gold papers of ``part`` (with ``only``, of those revisions), built from the corpus labels beside
    ``manifest`` and the cache, each with its repository as its group (``GoldPaper.group``)."""
    from engine.align.gold import gold_papers

    entries, path = corpus_entries(manifest, part, only)
    from corpus.build_revisions import default_out
    from corpus.labels import to_gold

    folder = Path(cache).expanduser() if cache else default_out()
    if not folder.is_dir():
        raise InputError(f"no corpus cache at {folder} (python -m corpus.build_revisions; see docs/corpus.md)")
    try:
        gold, notices = to_gold(entries, folder, path.parent / "labels")
    except Exception as err:  # noqa: BLE001 - the corpus package's own errors: one line
        raise InputError(f"corpus labels: {err}") from None
    for n in notices:
        print(f"redraft: note: {n}", file=sys.stderr)
    papers = gold_papers(gold, folder, path.name)
    repository = {e["id"]: e.get("repository", "") for e in entries}
    for p in papers:  # held out together when the learned aligner is fitted (engine.align.folds)
        p.group = repository.get(p.id, "")
    return papers


def corpus_letters(papers, cache: str | None) -> dict[str, list]:
    """Each paper's comments' answers in its response letter (``cache``/ID/response.*, read by
    ``engine.align.letter``, knowing the revision's ``reviews.md``); a revision without a letter gets none (a
    note)."""
    from corpus.build_revisions import default_out

    from engine.align.letter import answers, read_letter
    from engine.reviews.load import load_reviews

    folder = Path(cache).expanduser() if cache else default_out()
    out = {}
    for p in papers:
        files = sorted((folder / p.id).glob("response.*"))
        if not files:
            print(f"redraft: note: {p.id} has no response letter in {folder}", file=sys.stderr)
            continue
        reviews = folder / p.id / "reviews.md"  # the letter knows them: its answers open on the authors' words
        out[p.id] = answers(read_letter(files[0]).know_reviews(
            [r.text for r in load_reviews(reviews)] if reviews.is_file() else []), p.comments)
    return out


def corpus_entries(manifest: str, part: str, only: list[str] | None = None) -> tuple[list[dict], Path]:
    """The manifest entries of ``part`` (with ``only``, those revisions, each one of ``part``: else one line), and
    the manifest's resolved path."""
    raw, path = _manifest(manifest)
    from corpus.manifest import ManifestError, entries

    try:
        return entries(raw, part, only), path
    except ManifestError as err:
        raise InputError(str(err)) from None


def _manifest(manifest: str) -> tuple[dict, Path]:
    """The manifest read with the repository's ``corpus`` package beside it, and its resolved path."""
    path = Path(manifest).expanduser().resolve()
    if not path.is_file():
        raise InputError(f"no such corpus manifest: {path}")
    root = str(path.parent.parent)
    if root not in sys.path:
        sys.path.insert(0, root)
    try:
        from corpus.manifest import load_manifest
    except ImportError:
        raise InputError("--corpus needs the repository's corpus/ package beside the manifest") from None
    try:
        return load_manifest(path), path
    except Exception as err:  # noqa: BLE001 - the corpus package's own errors: one line
        raise InputError(f"{path.name}: {err}") from None


def corpus_unsure(manifest: str, cache: str | None, part: str) -> set[str]:
    """Comments of ``part`` whose distant label is unsure (no link, but the letter states a change:
    ``corpus.replies``); call after ``corpus_papers``, which checks the manifest and the cache."""
    from corpus.build_revisions import default_out
    from corpus.manifest import load_manifest
    from corpus.replies import unsure_comments

    path = Path(manifest).expanduser().resolve()
    entries = [e for e in load_manifest(path)["revisions"] if e.get("part") == part]
    return unsure_comments(entries, Path(cache).expanduser() if cache else default_out(), path.parent / "labels")


def evaluate_corpus(papers, part: str, unsure: set[str] | frozenset[str] = frozenset(),
                    tuned_oof: str | Path | None = None, score_only: list[str] | None = None,
                    tuned: Any = None, letters: dict[str, list] | None = None) -> dict[str, Any]:
    """All methods on ``papers``; ``tuned_oof``: the training papers' out-of-fold tuned cosines (default
    ``engine.align.tuned.OOF_FILE``); ``score_only``: the papers scored (all of ``papers`` still fitted on);
    ``tuned``: off the training part, where the tuned cosines come from (default: the shipped encoder, which refuses
    the training papers; ``bench.measure_pdf_path`` lets it score them, in-sample, and says so)."""
    from engine.align import make_aligner
    from engine.align.config import DEFAULTS
    from engine.align.corpus_eval import answered_reliability, linked_status, reliability, score_method
    from engine.align.evaluate import iter_score_papers
    from engine.align.answered import shipped_answered
    from engine.align.learn import iter_paper_pairs, leave_papers_out, scored
    from engine.align.learn_answered import scored_answered
    from engine.align.learned import FIRST_STAGE, shipped_model
    from engine.align.tuned import OOF_FILE, OutOfFold

    tuned_oof = tuned_oof or OOF_FILE

    # the training part: the first stage the next fit uses; the checked part: the shipped model's
    first = FIRST_STAGE if part == "train" else shipped_model().first_stage
    # the tuned encoder's cosines: out of fold on the training part (the shipped encoder was tuned on it), else
    # from the shipped encoder, which refuses a training paper
    tuned = OutOfFold.for_papers(papers, path=tuned_oof) if part == "train" else tuned
    pairs = run_job(iter_paper_pairs(papers, first_stage=first, tuned=tuned))
    if part == "train":
        fitted = leave_papers_out(pairs, unsure=unsure)
    else:
        model, answered = shipped_model(), shipped_answered()
        fitted = [(pp, model, answered) for pp in pairs]
    if score_only:
        fitted = scored_only(fitted, score_only)
        pairs = [pp for pp, _m, _a in fitted]
    raw = [replace(scored(pp, m), answered=scored_answered(pp, scored(pp, m).matrix, m.threshold, a))
           for pp, m, a in fitted]
    inputs = results_inputs(fitted, raw, pairs, DEFAULTS["evidence"])
    results = {"learned": score_method(inputs["learned"]),
               "learned (best link)": score_method([(replace(s, answered=None), *rest)
                                                    for s, *rest in inputs["learned"]])}
    results["learned"]["reliability"] = reliability(raw)
    results["learned"]["answered_reliability"] = answered_reliability(raw)
    results["learned"]["models"] = {pp.paper.id: {"threshold": round(m.threshold, 4), "max_edits": m.max_edits,
                                                  "bands": m.bands, "answered_bands": a.bands}
                                    for pp, m, a in fitted}
    if letters is not None:  # the shipped letter model (answered-letter.json) on each paper's answers in its letter
        letter_model = shipped_answered(letter=True)
        fitted_l = [(pp, m, letter_model) for pp, m, _ in fitted]
        raw_l = [replace(scored(pp, m), answered=scored_answered(pp, scored(pp, m).matrix, m.threshold, letter_model,
                                                                 letters.get(pp.paper.id))) for pp, m, _ in fitted_l]
        results["learned (letter)"] = score_method(results_inputs(fitted_l, raw_l, pairs, DEFAULTS["evidence"])["learned"])
        # as the app reads it (robust20): a letter quoting under FEW_PERCENT of the points is not read, and those
        # revisions' statuses come from the no-letter model (points here are the gold comments, in the app the
        # extracted ones)
        from engine.project.response import quotes_enough

        def read(found: list | None) -> bool:
            return quotes_enough(sum(f is not None for f in found or []), len(found or []))

        unread = sorted(pp.paper.id for pp, _m, _a in fitted if not read(letters.get(pp.paper.id)))
        fitted_a = [(pp, m, letter_model if pp.paper.id not in unread else a) for pp, m, a in fitted]
        raw_a = [replace(scored(pp, m), answered=scored_answered(
            pp, scored(pp, m).matrix, m.threshold, a, None if pp.paper.id in unread else letters.get(pp.paper.id)))
            for pp, m, a in fitted_a]
        results["learned (letter, as the app)"] = score_method(
            results_inputs(fitted_a, raw_a, pairs, DEFAULTS["evidence"])["learned"])
        results["learned (letter, as the app)"]["letters_not_read"] = unread
    results["evidence"] = score_method(inputs["evidence"])
    for method in BASELINES[1:]:
        aligner = make_aligner(method)
        got = run_job(iter_score_papers(aligner, [pp.paper for pp in pairs]))
        results[method] = score_method([(s, aligner.threshold, aligner.max_edits, linked_status(aligner.threshold))
                                        for s in got])
    if unsure:
        results |= sure_rows(inputs, unsure)
    return results


def scored_only(fitted: list[tuple], only: list[str]) -> list[tuple]:
    """The (paper pairs, link model, answered model) of the papers named in ``only``, in their order in ``fitted``:
    the models were fitted before, on every paper of the part as without ``--only``."""
    keep = set(only)
    return [f for f in fitted if f[0].paper.id in keep]


def results_inputs(fitted, raw, pairs, ev, neighbours: float | None = None) -> dict[str, list]:
    """What ``learned`` and ``evidence`` are scored on: the app's statuses, from probabilities on the status scale
    (``learned``: its fitted bands on ``status.PARTLY_P`` / ``ADDRESSED_P``, and listed corrections that were made
    called addressed, ``answered.made_corrections``, and round eight's ``answered.sure_links``, then a linked edit's
    neighbours, ``engine.align.neighbours``, at ``neighbours`` × each model's threshold (None: the shipped factor;
    0: none), as the aligner does)."""
    from engine.align.answered import made_corrections, sure_links
    from engine.align.calibrate import Scored
    from engine.align.corpus_eval import app_status
    from engine.align.evidence import MIX, probabilities
    from engine.align.neighbours import neighbour_links, paper_next_to, shipped_factor
    from engine.align.status import LINK_P

    factor = shipped_factor() if neighbours is None else neighbours
    learned = []
    for s, (pp, m, a) in zip(raw, fitted):
        matrix, answered = made_corrections(pp.paper.comments, m.status_scale(s.matrix), a.status_scale(s.answered),
                                            pp.evidence)
        matrix, answered = sure_links(matrix, answered, s.matrix, a.bands.get("sure_link", float("inf")))
        if factor and matrix.size:
            matrix, _ = neighbour_links(matrix, s.matrix, pp.mask, paper_next_to(pp.paper.diff, pp.edit_ids),
                                        m.threshold, LINK_P, m.max_edits, factor)
        learned.append((replace(s, matrix=matrix, answered=answered), LINK_P, m.max_edits, app_status))
    return {"learned": learned,
            "evidence": [(Scored([c.id for c in pp.paper.comments], pp.edit_ids,
                                 probabilities(pp.evidence, pp.allowed, MIX, ev["scale"], ev["offset"]), pp.paper.gold),
                          ev["threshold"], ev["max_edits"], app_status) for pp in pairs]}


def sure_rows(inputs: dict[str, list], unsure) -> dict[str, Any]:
    """The same figures without the comments whose distant label is unsure (``corpus.replies``)."""
    from engine.align.corpus_eval import score_method
    from engine.align.learn import sure_only

    out = {}
    for name, items in inputs.items():
        kept = [(sure_only([s], unsure)[0], t, cap, st) for s, t, cap, st in items]
        out[f"{name} (sure)"] = score_method([k for k in kept if k[0].comment_ids])  # a paper may have none left
    return out


ROW = "{:<24} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>7}"


def print_results(results: dict[str, Any], part: str) -> None:
    blind = ("leave-papers-out: each paper scored by a model fitted without it; '(sure)': without the comments "
             "the letter says were changed but no distant link was found" if part == "train"
             else "the shipped model, fitted on the training part only")
    print(f"part {part}; learned: {blind}; baselines at their configured settings. Figures x100; "
          "hit@k and found over answered comments; wrong = wrong 'addressed' over 'addressed' calls")
    print(ROW.format("method / paper", "P", "R", "F1", "hit@1", "hit@3", "found", "wrong"))
    for method, r in results.items():
        if "models" in r:
            print("  " + "; ".join(f"{k}: t {v['threshold']}, cap {v['max_edits']}, answered bands "
                                  f"{v['answered_bands']['addressed']}/{v['answered_bands']['partly']}"
                                  for k, v in r["models"].items()))
        rows = [(f"{method} pooled", r["pooled"])] + [(f"  {pid}"[:24], x) for pid, x in r["papers"].items()]
        for label, x in rows:
            print(ROW.format(label, *(_f(x[k]) for k in ("P", "R", "F1", "hit@1", "hit@3", "found", "wrong addressed"))))
        s = r["spread"]
        print(ROW.format("  mean over papers", "", "", *(_f(s[k]["mean"]) for k in
                                                             ("F1", "hit@1", "hit@3", "found", "wrong addressed"))))
        print(ROW.format("  sd over papers", "", "", *(_f(s[k]["sd"]) for k in
                                                           ("F1", "hit@1", "hit@3", "found", "wrong addressed"))))


def _f(value: Any) -> str:
    return "-" if value is None else str(value)


def run_corpus(args) -> int:
    from engine.cli.common import print_json

    only = getattr(args, "only", None)
    if only and args.part == "train":  # every training paper is fitted on; only the named ones are scored
        corpus_entries(args.corpus, args.part, only)  # the names checked first: one line if one is wrong
        papers = corpus_papers(args.corpus, args.cache, args.part)
    else:
        papers = corpus_papers(args.corpus, args.cache, args.part, only)
    unsure = corpus_unsure(args.corpus, args.cache, args.part) if args.part == "train" else set()
    letters = None
    if getattr(args, "with_response", False):
        if args.part == "train":
            raise InputError("--with-response scores the checked or blind part with the shipped letter model; on the "
                             "training part its figures come from python -m bench.measure_letter_status")
        letters = corpus_letters(papers, args.cache)
    results = evaluate_corpus(papers, args.part, unsure, score_only=only, letters=letters)
    if args.json:
        scored_ids = [p.id for p in papers if not only or p.id in only]
        print_json({"corpus": args.corpus, "part": args.part, "papers": scored_ids, "results": results})
    else:
        print_results(results, args.part)
    return 0
