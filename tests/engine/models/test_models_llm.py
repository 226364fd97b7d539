"""LlamaGenerator on a tiny random-weight GGUF: real llama.cpp, real sampling."""

from __future__ import annotations

import inspect
import json
import math
import subprocess
import sys
import threading
from dataclasses import fields, replace
from pathlib import Path

import pytest

from engine.errors import Cancelled, InputError, ModelError, RedraftWarning
from engine.jobs import CancelToken
from engine.models.llama.backend import gpu_offload_supported
from engine.models.llama.chat import render_prompt, template_formatter
from engine.models.llama.llm import LlamaGenerator, resolve_gpu_layers
from engine.models.llama.native_order import gpu_build_libraries
from engine.models.llama.prefix_cache import PrefixCache
from engine.models.protocols import GenerationOptions, Generator, generation_options
from tests.gguf_factory import tiny_chat_gguf, tiny_gguf  # noqa: F401

PREFIX = "Paper context: " + "the method improves accuracy on the benchmark. " * 8


@pytest.fixture(scope="module")
def gen(tiny_gguf: Path) -> LlamaGenerator:
    generator = LlamaGenerator(tiny_gguf, n_ctx=1024, n_gpu_layers=0)
    yield generator
    generator.close()


def fresh(path: Path, **kwargs) -> LlamaGenerator:
    return LlamaGenerator(path, n_ctx=1024, n_gpu_layers=0, **kwargs)


def test_satisfies_the_generator_protocol(gen: LlamaGenerator) -> None:
    assert isinstance(gen, Generator)
    assert gen.n_ctx == 1024
    assert not gen.has_chat_template


def test_generates_the_requested_number_of_tokens(gen: LlamaGenerator) -> None:
    text = gen.generate("Hello", max_tokens=12, temperature=0.0)
    assert isinstance(text, str)
    assert gen.last_usage["completion_tokens"] <= 12
    assert gen.last_usage["prompt_tokens"] == len(gen._tokenize(render_prompt("Hello", None)))


def test_same_seed_same_text_other_seed_other_text(gen: LlamaGenerator) -> None:
    a = gen.generate("Seeded sampling:", max_tokens=24, temperature=1.0, seed=11)
    b = gen.generate("Seeded sampling:", max_tokens=24, temperature=1.0, seed=11)
    c = gen.generate("Seeded sampling:", max_tokens=24, temperature=1.0, seed=12)
    assert a == b
    assert a != c


def test_an_options_object_samples_as_its_keywords_do(gen: LlamaGenerator) -> None:
    options = GenerationOptions(max_tokens=24, temperature=1.0, seed=11)
    by_object = gen.generate("Seeded sampling:", options)
    assert by_object == gen.generate("Seeded sampling:", max_tokens=24, temperature=1.0, seed=11)
    assert "".join(gen.stream("Seeded sampling:", options)) == by_object
    # A keyword beside the object replaces that field only (seed 12 samples other text, as above).
    other_seed = gen.generate("Seeded sampling:", options, seed=12)
    assert other_seed == gen.generate("Seeded sampling:", replace(options, seed=12)) != by_object
    gen.generate("Seeded sampling:", options, max_tokens=3, repeat_penalty=1.3)
    assert gen.last_usage["completion_tokens"] <= 3


def test_an_unknown_option_is_refused_at_the_call(gen: LlamaGenerator) -> None:
    with pytest.raises(TypeError, match="max_token"):
        gen.generate("x", max_token=2)
    with pytest.raises(TypeError, match="top_k"):
        gen.stream("x", top_k=2)  # before the first piece is asked for


def test_the_generator_and_its_protocol_take_the_same_arguments() -> None:
    """One list of sampling options (``GenerationOptions``): the signatures cannot drift apart again."""
    for method in ("generate", "stream"):
        ours = inspect.signature(getattr(LlamaGenerator, method))
        protocol = inspect.signature(getattr(Generator, method))
        assert list(ours.parameters) == list(protocol.parameters) == ["self", "prompt", "options", "cancel", "changes"]
    assert {f.name for f in fields(GenerationOptions)} == {
        "max_tokens", "temperature", "seed", "json_schema", "grammar", "stop", "repeat_penalty"}
    assert generation_options(None, max_tokens=4) == GenerationOptions(max_tokens=4)


