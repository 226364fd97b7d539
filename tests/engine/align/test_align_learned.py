"""The ``learned`` aligner: its first stage, its per-pair features on small built revisions (real MiniLM encoder),
the shipped model and its status scale, fitting and band choice on synthetic pairs, and the corpus command's
errors. None of it needs the corpus cache (CI has none)."""

from __future__ import annotations

import numpy as np
import pytest

from engine.align import make_aligner
from engine.align.calibrate import Scored
from engine.align.corpus_eval import figures, rates, summarise
from engine.align.gold import GoldPaper
from engine.align.learn import PaperPairs, choose_bands, fit, fit_weights, sure_only
from engine.align.learned import FEATURES, LinkModel, first_stage, inverse_rank, shipped_model
from engine.align.status import ADDRESSED_P, LINK_P, PARTLY_P, Status, assess_alignment
from engine.cli.main import main
from engine.revision import diff_documents
from engine.reviews.model import ReviewComment
from tests.engine.built_revisions import PROSE, doc_of


def test_first_stage_keeps_linkable_pairs_and_each_comments_best_lexical_edits() -> None:
    allowed = np.array([[False, False, True, False]])
    lexical = np.array([[0.2, 1.0, 0.0, 0.5]], dtype=np.float32)
    changed = np.array([[0.0, 0.0, 0.0, 1.0]], dtype=np.float32)
    assert first_stage(allowed, lexical, changed, k=1).tolist() == [[False, True, True, True]]
    assert first_stage(allowed, lexical, changed, k=3).tolist() == [[True, True, True, True]]
    zero = np.zeros((1, 4), dtype=np.float32)  # no overlap at all: nothing joins
    assert first_stage(np.zeros((1, 4), bool), zero, zero).tolist() == [[False] * 4]


def test_inverse_rank_within_a_comment_among_kept_pairs() -> None:
    m = np.array([[0.1, 0.9, 0.5], [0.3, 0.2, 0.1]], dtype=np.float32)
    mask = np.array([[True, True, True], [False, True, True]])
    assert np.allclose(inverse_rank(m, mask), [[1 / 3, 1.0, 0.5], [0.0, 1.0, 0.5]])


def _comment(cid: str, text: str) -> ReviewComment:
    return ReviewComment(id=cid, reviewer="Reviewer 1", text=text)


def test_the_edit_that_answers_ranks_first_with_its_features() -> None:
    old = PROSE
    new = [PROSE[0], PROSE[1], PROSE[2] + " We also report the variance of both scores over five random seeds.",
           PROSE[3], "Phase is taken from the low band and mirrored; this keeps reconstruction simple and cheap."]
    diff = diff_documents(doc_of(old), doc_of(new))
    comments = [_comment("R1.1", "Please report the variance of the scores over several random seeds."),
                _comment("R1.2", "How is the phase of the high band obtained?")]
    aligner = make_aligner("learned")
    aligner.diff = diff
    edits = [e for e in diff.edits if e.text_changed]
    _, _, x, mask = _pairs(aligner, comments, edits)
    assert x.shape == (2, len(edits), len(FEATURES))
    seeds = next(j for j, e in enumerate(edits) if "seeds" in e.target_text)
    phase = next(j for j, e in enumerate(edits) if "Phase" in e.target_text)
    assert mask[0, seeds] and mask[1, phase]
    f = {name: x[0, seeds, k] for k, name in enumerate(FEATURES)}
    assert f["bm25_rank"] == 1.0 and f["changed_rank"] == 1.0 and f["cosine"] > 0.4 and f["size"] > 2
    (a1, a2) = aligner.align(comments, diff)
    assert a1.edit_ids[:1] == [edits[seeds].id] and max(a2.scores, key=a2.scores.get) == edits[phase].id
    assert a1.calibrated and a1.scores[edits[seeds].id] > a1.scores[edits[phase].id]
    assert assess_alignment(a1).status in (Status.PARTLY, Status.ADDRESSED)


class _Recording:
    """An encoder (the embedded MiniLM unless given), noting every text it is asked to embed."""

    def __init__(self, inner=None) -> None:
        from engine.models.factory import open_model

        self.inner, self.texts = inner if inner is not None else open_model("encoder"), []

    @property
    def name(self) -> str:
        return self.inner.name

    def encode(self, texts, cancel=None):
        self.texts += texts
        return self.inner.encode(texts, cancel=cancel)


