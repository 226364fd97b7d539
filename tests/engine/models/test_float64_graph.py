"""The comment encoder's float operators in double (``float64_graph.py``), so that a CPU's instruction set moves no
decision: what the rewrite leaves in float32, its erf, and that a one-ulp difference no longer reaches a logit."""

from __future__ import annotations

import math

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")

from onnx import TensorProto, helper, numpy_helper  # noqa: E402

from engine.models.encoders.float64_graph import (  # noqa: E402
    ERFC_COEFFICIENTS, FUSIONS_TO_DISABLE, erfc_coefficients, float64_operators,
)


def _session(model, threads: int = 1):
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.log_severity_level = 3
    return ort.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"],
                                disabled_optimizers=list(FUSIONS_TO_DISABLE))


def _gelu_model():
    """x -> 0.5 * x * (1 + erf(x / sqrt 2)), in float32, as the exported encoder writes its GELU."""
    nodes = [helper.make_node("Div", ["x", "root2"], ["d"]), helper.make_node("Erf", ["d"], ["e"]),
             helper.make_node("Add", ["e", "one"], ["a"]), helper.make_node("Mul", ["x", "a"], ["m"]),
             helper.make_node("Mul", ["m", "half"], ["y"])]
    consts = [numpy_helper.from_array(np.array(v, np.float32), n)
              for n, v in (("root2", math.sqrt(2)), ("one", 1.0), ("half", 0.5))]
    graph = helper.make_graph(nodes, "gelu", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [None])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [None])], consts)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], ir_version=8)


def test_erf_in_double_is_as_close_as_a_correctly_rounded_float32_erf() -> None:
    model = _gelu_model()
    float64_operators(model)
    assert "Erf" not in {n.op_type for n in model.graph.node}  # no double Erf in ONNX Runtime: rewritten
    x = np.linspace(-9.0, 9.0, 36_001).astype(np.float32)
    got = _session(model).run(None, {"x": x})[0]
    assert got.dtype == np.float32
    exact = np.array([0.5 * v * (1 + math.erf(v / math.sqrt(2))) for v in x.astype(np.float64)])
    # within one float32 rounding of the exact GELU (the erf itself is within 3e-8, half a float32 ulp at 1)
    assert np.all(np.abs(got - exact) <= np.maximum(np.abs(exact), 1e-30) * 2.0**-23 + 2e-7 * np.abs(x))
    assert got[x == 0] == 0 and np.all(got[x >= 6] == x[x >= 6])


def test_the_erfc_coefficients_are_the_fit_they_say() -> None:
    fitted = erfc_coefficients(len(ERFC_COEFFICIENTS) - 1)
    assert np.allclose(fitted, ERFC_COEFFICIENTS, rtol=1e-9, atol=1e-12)
    z = np.linspace(0.0, 6.0, 6001)
    t = 1 / (1 + z / 2)
    p = np.polynomial.polynomial.polyval((t - 0.625) / 0.375, ERFC_COEFFICIENTS)
    erf = 1 - t * np.exp(p - z * z)
    assert np.abs(erf - np.array([math.erf(v) for v in z])).max() < 2.0**-24


def test_an_operator_without_a_double_rewrite_is_refused() -> None:
    graph = helper.make_graph([helper.make_node("Cos", ["x"], ["y"])], "cos",
                              [helper.make_tensor_value_info("x", TensorProto.DOUBLE, [None])],
                              [helper.make_tensor_value_info("y", TensorProto.DOUBLE, [None])])
    with pytest.raises(ValueError, match="Cos"):
        float64_operators(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]))


@pytest.fixture(scope="module")
def shipped():
    from engine.reviews.encoder_model import encoder_files, load_encoder

    files = encoder_files()
    assert files is not None
    return files, load_encoder(*files, threads=1, float64=False), load_encoder(*files, threads=1, float64=True)


def test_only_what_onnx_defines_for_float32_alone_stays_float32(shipped) -> None:
    from engine.models.encoders.exact_int8 import exact_integer_products

    model = onnx.load(str(shipped[0][0]))
    exact_integer_products(model)
    float64_operators(model)
    inferred = onnx.shape_inference.infer_shapes(model, strict_mode=True)
    types = {v.name: v.type.tensor_type.elem_type for v in (*inferred.graph.value_info, *inferred.graph.output)}
    made_by = {o: n for n in inferred.graph.node for o in n.output}
    read_by = {}
    for n in inferred.graph.node:
        for i in n.input:
            read_by.setdefault(i, []).append(n.op_type)
    float32 = [name for name, t in types.items() if t == TensorProto.FLOAT]
    outputs = {o.name for o in model.graph.output}
    for name in float32:
        maker = made_by[name].op_type
        assert (name in outputs or maker in ("DynamicQuantizeLinear", "DequantizeLinear")
                or (maker == "Cast" and read_by.get(name) == ["DynamicQuantizeLinear"])), (name, maker)
    assert sum(made_by[n].op_type == "Cast" and n not in outputs for n in float32) == 25  # one per quantisation


def test_the_double_graph_scores_as_the_float32_one_within_its_rounding(shipped) -> None:
    _, f32, f64 = shipped
    texts = ["Please report the variance over five seeds in Table 2.",
             "The related work section omits the closest prior method.", "Why is the learning rate not tuned?"]
    z32, f32_fine = f32.logits(texts)
    z64, f64_fine = f64.logits(texts)
    # the int8 activations see other roundings, so not equal; measured on DISAPERE dev: at most 0.11 (docs)
    assert np.abs(z32 - z64).max() < 0.25 and np.abs(f32_fine - f64_fine).max() < 0.25
    assert not np.array_equal(z32, z64)
    assert list(f32_fine.argmax(1)) == list(f64_fine.argmax(1))


def test_a_one_ulp_difference_before_quantisation_moves_no_double_logit(shipped) -> None:
    """What two CPUs' kernels differ by (one ulp of the working precision) in every LayerNorm output: in float32 it
    reaches the logits; in double it is lost when the activations are rounded to float32 for quantising."""
    from bench.float64_encoder import perturbed_session

    _, f32, f64 = shipped
    texts = ["Please report the variance over five seeds in Table 2.",
             "It would help to compare against the method of the second baseline on the larger data set."]
    moved = {}
    for name, model, is64 in (("float32", f32, False), ("float64", f64, True)):
        base = model.logits(texts)
        keep = model.session
        try:
            model.session = perturbed_session(is64, seed=0, threads=1)
            after = model.logits(texts)
        finally:
            model.session = keep
        moved[name] = max(np.abs(base[0] - after[0]).max(), np.abs(base[1] - after[1]).max())
    assert moved["float64"] == 0.0
    assert moved["float32"] > 0.0
