"""Redraft's Qt-free core: documents, revisions, reviews, alignment, generation, expertise."""

import os

# NumPy's OpenBLAS on one thread unless the user says otherwise, set before numpy loads: the engine's products are
# small (40 comments × a few hundred terms or edits), and OpenBLAS's second thread, woken and spinning for each of
# them, cost about 16 ms of CPU per product on a loaded 2-core machine against 0.1 ms on one thread (issue 32,
# docs/figures-align.md "speed7"). Each output element is summed in the same order on one thread or two (OpenBLAS
# splits the output, not the inner dimension), so the numbers do not move (bench/check_align_same.py).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from engine.models.llama.native_order import preload_gpu_llama  # noqa: E402

__version__ = "0.1.0"

# ONNX Runtime 1.29 and later start a telemetry uploader on Linux and macOS too (it looks up
# mobile.events.data.microsoft.com from a background thread; tests/hardening/test_offline.py caught it with the
# preloaded C blocker). Nothing may leave the machine: this opts out before onnxruntime initialises.
os.environ["ORT_DISABLE_TELEMETRY"] = "1"

# Before numpy or Qt load the C++ runtime: see engine/models/llama/native_order.py.
preload_gpu_llama()
