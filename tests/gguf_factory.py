"""Tiny random-weight llama GGUF files written at test time with ``gguf.GGUFWriter``.

2 layers, 64 dims, a vocabulary of ``<unk>``, ``<s>``, ``</s>`` plus the 256 byte
tokens ``<0x00>``..``<0xFF>`` (tokenizer model ``llama``), ~0.5 MB. llama.cpp
loads it and runs real sampling, grammars and KV caching in milliseconds; its
text is noise. Use the session fixtures from any test module::

    from tests.gguf_factory import tiny_gguf, tiny_chat_gguf  # noqa: F401
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

N_EMBD = 64
N_LAYER = 2
N_HEAD = 4
N_FF = 128
CONTEXT_LENGTH = 2048

#: A small chat template in the usual Hugging Face shape.
CHAT_TEMPLATE = (
    "{{ bos_token }}{% for message in messages %}"
    "<|{{ message['role'] }}|>\n{{ message['content'] }}\n"
    "{% endfor %}{% if add_generation_prompt %}<|assistant|>\n{% endif %}"
)


def vocabulary() -> tuple[list[str], list[float], list[int]]:
    """Tokens, scores and token types: 3 specials then 256 byte tokens."""
    tokens = ["<unk>", "<s>", "</s>"] + [f"<0x{b:02X}>" for b in range(256)]
    scores = [0.0] * len(tokens)
    types = [2, 3, 3] + [6] * 256  # unknown, control, control, byte
    return tokens, scores, types


def write_tiny_llama(
    path: str | Path,
    chat_template: str | None = None,
    architecture: str = "llama",
    seed: int = 0,
    name: str = "tiny-llama",
) -> Path:
    """Write a random-weight llama-shaped GGUF and return its path."""
    import gguf

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    tokens, scores, types = vocabulary()
    n_vocab = len(tokens)
    writer = gguf.GGUFWriter(str(path), architecture)
    writer.add_name(name)
    writer.add_context_length(CONTEXT_LENGTH)
    writer.add_embedding_length(N_EMBD)
    writer.add_block_count(N_LAYER)
    writer.add_feed_forward_length(N_FF)
    writer.add_head_count(N_HEAD)
    writer.add_head_count_kv(N_HEAD)
    writer.add_rope_dimension_count(N_EMBD // N_HEAD)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_file_type(gguf.LlamaFileType.ALL_F32)
    writer.add_tokenizer_model("llama")
    writer.add_token_list(tokens)
    writer.add_token_scores(scores)
    writer.add_token_types(types)
    writer.add_unk_token_id(0)
    writer.add_bos_token_id(1)
    writer.add_eos_token_id(2)
    if chat_template is not None:
        writer.add_chat_template(chat_template)

    def weight(*shape: int) -> np.ndarray:
        return (rng.standard_normal(shape) * 0.5).astype(np.float32)

    writer.add_tensor("token_embd.weight", weight(n_vocab, N_EMBD))
    writer.add_tensor("output_norm.weight", np.ones(N_EMBD, dtype=np.float32))
    writer.add_tensor("output.weight", weight(n_vocab, N_EMBD))
    for i in range(N_LAYER):
        writer.add_tensor(f"blk.{i}.attn_norm.weight", np.ones(N_EMBD, dtype=np.float32))
        for part in ("attn_q", "attn_k", "attn_v", "attn_output"):
            writer.add_tensor(f"blk.{i}.{part}.weight", weight(N_EMBD, N_EMBD))
        writer.add_tensor(f"blk.{i}.ffn_norm.weight", np.ones(N_EMBD, dtype=np.float32))
        writer.add_tensor(f"blk.{i}.ffn_gate.weight", weight(N_FF, N_EMBD))
        writer.add_tensor(f"blk.{i}.ffn_up.weight", weight(N_FF, N_EMBD))
        writer.add_tensor(f"blk.{i}.ffn_down.weight", weight(N_EMBD, N_FF))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path


@pytest.fixture(scope="session")
def tiny_gguf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A base model: no chat template (like the embedded Gemma 3 270M)."""
    return write_tiny_llama(tmp_path_factory.mktemp("gguf") / "tiny-llama.gguf")


@pytest.fixture(scope="session")
def tiny_chat_gguf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same shape with a chat template in its metadata."""
    return write_tiny_llama(
        tmp_path_factory.mktemp("gguf") / "tiny-chat.gguf", chat_template=CHAT_TEMPLATE, name="tiny-chat"
    )