def test_only_the_first_stage_is_embedded_once_by_the_tuned_encoder() -> None:
    """One encoder pass: the tuned encoder embeds the comments with a first-stage pair and the changed sentences of
    the first stage's edits (each after its section's title), each once, and nothing else (an edit outside every
    comment's first stage costs no encoding); the embedded MiniLM embeds nothing."""
    from engine.align.tuned import ShippedTuned, section_pieces, tuned_encoder

    new = [PROSE[0], PROSE[1], PROSE[2] + " We also report the variance of both scores over five random seeds.",
           PROSE[3], "Phase is taken from the low band and mirrored; this keeps reconstruction simple and cheap.",
           "Our code runs on a laptop in under a minute, without a graphics card."]
    diff = diff_documents(doc_of(PROSE), doc_of(new))
    comments = [_comment("R1.1", "Please report the variance of the scores over several random seeds."),
                _comment("R1.2", "How is the phase of the high band obtained?")]
    base, tuned = _Recording(), _Recording(tuned_encoder())
    aligner = make_aligner("learned")
    aligner.embed._encoder, aligner.tuned, aligner.diff = base, ShippedTuned(encoder=tuned), diff
    edits = [e for e in diff.edits if e.text_changed]
    _, _, _, mask = _pairs(aligner, comments, edits)
    kept = [e for j, e in enumerate(edits) if mask[:, j].any()]
    assert 0 < len(kept) < len(edits)  # the added sentence shares no word with either comment
    wanted = [c.full_text for i, c in enumerate(comments) if mask[i].any()] + [
        s for e in kept for s in section_pieces(e)]
    assert base.texts == []
    assert sorted(tuned.texts) == sorted(set(wanted)) and len(tuned.texts) == len(set(tuned.texts))


def _pairs(aligner, comments, edits):
    from engine.jobs import run_job

    return run_job(aligner.iter_pairs(comments, edits))


def test_shipped_model_round_trips_and_maps_its_bands_onto_the_status_scale() -> None:
    model = shipped_model()
    assert model.features == FEATURES and model.meta["train"] and "checked" not in str(model.meta)
    again = LinkModel.from_dict(model.to_dict())
    assert again.to_dict() == model.to_dict()
    partly = max(model.bands["partly"], model.threshold)
    scale = model.status_scale(np.array([0.0, model.threshold, partly, 0.999], dtype=np.float32))
    assert scale[0] == 0.0 and scale[2] == pytest.approx(PARTLY_P, abs=1e-4)
    assert scale[1] == pytest.approx(LINK_P if partly > model.threshold else PARTLY_P, abs=1e-4)
    assert np.all(np.diff(model.status_scale(np.linspace(0.001, 1, 200, dtype=np.float32))) >= 0)
    if model.bands["addressed"] >= 1.0:  # the training part supported no "addressed" band: never addressed alone
        assert scale[3] < ADDRESSED_P
    else:
        assert model.status_scale(np.array([model.bands["addressed"]], np.float32))[0] == pytest.approx(ADDRESSED_P)


def test_status_scale_when_the_partly_band_is_at_the_link_threshold() -> None:
    """Every comment with a link shown is then partly addressed: the scale steps to PARTLY_P at the threshold."""
    k = len(FEATURES)
    model = LinkModel(FEATURES, np.zeros(k), np.ones(k), np.zeros(k), 0.0, threshold=0.15,
                      bands={"addressed": 0.6, "partly": 0.1})
    below, at, mid, addressed = model.status_scale(np.array([0.149, 0.15, 0.4, 0.6], np.float32))
    assert below < LINK_P and at == pytest.approx(PARTLY_P, abs=1e-4) and PARTLY_P < mid < ADDRESSED_P
    assert addressed == pytest.approx(ADDRESSED_P)
    assert np.all(np.diff(model.status_scale(np.linspace(0.001, 1, 500, dtype=np.float32))) >= 0)


def _synthetic(pid: str, seed: int, n: int = 6, m: int = 8) -> PaperPairs:
    """A paper whose links are the pairs with the highest first feature (plus noise), every pair kept."""
    rng = np.random.default_rng(seed)
    x = rng.random((n, m, len(FEATURES)), dtype=np.float32)
    labels = (x[:, :, 0] + 0.2 * rng.random((n, m)) > 1.0).astype(np.float32)
    comments = [_comment(f"{pid}/c{i}", "comment") for i in range(n)]
    gold = {c.id: {f"e{j}" for j in np.flatnonzero(labels[i])} for i, c in enumerate(comments)}
    paper = GoldPaper(pid, None, comments, gold)  # type: ignore[arg-type]
    return PaperPairs(paper, [f"e{j}" for j in range(m)], x[:, :, :9], np.ones((n, m), bool), x,
                      np.ones((n, m), bool), labels)


