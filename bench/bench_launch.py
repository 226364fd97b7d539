"""Launch to the first painted window: `redraft gui` as a user runs it, beside a bare PySide6 window.

Each run is a fresh process, timed from its start to the first paint event of
its main window; the bare window (QApplication + an empty QMainWindow of the
same size) is measured in the same run, alternating with Redraft, so both see
the same machine. Prints min/median/max for both, which heavy libraries were
imported by the time of the paint, and checks the median against the target.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m bench.bench_launch [--runs 9]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_S = 0.5
HEAVY = ("numpy", "pymupdf", "scipy", "sklearn", "torch", "transformers", "llama_cpp", "onnxruntime", "onnx")

# Reports the first paint of the application's main window, then leaves at once.
SPY = f"""
import json, os, sys, time
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QMainWindow

class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and isinstance(obj, QMainWindow):
            heavy = [m for m in {HEAVY!r} if m in sys.modules]
            print("PAINTED " + json.dumps({{"t": time.time(), "heavy": heavy}}), flush=True)
            os._exit(0)
        return False

spy = FirstPaint()
"""

# `redraft gui`: the console script's own path (redraft_app.main -> redraft_app.gui -> desktop.app.main).
REDRAFT = SPY + """
import desktop.app
make_app = desktop.app.make_app
def spied_make_app():
    app = make_app()
    app.installEventFilter(spy)
    return app
desktop.app.make_app = spied_make_app
from redraft_app.main import main
sys.exit(main(["gui"]))
"""

BARE = SPY + """
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
app.installEventFilter(spy)
window = QMainWindow()
window.resize(1200, 800)
window.show()
app.exec()
"""


def one_run(code: str, env: dict[str, str]) -> tuple[float, list[str]]:
    start = time.time()
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    line = next((l for l in out.stdout.splitlines() if l.startswith("PAINTED ")), None)
    if line is None:
        raise SystemExit(f"the window never painted:\n{out.stderr[-3000:]}")
    data = json.loads(line[len("PAINTED "):])
    return data["t"] - start, data["heavy"]


def spread(times: list[float]) -> str:
    return f"min {min(times):.2f}, median {statistics.median(times):.2f}, max {max(times):.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        # An installed Redraft runs from bytecode (pip compiles it; an editable install writes it at the
        # first launch): the warm-up run below writes it, so the runs measure launches, not compiling.
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env = {**env, "REDRAFT_HOME": home, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"),
               "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
        one_run(REDRAFT, env)  # warm the OS file cache, the bytecode, and the Qt-libraries check's marker, once
        one_run(BARE, env)
        redraft, bare, heavy = [], [], set()
        for _ in range(args.runs):
            t, loaded = one_run(REDRAFT, env)
            redraft.append(t)
            heavy.update(loaded)
            bare.append(one_run(BARE, env)[0])
    median = statistics.median(redraft)
    print(f"launch to first painted window, {args.runs} runs each, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"  redraft gui:          {spread(redraft)}")
    print(f"  bare PySide6 window:  {spread(bare)}")
    print(f"  redraft's own cost:   median {median - statistics.median(bare):.2f} s over the bare window")
    print(f"target median < {TARGET_S} s: {'ok' if median < TARGET_S else 'MISSED'}")
    print(f"heavy modules imported by the first paint: {', '.join(sorted(heavy)) or 'none'}")


if __name__ == "__main__":
    main()
