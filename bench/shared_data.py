"""Where ``../shared/data`` is: the one place the benchmarks and the tests look for it.

``REDRAFT_DATA`` when set (the variable ``redraft eval align`` already reads, ``engine/align/gold.py``), else
``../shared/data`` beside the repository. The tests reach it through the ``shared_data`` fixture
(``tests/conftest.py``), which fails when it is missing under ``CI=true``.
"""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def shared_data_folder() -> Path:
    """The shared data folder (it may not exist: callers say what is missing)."""
    env = os.environ.get("REDRAFT_DATA")
    return Path(env).expanduser() if env else REPO.parent / "shared" / "data"
