"""Redraft's Qt-free core: documents, revisions, reviews, alignment, generation, expertise."""

import os

from engine.models.llama.native_order import preload_gpu_llama

__version__ = "0.1.0"

# ONNX Runtime 1.29 and later start a telemetry uploader on Linux and macOS too (it looks up
# mobile.events.data.microsoft.com from a background thread; tests/hardening/test_offline.py caught it with the
# preloaded C blocker). Nothing may leave the machine: this opts out before onnxruntime initialises.
os.environ["ORT_DISABLE_TELEMETRY"] = "1"

# Before numpy or Qt load the C++ runtime: see engine/models/llama/native_order.py.
preload_gpu_llama()
