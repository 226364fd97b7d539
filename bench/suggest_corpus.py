"""Suggestions measured against real author edits on the revisions corpus (issue 34), the way ARIES evaluates.

For each comment the authors answered (``corpus/labels``: hand labels on the checked part, distant labels on the
training part; docs/corpus.md), on the submitted draft as Redraft reads its LaTeX source:

1. **placement** (``bench.suggest_places``): the suggestion's paragraph is one the authors edited for the comment,
   or for an insertion the paragraph after which they inserted, give or take one;
2. **content**: ROUGE-L F1 (Google's ``rouge-score``, stemming on: ``engine.metrics.rouge``) and the embedded
   encoder's cosine between the suggested edit and the authors' inserted or changed words only (the inserted
   words of every linked edit), beside two baselines with no model: the comment's own words, and the paper's
   sentence closest to the comment (the embedded encoder's cosine: what an author could copy). The best
   sentence of the paper *by ROUGE-L against the authors' words* is printed too, as a ceiling for copying (it
   reads the answer: not a baseline);
3. **invented facts** per suggestion (``bench.count_inventions``, not the checks that gate validity), for the
   suggestions shown as valid and for the rest;
4. the median and 90th percentile of seconds per suggestion (the model's load excluded).
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

from bench.suggest_places import Answered, answered, placement_summary, placements


def load_papers(manifest: str, cache: str | None, part: str, only: list[str] | None = None) -> list[Any]:
    """The labelled papers of ``part`` (``engine.align.gold.GoldPaper``) from the manifest and the built cache; with
    ``only``, just those revisions (``--only``, each one of ``part``)."""
    from engine.cli.eval_align_corpus import corpus_papers

    return corpus_papers(manifest, cache, part, only)


def authors_words(item: Answered) -> str:
    """What the authors inserted or changed for the comment: the inserted words of every linked edit."""
    return " ".join(e.changed_words()[1] for e in item.edits).strip()


def _sentences(doc: Any) -> list[str]:
    from engine.generate.extractive import split_sentences

    return [s for p in doc.body() for s in split_sentences(p.text) if len(s.split()) >= 5]


def content_row(item: Answered, edit: str | None, encoder: Any, cache: dict[int, Any]) -> dict[str, Any] | None:
    """ROUGE-L and cosine against the authors' words, for the edit and the two baselines (None: no words)."""
    import numpy as np

    from engine.metrics.rouge import rouge_f1

    ref = authors_words(item)
    if len(ref.split()) < 3:
        return None
    key = id(item.document)
    if key not in cache:
        sentences = _sentences(item.document)
        cache[key] = (sentences, encoder.encode(sentences) if sentences else np.zeros((0, 1)))
    sentences, vectors = cache[key]
    comment = item.comment.full_text
    closest = sentences[int(np.argmax(vectors @ encoder.encode([comment])[0]))] if sentences else ""
    ceiling = max(sentences, key=lambda s: rouge_f1(s, ref)["rougeL"]) if sentences else ""
    texts = {"comment": comment, "extractive": closest, "ceiling": ceiling}
    if edit is not None:
        texts["suggestion"] = edit
    ref_vec = encoder.encode([ref])[0]
    vecs = encoder.encode(list(texts.values()))
    return {name: {"rougeL": round(100 * rouge_f1(text, ref)["rougeL"], 2), "cosine": round(float(v @ ref_vec), 4)}
            for (name, text), v in zip(texts.items(), vecs)}


def content_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    rows = [r for r in rows if r]
    out: dict[str, Any] = {"comments": len(rows)}
    for name in ("suggestion", "comment", "extractive", "ceiling"):
        vals = [r[name] for r in rows if name in r]
        if vals:
            out[name] = {k: round(statistics.fmean(v[k] for v in vals), 3) for k in ("rougeL", "cosine")}
    return out


def seconds_summary(seconds: list[float]) -> dict[str, float]:
    if not seconds:
        return {}
    p90 = statistics.quantiles(seconds, n=10)[-1] if len(seconds) > 1 else seconds[0]
    return {"median_s": round(statistics.median(seconds), 2), "p90_s": round(p90, 2), "max_s": round(max(seconds), 2)}


