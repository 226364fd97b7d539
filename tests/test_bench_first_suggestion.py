"""``bench.bench_first_suggestion``: a phase's seconds exclude the wrapped phases inside it, generators included, and
the pooled report reads earlier runs."""

from __future__ import annotations

import json
import time
import types
from pathlib import Path

from bench.bench_first_suggestion import Phases, main, quantiles


def test_phases_are_exclusive_and_follow_generators() -> None:
    phases = Phases()
    owner = types.SimpleNamespace()

    def inner() -> None:
        time.sleep(0.05)

    def stream():
        for _ in range(2):
            time.sleep(0.02)
            yield "x"
        return "done"

    def outer() -> None:
        time.sleep(0.03)
        owner.inner()

    owner.inner, owner.outer, owner.stream = inner, outer, stream
    phases.wrap(owner, "inner", "inner")
    phases.wrap(owner, "outer", "outer")
    phases.wrap(owner, "stream", "stream", generator=True)
    owner.outer()
    pieces = []
    gen = owner.stream()
    while True:
        try:
            pieces.append(next(gen))
        except StopIteration as stop:
            assert stop.value == "done"
            break
        time.sleep(0.05)  # the consumer's time between pieces is not the stream's
    took = phases.take()["phases"]
    assert pieces == ["x", "x"]
    assert took["inner"] >= 0.05
    assert 0.03 <= took["outer"] < 0.075  # the inner call's 0.05 s not counted twice (with it: 0.08 at least)
    assert 0.04 <= took["stream"] < 0.135  # two pieces of 0.02 s, not the consumer's 0.1 s (with it: 0.14)
    assert phases.take()["phases"] == {}


def test_quantiles_and_the_pooled_report(tmp_path: Path, capsys) -> None:
    assert quantiles([10.0, 20.0, 30.0, 40.0]) == {"n": 4, "median_s": 25.0, "p90_s": 37.0, "max_s": 40.0}
    row = {"case": "cold", "process_s": 24.0, "wall_s": 23.0, "cpu_s": 12.0, "load": [5.0, 6.0],
           "phases": {"prefill": 10.0, "generate": 4.0}, "tokens": {}}
    path = tmp_path / "runs.json"
    path.write_text(json.dumps({"runs": [row, {**row, "process_s": 36.0}]}), encoding="utf-8")
    assert main_with(["--pool", str(path)]) == 0
    out = capsys.readouterr().out
    assert "cold               n  2  median  30.0 s  p90  34.8 s  max  36.0 s  (missed)" in out
    assert "cold: prefill 10.0, generate 4.0, the rest 16.0; CPU 12.0 s; load average 5.0-6.0" in out


def main_with(argv: list[str]) -> int:
    import sys

    saved = sys.argv
    sys.argv = ["bench_first_suggestion", *argv]
    try:
        return main()
    finally:
        sys.argv = saved
