"""Model manager: GGUF validation, registry records, memory checks, downloads (no network)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import shutil
from pathlib import Path

import pytest

from engine.cli.main import main as cli_main
from testkit.gguf_factory import CONTEXT_LENGTH, N_EMBD, N_FF, N_LAYER, write_tiny_llama
from engine.errors import InputError, ModelError
from engine.models import download as download_mod
from engine.models.llama.gguf_info import GGUFFacts, GGUFInfo, read_gguf_info
from engine.models.llama.memory import available_ram_bytes, check_fits, estimate_memory, kv_cache_bytes
from engine.models.registry import ModelRecord, ModelRegistry
from tests.gguf_factory import tiny_chat_gguf, tiny_gguf  # noqa: F401


def expected_parameters() -> int:
    vocab = 3 + 256
    per_layer = 2 * N_EMBD + 4 * N_EMBD * N_EMBD + 3 * N_FF * N_EMBD
    return 2 * vocab * N_EMBD + N_EMBD + N_LAYER * per_layer


def test_reads_the_facts_of_a_valid_gguf(tiny_gguf: Path, tiny_chat_gguf: Path) -> None:
    info = read_gguf_info(tiny_gguf, with_sha256=True)
    assert info.architecture == "llama"
    assert info.parameters == expected_parameters()
    assert info.context_length == CONTEXT_LENGTH
    assert info.file_type == "F32"
    assert (info.n_layer, info.n_embd, info.n_head, info.n_head_kv, info.head_dim_k) == (2, 64, 4, 4, 16)
    assert info.vocab_size == 259
    assert not info.has_chat_template
    assert info.sha256 == hashlib.sha256(tiny_gguf.read_bytes()).hexdigest()
    assert read_gguf_info(tiny_chat_gguf).has_chat_template


def test_header_parser_agrees_with_gguf_reader(tiny_chat_gguf: Path) -> None:
    import gguf

    from engine.models.llama.gguf_info import parse_header

    fields, tensors, data_offset = parse_header(tiny_chat_gguf)
    reader = gguf.GGUFReader(tiny_chat_gguf)
    assert data_offset == reader.data_offset
    assert [(t[0], t[1], t[2], t[3]) for t in tensors] == [
        (t.name, int(t.n_elements), int(t.n_bytes), int(t.data_offset) - reader.data_offset)
        for t in reader.tensors
    ]
    for key in ("general.architecture", "llama.context_length", "llama.block_count", "tokenizer.chat_template"):
        assert fields[key] == reader.fields[key].contents()
    assert fields["tokenizer.ggml.tokens"] == len(reader.fields["tokenizer.ggml.tokens"].data)


def test_import_records_the_model(tiny_gguf: Path) -> None:
    registry = ModelRegistry()
    record = registry.import_model(tiny_gguf, label="Tiny")
    assert record.id == "tiny-llama"
    assert record.path == str(tiny_gguf.resolve())
    assert not record.copied
    saved = json.loads(registry.path.read_text())
    assert saved["version"] == 1 and saved["models"][0]["sha256"] == record.sha256
    again = ModelRegistry().import_model(tiny_gguf)
    assert again.id == record.id and again.label == "Tiny"
    assert len(ModelRegistry().models()) == 1
    assert registry.resolve("tiny-llama") == tiny_gguf.resolve()
    assert registry.get(str(tiny_gguf)).id == "tiny-llama"


def test_a_record_holds_the_files_facts_declared_once(tiny_chat_gguf: Path) -> None:
    """``ModelRecord`` and ``GGUFInfo`` extend one ``GGUFFacts``: an import keeps every fact the file gives,
    and a registry written before (the record's own fields first) still reads."""
    facts = [f.name for f in dataclasses.fields(GGUFFacts)]
    assert facts == [f.name for f in dataclasses.fields(GGUFInfo)][: len(facts)]
    assert facts == [f.name for f in dataclasses.fields(ModelRecord)][: len(facts)]
    info = read_gguf_info(tiny_chat_gguf, with_sha256=True)
    registry = ModelRegistry()
    record = registry.import_model(tiny_chat_gguf, label="Chat")
    assert {name: getattr(record, name) for name in facts} == {name: getattr(info, name) for name in facts}
    assert record.parameters_label == info.parameters_label
    old = {"id": record.id, **{name: getattr(info, name) for name in facts}, "label": "Chat", "copied": False,
           "source": "import", "added": "2025-01-01T00:00:00+00:00", "a_later_key": 1}
    registry.path.write_text(json.dumps({"version": 1, "models": [old]}))
    assert ModelRegistry().get(record.id) == dataclasses.replace(record, added="2025-01-01T00:00:00+00:00")


def test_import_with_copy_puts_the_file_in_the_models_folder(tiny_gguf: Path) -> None:
    record = ModelRegistry().import_model(tiny_gguf, copy=True)
    assert record.copied and Path(record.path).is_file()
    assert Path(record.path).parent.name == "models"
    ModelRegistry().remove(record.id)
    assert not Path(record.path).exists()
    assert ModelRegistry().models() == []


def test_copies_never_overwrite_and_removing_deletes_only_the_copy(tmp_path: Path) -> None:
    first, second = tmp_path / "a" / "model.gguf", tmp_path / "b" / "model.gguf"  # same name, other weights
    write_tiny_llama(first, seed=1)
    write_tiny_llama(second, seed=2)
    registry = ModelRegistry()
    one = registry.import_model(first, copy=True)
    two = registry.import_model(second, copy=True)
    assert one.path != two.path and Path(one.path).is_file() and Path(two.path).is_file()
    assert Path(one.path).read_bytes() == first.read_bytes() and Path(two.path).read_bytes() == second.read_bytes()
    registry.remove(one.id)
    assert not Path(one.path).exists() and Path(two.path).is_file()
    assert first.is_file() and second.is_file()  # the user's originals are never touched


def test_a_user_file_in_the_models_folder_is_never_overwritten_or_deleted(tmp_path: Path) -> None:
    from engine.paths import app_paths

    source = tmp_path / "mine.gguf"
    write_tiny_llama(source, seed=3)
    models = app_paths().models
    models.mkdir(parents=True, exist_ok=True)
    placed = models / "placed.gguf"
    write_tiny_llama(placed, seed=4)
    registry = ModelRegistry()
    inside = registry.import_model(placed, copy=True)  # already in the folder: referenced, not "copied"
    assert Path(inside.path) == placed.resolve() and not inside.copied
    registry.remove(inside.id)
    assert placed.is_file()
    # A name already taken in the folder gets a new name instead of being replaced.
    stem = f"mine-{read_gguf_info(source, with_sha256=True).sha256[:12]}"
    taken = models / f"{stem}.gguf"
    taken.write_bytes(b"the user's own file")
    copied = registry.import_model(source, copy=True)
    assert Path(copied.path).name == f"{stem}-2.gguf" and taken.read_bytes() == b"the user's own file"
    registry.remove(copied.id)
    assert taken.read_bytes() == b"the user's own file" and source.is_file()


def test_removing_a_referenced_model_only_forgets_it(tiny_gguf: Path) -> None:
    record = ModelRegistry().import_model(tiny_gguf)
    ModelRegistry().remove(record.id)
    assert tiny_gguf.is_file() and ModelRegistry().models() == []


def test_different_files_with_one_name_get_distinct_ids(tmp_path: Path) -> None:
    a = write_tiny_llama(tmp_path / "a" / "m.gguf", seed=1)
    b = write_tiny_llama(tmp_path / "b" / "m.gguf", seed=2)
    registry = ModelRegistry()
    assert [registry.import_model(a).id, registry.import_model(b).id] == ["m", "m-2"]


def test_not_a_gguf(tmp_path: Path) -> None:
    bad = tmp_path / "paper.gguf"
    bad.write_bytes(b"%PDF-1.7 not a model at all")
    with pytest.raises(InputError, match="not a GGUF model file: paper.gguf"):
        ModelRegistry().import_model(bad)
    empty = tmp_path / "empty.gguf"
    empty.write_bytes(b"")
    with pytest.raises(InputError, match="not a GGUF"):
        read_gguf_info(empty)
    with pytest.raises(InputError, match="no such model file"):
        read_gguf_info(tmp_path / "missing.gguf")


@pytest.mark.parametrize("keep", [0.5, 0.98, 40 / 469_280])
def test_truncated_gguf(tiny_gguf: Path, tmp_path: Path, keep: float) -> None:
    data = tiny_gguf.read_bytes()
    cut = tmp_path / "cut.gguf"
    cut.write_bytes(data[: max(8, int(len(data) * keep))])
    with pytest.raises(InputError, match="truncated") as err:
        ModelRegistry().import_model(cut)
    assert "\n" not in str(err.value)


def test_unknown_architecture(tmp_path: Path) -> None:
    odd = write_tiny_llama(tmp_path / "odd.gguf", architecture="quantumformer")
    with pytest.raises(InputError, match="unknown model architecture 'quantumformer'"):
        ModelRegistry().import_model(odd)


def test_memory_estimate_and_refusal(tiny_gguf: Path) -> None:
    info = read_gguf_info(tiny_gguf)
    assert kv_cache_bytes(info, 1000) == 2 * 4 * (16 + 16) * 1000 * 2
    estimate = estimate_memory(info, 1000)
    assert estimate.total_bytes == info.size_bytes + estimate.kv_cache_bytes + estimate.overhead_bytes
    assert check_fits(info, 1000, available_bytes=estimate.total_bytes) == estimate
    with pytest.raises(ModelError, match=r"needs about .* but only .* of memory is free"):
        check_fits(info, 1000, available_bytes=estimate.total_bytes - 1)
    with pytest.raises(ModelError, match="GPU memory"):
        check_fits(info, 1000, on_gpu=True, available_bytes=1024)
    ram = available_ram_bytes()
    assert ram is None or ram > 0


def test_unknown_model_key(tiny_gguf: Path) -> None:
    with pytest.raises(InputError, match="no model 'nope'"):
        ModelRegistry().resolve("nope")
    with pytest.raises(InputError, match="no imported model"):
        ModelRegistry().remove("nope")


def test_moved_model_file_is_reported(tiny_gguf: Path, tmp_path: Path) -> None:
    moving = tmp_path / "moving.gguf"
    shutil.copy(tiny_gguf, moving)
    registry = ModelRegistry()
    registry.import_model(moving)
    moving.unlink()
    with pytest.raises(InputError, match="gone"):
        registry.resolve("moving")


@pytest.mark.embedded
def test_listing_shows_embedded_models_with_the_small_model_note(tiny_gguf: Path) -> None:
    registry = ModelRegistry()
    registry.import_model(tiny_gguf)
    rows = registry.listing()
    ids = [r["id"] for r in rows]
    assert ids[-1] == "tiny-llama"
    smol = next(r for r in rows if r["id"] == "embedded:smollm2-135m-instruct")
    assert "small" in smol["label"] and "3-8B instruct" in smol["note"] and smol["has_chat_template"]
    assert any(r["id"] == "embedded:all-minilm-l6-v2" for r in rows)


# -- downloads: the code path up to the network boundary --------------------------------


def fake_hub(monkeypatch: pytest.MonkeyPatch, source: Path) -> list[tuple[str, str, str]]:
    """``hf_hub_download`` copies ``source``; the ETag lookup fails the test if it is ever called."""
    import huggingface_hub

    calls: list[tuple[str, str, str]] = []

    def hf_hub_download(repo_id: str, filename: str, local_dir: Path, revision: str = "main", **_: object) -> str:
        calls.append((repo_id, filename, revision))
        target = Path(local_dir) / filename
        shutil.copy(source, target)
        return str(target)

    def etag(*_: object, **__: object) -> None:
        raise AssertionError("the ETag must not be consulted")

    monkeypatch.setattr(huggingface_hub, "hf_hub_download", hf_hub_download)
    monkeypatch.setattr(huggingface_hub, "get_hf_file_metadata", etag)
    return calls


def pinned(name: str, sha256: str) -> download_mod.Recommended:
    """A recommended model's entry with a revision and hash pinned (those of the tiny GGUF)."""
    entry = download_mod.recommended(name)
    return dataclasses.replace(entry, revision="0123456789abcdef0123456789abcdef01234567", sha256=sha256)


def test_download_verifies_and_registers(tiny_gguf: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sha = hashlib.sha256(tiny_gguf.read_bytes()).hexdigest()
    calls = fake_hub(monkeypatch, tiny_gguf)
    record = download_mod.download_model(pinned("qwen2.5-3b-instruct", sha))
    assert calls == [("bartowski/Qwen2.5-3B-Instruct-GGUF", "Qwen2.5-3B-Instruct-Q4_K_M.gguf",
                      "0123456789abcdef0123456789abcdef01234567")]  # the pinned revision, not "main"
    assert record.sha256 == sha and record.label == "qwen2.5-3b-instruct"
    assert record.source.startswith("huggingface:bartowski/") and record.source.endswith("@0123456789abcdef0123456789abcdef01234567")
    assert ModelRegistry().get(record.id) is not None


def test_download_with_wrong_checksum_is_removed(tiny_gguf: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_hub(monkeypatch, tiny_gguf)
    with pytest.raises(ModelError, match="SHA-256 mismatch"):
        download_mod.download_model(pinned("gemma-2-2b-it", "0" * 64))
    assert ModelRegistry().models() == []
    assert not list((Path(ModelRegistry().path).parent / "downloads").rglob("*.gguf"))


def test_unpinned_model_is_not_downloaded(tiny_gguf: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Without a pinned revision and hash nothing is fetched: the ETag is no substitute."""
    calls = fake_hub(monkeypatch, tiny_gguf)
    unpinned = dataclasses.replace(download_mod.recommended("gemma-2-2b-it"), revision="", sha256="")
    with pytest.raises(ModelError, match="no pinned revision and SHA-256"):
        download_mod.download_model(unpinned)
    shipped = [e for e in download_mod.RECOMMENDED if not e.pinned]
    if shipped:
        assert cli_main(["models", "download", shipped[0].name]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "no pinned revision" in err and "Traceback" not in err
    assert calls == [] and ModelRegistry().models() == []


def test_download_failure_and_unknown_name(monkeypatch: pytest.MonkeyPatch) -> None:
    import huggingface_hub

    def offline(*_: object, **__: object) -> None:
        raise OSError("no network here")

    monkeypatch.setattr(huggingface_hub, "hf_hub_download", offline)
    with pytest.raises(ModelError, match="download of phi-3.5-mini-instruct failed: no network here"):
        download_mod.download_model(pinned("phi-3.5-mini-instruct", "0" * 64))
    with pytest.raises(InputError, match="no recommended model"):
        download_mod.download_model("gpt-17")


def test_recommended_list_is_sane() -> None:
    names = [e.name for e in download_mod.RECOMMENDED]
    assert len(names) == len(set(names)) >= 5
    assert all(e.filename.endswith(".gguf") and "/" in e.repo_id and e.approx_gb > 0
               for e in download_mod.RECOMMENDED)
