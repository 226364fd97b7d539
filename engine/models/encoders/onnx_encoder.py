"""BERT-family sentence encoders on ONNX Runtime, built from the folder's weights.

Importing torch and transformers costs about 4 s and loading MiniLM through
them another 3 s, before a single sentence is encoded. This runtime reads the
same ``model.safetensors`` with ``safetensors`` (no torch), writes the
encoder as an ONNX graph in memory with the ``onnx`` helpers, and runs it on
ONNX Runtime's CPU kernels; the tokenizer is the folder's ``tokenizer.json``
through ``tokenizers``. Nothing is converted on disk and nothing is
downloaded.

The graph is the standard post-LayerNorm BERT encoder (BERT, MiniLM, SciBERT
and SPECTER, BGE/E5/GTE, RoBERTa with its position offset); the word,
position and token-type embeddings are summed in NumPy and fed in. Folders
this runtime can't reproduce exactly (another architecture, relative
positions, bf16 or sharded weights, no fast tokenizer) are left to PyTorch:
``why_unsupported`` says why, and ``open_encoder`` falls back.

``precision="int8"`` stores every encoder-layer weight as int8 with one scale
per output column, quantises each token's activations with its own scale
(so a text's vector never depends on the texts batched with it) and
multiplies them exactly (u8 x u8 integer products: the same vectors on every
x86-64 CPU, with or without VNNI). Against float vectors that
gives cosine 0.997 on average (0.992 at worst over 504 sentences) and is
about 2x faster on a CPU.
"""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from engine.errors import ModelError
from engine.jobs import CancelToken
from engine.models.encoders.embed_cache import EmbeddingCache
from engine.models.encoders.cached import CachedEncoder
from engine.models.encoders.graph_cache import forget_graph, graph_file, read_graph, store_graph

SUPPORTED_TYPES = ("bert", "roberta", "xlm-roberta")
PRECISIONS = ("fp32", "int8")
#: Tokens per batch: measured fastest on MiniLM (bench/bench_align.py); bigger batches spill the CPU cache.
TOKEN_BUDGET = 512
_ACTIVATIONS = ("gelu", "gelu_new", "gelu_pytorch_tanh", "gelu_fast", "relu")


