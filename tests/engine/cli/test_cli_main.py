from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli.main import main

ROOT = Path(__file__).resolve().parents[3]


def test_missing_file_is_one_line_exit_2(capsys, tmp_path) -> None:
    code = main(["extract", str(tmp_path / "nope.pdf")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("redraft: error: file not found")
    assert err.count("\n") == 1


def test_unknown_command_exits_2() -> None:
    with pytest.raises(SystemExit) as exc:
        main(["frobnicate"])
    assert exc.value.code == 2


def test_console_script_runs_without_traceback(tmp_path) -> None:
    empty = tmp_path / "empty.pdf"
    empty.write_bytes(b"")
    result = subprocess.run(
        [sys.executable, "-m", "engine.cli.main", "extract", str(empty)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip() == "redraft: error: empty.pdf is empty"
