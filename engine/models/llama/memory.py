"""Will a model fit? Memory estimates before loading, and what the machine has.

No psutil: Linux reads ``/proc/meminfo``; macOS and other Unixes use
``os.sysconf`` (total physical memory, of which a share is assumed free);
Windows asks ``GlobalMemoryStatusEx``. GPU memory comes from ``nvidia-smi``
when it is on the PATH, else it is unknown and not checked.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from engine.errors import ModelError
from engine.models.llama.gguf_info import GGUFInfo

#: Compute buffers, logits and runtime overhead beyond weights and KV cache.
RUNTIME_OVERHEAD_BYTES = 300 * 1024**2
#: Share of total RAM taken as available when the OS cannot say (macOS).
ASSUMED_FREE_SHARE = 0.6


@dataclass(frozen=True)
class MemoryEstimate:
    weights_bytes: int
    kv_cache_bytes: int
    overhead_bytes: int
    n_ctx: int

    @property
    def total_bytes(self) -> int:
        return self.weights_bytes + self.kv_cache_bytes + self.overhead_bytes


def kv_cache_bytes(info: GGUFInfo, n_ctx: int, bytes_per_value: int = 2) -> int:
    """Keys and values for ``n_ctx`` tokens in every layer (f16 by default)."""
    per_token = info.n_layer * info.n_head_kv * (info.head_dim_k + info.head_dim_v)
    return per_token * n_ctx * bytes_per_value


def estimate_memory(info: GGUFInfo, n_ctx: int | None = None) -> MemoryEstimate:
    """Weights (the file size) + KV cache for ``n_ctx`` + a fixed overhead."""
    ctx = n_ctx or info.context_length or 4096
    return MemoryEstimate(
        weights_bytes=info.size_bytes,
        kv_cache_bytes=kv_cache_bytes(info, ctx),
        overhead_bytes=RUNTIME_OVERHEAD_BYTES,
        n_ctx=ctx,
    )


def available_ram_bytes() -> int | None:
    """RAM available to a new process now, or ``None`` if unknown."""
    meminfo = Path("/proc/meminfo")
    if meminfo.is_file():
        for line in meminfo.read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    if sys.platform == "win32":
        return _windows_available_ram()
    try:
        pages = os.sysconf("SC_PHYS_PAGES")
        page_size = os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None
    return int(pages * page_size * ASSUMED_FREE_SHARE)


def _windows_available_ram() -> int | None:
    import ctypes

    class MemoryStatus(ctypes.Structure):
        _fields_ = [
            ("dwLength", ctypes.c_ulong),
            ("dwMemoryLoad", ctypes.c_ulong),
            ("ullTotalPhys", ctypes.c_ulonglong),
            ("ullAvailPhys", ctypes.c_ulonglong),
            ("ullTotalPageFile", ctypes.c_ulonglong),
            ("ullAvailPageFile", ctypes.c_ulonglong),
            ("ullTotalVirtual", ctypes.c_ulonglong),
            ("ullAvailVirtual", ctypes.c_ulonglong),
            ("ullAvailExtendedVirtual", ctypes.c_ulonglong),
        ]

    status = MemoryStatus()
    status.dwLength = ctypes.sizeof(MemoryStatus)
    if not ctypes.windll.kernel32.GlobalMemoryStatusEx(ctypes.byref(status)):  # type: ignore[attr-defined]
        return None
    return int(status.ullAvailPhys)


def free_vram_bytes() -> int | None:
    """Free memory of the first NVIDIA GPU via ``nvidia-smi``, else ``None``."""
    exe = shutil.which("nvidia-smi")
    if exe is None:
        return None
    try:
        out = subprocess.run(
            [exe, "--query-gpu=memory.free", "--format=csv,noheader,nounits"],
            capture_output=True, text=True, timeout=5, check=True,
        ).stdout
        return int(out.split()[0]) * 1024**2
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return None


def check_fits(
    info: GGUFInfo,
    n_ctx: int | None = None,
    on_gpu: bool = False,
    available_bytes: int | None = None,
) -> MemoryEstimate:
    """Raise ``ModelError`` when the model clearly cannot fit; return the estimate.

    ``available_bytes`` overrides what the machine reports (RAM, or VRAM when
    ``on_gpu``); unknown memory is not checked.
    """
    estimate = estimate_memory(info, n_ctx)
    if available_bytes is None:
        available_bytes = free_vram_bytes() if on_gpu else available_ram_bytes()
    if available_bytes is not None and estimate.total_bytes > available_bytes:
        where = "GPU memory" if on_gpu else "memory"
        raise ModelError(
            f"{Path(info.path).name} needs about {gib(estimate.total_bytes)} "
            f"(weights {gib(estimate.weights_bytes)} + context {estimate.n_ctx} tokens "
            f"{gib(estimate.kv_cache_bytes)}) but only {gib(available_bytes)} of {where} is free; "
            "choose a smaller model or quantisation, or a shorter context"
        )
    return estimate


def gib(n: int) -> str:
    return f"{n / 1024**3:.2f} GiB" if n >= 1024**3 / 10 else f"{n / 1024**2:.0f} MiB"
