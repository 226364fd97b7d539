"""Entry point of the ``redraft`` command.

Each command lives in its own module exposing ``register(subparsers)``, which
adds a parser whose ``func`` default takes the parsed args and returns an exit
code. User errors (``RedraftError``) print one line and exit 2. ``redraft gui``
is added by the launcher package above the engine (``redraft_app``), so the
engine never reaches the desktop app.
"""

from __future__ import annotations

import argparse
import importlib
import sqlite3
import sys
from collections.abc import Sequence
from types import ModuleType

from engine import __version__
from engine.errors import Cancelled, RedraftError

#: Command modules under ``engine.cli``, in the order ``--help`` lists them.
COMMANDS = ["extract", "diff", "models", "comments", "align", "eval", "project", "respond", "export", "expertise", "suggest", "edit", "tldr"]


def build_parser(commands: Sequence[str] = COMMANDS, extra: Sequence[ModuleType] = ()) -> argparse.ArgumentParser:
    """The ``redraft`` parser with the engine's ``commands`` (all by default), then the ``extra`` command
    modules (``register(sub)``)."""
    parser = argparse.ArgumentParser(
        prog="redraft",
        description="Offline assistant for revising a paper after peer review.",
    )
    parser.add_argument("--version", action="version", version=f"redraft {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in commands:
        importlib.import_module(f"engine.cli.{name}").register(sub)
    for module in extra:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None, extra: Sequence[ModuleType] = ()) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # `redraft gui` (an extra command, from the launcher) registers only the extra commands: the engine's
    # command modules import numpy and the extractors, which the window does not need to open
    # (bench/bench_launch.py).
    parser = build_parser(() if extra and argv[:1] == ["gui"] else COMMANDS, extra)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except Cancelled:
        print("redraft: cancelled", file=sys.stderr)
        return 130
    except KeyboardInterrupt:
        print("redraft: interrupted", file=sys.stderr)
        return 130
    except RedraftError as err:
        print(f"redraft: error: {err}", file=sys.stderr)
        return 2
    except RecursionError:  # a parser met structure nested deeper than its own bound caught
        print("redraft: error: the input is nested too deeply to read", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except sqlite3.OperationalError as err:  # a project file (or its folder) that cannot be written: nothing changed
        if "readonly" not in str(err) and "unable to open" not in str(err):
            raise
        print(f"redraft: error: the project file cannot be written ({err}): nothing was changed; make it writable "
              "or work on a copy", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
