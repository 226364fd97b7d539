"""Session fixtures: tiny random-weight llama GGUF files (``testkit.gguf_factory``), written once a run.

Use them from any test module::

    from tests.gguf_factory import tiny_gguf, tiny_chat_gguf  # noqa: F401
"""

from __future__ import annotations

from pathlib import Path

import pytest

from testkit.gguf_factory import CHAT_TEMPLATE, write_tiny_llama


@pytest.fixture(scope="session")
def tiny_gguf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A base model: no chat template."""
    return write_tiny_llama(tmp_path_factory.mktemp("gguf") / "tiny-llama.gguf")


@pytest.fixture(scope="session")
def tiny_chat_gguf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same shape with a chat template in its metadata."""
    return write_tiny_llama(
        tmp_path_factory.mktemp("gguf") / "tiny-chat.gguf", chat_template=CHAT_TEMPLATE, name="tiny-chat"
    )
