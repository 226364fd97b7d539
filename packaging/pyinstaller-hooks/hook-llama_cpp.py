"""PyInstaller hook (packaging/redraft.spec's ``hookspath``): llama.cpp's libraries stay in ``llama_cpp/lib``.

PyInstaller links every library it collects into a subfolder from the bundle's top folder too, and its
bootloader puts that folder first on ``LD_LIBRARY_PATH``. A build with ``GGML_BACKEND_DL`` (the CUDA wheel of
``make gpu-wheel``) loads its backend modules (``libggml-cpu.so``, ``libggml-cuda.so``) from the folder
``libggml`` was loaded from: through such a link that is the top folder, where no module lies, so the bundle
had no backend at all. Without the links, ``libllama`` finds ``libggml`` through its run path (``$ORIGIN``),
and the CUDA module finds the CUDA runtime through its own (``$ORIGIN/../../nvidia/cu13/lib``), as in a pip
install. pyinstaller-hooks-contrib does the same for NVIDIA's packages (``hook-nvidia.*.py``).
"""

from pathlib import Path

from PyInstaller.utils.hooks import get_package_paths

# Only for GPU builds (engine/models/llama/native_order.py's markers): the CPU bundle keeps its layout.
GPU_LIBRARY_MARKERS = ("ggml-cuda", "ggml-hip", "ggml-vulkan", "ggml-sycl")
_lib = Path(get_package_paths("llama_cpp")[1]) / "lib"
if any(marker in path.name for path in _lib.glob("lib*") for marker in GPU_LIBRARY_MARKERS):
    bindepend_symlink_suppression = ["**/llama_cpp/lib/lib*.so*", "**/nvidia/cu13/lib/lib*.so*"]
