"""``redraft gui`` on Linux: missing system libraries for Qt's X11 plugin become one install command."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import qt_libs
from redraft_app.main import main


def test_install_hint_names_the_distribution_packages() -> None:
    missing = ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]
    assert qt_libs.install_hint(missing, 'name="debian gnu/linux"') == "sudo apt-get install libxcb-icccm4 libxcb-keysyms1"
    assert qt_libs.install_hint(missing, 'id=fedora') == "sudo dnf install xcb-util-keysyms xcb-util-wm"
    both = qt_libs.install_hint(missing, "id=arch")
    assert "apt-get install libxcb-icccm4 libxcb-keysyms1 (Debian/Ubuntu)" in both and "dnf install" in both


def test_only_an_x11_start_is_checked() -> None:
    if not sys.platform.startswith("linux"):
        assert not qt_libs.uses_xcb({})
        return
    assert qt_libs.uses_xcb({}) and qt_libs.uses_xcb({"QT_QPA_PLATFORM": "xcb"})
    assert not qt_libs.uses_xcb({"QT_QPA_PLATFORM": "offscreen"})
    assert not qt_libs.uses_xcb({"WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland"})


@pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("gcc") is None or shutil.which("ldd") is None,
                    reason="needs gcc and ldd on Linux")
def test_missing_libraries_come_from_the_dynamic_linker(tmp_path: Path) -> None:
    # A real shared library linked against another that is then removed: ldd reports it "not found".
    (tmp_path / "dep.c").write_text("int dep(void) { return 1; }\n")
    (tmp_path / "plugin.c").write_text("int dep(void);\nint plugin(void) { return dep(); }\n")
    subprocess.run(["gcc", "-shared", "-fPIC", "-o", str(tmp_path / "libredraftdep.so"), str(tmp_path / "dep.c")],
                   check=True)
    subprocess.run(["gcc", "-shared", "-fPIC", "-o", str(tmp_path / "libqxcb.so"), str(tmp_path / "plugin.c"),
                    f"-L{tmp_path}", "-lredraftdep"], check=True)
    (tmp_path / "libredraftdep.so").unlink()
    assert qt_libs.missing_libraries(tmp_path / "libqxcb.so")[:1] == ["libredraftdep.so"]


def test_gui_stops_with_one_line_when_libraries_are_missing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    plugin = tmp_path / "libqxcb.so"
    plugin.write_bytes(b"")
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setattr(qt_libs, "uses_xcb", lambda environ=None: True)
    monkeypatch.setattr(qt_libs, "missing_libraries", lambda plugin: ["libxcb-icccm.so.4"])
    monkeypatch.setattr(qt_libs, "xcb_plugin", lambda: plugin)
    assert main(["gui", "--demo"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "libxcb-icccm.so.4" in err and "libxcb-icccm4" in err


def test_a_passed_check_is_remembered_until_pyside_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plugin = tmp_path / "libqxcb.so"
    plugin.write_bytes(b"")
    calls: list[Path] = []
    monkeypatch.setattr(qt_libs, "uses_xcb", lambda environ=None: True)
    monkeypatch.setattr(qt_libs, "xcb_plugin", lambda: plugin)
    monkeypatch.setattr(qt_libs, "missing_libraries", lambda p: calls.append(p) or [])
    stamp = tmp_path / "cache" / "ok"
    assert qt_libs.check_qt_libraries(stamp) is None and qt_libs.check_qt_libraries(stamp) is None
    assert len(calls) == 1
    import os
    os.utime(plugin, ns=(1, 1))  # a reinstalled PySide6
    assert qt_libs.check_qt_libraries(stamp) is None and len(calls) == 2
