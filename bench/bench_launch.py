"""Launch to first window shown: `redraft gui`'s path, in a fresh process each run.

Prints the median over runs, and checks that no heavy library (torch,
transformers, llama_cpp) was imported by then. Target: < 2 s.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/bench_launch.py [--runs 5]
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
HEAVY = ("torch", "transformers", "llama_cpp", "onnxruntime", "onnx")

# The child does what `redraft gui` does up to the first shown window: import the CLI,
# import the app, build and wire everything on the qasync loop, show the window.
CHILD = f"""
import sys, time, json
import engine.cli.main
import qasync, asyncio
from PySide6.QtCore import QTimer
from desktop.app import build_shell
shell = build_shell()
loop = qasync.QEventLoop(shell.app)
asyncio.set_event_loop(loop)
shell.window.show()
def shown():
    heavy = [m for m in {HEAVY!r} if m in sys.modules]
    print("SHOWN " + json.dumps({{"t": time.time(), "heavy": heavy}}), flush=True)
    shell.app.quit()
QTimer.singleShot(0, shown)
shell.app.exec()
"""


def one_run(env: dict[str, str]) -> tuple[float, list[str]]:
    start = time.time()
    out = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120)
    line = next((l for l in out.stdout.splitlines() if l.startswith("SHOWN ")), None)
    if line is None:
        raise SystemExit(f"the window was never shown:\n{out.stderr}")
    data = json.loads(line[6:])
    return data["t"] - start, data["heavy"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "REDRAFT_HOME": home, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
        one_run(env)  # warm the OS file cache once
        times, heavy = [], set()
        for _ in range(args.runs):
            t, loaded = one_run(env)
            times.append(t)
            heavy.update(loaded)
    median = statistics.median(times)
    print(f"launch to first window: median {median:.2f} s over {args.runs} runs "
          f"(min {min(times):.2f}, max {max(times):.2f}); target < 2 s: {'ok' if median < 2 else 'MISSED'}")
    print(f"heavy modules imported at launch: {', '.join(sorted(heavy)) or 'none'}")


if __name__ == "__main__":
    main()
