"""A researcher's own models (trial26): GGUFs llama.cpp cannot run as a text generator are refused at import with one
line, the models imported before stay; an encoder folder moved, deleted or copied without its tokenizer says so;
a copy of the embedded GGUF under another name is the embedded model. Real GGUFs written here with ``gguf``, real
folders copied from the embedded MiniLM."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from engine.cli.main import main
from engine.errors import InputError
from engine.models import embedded
from engine.models.embedded import is_embedded_file
from engine.models.encoders.cached import folder_problem
from engine.models.factory import open_model
from engine.models.registry import ModelRegistry
from engine.settings import Settings
from tests.gguf_factory import tiny_chat_gguf  # noqa: F401
from testkit.gguf_factory import write_tiny_llama


def write_without_vocabulary(path: Path) -> Path:
    """A llama-architecture GGUF with no tokenizer: the ``gguf`` package reads it, llama.cpp refuses it."""
    import gguf

    writer = gguf.GGUFWriter(str(path), "llama")
    writer.add_name("no vocabulary")
    writer.add_context_length(128)
    writer.add_embedding_length(8)
    writer.add_block_count(1)
    writer.add_feed_forward_length(8)
    writer.add_head_count(2)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_tensor("token_embd.weight", np.zeros((4, 8), dtype=np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path


def test_files_llama_cpp_cannot_run_are_refused_and_the_earlier_model_stays(
        tiny_chat_gguf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    registry = ModelRegistry()
    kept = registry.import_model(tiny_chat_gguf)
    mmproj = write_tiny_llama(tmp_path / "mmproj-model-f16.gguf", architecture="clip")
    bert = write_tiny_llama(tmp_path / "nomic-embed.gguf", architecture="nomic-bert")
    novocab = write_without_vocabulary(tmp_path / "novocab.gguf")
    for path, words in ((mmproj, "vision projector"), (bert, "embedding model"), (novocab, "tokenizer.ggml.model")):
        with pytest.raises(InputError, match=words) as caught:
            registry.import_model(path)
        assert "\n" not in str(caught.value) and path.name in str(caught.value)
    assert "llama.cpp cannot run novocab.gguf (architecture 'llama')" in str(caught.value)
    assert [r.id for r in registry.models()] == [kept.id]
    capsys.readouterr()
    assert main(["models", "import", str(mmproj)]) == 2  # the CLI: one line, exit 2
    err = capsys.readouterr().err
    assert err.startswith("redraft: error: mmproj-model-f16.gguf is a vision projector") and err.count("\n") == 1
    assert "llama_model_loader" not in err  # llama.cpp's log stays out of the user's console


def _minilm_copy(target: Path) -> Path:
    return Path(shutil.copytree(embedded.encoder_path(), target))


def test_encoder_folders_say_what_is_wrong_and_where_it_was_chosen(tmp_path: Path) -> None:
    mine = _minilm_copy(tmp_path / "my-encoder")
    assert folder_problem(mine) is None
    no_tokenizer = _minilm_copy(tmp_path / "no-tokenizer")
    for name in ("tokenizer.json", "vocab.txt", "tokenizer_config.json", "special_tokens_map.json"):
        (no_tokenizer / name).unlink()
    assert "has no tokenizer" in (folder_problem(no_tokenizer) or "")
    assert "not a folder" in (folder_problem(mine / "model.safetensors") or "")
    moved = tmp_path / "moved"
    mine.rename(moved)
    assert "not there (moved or deleted?)" in (folder_problem(mine) or "")
    with pytest.raises(InputError) as caught:  # the encoder Settings name, gone since
        open_model("encoder", Settings(encoder_path=str(mine)))
    assert "Settings → Encoder folder" in str(caught.value) and "\n" not in str(caught.value)
    with pytest.raises(InputError, match="has no tokenizer") as caught:  # a CLI path: no word of Settings
        open_model("encoder", Settings(), path=str(no_tokenizer))
    assert "Settings" not in str(caught.value)
    encoder = open_model("encoder", Settings(encoder_path=str(moved)))
    assert encoder.name == "moved" and encoder.encode(["a sentence"]).shape == (1, 384)


def test_a_copy_of_the_embedded_gguf_is_the_embedded_model(tmp_path: Path, tiny_chat_gguf: Path) -> None:  # noqa: F811
    copy = Path(shutil.copy2(embedded.generator_path(), tmp_path / "lab-finetune-Q4.gguf"))
    assert is_embedded_file(copy) and is_embedded_file(embedded.generator_path())
    assert not is_embedded_file(tiny_chat_gguf) and not is_embedded_file(tmp_path / "gone.gguf")
    with copy.open("r+b") as handle:  # the same size, other bytes: another model
        handle.seek(-1, 2)
        last = handle.read(1)
        handle.seek(-1, 2)
        handle.write(bytes([last[0] ^ 1]))
    assert not is_embedded_file(copy)


def test_a_model_that_fails_to_load_says_llama_cpps_reason(tmp_path: Path) -> None:
    """A GGUF whose header and vocabulary llama.cpp reads (so it imports) but whose hyper-parameters it lacks: the
    first suggestion's error is llama.cpp's reason in one line, not "Failed to load model from file: PATH"."""
    from engine.errors import ModelError
    from engine.models.llama.llm import LlamaGenerator

    odd = write_tiny_llama(tmp_path / "odd.gguf", architecture="gemma4")  # gemma4's keys are not all here
    ModelRegistry().import_model(odd)
    with pytest.raises(ModelError) as caught:
        LlamaGenerator(odd, n_ctx=256, n_gpu_layers=0).load()
    message = str(caught.value)
    assert message.startswith("llama.cpp could not load odd.gguf (architecture 'gemma4'): error loading model")
    assert "choose another model" in message and "\n" not in message and str(tmp_path) not in message
