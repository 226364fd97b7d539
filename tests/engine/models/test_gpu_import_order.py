"""A GPU build loads a model with every layer offloaded whatever the host imported first (issue 36).

CUDA builds of llama-cpp-python 0.3.36 crashed (segmentation fault in ``llama_model::print_info``)
when numpy or torch was imported before ``llama_cpp``. ``make gpu-wheel`` builds the libraries so
that they export only the C API (packaging/llama-exports.map). Each case runs in a fresh interpreter
that imports the other package first and ``llama_cpp`` second, with no ``engine`` import (whose
preload would hide the crash), so a crash fails the test instead of ending the run. Skipped where
the installed build has no usable GPU backend.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from tests.gguf_factory import tiny_gguf  # noqa: F401

LOAD = """
import sys
{imports}
assert "llama_cpp" not in sys.modules, "llama_cpp was imported before {first}"
import llama_cpp
llm = llama_cpp.Llama(sys.argv[1], n_gpu_layers=-1, n_ctx=256, seed=0, verbose=True)
out = llm("The reviewer asked", max_tokens=4, temperature=0.0)
print("GENERATED", len(out["choices"][0]["text"]) >= 0, flush=True)
"""


def gpu_offload_usable() -> bool:
    """True where the installed llama.cpp build can offload to a GPU it sees."""
    probe = "import llama_cpp; print(bool(llama_cpp.llama_supports_gpu_offload()))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    return done.returncode == 0 and done.stdout.strip().endswith("True")


@pytest.fixture(scope="module")
def gpu_build() -> None:
    if not gpu_offload_usable():
        pytest.skip("this llama.cpp build has no usable GPU backend")


@pytest.mark.parametrize("first", ["numpy", "torch", "numpy, torch"])
def test_a_model_loads_on_the_gpu_after_other_native_imports(gpu_build: None, tiny_gguf: Path, first: str) -> None:
    for name in first.split(", "):
        if importlib.util.find_spec(name) is None:
            pytest.skip(f"{name} is not installed")
    code = LOAD.format(imports="\n".join(f"import {n}" for n in first.split(", ")), first=first)
    done = subprocess.run([sys.executable, "-c", code, str(tiny_gguf)], capture_output=True, text=True,
                          timeout=300)
    tail = done.stderr[-2000:]
    assert done.returncode == 0, f"{first} first, then llama_cpp: exit {done.returncode}\n{tail}"
    assert "GENERATED True" in done.stdout
    offloaded = [line for line in done.stderr.splitlines() if "offloaded" in line and "layers to GPU" in line]
    assert offloaded, f"no offload line in llama.cpp's log:\n{tail}"
    done_layers, total = offloaded[-1].split("offloaded", 1)[1].split("layers", 1)[0].strip().split("/")
    assert int(done_layers) == int(total) > 0, offloaded[-1]
