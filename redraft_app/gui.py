"""``redraft gui``: open the desktop app (Qt is imported only here, lazily)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("gui", help="open the desktop app")
    p.add_argument("paths", nargs="*", help="a draft to open")
    p.add_argument("--demo", action="store_true", help="open the bundled demo project")
    p.add_argument("--selftest", metavar="OUT_PNG", help="render the main window offscreen, save a screenshot, exit")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from engine.cli.qt_libs import check_qt_libraries
    from engine.errors import InputError
    from engine.paths import app_paths

    if not args.selftest:  # the self-test renders offscreen, with no window system
        problem = check_qt_libraries(app_paths().cache / "qt-libraries-ok")
        if problem:
            raise InputError(problem)

    from desktop import app  # Qt: only now

    return app.main(paths=args.paths, demo=args.demo, selftest=args.selftest)
