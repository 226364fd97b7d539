"""The comments, align and eval align commands, end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.resources import resource

REPO = Path(__file__).resolve().parents[2]


def test_comments_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["comments", str(resource("demo", "reviews.md")), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["reviewer"] for r in data["reviews"]] == ["Reviewer 1", "Reviewer 2"]
    assert len(data["comments"]) == 7
    assert set(data["comments"][0]) == {"id", "reviewer", "text", "context", "action", "directness", "span", "section"}


def test_comments_on_empty_file_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "r.md"
    empty.write_text("\n\n")
    assert main(["comments", str(empty)]) == 2
    assert "no review text found" in capsys.readouterr().err


def test_align_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["align", "--old", str(resource("demo", "draft_v1.md")), "--new", str(resource("demo", "draft_v2.md")),
            "--reviews", str(resource("demo", "reviews.md")), "--json", "--threshold", "2.5"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= {"comments", "edits", "alignments"}
    by_id = {a["comment_id"]: a for a in data["alignments"]}
    assert "e0007" in by_id["R1.3"]["edit_ids"]
    assert "e0005" in by_id["R1.4"]["edit_ids"]
    assert len(by_id["R1.3"]["scores"]) == len(data["edits"])


@pytest.mark.shared_data
def test_eval_align_on_cgo18_gold(shared_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gold = REPO / "tests" / "data" / "cgo18_align_gold.json"
    assert main(["eval", "align", str(gold), "--data", str(shared_data), "--method", "bm25", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    result = data["results"][0]
    assert data["notices"] == []  # every gold edit found in today's diff
    assert result["comments"] == 30
    loro = result["leave_one_reviewer_out"]
    assert 0 < loro["micro_f1"] <= 100 and loro["ao_micro_f1"] is not None
    assert result["tuned_on_test"]["micro_f1"] >= loro["micro_f1"]