def why_unsupported(path: str | Path) -> str | None:
    """``None`` when ``OnnxEncoder`` can run the folder, else the reason."""
    folder = Path(path)
    for module in ("onnxruntime", "onnx", "tokenizers", "safetensors"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed"
    try:
        config = json.loads((folder / "config.json").read_text())
    except (OSError, ValueError):
        return "no readable config.json"
    if not isinstance(config, dict):
        return "config.json is not an object"
    if config.get("model_type") not in SUPPORTED_TYPES:
        return f"model type {config.get('model_type')!r} is not a BERT-family encoder"
    if config.get("position_embedding_type", "absolute") != "absolute":
        return f"position embeddings {config.get('position_embedding_type')!r} are not absolute"
    if config.get("hidden_act", "gelu") not in _ACTIVATIONS:
        return f"activation {config.get('hidden_act')!r} is not supported"
    if config.get("is_decoder") or config.get("add_cross_attention"):
        return "a decoder, not an encoder"
    sizes = {k: config.get(k) for k in ("hidden_size", "num_attention_heads", "num_hidden_layers")}
    if not all(isinstance(v, int) and not isinstance(v, bool) and 0 < v <= 100_000 for v in sizes.values()):
        return f"config.json sizes are not positive whole numbers: {sizes}"
    if sizes["hidden_size"] % sizes["num_attention_heads"]:
        return "hidden_size is not a multiple of num_attention_heads"
    if not (folder / "model.safetensors").is_file():
        return "no model.safetensors (only PyTorch-format weights)"
    if not (folder / "tokenizer.json").is_file():
        return "no tokenizer.json (fast tokenizer)"
    return None


class OnnxEncoder(CachedEncoder):
    """An ``Encoder`` over a BERT-family folder, run by ONNX Runtime on the CPU."""

    def __init__(
        self,
        path: str | Path,
        name: str | None = None,
        cache: EmbeddingCache | None = None,
        max_length: int | None = None,
        threads: int | None = None,
        precision: str = "fp32",
    ) -> None:
        super().__init__(path, name, cache, max_length, threads)
        if precision not in PRECISIONS:
            raise ModelError(f"unknown encoder precision {precision!r}: use {' or '.join(PRECISIONS)}")
        reason = why_unsupported(self.path)
        if reason:
            raise ModelError(f"cannot run {self.name} on ONNX Runtime: {reason}")
        self.precision = precision
        # float32 rows match PyTorch's to ~1e-7, so they share its cache entries
        self.key_suffix = ":int8" if precision == "int8" else ""
        self._embeddings: dict[str, np.ndarray] = {}
        self._position_offset = 0

    def _load(self) -> None:
        from tokenizers import Tokenizer

        file = self._graph_file()
        model = read_graph(file)
        try:
            # with a stored graph only the embedding tables are read (the layers are in the graph)
            weights = self._read("embeddings." if model else "")
            if model is None:
                model = store_graph(file, lambda: _build_graph(self.config, weights, self.precision))
            tokenizer = Tokenizer.from_file(str(self.path / "tokenizer.json"))
        except KeyError as err:  # the config names layers the weights don't have
            raise ModelError(f"cannot load encoder {self.name}: no weight {err.args[0]} in model.safetensors") from None
        except (OSError, ValueError, IndexError) as err:
            message = str(err).splitlines()[0] if str(err) else type(err).__name__
            raise ModelError(f"cannot load encoder {self.name}: {message}") from None
        positions = weights["embeddings.position_embeddings.weight"]
        if self.config.get("model_type") in ("roberta", "xlm-roberta"):
            self._position_offset = int(self.config.get("pad_token_id", 1)) + 1
        limit = positions.shape[0] - self._position_offset
        tokenizer.no_padding()
        tokenizer.enable_truncation(min(self.max_length, limit))
        self._embeddings = {
            "word": weights["embeddings.word_embeddings.weight"],
            "position": positions,
            "type": weights["embeddings.token_type_embeddings.weight"][0],
        }
        try:
            session = self._session(model)
        except ModelError:
            if file is None or not file.is_file():
                raise
            forget_graph(file)  # a stored graph ONNX Runtime refuses: build it again
            whole = self._read()
            session = self._session(store_graph(file, lambda: _build_graph(self.config, whole, self.precision)))
        self._tokenizer = tokenizer
        self._model = session

    def _read(self, only: str = "") -> dict[str, np.ndarray]:
        """The weights (those whose key starts with ``only``), float32."""
        return _read_weights(self.path / "model.safetensors", only)

    def _graph_file(self) -> Path | None:
        """Where this encoder's graph is kept: beside its embedding cache (none without one)."""
        if self.cache is None:
            return None
        return graph_file(self.cache.path.parent, f"{self.model_key}|{self.precision}", Path(__file__))

    def _session(self, model: bytes) -> Any:
        import onnxruntime as ort

        options = ort.SessionOptions()
        # one thread per run: the threads share the batches instead (``_encode_uncached``), each batch on one core;
        # ONNX Runtime's own threads, waking for every kernel of a small batch, cost about a fifth more CPU
        # (the vectors are the same bytes either way; bench/bench_align.py)
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        try:
            return ort.InferenceSession(model, options, providers=["CPUExecutionProvider"])
        except Exception as err:  # onnxruntime raises its own Fail/InvalidGraph types
            raise ModelError(f"cannot load encoder {self.name}: {str(err).splitlines()[0]}") from None

    def _encode_uncached(self, texts: list[str], batch_size: int, cancel: CancelToken | None) -> np.ndarray:
        """Texts tokenized once, sorted by token count and run in batches of
        at most ``batch_size`` rows and ``TOKEN_BUDGET`` tokens (no padding to
        speak of; small batches stay in the CPU cache)."""
        self.load()
        encodings = self._tokenizer.encode_batch(texts)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)

        def run(rows: list[int]) -> np.ndarray:
            if cancel is not None:
                cancel.check()
            return self._embed([encodings[i].ids for i in rows])

        batches = _token_batches([len(e.ids) for e in encodings], batch_size, TOKEN_BUDGET)
        with self._lock:
            for rows, vectors in zip(batches, _map_threads(run, batches, self._threads())):
                out[rows] = vectors
        return out

    def _embed(self, token_ids: list[list[int]]) -> np.ndarray:
        width = max(len(ids) for ids in token_ids)
        ids = np.zeros((len(token_ids), width), dtype=np.int64)
        mask = np.zeros((len(token_ids), width), dtype=np.int64)
        for row, seq in enumerate(token_ids):
            ids[row, : len(seq)] = seq
            mask[row, : len(seq)] = 1
        emb = self._embeddings
        positions = emb["position"][self._position_offset : self._position_offset + width]
        inputs = emb["word"][ids] + positions[None, :, :] + emb["type"]
        hidden = self._model.run(None, {"embeddings": inputs, "attention_mask": mask})[0]
        pooled = _pool(hidden, mask.astype(np.float32), self.pooling)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.maximum(norms, 1e-12)).astype(np.float32)


