"""Redraft's Qt-free core: documents, revisions, reviews, alignment, generation, expertise."""

import os

from engine.models.llama.native_order import preload_gpu_llama

__version__ = "0.1.0"

# ONNX Runtime 1.29 and later start a telemetry uploader on Linux and macOS too (it looks up
# mobile.events.data.microsoft.com from a background thread; tests/hardening/test_offline.py caught it with the
# preloaded C blocker). Nothing may leave the machine: this opts out before onnxruntime initialises.
os.environ["ORT_DISABLE_TELEMETRY"] = "1"

# llama.cpp's Linux CPU build runs its threads under OpenMP (libgomp), whose waiting threads spin at each of the
# graph's barriers: on two cores shared with other work, a prompt's reading on 2 threads took 2-4x the wall time
# and 2.5x the CPU of 1 thread (docs/suggest.md, session 28). PASSIVE lets them sleep instead; the arithmetic, and
# so every token, is the same. Set before libgomp loads (it reads the variable once); a user's own setting wins.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

# Before numpy or Qt load the C++ runtime: see engine/models/llama/native_order.py.
preload_gpu_llama()
