"""``bench.measure_letter_keep`` (session 33, letter33): K1's floor on hand-made probabilities, K2's band as shipped in
``answered-letter.json``, and the revisions it was set on refused as seen (docs/figures-align.md, "Session 33: the
letter that still loses answered comments on new papers")."""

import json

import numpy as np

from bench.measure_letter_keep import K2_PARTLY, k2_band, keep_found, main
from bench.measure_unseen_train import seen_by_shipped
from engine.align.answered import shipped_answered
from engine.align.letter import FEATURES
from engine.align.status import PARTLY_P


def _letter_rows(declines):
    rows = np.zeros((len(declines), len(FEATURES)), dtype=np.float32)
    rows[:, FEATURES.index("letter_decline")] = declines
    return rows


def test_k1_lowers_to_partly_but_not_below_unless_the_answer_declines():
    no_letter = np.array([0.6, 0.6, 0.2, 0.9, 0.4], dtype=np.float32)
    letter = np.array([0.1, 0.1, 0.1, 0.95, 0.5], dtype=np.float32)
    got = keep_found(no_letter, letter, _letter_rows([0, 1, 0, 0, 0]))
    assert PARTLY_P <= got[0] < PARTLY_P + 1e-6  # found without the letter: kept at "partly (check)"
    assert got[1] == np.float32(0.1)  # the answer declines: the letter may lower it
    assert got[2] == np.float32(0.1)  # not found without the letter: the letter's value
    assert got[3] == np.float32(0.95) and got[4] == np.float32(0.5)  # the letter may still raise
    assert keep_found(np.zeros(0), np.zeros(0), np.zeros((0, len(FEATURES)))).size == 0


def test_k2_band_reads_only_the_letters_the_app_reads():
    a0, al = shipped_answered(), shipped_answered(letter=True)
    y = np.array([True, True, True, False])
    shown = np.ones(4, dtype=bool)
    row = {"read": True, "answered": y, "shown": shown,
           "raw0": np.full(4, a0.bands["partly"] + 0.01, dtype=np.float32),  # the plain model finds all three
           "rawl": np.array([0.9, 0.5, 0.3, 0.2], dtype=np.float32)}  # the letter model finds them down to 0.3
    unread = row | {"read": False, "rawl": np.zeros(4, dtype=np.float32)}
    assert k2_band([row, unread]) == min(0.3, al.bands["partly"])


def test_the_shipped_letter_band_is_k2s_and_its_revisions_are_seen(tmp_path, capsys):
    al = shipped_answered(letter=True)
    assert al.bands["partly"] == K2_PARTLY < al.bands["addressed"]
    band_on = al.meta["band_on"]
    assert len(band_on) == 34 and set(band_on) <= seen_by_shipped()
    corpus = tmp_path / "revisions.json"
    corpus.write_text(json.dumps({"revisions": [{"id": band_on[0], "part": "train"}]}))
    assert main(["judge", str(tmp_path / "none.pkl"), "--only", band_on[0], "--corpus", str(corpus)]) == 2
    assert "a shipped model was fitted on" in capsys.readouterr().err


def test_the_band_can_be_set_again_on_its_own_revisions_and_a_missing_pairs_file_is_one_line(tmp_path, capsys):
    band_on = shipped_answered(letter=True).meta["band_on"]
    assert set(band_on) <= seen_by_shipped() and not set(band_on) & seen_by_shipped(band_on=False)
    corpus = tmp_path / "revisions.json"
    corpus.write_text(json.dumps({"revisions": [{"id": band_on[0], "part": "train"}]}))
    # PROVENANCE's command for the shipped band: refused as seen before session 33's review, now it reaches the pairs
    assert main(["band", str(tmp_path / "none.pkl"), "--only", band_on[0], "--corpus", str(corpus)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: no such pairs file:") and err.count("\n") == 1
