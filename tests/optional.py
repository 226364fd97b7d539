"""Marks for tests of optional parts: ``needs_torch`` for PyTorch (``pip install "redraft[torch]"``).

Such a test is marked ``torch`` (``make test-torch`` installs the extra and runs them) and
skips cleanly where PyTorch is not installed, as after a default ``make venv``.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from typing import TypeVar

import pytest

T = TypeVar("T")

HAS_TORCH = importlib.util.find_spec("torch") is not None
TORCH_MARKS = (pytest.mark.torch,
               pytest.mark.skipif(not HAS_TORCH, reason='PyTorch is optional: pip install "redraft[torch]"'))


def needs_torch(test: T) -> T:
    """Mark ``test`` as needing PyTorch (see the module docstring)."""
    for mark in TORCH_MARKS:
        test = mark(test)
    return test