def test_json_schema_output_parses_and_validates(gen: LlamaGenerator) -> None:
    schema = {
        "type": "object",
        "properties": {
            "addresses": {"type": "string", "enum": ["yes", "no", "partly"]},
            "confident": {"type": "boolean"},
        },
        "required": ["addresses", "confident"],
    }
    for seed in (1, 2, 3):
        value = gen.generate_json("Answer in JSON:", schema, max_tokens=96, temperature=0.8, seed=seed)
        assert value["addresses"] in ("yes", "no", "partly")
        assert isinstance(value["confident"], bool)
        assert set(value) == {"addresses", "confident"}


def test_json_cut_short_by_max_tokens_is_a_model_error(gen: LlamaGenerator) -> None:
    schema = {"type": "object", "properties": {"a": {"type": "string", "enum": ["a long enum value"]}},
              "required": ["a"]}
    with pytest.raises(ModelError, match="not valid JSON"):
        gen.generate("JSON:", json_schema=schema, max_tokens=3)


def test_gbnf_grammar_constrains_output(gen: LlamaGenerator) -> None:
    for seed in range(4):
        out = gen.generate("Verdict:", grammar='root ::= "yes" | "no"', max_tokens=8, temperature=1.0, seed=seed)
        assert out in ("yes", "no")


def test_bad_grammar_is_an_input_error(gen: LlamaGenerator) -> None:
    with pytest.raises(InputError, match="grammar"):
        gen.generate("x", grammar="root ::= (", max_tokens=2)


def test_stream_yields_the_same_text_as_generate(gen: LlamaGenerator) -> None:
    pieces = list(gen.stream("Streaming test", max_tokens=16, temperature=0.0))
    assert len(pieces) >= 2
    assert "".join(pieces) == gen.generate("Streaming test", max_tokens=16, temperature=0.0)


def test_cancel_is_honoured_within_one_token(gen: LlamaGenerator) -> None:
    cancel = CancelToken()
    seen = []
    sampled_at_cancel = 0
    with pytest.raises(Cancelled):
        for piece in gen.stream("Cancel me " * 3, max_tokens=200, temperature=0.0, cancel=cancel):
            seen.append(piece)
            if len(seen) == 3:
                sampled_at_cancel = gen.last_usage["completion_tokens"]
                cancel.cancel()
    assert len(seen) == 3
    # At most one more token is sampled before the stop criterion sees the flag.
    assert sampled_at_cancel <= gen.last_usage["completion_tokens"] <= sampled_at_cancel + 1


def test_cancel_before_start_stops_during_prompt_evaluation(gen: LlamaGenerator) -> None:
    cancel = CancelToken()
    cancel.cancel()
    with pytest.raises(Cancelled):
        gen.generate("A fresh prompt nobody sent before " * 20, max_tokens=5, cancel=cancel)


def test_choice_probabilities_sum_to_one(gen: LlamaGenerator) -> None:
    probs = gen.choice_probabilities("Is the comment addressed? Answer:", ["yes", "no"])
    assert set(probs) == {"yes", "no"}
    assert sum(probs.values()) == pytest.approx(1.0)
    assert all(0.0 < p < 1.0 for p in probs.values())
    logps = gen.choice_logprobs("Is the comment addressed? Answer:", ["yes", "no"])
    assert all(lp < 0 for lp in logps.values())
    # The second call reuses the prompt's KV cache, so its logits differ in the last digits: on a CPU build
    # log-odds 4e-6 apart here. A GPU build evaluates the reused prompt in other batch shapes, and large
    # batches go to the GPU even with no layers offloaded (seen on an H100: 0.004 apart).
    log_odds = math.log(probs["yes"]) - math.log(probs["no"])
    assert log_odds == pytest.approx(logps["yes"] - logps["no"], abs=0.05 if gpu_offload_supported() else 1e-4)
    three = gen.choice_probabilities("Pick one:", ["a", "b", "c"])
    assert sum(three.values()) == pytest.approx(1.0)


def test_choice_probabilities_do_not_disturb_generation(tiny_gguf: Path, gen: LlamaGenerator) -> None:
    prompt = PREFIX + "Comment 9. Answer:"
    gen.choice_probabilities(prompt)
    after = gen.generate(prompt, max_tokens=12)
    other = fresh(tiny_gguf)
    assert after == other.generate(prompt, max_tokens=12)
    other.close()