def test_fit_is_deterministic_learns_the_signal_and_chooses_its_settings_on_inner_folds() -> None:
    train = [_synthetic(f"p{k}", k) for k in range(4)]
    a, b = fit(train), fit(train)
    assert a.to_dict() == b.to_dict()
    assert a.coef[0] == max(a.coef) > 0  # the first feature carries the links
    assert a.max_edits in (3, 5) and 0 < a.threshold < 1 and a.meta["train"] == ["p0", "p1", "p2", "p3"]
    assert 0 < a.bands["partly"] <= a.bands["addressed"] <= 1.0
    weights = fit_weights(train)
    assert weights.coef.tolist() == a.coef.tolist()


def test_bands_keep_wrong_addressed_rare_on_the_data_they_are_chosen_on() -> None:
    gold = {f"c{i}": ({"e0"} if i < 6 else set()) for i in range(10)}
    probs = np.array([[0.9], [0.8], [0.7], [0.6], [0.32], [0.3], [0.35], [0.2], [0.1], [0.05]], dtype=np.float32)
    bands = choose_bands([Scored(list(gold), ["e0"], probs, gold)])
    assert bands == {"addressed": 0.5, "partly": 0.3}  # 0.5: 4 calls, none wrong; 0.3 finds all six
    noisy = {cid: (set() if i % 2 else {"e0"}) for i, cid in enumerate(gold)}  # no band is right 90% of the time
    assert choose_bands([Scored(list(gold), ["e0"], probs, noisy)])["addressed"] == 1.0


def test_bands_leave_out_the_comments_whose_label_is_unsure() -> None:
    """A comment the letter says was changed but no distant link found is neither answered nor unanswered."""
    gold = {f"c{i}": ({"e0"} if i < 4 else set()) for i in range(8)}
    probs = np.array([[0.9], [0.8], [0.7], [0.6], [0.85], [0.75], [0.2], [0.1]], dtype=np.float32)
    items = [Scored(list(gold), ["e0"], probs, gold)]
    assert choose_bands(items)["addressed"] == 1.0  # c4, c5 count as wrong "addressed" calls
    sure = sure_only(items, {"c4", "c5"})
    assert sure[0].comment_ids == ["c0", "c1", "c2", "c3", "c6", "c7"] and sure[0].matrix.shape == (6, 1)
    assert choose_bands(sure) == {"addressed": 0.5, "partly": 0.5}


def test_corpus_figures_count_hits_found_and_wrong_addressed() -> None:
    gold = {"p/c1": {"e1"}, "p/c2": {"e0"}, "p/c3": set()}
    probs = np.array([[0.1, 0.8], [0.2, 0.6], [0.7, 0.0]], dtype=np.float32)
    s = Scored(list(gold), ["e0", "e1"], probs, gold)
    c = figures(s, 0.5, 3, lambda row: "addressed" if row.max() >= 0.65 else "partly" if row.max() >= 0.5 else "not")
    assert (c["tp"], c["fp"], c["fn"], c["hit1"], c["hit3"], c["found"], c["addressed"], c["wrong"]) == (
        1, 2, 1, 1, 2, 2, 2, 1)
    r = rates(c)
    assert r["hit@1"] == 50.0 and r["wrong addressed"] == 50.0 and r["F1"] == 40.0
    assert summarise({"p": c})["spread"]["F1"] == {"mean": 40.0, "sd": None, "papers": 1}


