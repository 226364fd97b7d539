"""Test aids that both ``tests/`` and ``bench/`` import (``tests/`` is never imported by ``bench/``).

``testkit.gguf_factory`` writes tiny random-weight llama GGUF files. Nothing here is shipped: the wheel and the
bundle hold ``engine``, ``widgets``, ``desktop``, ``redraft_app`` and ``resources``.
"""