def test_shared_prefix_is_reused_and_output_unchanged(tiny_gguf: Path, gen: LlamaGenerator) -> None:
    gen.generate(PREFIX + "Comment 1. Answer:", max_tokens=8)
    second = gen.generate(PREFIX + "Comment 2. Answer:", max_tokens=8)
    n_prefix = gen.count_tokens(PREFIX)
    assert gen.last_usage["reused_tokens"] >= n_prefix - 1
    other = fresh(tiny_gguf)
    assert other.generate(PREFIX + "Comment 2. Answer:", max_tokens=8) == second
    assert other.last_usage["reused_tokens"] == 0
    other.close()


def test_prefix_cache_restores_after_an_unrelated_request(tiny_gguf: Path) -> None:
    cache = PrefixCache()
    generator = fresh(tiny_gguf, prefix_cache=cache)
    n = generator.prefill(PREFIX, remember=True)
    assert len(cache) == 1 and n > 50
    generator.generate("Something unrelated entirely.", max_tokens=4)
    out = generator.generate(PREFIX + "Comment 3. Answer:", max_tokens=8)
    assert cache.hits == 1
    assert generator.last_usage["reused_tokens"] >= n - 1
    plain = fresh(tiny_gguf)
    assert plain.generate(PREFIX + "Comment 3. Answer:", max_tokens=8) == out
    generator.close()
    plain.close()


def test_chat_template_from_metadata_renders_messages(tiny_chat_gguf: Path) -> None:
    generator = fresh(tiny_chat_gguf)
    assert generator.has_chat_template
    messages = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi"}]
    rendered = render_prompt(messages, generator._formatter)
    assert rendered.templated
    assert rendered.text == "<s><|system|>\nBe brief.\n<|user|>\nHi\n<|assistant|>\n"
    assert isinstance(generator.generate(messages, max_tokens=6), str)
    # The template's BOS is parsed as the special token, not spelled out in bytes.
    assert generator._tokenize(rendered)[0] == 1
    generator.close()


