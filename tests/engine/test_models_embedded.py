"""The embedded Gemma 3 270M smoke-test generator (slow: assembles and loads 253 MB)."""

from __future__ import annotations

import pytest

from engine.models import embedded
from engine.models.gguf_info import read_gguf_info

pytestmark = pytest.mark.slow


def test_embedded_generator_assembles_once_and_generates() -> None:
    path = embedded.generator_path()
    stamp = path.stat().st_mtime_ns
    assert embedded.generator_path() == path
    assert path.stat().st_mtime_ns == stamp  # reused, not re-assembled
    info = read_gguf_info(path)
    assert info.architecture == "gemma3" and not info.has_chat_template
    generator = embedded.embedded_generator(n_ctx=512, n_gpu_layers=0)
    assert "smoke test" in generator.name
    text = generator.generate("The capital of France is", max_tokens=6, temperature=0.0)
    assert text.strip()
    text = "Reviewers asked for more ablations on the retrieval component. " * 4
    cut = generator.truncate_to_tokens(text, 12)
    assert text.startswith(cut) and generator.count_tokens(cut) <= 12
    probs = generator.choice_probabilities("Is Paris in France? Answer yes or no:", ["yes", "no"])
    assert sum(probs.values()) == pytest.approx(1.0)
    generator.close()


def test_damaged_embedded_file_is_rebuilt() -> None:
    path = embedded.generator_path()
    with open(path, "r+b") as handle:
        handle.seek(1000)
        handle.write(b"\0" * 16)
    rebuilt = embedded.generator_path()
    assert rebuilt == path
    from engine.models.gguf_info import sha256_file

    assert sha256_file(path) == embedded._generator_package().EXPECTED_SHA256
