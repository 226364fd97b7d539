"""Local models: llama.cpp generators, transformers encoders, the model registry.

Heavy libraries (llama_cpp, torch, transformers) are imported inside functions
only, so importing this package keeps application start-up fast.
"""

from engine.models.protocols import ChatMessage, Encoder, Generator, Prompt

__all__ = ["ChatMessage", "Encoder", "Generator", "Prompt"]
