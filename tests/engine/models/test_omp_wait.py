"""llama.cpp's OpenMP threads sleep instead of spinning (``engine/__init__.py``), and nothing it writes changes.

libgomp reads ``OMP_WAIT_POLICY`` once, when it loads; ``omp_display_env(1)`` prints the spin count it chose (its
policy line reads PASSIVE even when nothing was set, with 300,000 spins: the count is what tells). A suggestion on a
real draft with the real embedded models comes out the same, field for field, with the threads spinning
(``ACTIVE``, the user's choice kept) and sleeping (the default now)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SHOW = ("import engine, ctypes, ctypes.util, llama_cpp\n"
        "from pathlib import Path\n"
        "lib = Path(llama_cpp.__file__).parent / 'lib' / 'libggml-cpu.so'\n"
        "import subprocess\n"
        "linked = subprocess.run(['ldd', str(lib)], capture_output=True, text=True).stdout\n"
        "print('gomp' if 'libgomp' in linked else 'no gomp', flush=True)\n"
        "if 'libgomp' in linked: ctypes.CDLL('libgomp.so.1').omp_display_env(1)\n")


def _env(**changes: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT")}
    env.update({k: v for k, v in changes.items() if v is not None})
    return env


def _spin_count(env: dict[str, str]) -> int:
    if not sys.platform.startswith("linux"):
        pytest.skip("libgomp's llama.cpp build is Linux's")
    done = subprocess.run([sys.executable, "-c", SHOW], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    if done.stdout.startswith("no gomp"):
        pytest.skip("this llama.cpp build does not use OpenMP")
    line = next(x for x in done.stderr.splitlines() if "GOMP_SPINCOUNT" in x)
    return int(line.split("=", 1)[1].strip().strip("'"))


def test_llama_cpp_threads_sleep_by_default() -> None:
    assert _spin_count(_env()) == 0  # PASSIVE: no spinning (unset: 300,000)


def test_a_users_own_wait_policy_is_kept() -> None:
    assert _spin_count(_env(OMP_WAIT_POLICY="ACTIVE")) > 300_000


@pytest.mark.slow
def test_a_suggestion_is_the_same_whether_the_threads_spin_or_sleep(tmp_path: Path) -> None:
    """The demo draft and the real embedded models (MiniLM, the tuned encoder, SmolLM2), each run a new process with
    an empty home; the time limit long enough that the machine's load decides nothing."""
    draft = ROOT / "resources" / "demo" / "draft_v1.md"
    comment = ("Please add an experiment that measures how the running time grows with the input size, and say "
               "how it compares with the baseline.")
    outputs = {}
    for policy in ("ACTIVE", None):
        home = tmp_path / (policy or "default")
        cmd = [sys.executable, "-m", "redraft_app.main", "suggest", str(draft), "--comment", comment, "--json",
               "--time-limit", "900"]
        done = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=900,
                              env=_env(OMP_WAIT_POLICY=policy, REDRAFT_HOME=str(home)))
        assert done.returncode == 0, done.stderr[-2000:]
        data = json.loads(done.stdout)
        data.pop("seconds")
        outputs[policy] = data
    assert outputs["ACTIVE"]["edit"]  # a suggestion was written
    assert outputs["ACTIVE"] == outputs[None]