def test_corpus_command_errors_are_one_line(tmp_path, capsys) -> None:
    assert main(["eval", "align"]) == 2
    assert "--corpus" in capsys.readouterr().err
    assert main(["eval", "align", "--corpus", str(tmp_path / "none.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("redraft: error:") and "Traceback" not in err


#: The shipped ``learned`` models on the two shared gold papers (PDFs), which they never saw (fitted on the revisions
#: corpus's training part only: all 48 hand-labelled training revisions (43 until round nine), with the tuned comment↔edit encoder's
#: cosines, ``engine.align.tuned``, in its cosine features since round eight; statuses from the answered-at-all model, round six's bands: "addressed" needs the
#: best link's own band too, "partly (check)" finds 75 % on the inner folds): micro P / R / F1 of the links shown,
#: hit@1 and found over answered comments and wrong "addressed" (docs/figures-align.md). Regression checks, not tuned
#: on: the test fails 3 points below (wrong "addressed": above). ``evidence``'s cross-paper figures (37.0 / 50.0 F1)
#: were fitted on these two papers. cgo18: 1 "addressed" call, not wrong; icassp20: none of 6 wrong. Without the tuned
#: encoder (round five's features, round six's bands): cgo18 43.5 / 27.8 / 34.0, hit@1 51.9, found 77.8, 2 calls;
#: icassp20 46.3 / 65.5 / 54.3, 85.7, 78.6, 8 calls: the encoder moves cgo18's F1 down 6.0 and icassp20's up 3.7.
#: The last number: the fewest "addressed" calls the paper must still get. Round seven's refit (folds grouped by
#: repository, the six sibling-seen revisions' tuned columns untrusted, listed corrections that were made called
#: addressed) moved them from cgo18 39.6 / 21.6 / 28.0 and icassp20 50.0 / 69.0 / 58.0 with 5 calls; hit@1, found and
#: wrong "addressed" did not move (docs/figures-align.md, round seven). Round eight's refit (one encoder pass: the
#: cosine features read the tuned encoder's cosines, the two tuned features dropped; docs/figures-align.md, "Round
#: eight: speed") moved them from cgo18 40.4 / 23.7 / 29.9, found 81.5 and icassp20 48.8 / 69.0 / 57.1, found 92.9
#: with 6 calls; hit@1 and wrong "addressed" did not move. Round nine's refit (the 48 training revisions, C = 0.1 by
#: the round's rule on the training folds; docs/figures-align.md, "Round nine") moved them from cgo18 40.3 / 27.8 /
#: 32.9, found 77.8, 1 call and icassp20 48.8 / 72.4 / 58.3, found 100.0, 8 calls; the 48 revisions alone (C = 1)
#: give icassp20 the same figures, so its drop comes with the new training revisions, not with the choice of C.
# session 18's refit on the 58 training revisions (the lead's, after train9a/train9b; round nine's variant L3 unchanged):
# cgo18 P 41.9 -> 46.9, R 26.8 -> 23.7, "addressed" 3 -> 4 (none wrong); icassp20 P 50.0 -> 55.6, found 92.9 -> 85.7
# (one comment), "addressed" 6 -> 7 (none wrong). Regression checks, never used to choose.
# layouts12, before session 20's refit (a table's cells read as one unit, docs/corpus-layouts.md fix 45): icassp20's
# found 85.7 -> 78.6, one comment (R1.11): its answered-at-all probability 0.3528 -> 0.3499 falls under the "partly"
# band (0.35) when the two versions' tables are one unit each; its links and every other figure are the same.
# Session 20's refit on session 19's refold (its all-58 tuned layers and out-of-fold files, exact diffs; the same
# variant, on the session's final tree): cgo18 P 46.9 -> 40.0, R 23.7 -> 24.7, F1 31.5 -> 30.6, "addressed" 4 -> 2
# (none wrong); icassp20 P 55.6 -> 46.7, R 69.0 -> 72.4, F1 61.5 -> 56.8, found 85.7 -> 92.9 (R1.11 "partly"
# again). Regression checks, never used to choose.
# Session 21's refit on the 76 training revisions (train13's and train14's 18 added; the same variant, shipped by the
# rule in docs/figures-align.md "Session 21: learned refitted with more training revisions", on the final tree):
# cgo18 P 40.0 -> 42.1, F1 30.6 -> 31.2; icassp20 P 46.7 -> 45.5, R 72.4 -> 69.0, F1 56.8 -> 54.8, found 92.9 ->
# 85.7 (one comment), "addressed" 7 -> 6 (none wrong). Regression checks, never used to choose.
# Session 24's "partly" band (answered.json refitted with the per-repository rule, learned.json kept): cgo18 found
# 81.5 -> 85.2 (one comment), icassp20 85.7 -> 92.9 (one comment; unanswered comments called addressed or partly 4 ->
# 5 of 15); links, hit@1 and "addressed" calls the same. Regression checks, never used to choose.
# Session 30's ship of session 28's refold (the tuned encoder tuned on all 86 training revisions; learned.json and
# answered.json refitted on the 76 they are fitted on, by the rule in docs/figures-align.md, "Session 28"): cgo18 P
# 42.9 -> 42.3, R 24.7 -> 22.7, F1 31.4 -> 29.5, hit@1 48.1 -> 44.4 (one comment), "addressed" 2 -> 5 (none wrong);
# icassp20 P 45.5 -> 52.6, F1 54.8 -> 59.7, hit@1 85.7 -> 78.6 (one comment), "addressed" 6 -> 7 (none wrong).
# Regression checks, never used to choose.
# Session 31's ship of N1 (a linked edit's neighbours in its section, engine/align/neighbours.py; shipped by its rule on
# the training folds, docs/figures-align.md "Session 31: link recall on the training folds", not chosen here): cgo18
# P 42.3 -> 43.9, R 22.7 -> 25.8, F1 29.5 -> 32.5; icassp20 P 52.6 -> 50.0, F1 59.7 -> 58.0; hit@1, found and
# "addressed" calls the same on both. Regression checks, never used to choose.
LEARNED_SHARED = {"cgo18": (43.9, 25.8, 32.5, 44.4, 85.2, 0.0, 5), "icassp20": (50.0, 69.0, 58.0, 78.6, 92.9, 0.0, 7)}


@pytest.mark.shared_data
def test_learned_figures_on_the_shared_gold_papers(shared_data) -> None:
    from pathlib import Path

    from engine.align.calibrate import predictions
    from engine.align.corpus_eval import app_status
    from engine.align.evaluate import iter_score_papers, report
    from engine.align.gold import load_gold
    from engine.jobs import run_job

    data = Path(__file__).resolve().parents[2] / "data"
    papers = [p for g in ("cgo18_pdf_align_gold.json", "icassp20_align_gold.json")
              for p in load_gold(data / g, shared_data)]
    aligner = make_aligner("learned")
    for paper, s in zip(papers, run_job(iter_score_papers(aligner, papers))):
        r = report([paper], predictions([s], aligner.threshold, aligner.max_edits))
        c = rates(figures(s, aligner.threshold, aligner.max_edits, app_status))
        p, rec, f1, hit1, found, wrong, calls = LEARNED_SHARED[paper.id]
        assert r["micro_precision"] >= p - 3 and r["micro_recall"] >= rec - 3 and r["micro_f1"] >= f1 - 3, r
        assert c["hit@1"] >= hit1 - 3 and c["found"] >= found - 3, c
        assert c["addressed calls"] >= calls and c["wrong addressed"] <= wrong + 3, c  # bands fitted on sure comments


def test_sure_rows_leave_out_unsure_comments_and_papers_left_without_any() -> None:
    from engine.cli.eval_align_corpus import sure_rows

    def status(row):
        return "addressed" if row.size and row.max() >= 0.5 else "not"

    gold_a = {"a/c1": {"e0"}, "a/c2": set(), "a/c3": set()}
    a = Scored(list(gold_a), ["e0"], np.array([[0.9], [0.8], [0.7]], np.float32), gold_a)
    gold_b = {"b/c1": set()}
    b = Scored(list(gold_b), ["e0"], np.array([[0.9]], np.float32), gold_b)
    rows = sure_rows({"m": [(a, 0.5, 3, status), (b, 0.5, 3, status)]}, {"a/c2", "b/c1"})["m (sure)"]
    assert list(rows["papers"]) == ["a"]  # b has no sure comment left
    assert rows["pooled"]["addressed calls"] == 2 and rows["pooled"]["wrong addressed"] == 50.0  # a/c3 only


def test_unanswered_comments_called_found_are_counted() -> None:
    """The cost of a wider "partly" band: comments without a gold edit called addressed or partly, over those
    comments (``corpus_eval.figures``), beside wrong "addressed", which counts only "addressed" calls."""
    from engine.align.corpus_eval import score_method

    def status(row):
        top = float(row.max()) if row.size else 0.0
        return "addressed" if top >= 0.8 else "partly" if top >= 0.5 else "not"

    gold = {"p/c1": {"e0"}, "p/c2": set(), "p/c3": set(), "p/c4": set()}
    s = Scored(list(gold), ["e0"], np.array([[0.9], [0.85], [0.6], [0.1]], np.float32), gold)
    pooled = score_method([(s, 0.5, 3, status)])["pooled"]
    assert (pooled["unanswered"], pooled["unanswered called found"]) == (3, 66.7)
    assert (pooled["addressed calls"], pooled["wrong addressed"], pooled["found"]) == (2, 50.0, 100.0)
