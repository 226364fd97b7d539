"""Opening a project in the app: how long the window stops answering while the project is drawn.

Each run is a fresh process (the first open of a run of the app is the one that imports what the views need): the
shell is built offscreen, a 10 ms timer ticks on the UI thread, the project is opened as File → Open does, and the
run reports the seconds to ``sig_project_loaded`` and the longest gap between two ticks from the click to a second
after. Each run is made twice, alternating: "cold" skips ``desktop.builds.warm_view_imports`` (the view imports
left to the UI thread, as before session 24) and "warm" is the app as it is, so both see the same machine. Without
PROJECT, the demo project is built first.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m bench.bench_open_stall [PROJECT.redraft] [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

RUN = """
import json, sys, time
from PySide6.QtWidgets import QApplication
app = QApplication([])
from desktop import builds, controller
if sys.argv[2] == "cold":
    controller.warm_view_imports = builds.warm_view_imports = lambda session: session
from desktop.app import build_shell
from engine.settings import Settings
from bench.stall import Ticks, spin
shell = build_shell(Settings(theme="light"), remember_recent=False)
shell.window.resize(1600, 1000); shell.window.show(); app.processEvents()
done = []
ticks = Ticks()
shell.controller.sig_project_loaded.connect(lambda _p: done.append(time.perf_counter()))
start = time.perf_counter()
shell.controller.open_project(sys.argv[1])
spin(lambda: bool(done), after_s=1.0)
ticks.stop()
print(json.dumps({"open_s": done[0] - start, "max_gap_s": ticks.longest_gap(start)}))
shell.controller.close()
"""


def demo_project(folder: Path) -> Path:
    from engine.jobs import run_job
    from engine.project.pipeline import build_project_file

    demo = ROOT / "resources" / "demo"
    path = folder / "demo.redraft"
    run_job(build_project_file(path, "demo", str(demo / "draft_v1.md"), str(demo / "draft_v2.md"),
                               str(demo / "reviews.md"), aligner="bm25"))
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("project", nargs="?", help="a .redraft file (default: the demo project, built here)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(args.project) if args.project else demo_project(Path(tmp))
        results: dict[str, list[dict[str, float]]] = {"warm": [], "cold": []}
        for _ in range(args.runs):
            for mode in ("cold", "warm"):
                out = subprocess.run([sys.executable, "-c", RUN, str(project), mode], cwd=ROOT, env=env,
                                     capture_output=True, text=True, timeout=300)
                line = [ln for ln in out.stdout.splitlines() if ln.startswith("{")]
                if not line:
                    print(out.stderr[-2000:], file=sys.stderr)
                    return 1
                results[mode].append(json.loads(line[-1]))
    load = os.getloadavg()[0]
    print(f"{project.name}, {args.runs} runs each, load average {load:.1f}")
    for mode, label in (("cold", "imports on the UI thread (before)"), ("warm", "imports on the worker (now)")):
        gaps = sorted(r["max_gap_s"] * 1000 for r in results[mode])
        opens = sorted(r["open_s"] for r in results[mode])
        print(f"  {label}: longest stall min/median/max {gaps[0]:.0f} / {statistics.median(gaps):.0f} / "
              f"{gaps[-1]:.0f} ms; open {statistics.median(opens):.2f} s median")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
