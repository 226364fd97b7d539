"""Redraft's Qt-free core: documents, revisions, reviews, alignment, generation, expertise."""

from engine.native_order import preload_gpu_llama

__version__ = "0.1.0"

# Before numpy or Qt load the C++ runtime: see engine/native_order.py.
preload_gpu_llama()
