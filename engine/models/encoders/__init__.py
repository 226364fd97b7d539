"""Sentence encoders (transformers, ONNX Runtime) and their on-disk embedding cache."""
