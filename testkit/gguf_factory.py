"""Tiny random-weight llama GGUF files written at test time with ``gguf.GGUFWriter``.

2 layers, 64 dims, a vocabulary of ``<unk>``, ``<s>``, ``</s>`` plus the 256 byte
tokens ``<0x00>``..``<0xFF>`` (tokenizer model ``llama``), ~0.5 MB. llama.cpp
loads it and runs real sampling, grammars and KV caching in milliseconds; its
text is noise. ``write_tiny_llama`` takes any shape (``bench.bench_gpu`` writes a
Llama 3.2 1B-sized one); the tests' session fixtures are in ``tests/gguf_factory.py``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

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


def vocabulary(extra_tokens: int = 0) -> tuple[list[str], list[float], list[int]]:
    """Tokens, scores and token types: 3 specials, 256 byte tokens, then ``extra_tokens`` words."""
    tokens = ["<unk>", "<s>", "</s>"] + [f"<0x{b:02X}>" for b in range(256)]
    tokens += [f"\u2581w{i}" for i in range(extra_tokens)]
    scores = [0.0] * 259 + [-float(i) for i in range(extra_tokens)]
    types = [2, 3, 3] + [6] * 256 + [1] * extra_tokens  # unknown, control, control, byte, normal
    return tokens, scores, types


def write_tiny_llama(
    path: str | Path,
    chat_template: str | None = None,
    architecture: str = "llama",
    seed: int = 0,
    name: str = "tiny-llama",
    n_embd: int = N_EMBD,
    n_layer: int = N_LAYER,
    n_head: int = N_HEAD,
    n_head_kv: int | None = None,
    n_ff: int = N_FF,
    extra_tokens: int = 0,
    f16: bool = False,
) -> Path:
    """Write a random-weight llama-shaped GGUF and return its path.

    The defaults give the tiny test model; the shape arguments give a model of
    real size for speed measurements (``f16`` halves the matrices' bytes).
    """
    import gguf

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    tokens, scores, types = vocabulary(extra_tokens)
    n_vocab = len(tokens)
    n_head_kv = n_head_kv or n_head
    n_kv = n_embd // n_head * n_head_kv
    writer = gguf.GGUFWriter(str(path), architecture)
    writer.add_name(name)
    writer.add_context_length(CONTEXT_LENGTH)
    writer.add_embedding_length(n_embd)
    writer.add_block_count(n_layer)
    writer.add_feed_forward_length(n_ff)
    writer.add_head_count(n_head)
    writer.add_head_count_kv(n_head_kv)
    writer.add_rope_dimension_count(n_embd // n_head)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_file_type(gguf.LlamaFileType.MOSTLY_F16 if f16 else gguf.LlamaFileType.ALL_F32)
    writer.add_tokenizer_model("llama")
    writer.add_token_list(tokens)
    writer.add_token_scores(scores)
    writer.add_token_types(types)
    writer.add_unk_token_id(0)
    writer.add_bos_token_id(1)
    writer.add_eos_token_id(2)
    if chat_template is not None:
        writer.add_chat_template(chat_template)

    scale = 0.5 if n_embd == N_EMBD else n_embd**-0.5

    def weight(*shape: int) -> np.ndarray:
        return (rng.standard_normal(shape) * scale).astype(np.float16 if f16 else np.float32)

    def ones(n: int) -> np.ndarray:
        return np.ones(n, dtype=np.float32)

    writer.add_tensor("token_embd.weight", weight(n_vocab, n_embd))
    writer.add_tensor("output_norm.weight", ones(n_embd))
    writer.add_tensor("output.weight", weight(n_vocab, n_embd))
    for i in range(n_layer):
        writer.add_tensor(f"blk.{i}.attn_norm.weight", ones(n_embd))
        writer.add_tensor(f"blk.{i}.attn_q.weight", weight(n_embd, n_embd))
        writer.add_tensor(f"blk.{i}.attn_k.weight", weight(n_kv, n_embd))
        writer.add_tensor(f"blk.{i}.attn_v.weight", weight(n_kv, n_embd))
        writer.add_tensor(f"blk.{i}.attn_output.weight", weight(n_embd, n_embd))
        writer.add_tensor(f"blk.{i}.ffn_norm.weight", ones(n_embd))
        writer.add_tensor(f"blk.{i}.ffn_gate.weight", weight(n_ff, n_embd))
        writer.add_tensor(f"blk.{i}.ffn_up.weight", weight(n_ff, n_embd))
        writer.add_tensor(f"blk.{i}.ffn_down.weight", weight(n_embd, n_ff))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path