def _map_threads(run: Callable[[list[int]], np.ndarray], batches: list[list[int]],
                 threads: int) -> Iterator[np.ndarray]:
    """``run`` over ``batches`` on up to ``threads`` threads (ONNX Runtime lets go of the GIL while it runs), the
    results in order. The batches of the longest texts (the last ones, ``_token_batches``) start first, so that no
    thread is left with a long one at the end. A text's vector does not depend on the thread that ran its batch.
    The first error (a cancel) is raised and the batches not started are dropped."""
    if threads <= 1 or len(batches) <= 1:
        yield from map(run, batches)
        return
    from concurrent.futures import ThreadPoolExecutor

    pool = ThreadPoolExecutor(min(threads, len(batches)), thread_name_prefix="encoder")
    try:
        futures = {k: pool.submit(run, batches[k]) for k in reversed(range(len(batches)))}
        for k in range(len(batches)):
            yield futures[k].result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _token_batches(lengths: list[int], max_rows: int, budget: int) -> list[list[int]]:
    """Indices sorted by length, cut so that rows x longest stays within ``budget``."""
    batches: list[list[int]] = []
    current: list[int] = []
    for i in sorted(range(len(lengths)), key=lengths.__getitem__):
        if current and (len(current) >= max_rows or (len(current) + 1) * lengths[i] > budget):
            batches.append(current)
            current = []
        current.append(i)
    if current:
        batches.append(current)
    return batches


def _pool(hidden: np.ndarray, mask: np.ndarray, mode: str) -> np.ndarray:
    if mode == "cls":
        return hidden[:, 0]
    weights = mask[:, :, None]
    if mode == "max":
        return np.where(weights > 0, hidden, np.float32(-1e9)).max(axis=1)
    return (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)


def _read_weights(file: Path, only: str = "") -> dict[str, np.ndarray]:
    """Float32 arrays keyed without the ``bert.``/``roberta.`` head prefix (those whose key starts with ``only``)."""
    from safetensors import SafetensorError, safe_open

    out: dict[str, np.ndarray] = {}
    try:
        with safe_open(str(file), framework="numpy") as handle:
            names = list(handle.keys())
            anchor = next((n for n in names if n.endswith("embeddings.word_embeddings.weight")), None)
            if anchor is None:
                raise KeyError("no embeddings.word_embeddings.weight in the weights")
            prefix = anchor[: -len("embeddings.word_embeddings.weight")]
            for name in names:
                if name.startswith(prefix + only):
                    out[name[len(prefix):]] = np.asarray(handle.get_tensor(name), dtype=np.float32)
    except TypeError as err:  # numpy has no bfloat16
        raise ValueError(f"weights NumPy can't read: {err}") from None
    except SafetensorError as err:
        raise ValueError(f"unreadable model.safetensors: {err}") from None
    return out