def run(manifest: str, cache: str | None, part: str, model: str | None, limit: int | None, threads: int,
        gpu_layers: int, time_limit: float = 50.0, pages: bool = True, scaffold: bool = False,
        only: list[str] | None = None) -> dict[str, Any]:
    """Placement for every answered comment of ``part``; with ``model``, suggestions (and content, inventions and
    time) for the first ``limit`` of them; with ``scaffold`` and no model, the scaffold's draft alone
    (``engine.generate.scaffold``, at the project's placement: no model, seconds each). ``pages``: the drafts'
    paragraphs carry the pages of their typeset PDFs (``bench.draft_pages``: a comment's "p. 5, line 12" then
    names them, as when the user opens the PDF). ``only``: just those revisions of ``part``."""
    from bench.count_inventions import count
    from engine.generate.suggest import EditSuggester
    from engine.models.factory import open_model

    items = list(answered(load_papers(manifest, cache, part, only)))  # first: a wrong name fails before the model loads
    encoder = open_model("encoder")
    paging: dict[str, str] = {}
    if pages:
        from bench.draft_pages import paged
        from corpus.build_revisions import default_out

        items, paging = paged(items, Path(cache).expanduser() if cache else default_out())
    placed = placements(items, encoder)
    result: dict[str, Any] = {"summary": {"part": part, "placement": placement_summary(placed), "pages": paging},
                              "placements": placed, "suggestions": []}
    todo = items[:limit] if limit else items
    content, seconds = [], []
    suggester = None
    if model:
        from engine.models.registry import open_generator

        start = time.perf_counter()
        generator = open_generator(model, n_ctx=4096, n_gpu_layers=gpu_layers, threads=threads).load()
        result["summary"]["model"], result["summary"]["load_s"] = generator.name, round(time.perf_counter() - start, 1)
        suggester = EditSuggester(generator, time_limit=time_limit)
        result["summary"]["time_limit_s"] = time_limit
    elif scaffold:
        suggester = Scaffolder()
        result["summary"]["model"], result["summary"]["load_s"] = "scaffold alone (no model)", 0.0
    located = {(r["paper"], r["comment"]): r for r in placed}
    docs: dict[int, Any] = {}
    for item in todo:
        edit, row = None, None
        if suggester is not None:
            places = [item.document.paragraph(pid) for pid in located[item.paper, item.comment.id]["located"]]
            t = time.perf_counter()
            s = suggester.suggest(item.comment, item.document, paragraphs=places, position=item.position)
            seconds.append(time.perf_counter() - t)
            edit = s.edit
            paper = "\n".join([item.document.title, *(p.text for p in item.document.paragraphs)])
            row = {**s.to_dict(), "paper": item.paper, "placement_right": s.paragraph_id in item.targets,
                   "inventions": count(s.edit, paper, item.comment.full_text).to_dict()}
        scores = content_row(item, edit, encoder, docs)
        content.append(scores)
        if row is not None:
            row["content"] = scores
            result["suggestions"].append(row)
            print(f"{item.comment.id:28} {seconds[-1]:5.1f} s {'valid ' if row['valid'] else 'FAILED'} "
                  f"placed {'right' if row['placement_right'] else 'wrong'} "
                  f"inventions {row['inventions']['total']}", flush=True)
    result["summary"]["content"] = content_summary(content)
    if suggester is not None:
        rows = result["suggestions"]
        result["summary"]["suggestions"] = {
            "count": len(rows), "valid": sum(r["valid"] for r in rows),
            "placed_right": sum(r["placement_right"] for r in rows),
            "inventions_valid": sum(r["inventions"]["total"] for r in rows if r["valid"]),
            "inventions_failed": sum(r["inventions"]["total"] for r in rows if not r["valid"]),
            **seconds_summary(seconds)}
    return result


class Scaffolder:
    """The scaffold alone as a suggester (``bench_suggest --scaffold``): the project's placement (no encoder, the
    shipped placement model) and ``build_scaffold``'s draft as the edit, valid as the card shows it."""

    def suggest(self, comment: Any, document: Any, paragraphs: list[Any], position: float | None = None) -> Any:
        from types import SimpleNamespace

        from engine.generate.placement import place
        from engine.generate.scaffold import build_scaffold

        placement = place(comment, document, paragraphs, position=position)
        s = build_scaffold(comment, placement.ranked, document)
        row = {"comment_id": comment.id, "comment": comment.full_text, "kind": "scaffold", "edit": s.draft,
               "valid": True, "mode": s.mode, "paragraph_id": s.paragraph_id}
        return SimpleNamespace(edit=s.draft, paragraph_id=s.paragraph_id, to_dict=lambda: row)
