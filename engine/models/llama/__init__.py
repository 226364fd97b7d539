"""Generators on llama.cpp: GGUF files, chat templates, grammars, memory, the KV prefix cache."""