def _build_graph(config: dict[str, Any], w: dict[str, np.ndarray], precision: str) -> bytes:
    """The encoder layers as a serialised ONNX model: embeddings in, last hidden state out."""
    from onnx import TensorProto, helper, numpy_helper

    hidden = int(config["hidden_size"])
    heads = int(config["num_attention_heads"])
    head_dim = hidden // heads
    eps = float(config.get("layer_norm_eps", 1e-12))
    activation = config.get("hidden_act", "gelu")
    initializers: list[Any] = []
    nodes: list[Any] = []
    counter = [0]

    def const(name: str, value: Any, dtype: Any = np.float32) -> str:
        initializers.append(numpy_helper.from_array(np.ascontiguousarray(np.asarray(value, dtype=dtype)), name))
        return name

    def scalar(value: float) -> str:
        return const(f"scalar_{len(initializers)}", value)

    def op(kind: str, inputs: list[str], **attrs: Any) -> str:
        counter[0] += 1
        out = f"{kind.lower()}_{counter[0]}"
        nodes.append(helper.make_node(kind, inputs, [out], **attrs))
        return out

    def split(x: str, parts: int, width: int) -> list[str]:
        counter[0] += 1
        outs = [f"split_{counter[0]}_{k}" for k in range(parts)]
        nodes.append(helper.make_node("Split", [x, const(f"sizes_{counter[0]}", [width] * parts, np.int64)],
                                      outs, axis=1))
        return outs

    def linear(x: str, names: list[str], mode: str = precision) -> str:
        """``x @ W + b`` over a row-major (tokens, features) stream; several
        layers given together share one product (query, key and value)."""
        weight = np.concatenate([w[f"{n}.weight"].T for n in names], axis=1)  # (in, out)
        bias = const(f"{names[0]}.bias+", np.concatenate([w[f"{n}.bias"] for n in names]))
        if mode == "fp32":
            return op("Add", [op("MatMul", [x, const(f"{names[0]}.weight+", weight)]), bias])
        scale = np.abs(weight).max(axis=0) / 127.0
        scale = np.where(scale == 0, 1.0, scale).astype(np.float32)
        # stored as uint8 around 128 (u8 x u8 with both zero points 128): ONNX Runtime's u8 x s8 kernels add pairs
        # of products in int16 with saturation on CPUs without VNNI, so the same text gave other vectors on other
        # CPUs; u8 x u8 products are exact everywhere (engine/models/encoders/exact_int8.py)
        quantised = (np.clip(np.round(weight / scale), -127, 127) + 128).astype(np.uint8)
        # each token's activations get their own scale, so no row depends on its batch
        row_scale = op("Max", [op("Div", [op("ReduceMax", [op("Abs", [x])], axes=[1], keepdims=0),
                                          scalar(127.0)]), scalar(1e-8)])
        zero = op("Expand", [const(f"zero_{len(initializers)}", [128], np.uint8), op("Shape", [row_scale])])
        q = op("QuantizeLinear", [x, row_scale, zero], axis=0)  # uint8 around 128
        # (q - 128) @ (W - 128) * column scale in one kernel, then each token's own scale and the bias
        cols = op("MatMulIntegerToFloat", [q, const(f"{names[0]}.qweight", quantised, np.uint8),
                                           scalar(1.0), const(f"{names[0]}.scale", scale),
                                           const(f"{names[0]}.azero", 128, np.uint8),
                                           const(f"{names[0]}.bzero", 128, np.uint8)], domain="com.microsoft")
        return op("Add", [op("Mul", [cols, op("Unsqueeze", [row_scale, const(f"axis1_{len(initializers)}", [1], np.int64)])]), bias])

    def layer_norm(x: str, name: str) -> str:
        return op("LayerNormalization", [x, const(f"{name}.weight", w[f"{name}.weight"]),
                                          const(f"{name}.bias", w[f"{name}.bias"])], axis=-1, epsilon=eps)

    def act(x: str) -> str:
        if activation == "relu":
            return op("Relu", [x])
        if activation == "gelu":  # exact, in the Div form ONNX Runtime fuses into one Gelu kernel
            erf = op("Erf", [op("Div", [x, scalar(np.sqrt(2))])])
            return op("Mul", [op("Mul", [x, scalar(0.5)]),
                              op("Add", [erf, scalar(1.0)])])
        # tanh approximation: x/2 * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3)))
        cube = op("Mul", [op("Mul", [op("Mul", [x, x]), x]), scalar(0.044715)])
        inner = op("Mul", [op("Add", [x, cube]), scalar(np.sqrt(2 / np.pi))])
        return op("Mul", [op("Mul", [x, scalar(0.5)]),
                          op("Add", [op("Tanh", [inner]), scalar(1.0)])])

    lead = op("Shape", ["embeddings"], end=2)  # (batch, length)
    by_head = op("Concat", [lead, const("heads", [heads, head_dim], np.int64)], axis=0)
    flat = const("flat", [-1, hidden], np.int64)
    scale = const("attention_scale", 1 / np.sqrt(head_dim))
    x = layer_norm(op("Reshape", ["embeddings", flat]), "embeddings.LayerNorm")
    keep = op("Cast", ["attention_mask"], to=TensorProto.FLOAT)
    masked = op("Mul", [op("Sub", [scalar(1.0), keep]), scalar(-1e4)])
    mask_bias = op("Unsqueeze", [masked, const("mask_axes", [1, 2], np.int64)])
    for i in range(int(config["num_hidden_layers"])):
        p = f"encoder.layer.{i}"
        qkv = linear(x, [f"{p}.attention.self.{n}" for n in ("query", "key", "value")])
        q, k, v = (op("Reshape", [part, by_head]) for part in split(qkv, 3, hidden))
        q = op("Transpose", [q], perm=[0, 2, 1, 3])
        k = op("Transpose", [k], perm=[0, 2, 3, 1])
        v = op("Transpose", [v], perm=[0, 2, 1, 3])
        scores = op("Add", [op("Mul", [op("MatMul", [q, k]), scale]), mask_bias])
        context = op("MatMul", [op("Softmax", [scores], axis=-1), v])
        context = op("Reshape", [op("Transpose", [context], perm=[0, 2, 1, 3]), flat])
        x = layer_norm(op("Add", [linear(context, [f"{p}.attention.output.dense"]), x]),
                       f"{p}.attention.output.LayerNorm")
        inner = act(linear(x, [f"{p}.intermediate.dense"]))
        x = layer_norm(op("Add", [linear(inner, [f"{p}.output.dense"]), x]), f"{p}.output.LayerNorm")
    x = op("Reshape", [x, op("Shape", ["embeddings"])])
    nodes.append(helper.make_node("Identity", [x], ["last_hidden_state"]))
    graph = helper.make_graph(
        nodes, "encoder",
        [helper.make_tensor_value_info("embeddings", TensorProto.FLOAT, ["batch", "length", hidden]),
         helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "length"])],
        [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "length", hidden])],
        initializers,
    )
    opsets = [helper.make_opsetid("", 17), helper.make_opsetid("com.microsoft", 1)]
    return helper.make_model(graph, opset_imports=opsets, ir_version=8).SerializeToString()

