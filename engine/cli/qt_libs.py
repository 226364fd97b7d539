"""Before ``redraft gui`` starts Qt on Linux: are the system libraries its X11 (xcb) plugin needs present?

Qt's own answer to a missing library is an abort with "Could not load the Qt platform plugin 'xcb'" and a
list of plugin names. This asks the dynamic linker (``ldd``) about the plugin PySide6 ships, without
importing Qt, and turns what is missing into the one command that installs it.
"""

from __future__ import annotations

import ctypes.util
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

#: soname → (Debian/Ubuntu package, Fedora package) for what Qt's xcb plugin links to or loads.
PACKAGES: dict[str, tuple[str, str]] = {
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms"),
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb"),
    "libxcb-xinerama.so.0": ("libxcb-xinerama0", "libxcb"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb"),
    "libxcb-shm.so.0": ("libxcb-shm0", "libxcb"),
    "libxcb-render.so.0": ("libxcb-render0", "libxcb"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb"),
    "libEGL.so.1": ("libegl1", "mesa-libEGL"),
    "libGL.so.1": ("libgl1", "mesa-libGL"),
    "libOpenGL.so.0": ("libopengl0", "libglvnd-opengl"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig"),
    "libfreetype.so.6": ("libfreetype6", "freetype"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs"),
    "libglib-2.0.so.0": ("libglib2.0-0", "glib2"),
}
#: Loaded with dlopen by Qt 6.5+ at start, so ``ldd`` never lists it.
DLOPENED = {"libxcb-cursor.so.0": "xcb-cursor"}


def uses_xcb(environ: dict[str, str] | None = None) -> bool:
    """True when Qt will pick its X11 plugin: Linux, no other platform asked for, not a Wayland session."""
    env = os.environ if environ is None else environ
    if not sys.platform.startswith("linux"):
        return False
    asked = env.get("QT_QPA_PLATFORM", "")
    if asked:
        return asked.split(":")[0].split(";")[0] == "xcb"
    return not (env.get("WAYLAND_DISPLAY") and env.get("XDG_SESSION_TYPE") == "wayland")


def xcb_plugin() -> Path | None:
    """PySide6's ``libqxcb.so``, found without importing PySide6."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    plugin = Path(next(iter(spec.submodule_search_locations))) / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    return plugin if plugin.is_file() else None


def missing_libraries(plugin: Path) -> list[str]:
    """Sonames the plugin needs that the dynamic linker cannot find (``ldd``), then the dlopened ones."""
    missing: list[str] = []
    if shutil.which("ldd"):
        try:
            out = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True, timeout=20).stdout
        except (OSError, subprocess.SubprocessError):
            out = ""
        for line in out.splitlines():
            name, _, where = line.strip().partition("=>")
            if "not found" in where and name.strip() not in missing:
                missing.append(name.strip())
    for soname, short in DLOPENED.items():
        if soname not in missing and ctypes.util.find_library(short) is None:
            missing.append(soname)
    return missing


def install_hint(missing: list[str], os_release: str | None = None) -> str:
    """The command that installs ``missing`` on this distribution (apt or dnf), or both when unknown."""
    if os_release is None:
        try:
            os_release = Path("/etc/os-release").read_text(encoding="utf-8", errors="replace").lower()
        except OSError:
            os_release = ""
    debian = sorted({PACKAGES.get(m, (m,))[0] for m in missing})
    fedora = sorted({PACKAGES[m][1] for m in missing if m in PACKAGES})
    apt = "sudo apt-get install " + " ".join(debian)
    dnf = "sudo dnf install " + " ".join(fedora) if fedora else ""
    if any(k in os_release for k in ("debian", "ubuntu", "mint")):
        return apt
    if dnf and any(k in os_release for k in ("fedora", "rhel", "centos", "rocky", "alma")):
        return dnf
    return f"{apt} (Debian/Ubuntu)" + (f" or {dnf} (Fedora)" if dnf else "")


def check_qt_libraries(stamp: Path | None = None) -> str | None:
    """One line saying what to install when Qt's X11 plugin cannot load here, else None.

    A check that passed is remembered in ``stamp`` (the plugin's path and time) so that later starts skip
    the 0.1 s ``ldd`` costs; a changed PySide6 checks again.
    """
    if not uses_xcb():
        return None
    plugin = xcb_plugin()
    if plugin is None:
        return None
    key = f"{plugin} {plugin.stat().st_mtime_ns}"
    try:
        if stamp is not None and stamp.read_text(encoding="utf-8") == key:
            return None
    except OSError:
        pass
    missing = missing_libraries(plugin)
    if not missing:
        if stamp is not None:
            try:
                stamp.parent.mkdir(parents=True, exist_ok=True)
                stamp.write_text(key, encoding="utf-8")
            except OSError:
                pass
        return None
    return (f"Qt cannot open a window: missing system libraries {', '.join(missing)}. "
            f"Install them with: {install_hint(missing)}")
