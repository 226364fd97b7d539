"""Entry point of the ``redraft`` console script and of the frozen app (``packaging/launcher.py``)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from engine.cli.main import COMMANDS as ENGINE_COMMANDS, main as engine_main
from redraft_app import gui

#: Every command of ``redraft``: the engine's, then ``gui``.
COMMANDS = [*ENGINE_COMMANDS, "gui"]


def main(argv: Sequence[str] | None = None) -> int:
    return engine_main(argv, extra=(gui,))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
