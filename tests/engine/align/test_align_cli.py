"""The comments, align and eval align commands, end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.resources import resource

REPO = Path(__file__).resolve().parents[3]


def test_comments_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["comments", str(resource("demo", "reviews.md")), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["reviewer"] for r in data["reviews"]] == ["Reviewer 1", "Reviewer 2"]
    assert len(data["comments"]) == 7
    assert set(data["comments"][0]) == {"id", "reviewer", "text", "context", "action", "directness", "span", "section",
                                        "fine_type", "confidence"}


def test_comments_located_in_the_draft(capsys: pytest.CaptureFixture[str]) -> None:
    reviews, draft = str(resource("demo", "reviews.md")), str(resource("demo", "draft_v1.md"))
    assert main(["comments", reviews, "--paper", draft, "--json", "--top", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    where = {loc["comment_id"]: [p["id"] for p in loc["paragraphs"]] for loc in data["locations"]}
    assert set(where) == {c["id"] for c in data["comments"]} and all(len(v) == 1 for v in where.values())
    assert where["R1.3"] == ["p0008"]  # the exit-loss weights: the training-loss paragraph
    assert main(["comments", reviews, "--paper", draft]) == 0
    text = capsys.readouterr().out
    assert "→ p0008 (Method): During training, the loss" in text
    assert main(["comments", reviews, "--paper", str(REPO / "missing-draft.md")]) == 2
    assert capsys.readouterr().err.startswith("redraft: error:")


def test_comments_on_empty_file_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "r.md"
    empty.write_text("\n\n")
    assert main(["comments", str(empty)]) == 2
    assert "no review text found" in capsys.readouterr().err


def test_align_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["align", "--old", str(resource("demo", "draft_v1.md")), "--new", str(resource("demo", "draft_v2.md")),
            "--reviews", str(resource("demo", "reviews.md")), "--json", "--threshold", "2.5", "--method", "bm25"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= {"comments", "edits", "alignments"}
    by_id = {a["comment_id"]: a for a in data["alignments"]}
    assert "e0007" in by_id["R1.3"]["edit_ids"]
    assert "e0005" in by_id["R1.4"]["edit_ids"]
    assert len(by_id["R1.3"]["scores"]) == len(data["edits"])


#: docs/gold-cgo18.md, the bm25 rows (AO-F1, P, R, F1, macro AO-F1, macro F1), at the precision printed there.
BM25_CGO18 = {"configured": (40.0, 40.8, 29.9, 34.5, 55.4, 30.0), "tuned_on_test": (40.0, 40.8, 29.9, 34.5, 55.4, 30.0),
              "leave_one_reviewer_out": (36.9, 37.3, 28.9, 32.6, 54.4, 29.0)}  # session 32: one hyphen edit more
COLUMNS = ("ao_micro_f1", "micro_precision", "micro_recall", "micro_f1", "ao_macro_f1", "macro_f1")


@pytest.mark.shared_data
def test_eval_align_on_cgo18_gold(shared_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """What ``redraft eval align`` prints is what the library computes in-process on the same gold and data, every
    figure of every setting (configured, tuned on the gold, leave-one-reviewer-out), and the figures are those
    docs/gold-cgo18.md prints for bm25."""
    from engine.align import make_aligner
    from engine.align.evaluate import evaluate_scored, iter_score_papers
    from engine.align.gold import load_gold
    from engine.jobs import run_job

    gold = REPO / "tests" / "data" / "cgo18_align_gold.json"
    assert main(["eval", "align", str(gold), "--data", str(shared_data), "--method", "bm25", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    result = data["results"][0]
    assert data["notices"] == []  # every gold edit found in today's diff
    assert result["comments"] == 30
    loro = result["leave_one_reviewer_out"]
    assert loro["ao_micro_f1"] is not None
    assert result["tuned_on_test"]["micro_f1"] >= loro["micro_f1"]

    papers = load_gold(gold, shared_data)
    aligner = make_aligner("bm25")
    in_process = evaluate_scored(aligner, papers, run_job(iter_score_papers(aligner, papers)))
    assert result.pop("seconds") >= 0
    assert result == json.loads(json.dumps(in_process))
    printed = {k: tuple(round(result[k][c], 1) for c in COLUMNS) for k in BM25_CGO18}
    assert printed == BM25_CGO18


def test_align_prints_the_status_a_project_shows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``redraft align`` and a project built from the same files (the comment list, the coverage table) say
    the same status and confidence for every comment: one definition, engine/align/status.py."""
    from engine.jobs import run_job
    from engine.project import ProjectStore
    from engine.project.pipeline import build_project

    old, new, reviews = (resource("demo", n) for n in ("draft_v1.md", "draft_v2.md", "reviews.md"))
    assert main(["align", "--old", str(old), "--new", str(new), "--reviews", str(reviews)]) == 0
    lines = capsys.readouterr().out.splitlines()
    store = ProjectStore.create(tmp_path / "demo.redraft", "demo")
    project = run_job(build_project(store, old, new, reviews))
    store.close()
    labels = [project.assessment(c.id).label() for c in project.comments]
    assert [f"{c.id:6} {label}" for c, label in zip(project.comments, labels)] == [
        line for line in lines if line[:1] == "R"]
    assert any(label.startswith("partly addressed (check) · ") for label in labels)  # not the old two values
