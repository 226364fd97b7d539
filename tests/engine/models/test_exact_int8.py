"""The int8 encoders multiply exactly, so a text gets the same vector and score on every x86-64 CPU.

On a CPU without VNNI, ONNX Runtime's u8 x s8 kernels add pairs of products in int16 with saturation; with
VNNI they add in int32. The weights are therefore stored as uint8 around 128 (u8 x u8, exact everywhere).
"""

from __future__ import annotations

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")

from onnx import TensorProto, helper, numpy_helper  # noqa: E402

from engine.models.encoders.exact_int8 import exact_integer_products  # noqa: E402


def _product_model(weights: np.ndarray):
    graph = helper.make_graph(
        [helper.make_node("MatMulInteger", ["A", "B"], ["Y"])], "product",
        [helper.make_tensor_value_info("A", TensorProto.UINT8, list((4, weights.shape[0])))],
        [helper.make_tensor_value_info("Y", TensorProto.INT32, list((4, weights.shape[1])))],
        [numpy_helper.from_array(weights, "B")])
    # IR version named: onnx's default follows the onnx release and may be newer than onnxruntime reads
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], ir_version=8)


def _run(model, a: np.ndarray) -> np.ndarray:
    session = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    return session.run(None, {"A": a})[0]


def test_rewritten_products_are_exact_where_u8_x_s8_would_saturate() -> None:
    rng = np.random.default_rng(0)
    a = rng.integers(200, 256, (4, 64)).astype(np.uint8)  # large activations: u8 x s8 pairs overflow int16
    b = rng.integers(100, 128, (64, 8)).astype(np.int8)
    exact = a.astype(np.int64) @ b.astype(np.int64)
    model = _product_model(b)
    assert exact_integer_products(model) == 1
    assert np.array_equal(_run(model, a), exact)
    weight = next(i for i in model.graph.initializer if i.name == "B")
    assert numpy_helper.to_array(weight).dtype == np.uint8


def test_the_shipped_comment_encoder_has_only_exact_products() -> None:
    from engine.reviews.encoder_model import encoder_files

    files = encoder_files()
    assert files is not None
    model = onnx.load(str(files[0]))
    products = [n for n in model.graph.node if n.op_type == "MatMulInteger"]
    assert exact_integer_products(model) == len(products) == 38
    inits = {i.name: i for i in model.graph.initializer}
    assert all(numpy_helper.to_array(inits[n.input[1]]).dtype == np.uint8 and n.input[3] for n in products)


def test_the_runtime_encoder_builds_exact_products() -> None:
    from engine.models.encoders.onnx_encoder import _build_graph

    rng = np.random.default_rng(1)
    hidden, inter = 8, 16
    config = {"hidden_size": hidden, "num_attention_heads": 2, "num_hidden_layers": 1, "intermediate_size": inter,
              "hidden_act": "gelu", "layer_norm_eps": 1e-12, "model_type": "bert"}
    w: dict[str, np.ndarray] = {}
    p = "encoder.layer.0."
    for name, shape in (("attention.self.query", (hidden, hidden)), ("attention.self.key", (hidden, hidden)),
                        ("attention.self.value", (hidden, hidden)), ("attention.output.dense", (hidden, hidden)),
                        ("intermediate.dense", (inter, hidden)), ("output.dense", (hidden, inter))):
        w[f"{p}{name}.weight"] = rng.normal(size=shape).astype(np.float32)
        w[f"{p}{name}.bias"] = rng.normal(size=shape[0]).astype(np.float32)
    for name in (f"{p}attention.output.LayerNorm", f"{p}output.LayerNorm", "embeddings.LayerNorm"):
        w[f"{name}.weight"] = np.ones(hidden, np.float32)
        w[f"{name}.bias"] = np.zeros(hidden, np.float32)
    model = onnx.load_from_string(_build_graph(config, w, "int8"))
    products = [n for n in model.graph.node if n.op_type == "MatMulIntegerToFloat"]
    inits = {i.name: i for i in model.graph.initializer}
    assert products and all(numpy_helper.to_array(inits[n.input[1]]).dtype == np.uint8 for n in products)
    assert all(len(n.input) > 5 and np.all(numpy_helper.to_array(inits[n.input[5]]) == 128) for n in products)
