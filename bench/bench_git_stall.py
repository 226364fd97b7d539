"""File → New Project from a Git History… on real repositories: how long the commit list takes to fill, and the
longest stretch the window stops answering meanwhile (``bench.stall``); then the same for choosing the oldest listed
commit as the submitted version (the main files looked for). Session 30 moved both reads to the job runner.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m bench.bench_git_stall REPO [REPO ...] [--shots DIR]

Each REPO is read in a fresh dialog of one app; ``--shots`` saves the dialog while it reads and once it has listed.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path


def measure(shell, repo: str, shots: Path | None) -> str:
    from PySide6.QtCore import QTimer

    from bench.stall import Ticks, spin
    from desktop.git_wizard import GitWizard

    dialog = GitWizard(shell.window, shell.runner)
    dialog.show()
    spin(lambda: False, limit_s=0.3)
    name = Path(repo).name if Path(repo).name != "repo" else Path(repo).parent.name  # a mirror's bare "repo" folder
    if shots is not None:
        QTimer.singleShot(150, lambda: dialog.grab().save(str(shots / f"{name}-reading.png")))
    ticks = Ticks()
    start = time.perf_counter()
    dialog.set_folder(repo)
    returned = time.perf_counter() - start
    listed = spin(lambda: dialog.reading is None and not dialog.mains_pending)
    stall = ticks.longest_gap(start)
    if shots is not None:
        dialog.grab().save(str(shots / f"{name}-listed.png"))
    line = (f"{name}: {len(dialog.history)} paper commits listed in {listed:.2f} s (set_folder returned in "
            f"{returned * 1000:.0f} ms); longest stall {stall * 1000:.0f} ms")
    if dialog.history:
        start = time.perf_counter()
        dialog.choose("old", dialog.history[-1].sha)
        looked = spin(lambda: not dialog.mains_pending)
        line += f"; main files looked for in {looked:.2f} s, longest stall {ticks.longest_gap(start) * 1000:.0f} ms"
    ticks.stop()
    dialog.reject()
    return line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repos", nargs="+", help="folders of git repositories (a bare mirror works)")
    parser.add_argument("--shots", help="a folder for the dialog's screenshots")
    args = parser.parse_args(argv)
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])  # noqa: F841 (kept alive)
    from desktop.app import build_shell
    from engine.settings import Settings

    shots = Path(args.shots) if args.shots else None
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    shell = build_shell(Settings(theme="light"), remember_recent=False)
    shell.window.show()
    for repo in args.repos:
        print(measure(shell, repo, shots), flush=True)
    print(f"load average {os.getloadavg()[0]:.1f}")
    shell.controller.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
