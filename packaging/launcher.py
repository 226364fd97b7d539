"""Entry script of the frozen app: ``redraft`` with no arguments opens the window.

The bundle holds two executables built from this script (see ``redraft.spec``):
``redraft`` (windowed on Windows and macOS, so no console flashes up) and
``redraft-cli`` (a console program for the command line). Both run the same
``redraft_app.main.main``; only the defaults differ:

- no arguments, or only a macOS ``-psn_...`` process serial number -> ``gui``;
- a file dropped on the windowed executable (first argument an existing file,
  not a command) -> ``gui FILE``.
"""

from __future__ import annotations

import multiprocessing
import os
import sys


def gui_argv(argv: list[str], commands: list[str]) -> list[str]:
    """The arguments to hand to the CLI, with ``gui`` as the default command."""
    args = [a for a in argv if not a.startswith("-psn_")]
    if not args:
        return ["gui"]
    first = args[0]
    if first not in commands and not first.startswith("-") and os.path.isfile(first):
        return ["gui", *args]
    return args


def main() -> int:
    # A windowed executable on Windows starts with no stdout/stderr; give libraries a sink.
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 (lives as long as the app)
    from redraft_app.main import COMMANDS, main as cli_main

    return cli_main(gui_argv(sys.argv[1:], COMMANDS))


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
