"""Prints how many inputs each fuzz test tried (and how many were rejected cleanly)."""

from __future__ import annotations

from tests.hardening.fuzzkit import COUNTS, REJECTED


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:  # noqa: ANN001 - pytest hook
    if not COUNTS:
        return
    terminalreporter.section("fuzz inputs")
    for name, n in sorted(COUNTS.items()):
        terminalreporter.write_line(f"{name:<26} {n:>8,} inputs, {REJECTED[name]:>7,} rejected with a clear error")
    terminalreporter.write_line(f"{'total':<26} {sum(COUNTS.values()):>8,} inputs")
