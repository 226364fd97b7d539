"""Integer matrix products that give the same numbers on every x86-64 CPU.

ONNX Runtime multiplies uint8 activations by int8 weights (u8 x s8) with
``vpmaddubsw`` on CPUs without VNNI (AVX2 only): pairs of products are added in
int16 with saturation, so large activations give other sums than on a CPU with
VNNI, where ``vpdpbusd`` adds in int32. A sentence then scores differently on
two machines, and a decision near its threshold flips (measured: a cross-paper
figure moved 5 points between an AVX2 and an AVX-512 VNNI machine).

u8 x u8 products are exact on every path. An int8 weight ``w`` equals the uint8
weight ``w + 128`` with zero point 128, so rewriting the weights this way keeps
the model's arithmetic exactly as a VNNI CPU computes it, on every CPU.
"""

from __future__ import annotations

from typing import Any

import numpy as np

#: (domain, operator) -> (index of the weight input B, index of its zero point)
_INTEGER_PRODUCTS = {
    ("", "MatMulInteger"): (1, 3),
    ("com.microsoft", "MatMulIntegerToFloat"): (1, 5),
}


def exact_integer_products(model: Any) -> int:
    """Rewrite, in place, every integer product of ``model`` (an ``onnx.ModelProto``) whose weight is an int8
    initializer with no zero point (or zero) into uint8 weights with zero point 128; the count rewritten."""
    from onnx import numpy_helper

    initializers = {init.name: init for init in model.graph.initializer}
    converted: dict[str, str] = {}  # int8 weight name -> its zero point's name
    count = 0
    for node in model.graph.node:
        where = _INTEGER_PRODUCTS.get((node.domain or "", node.op_type))
        if where is None or len(node.input) <= where[0]:
            continue
        b_index, zero_index = where
        weight_name = node.input[b_index]
        has_zero = len(node.input) > zero_index and node.input[zero_index]
        if weight_name not in converted:
            weight = initializers.get(weight_name)
            if weight is None:
                continue
            values = numpy_helper.to_array(weight)
            if values.dtype != np.int8:
                continue
            if has_zero:
                zero = initializers.get(node.input[zero_index])
                if zero is None or np.any(numpy_helper.to_array(zero) != 0):
                    continue
            weight.CopyFrom(numpy_helper.from_array((values.astype(np.int16) + 128).astype(np.uint8), weight_name))
            zero_name = f"{weight_name}__zero128"
            model.graph.initializer.append(numpy_helper.from_array(np.array(128, dtype=np.uint8), zero_name))
            converted[weight_name] = zero_name
        while len(node.input) <= zero_index:
            node.input.append("")
        node.input[zero_index] = converted[weight_name]
        count += 1
    return count
