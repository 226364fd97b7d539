"""Round twelve's placement study (``bench.place_round12``) on a synthetic manifest and synthetic candidate tables:
which training revisions the tuned encoder never saw, a draft paragraph's sentences as the encoder read an edit's,
the widened pool, and the second stage fitted on the unseen revisions over an out-of-fold reference."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from bench.place_round12 import References, pool, stacked, unseen
from engine.document.model import Paragraph
from engine.generate.rerank import tuned_pieces
from tests.engine.generate.placement_tables import tuned_table


def _corpus(tmp_path: Path, seen: list[str], revisions: list[tuple[str, str, str]]) -> tuple[Path, Path]:
    np.savez(tmp_path / "oof.npz", **{f"section|{p}": np.zeros((1, 1), np.float32) for p in seen},
             **{f"base|{p}": np.zeros((1, 1), np.float32) for p in seen})
    note = tmp_path / "note.json"
    note.write_text(json.dumps({"variant": "section", "out_of_fold": f"{tmp_path / 'oof.npz'}: cosines"}))
    manifest = tmp_path / "revisions.json"
    manifest.write_text(json.dumps({"revisions": [{"id": i, "repository": repo, "part": part}
                                                  for i, repo, part in revisions]}))
    return manifest, note


def test_the_unseen_revisions_are_the_training_ones_outside_the_encoders_file(tmp_path: Path) -> None:
    manifest, note = _corpus(tmp_path, ["old-a", "old-b"], [
        ("old-a", "o/a", "train"), ("old-b", "o/b", "train"), ("new-c", "o/c", "train"),
        ("checked-d", "o/d", "checked"), ("new-e", "o/e", "train")])
    assert unseen(str(manifest), note) == ["new-c", "new-e"]  # the checked revision is never listed


def test_an_unseen_round_of_a_seen_repository_stops_the_study(tmp_path: Path) -> None:
    manifest, note = _corpus(tmp_path, ["paper-r1"], [("paper-r1", "o/p", "train"), ("paper-r2", "o/p", "train")])
    with pytest.raises(SystemExit, match="paper-r2"):
        unseen(str(manifest), note)


def test_a_paragraph_is_read_as_the_encoder_read_an_edit() -> None:
    p = Paragraph("p3", "The solver converges in ten steps. It then stops early.", section=("Methods", "Solver"))
    assert tuned_pieces(p) == ["Methods > Solver: The solver converges in ten steps.",
                         "Methods > Solver: It then stops early."]
    assert tuned_pieces(Paragraph("p0", "A title page line with no section.")) == ["A title page line with no section."]


def _table(groups: int = 6, per: int = 10, n: int = 8, seed: int = 2) -> list[dict]:
    return tuned_table(groups, per, n, seed)


def test_the_wider_pool_adds_the_tuned_encoders_best_two() -> None:
    row = {"total": np.array([5.0, 4.0, 3.0, 2.0, 1.0]), "tuned": np.array([0.1, 0.9, 0.2, 0.3, 0.8])}
    assert pool(row, "tuned2").tolist() == [0, 1]
    assert pool(row, "tuned3+2").tolist() == [0, 1, 2, 4]  # the rules' best 3, then the encoder's best not in them


def test_the_second_stage_learns_the_tuned_cosine_out_of_fold() -> None:
    table = _table()
    refs = References(table)
    got = stacked(table, refs, "tuned2")
    assert set(got) == {(r["paper"], r["comment"]) for r in table}
    assert sum(o["first"] for o in got.values()) >= 0.9 * len(table)
    assert all(o["first"] <= o["card"] for o in got.values())  # the card shows the first, sometimes a second
    assert frozenset({"repo0", "repo1"}) in refs.fits  # each row's z from a reference fitted outside both folds
