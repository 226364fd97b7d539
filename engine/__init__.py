"""Redraft's Qt-free core: documents, revisions, reviews, alignment, generation, expertise."""

import os

from engine.models.llama.native_order import preload_gpu_llama

__version__ = "0.1.0"

# ONNX Runtime 1.29 and later start a telemetry uploader on Linux and macOS too (it looks up
# mobile.events.data.microsoft.com from a background thread; tests/hardening/test_offline.py caught it with the
# preloaded C blocker). Nothing may leave the machine: this opts out before onnxruntime initialises.
os.environ["ORT_DISABLE_TELEMETRY"] = "1"
# NumPy's OpenBLAS starts a thread per core, and after each product its idle threads spin for a while: the engine's
# products are small (comments x edits), gain nothing from them, and a warm alignment burned about as much CPU in the
# spinning as in its work (callgrind: 7 % of a warm run's instructions in ``inner_thread``; on 2 cores the spinners
# also take turns from the encoder's threads). One thread, unless the user set it (before NumPy loads).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

# Before numpy or Qt load the C++ runtime: see engine/models/llama/native_order.py.
preload_gpu_llama()
