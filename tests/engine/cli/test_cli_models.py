"""``redraft models`` end to end on the tiny GGUF."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli.main import main
from tests.gguf_factory import tiny_chat_gguf, tiny_gguf  # noqa: F401


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_import_then_list(tiny_chat_gguf: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = run_json(capsys, "models", "import", str(tiny_chat_gguf), "--label", "Tiny chat", "--json")
    assert record["id"] == "tiny-chat" and record["has_chat_template"] is True
    rows = run_json(capsys, "models", "list", "--json")
    assert [r["id"] for r in rows if not r["embedded"]] == ["tiny-chat"]
    assert main(["models", "list"]) == 0
    out = capsys.readouterr().out
    assert "tiny-chat" in out and "small embedded default" in out


def test_info_json(tiny_gguf: Path, capsys: pytest.CaptureFixture[str]) -> None:
    info = run_json(capsys, "models", "info", str(tiny_gguf), "--json", "--n-ctx", "1024")
    assert info["architecture"] == "llama" and info["n_ctx"] == 1024
    assert info["kv_cache_bytes"] == 2 * 4 * 32 * 1024 * 2
    assert info["fits"] in (True, None)
    assert main(["models", "info", str(tiny_gguf)]) == 0
    assert "chat template: no" in capsys.readouterr().out


def test_bench_json_has_the_figures(tiny_gguf: Path, capsys: pytest.CaptureFixture[str]) -> None:
    figures = run_json(capsys, "models", "bench", str(tiny_gguf), "--json", "--n-ctx", "1024",
                       "--gpu-layers", "0", "--prefix-tokens", "300", "--gen-tokens", "8")
    for key in ("tokens_per_s", "ttft_cold_s", "ttft_prefix_reuse_s", "prefix_tokens"):
        assert key in figures
    assert 270 <= figures["prefix_tokens"] <= 315  # about the asked size
    assert figures["tokens_per_s"] > 0 and figures["ttft_cold_s"] > 0


def test_backend_reports_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    import llama_cpp

    report = run_json(capsys, "models", "backend", "--json")
    assert report["gpu_offload"] == bool(llama_cpp.llama_supports_gpu_offload())
    assert report["backend"] in ("CPU", "CUDA", "Metal", "Vulkan", "ROCm/HIP", "SYCL", "GPU (unknown kind)")
    if report["backend"] == "CPU" and report["visible_gpu"] and report["visible_gpu"].startswith("NVIDIA"):
        assert "-DGGML_CUDA=on" in report["hint"]


def test_download_list_needs_no_network(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["models", "download", "--list"]) == 0
    out = capsys.readouterr().out
    assert "qwen2.5-3b-instruct" in out and "approximate" in out


@pytest.mark.parametrize("content", [b"", b"GGUF\x03\x00\x00\x00", b"hello"])
def test_bad_files_exit_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes) -> None:
    bad = tmp_path / "bad.gguf"
    bad.write_bytes(content)
    assert main(["models", "import", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("redraft: error: ") and "\n" not in err