def test_a_final_assistant_message_is_continued(tiny_chat_gguf: Path) -> None:
    generator = fresh(tiny_chat_gguf)
    assert generator.has_chat_template  # loads the model and its template
    messages = [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Edit:"}]
    rendered = render_prompt(messages, generator._formatter)
    assert rendered.text == "<s><|user|>\nHi\n<|assistant|>\nEdit:"  # no end of turn after the lead
    assert render_prompt(messages, None).text == "User: Hi\n\nAssistant: Edit:"
    assert isinstance(generator.generate(messages, max_tokens=12, repeat_penalty=1.5), str)
    generator.close()


def test_base_model_gets_a_plain_transcript(gen: LlamaGenerator) -> None:
    rendered = render_prompt([{"role": "user", "content": "Hi"}], None)
    assert rendered.text == "User: Hi\n\nAssistant:"
    assert isinstance(gen.generate([{"role": "user", "content": "Hi"}], max_tokens=4), str)


def test_hostile_chat_template_is_sandboxed() -> None:
    formatter = template_formatter("{{ ''.__class__.__mro__[1].__subclasses__() }}", "<s>", "</s>")
    with pytest.raises(ModelError, match="chat template failed"):
        render_prompt([{"role": "user", "content": "x"}], formatter)


def test_bad_messages_are_input_errors(gen: LlamaGenerator) -> None:
    with pytest.raises(InputError):
        gen.generate([], max_tokens=2)
    with pytest.raises(InputError, match="role"):
        gen.generate([{"role": "wizard", "content": "x"}], max_tokens=2)


def test_prompt_longer_than_the_context_is_refused(tiny_gguf: Path) -> None:
    small = LlamaGenerator(tiny_gguf, n_ctx=64, n_gpu_layers=0)
    with pytest.raises(InputError, match="tokens"):
        small.generate("x" * 200, max_tokens=2)
    small.close()


def test_count_and_truncate_tokens(gen: LlamaGenerator) -> None:
    text = "Reviewers asked for more ablations. " * 5
    n = gen.count_tokens(text)
    assert n > 20
    cut = gen.truncate_to_tokens(text, 20)
    # The tiny vocabulary spells SentencePiece's space marker in bytes, so only the length is checked here;
    # the slow embedded-model test checks the round trip on a real tokenizer.
    assert 0 < len(cut) < len(text)
    assert gen.truncate_to_tokens("short", 100) == "short"


def test_gpu_layers_resolution() -> None:
    assert resolve_gpu_layers(None, True) == (-1, None)
    assert resolve_gpu_layers(None, False) == (0, None)
    assert resolve_gpu_layers(10, True) == (10, None)
    layers, notice = resolve_gpu_layers(-1, False)
    assert layers == 0 and "CPU-only" in notice


def test_gpu_asked_but_absent_falls_back_to_cpu(tiny_gguf: Path) -> None:
    import llama_cpp

    if llama_cpp.llama_supports_gpu_offload():
        pytest.skip("this llama.cpp build has GPU offload")
    generator = LlamaGenerator(tiny_gguf, n_ctx=256, n_gpu_layers=-1)
    with pytest.warns(RedraftWarning, match="running on CPU"):
        generator.load()
    assert generator.n_gpu_layers == 0
    assert any("CPU-only" in n for n in generator.notices)
    assert isinstance(generator.generate("ok", max_tokens=2), str)
    generator.close()


def test_model_too_big_for_memory_is_refused(tiny_gguf: Path) -> None:
    generator = LlamaGenerator(tiny_gguf, n_ctx=256, n_gpu_layers=0, memory_limit=50 * 1024**2)
    with pytest.raises(ModelError, match="needs about .* free"):
        generator.load()


def test_not_a_gguf_is_refused_before_llama_cpp(tmp_path: Path) -> None:
    bad = tmp_path / "notes.gguf"
    bad.write_text("not a model")
    with pytest.raises(InputError, match="not a GGUF"):
        LlamaGenerator(bad).load()


def test_one_inference_at_a_time_across_threads(tiny_gguf: Path, gen: LlamaGenerator) -> None:
    prompts = [f"Thread {i} says" for i in range(4)]
    expected = {p: gen.generate(p, max_tokens=10) for p in prompts}
    results: dict[str, str] = {}
    errors: list[BaseException] = []

    def work(p: str) -> None:
        try:
            results[p] = gen.generate(p, max_tokens=10)
        except BaseException as err:  # pragma: no cover - reported below
            errors.append(err)

    threads = [threading.Thread(target=work, args=(p,)) for p in prompts]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert results == expected


def test_importing_the_models_package_stays_light() -> None:
    code = (
        "import sys, engine.models, engine.models.llama.llm, engine.models.encoders.encoder, engine.models.encoders.onnx_encoder, "
        "engine.models.registry, engine.cli.models; print(json.dumps(sorted(m for m in ('llama_cpp', 'torch', "
        "'transformers', 'onnxruntime', 'onnx', 'tokenizers') if m in sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", "import json; " + code], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).resolve().parents[3])
    # A GPU build (a ggml-cuda/-hip/-vulkan/-sycl library beside libllama, as `make gpu-wheel` makes) is
    # imported when `engine` loads, before numpy (engine/models/llama/native_order.py); nothing else is.
    expected = ["llama_cpp"] if gpu_build_libraries() else []
    assert json.loads(out.stdout) == expected


def test_extra_buffer_switch_is_scoped_to_one_construction(tiny_gguf: Path) -> None:
    import llama_cpp.llama_cpp as bindings

    from engine.models.llama.support import model_params

    assert bindings.llama_model_default_params().use_extra_bufts
    with model_params(use_extra_bufts=False):
        assert not bindings.llama_model_default_params().use_extra_bufts
    assert bindings.llama_model_default_params().use_extra_bufts
    generator = LlamaGenerator(tiny_gguf, n_ctx=256, n_gpu_layers=0, extra_buffers=False)
    assert isinstance(generator.generate("x", max_tokens=2), str)
    generator.close()


def test_prefix_cache_needs_the_whole_saved_prefix(tiny_gguf: Path) -> None:
    cache = PrefixCache()
    generator = fresh(tiny_gguf, prefix_cache=cache)
    generator.prefill(PREFIX + "Appendix A.", remember=True)
    generator.generate("Something unrelated entirely.", max_tokens=4)
    out = generator.generate(PREFIX + "Comment 4. Answer:", max_tokens=8)
    assert cache.hits == 0  # shares only part of the saved prefix: evaluated afresh
    plain = fresh(tiny_gguf)
    assert plain.generate(PREFIX + "Comment 4. Answer:", max_tokens=8) == out
    generator.close()
    plain.close()
