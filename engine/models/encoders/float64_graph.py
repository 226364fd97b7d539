"""Float operators in double precision, so that a CPU's instruction set does not move a decision.

The integer products of the int8 comment encoder are exact on every CPU (``exact_int8.py``). The float operators
around them (LayerNorm, softmax, the GELU's erf, the attention's float MatMuls, the dequantisation ``int32 ×
scale``) are computed by kernels that ONNX Runtime picks by instruction set (AVX2, AVX-512): each rounds float32
a little differently, and dynamic activation quantisation (``DynamicQuantizeLinear``: the scale is the input's
range / 255, every value rounded to a uint8) turns a difference of one float32 ulp into a different uint8 now and
then, which moves a logit by 0.02–0.06 (measured between an AVX2 and an AVX-512 machine).

``float64_operators`` rewrites a graph, op by op, so that every float tensor is a double: float initializers and
constants become doubles, casts to float cast to double, and only the operators ONNX defines for float32 alone
get float32: ``DynamicQuantizeLinear``'s input (a double cast to float32 just before it) and ``DequantizeLinear``'s
scale (its output cast to double). The graph's outputs stay float32. Two CPUs' doubles differ by about 1e-16
relative, which crosses a float32 rounding boundary (1 in 2**24) before a quantisation with negligible chance; the
operators are ONNX Runtime's own double kernels, nothing is computed outside it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

#: ONNX Runtime's fusions to switch off for a rewritten graph: MatMulIntegerToFloat fuses ``MatMulInteger -> Cast
#: -> Mul`` without checking that the cast is to float32, and then refuses the double scale it is given.
FUSIONS_TO_DISABLE = ("MatMulIntegerToFloatFusion",)

#: (domain, operator) -> indices of the inputs that must stay float32
_FLOAT32_INPUTS = {
    ("", "DynamicQuantizeLinear"): (0,),
    ("", "DequantizeLinear"): (1,),
    ("", "QuantizeLinear"): (0, 1),
    ("com.microsoft", "DynamicQuantizeMatMul"): (0,),
}
#: (domain, operator) -> indices of the outputs that are float32 whatever their inputs
_FLOAT32_OUTPUTS = {
    ("", "DynamicQuantizeLinear"): (1,),
    ("", "DequantizeLinear"): (0,),
    ("com.microsoft", "DynamicQuantizeMatMul"): (0,),
}
#: erfc(z) = t * exp(-z**2 + P(s)) for 0 <= z <= ERF_LIMIT, t = 1 / (1 + z / 2), s = (t - 0.625) / 0.375 (so s lies in
#: [-1, 1]): P's coefficients, lowest degree first, least squares at 400 Chebyshev nodes of s against Python's
#: ``math.erfc`` (``erfc_coefficients``; their error, not any data, was fitted). The degree is the lowest whose erf
#: is within 2**-24 (half a float32 ulp at 1: as close as a correctly rounded float32 erf) everywhere on [0, 6]:
#: degree 8, largest error 3.0e-8 (degree 14: 4e-12, but 12 more operators on every GELU: +8 % of the encoder's
#: time).
ERFC_COEFFICIENTS = tuple(float.fromhex(h) for h in (
    "-0x1.00bc512c2f4a5p-1", "0x1.07d70269c1f96p-1", "0x1.6d265d5b19b66p-8", "-0x1.608d69fec5d08p-6",
    "0x1.fd16a7ae8c5a8p-12", "0x1.07578b873fb65p-9", "-0x1.41dfb323de432p-12", "-0x1.646d3f4966477p-13",
    "0x1.bd30e0dec3423p-15"))
#: Past this |x|, erf(x) is 1 in double (erfc(6) = 2e-17).
ERF_LIMIT = 6.0


def erfc_coefficients(degree: int = len(ERFC_COEFFICIENTS) - 1, nodes: int = 400) -> np.ndarray:
    """How ``ERFC_COEFFICIENTS`` were made: P(s) = log(erfc(z) / t) + z**2 fitted at Chebyshev nodes of s."""
    import math

    from numpy.polynomial import chebyshev

    s = np.cos(np.pi * (np.arange(nodes) + 0.5) / nodes)
    t = 0.625 + 0.375 * s
    z = 2 / t - 2
    target = np.log(np.array([math.erfc(v) for v in z]) / t) + z * z
    return chebyshev.cheb2poly(chebyshev.chebfit(s, target, degree))


def _erf_nodes(x: str, y: str, prefix: str) -> tuple[list[Any], list[Any]]:
    """Nodes computing ``y = erf(x)`` for a double tensor ``x`` from operators ONNX Runtime runs in double, and the
    initializers they read."""
    from onnx import helper, numpy_helper

    inits, nodes = [], []

    def const(name: str, value: float) -> str:
        full = f"{prefix}/{name}"
        inits.append(numpy_helper.from_array(np.array(value, dtype=np.float64), full))
        return full

    def op(kind: str, *inputs: str, out: str | None = None) -> str:
        name = out or f"{prefix}/{kind}_{len(nodes)}"
        nodes.append(helper.make_node(kind, list(inputs), [name], name=f"{name}__node"))
        return name

    z = op("Min", op("Abs", x), const("limit", ERF_LIMIT))
    t = op("Div", const("one", 1.0), op("Add", op("Mul", z, const("half", 0.5)), const("one_b", 1.0)))
    s = op("Div", op("Sub", t, const("centre", 0.625)), const("width", 0.375))
    coefficients = ERFC_COEFFICIENTS
    p = const(f"c{len(coefficients) - 1}", coefficients[-1])
    for k in range(len(coefficients) - 2, -1, -1):
        p = op("Add", op("Mul", p, s), const(f"c{k}", coefficients[k]))
    erfc = op("Mul", t, op("Exp", op("Sub", p, op("Mul", z, z))))
    op("Mul", op("Sign", x), op("Sub", const("one_c", 1.0), erfc), out=y)
    return nodes, inits


#: operators whose float inputs and outputs simply become doubles (ONNX Runtime has CPU kernels for double)
_DOUBLE_OK = {
    "Add", "Sub", "Mul", "Div", "Pow", "Sqrt", "Erf", "Tanh", "Exp", "Log", "Neg", "Abs", "Reciprocal",
    "MatMul", "Gemm", "Softmax", "LayerNormalization", "ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin",
    "Reshape", "Transpose", "Unsqueeze", "Squeeze", "Concat", "Slice", "Gather", "Shape", "Where", "Equal",
    "Less", "Greater", "Sign", "Cast", "Constant", "ConstantOfShape", "Identity", "Expand", "Split", "Max", "Min",
    "MatMulInteger", "DynamicQuantizeLinear", "DequantizeLinear", "QuantizeLinear",
}


def float64_operators(model: Any) -> int:
    """Rewrite ``model`` (an ``onnx.ModelProto``) in place so that its float operators run in double; the count of
    casts inserted. Raises ``ValueError`` for an operator this rewrite does not know (nothing is guessed)."""
    from onnx import TensorProto, helper, numpy_helper

    graph = model.graph
    f32, f64 = TensorProto.FLOAT, TensorProto.DOUBLE
    float32_inputs: set[str] = set()  # names read as float32 by some operator
    for node in graph.node:
        if node.op_type not in _DOUBLE_OK:
            raise ValueError(f"no double rewrite for operator {node.op_type}")
        for i in _FLOAT32_INPUTS.get((node.domain or "", node.op_type), ()):
            if len(node.input) > i and node.input[i]:
                float32_inputs.add(node.input[i])

    # initializers: a float32 one read only where float32 is needed stays; any other becomes a double
    readers: dict[str, list[tuple[Any, int]]] = {}
    for node in graph.node:
        for i, name in enumerate(node.input):
            readers.setdefault(name, []).append((node, i))
    keep32 = set()
    for init in graph.initializer:
        if init.data_type != f32:
            continue
        uses = readers.get(init.name, [])
        need32 = [(n, i) for n, i in uses if i in _FLOAT32_INPUTS.get((n.domain or "", n.op_type), ())]
        if uses and len(need32) == len(uses):
            keep32.add(init.name)
            continue
        init.CopyFrom(numpy_helper.from_array(numpy_helper.to_array(init).astype(np.float64), init.name))

    new_nodes = []
    casts = 0
    renamed_out: dict[str, str] = {}  # a float32 output -> the double the rest of the graph reads
    to32: dict[str, str] = {}  # a double -> its float32 copy for a float32 input
    for inp in graph.input:  # a float32 input is given as it is and read as a double
        if inp.type.tensor_type.elem_type == f32:
            renamed_out[inp.name] = f"{inp.name}__f64"
            new_nodes.append(helper.make_node("Cast", [inp.name], [renamed_out[inp.name]], to=f64,
                                              name=f"{inp.name}__cast_f64"))
            casts += 1
    for node in graph.node:
        key = (node.domain or "", node.op_type)
        if node.op_type == "Constant":
            for attr in node.attribute:
                if attr.name == "value" and attr.t.data_type == f32:
                    attr.t.CopyFrom(numpy_helper.from_array(numpy_helper.to_array(attr.t).astype(np.float64),
                                                            attr.t.name))
        if node.op_type == "Cast":
            for attr in node.attribute:
                if attr.name == "to" and attr.i == f32:
                    attr.i = f64
        if node.op_type == "ConstantOfShape":
            for attr in node.attribute:
                if attr.name == "value" and attr.t.data_type == f32:
                    attr.t.CopyFrom(numpy_helper.from_array(numpy_helper.to_array(attr.t).astype(np.float64),
                                                            attr.t.name))
        # inputs that were float32 outputs now read their double copy, except where float32 is required
        need32 = _FLOAT32_INPUTS.get(key, ())
        for i, name in enumerate(node.input):
            if not name:
                continue
            if i in need32:
                if name in keep32:
                    continue
                if name in renamed_out:  # a float32 output read as float32: read it as it is
                    continue
                if name not in to32:
                    to32[name] = f"{name}__f32"
                    new_nodes.append(helper.make_node("Cast", [name], [to32[name]], to=f32,
                                                      name=f"{name}__cast_f32"))
                    casts += 1
                node.input[i] = to32[name]
            elif name in renamed_out:
                node.input[i] = renamed_out[name]
        if node.op_type == "Erf":  # no double Erf in ONNX Runtime: its own double operators compute it
            erf_nodes, erf_inits = _erf_nodes(node.input[0], node.output[0], node.name or node.output[0])
            new_nodes.extend(erf_nodes)
            graph.initializer.extend(erf_inits)
            continue
        new_nodes.append(node)
        for i in _FLOAT32_OUTPUTS.get(key, ()):
            if len(node.output) > i and node.output[i]:
                name = node.output[i]
                renamed_out[name] = f"{name}__f64"
                new_nodes.append(helper.make_node("Cast", [name], [renamed_out[name]], to=f64,
                                                  name=f"{name}__cast_f64"))
                casts += 1
    # outputs stay float32: the last operator writes a double, a cast gives the output its name back
    for out in graph.output:
        if out.type.tensor_type.elem_type != f32:
            continue
        inner = f"{out.name}__f64"
        for node in new_nodes:
            for i, name in enumerate(node.output):
                if name == out.name:
                    node.output[i] = inner
            for i, name in enumerate(node.input):
                if name == out.name:
                    node.input[i] = inner
        new_nodes.append(helper.make_node("Cast", [inner], [out.name], to=f32, name=f"{out.name}__cast_out"))
        casts += 1
    del graph.node[:]
    graph.node.extend(new_nodes)
    del graph.value_info[:]  # shapes and types are inferred again by the runtime
    return casts

