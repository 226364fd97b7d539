"""Marks for tests of optional parts: ``needs_torch`` for PyTorch (``pip install "redraft[torch]"``), ``has_tex``
for the TeX classes and packages a test typesets with.

Such a test is marked ``torch`` (``make test-torch`` installs the extra and runs them) and
skips cleanly where PyTorch is not installed, as after a default ``make venv``.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

T = TypeVar("T")

HAS_TORCH = importlib.util.find_spec("torch") is not None
TORCH_MARKS = (pytest.mark.torch,
               pytest.mark.skipif(not HAS_TORCH, reason='PyTorch is optional: pip install "redraft[torch]"'))


def needs_torch(test: T) -> T:
    """Mark ``test`` as needing PyTorch (see the module docstring)."""
    for mark in TORCH_MARKS:
        test = mark(test)
    return test


def has_tex(*files: str) -> bool:
    """Whether pdflatex is installed and ``kpsewhich`` finds every one of ``files`` ("IEEEtran.cls", "booktabs.sty")."""
    if shutil.which("pdflatex") is None or shutil.which("kpsewhich") is None:
        return False
    return len(subprocess.run(["kpsewhich", *files], capture_output=True, text=True).stdout.split()) == len(files)


#: The PLOS template's page as the PDF tests set it (ragged right, a wide left margin, an indent), up to
#: ``\begin{document}``: a test adds its text and ``\end{document}``.
PLOS_ARTICLE = r"""\documentclass[10pt,letterpaper]{article}
\usepackage[top=0.85in,left=2.75in,footskip=0.75in]{geometry}
\usepackage{amsmath,amssymb}
\raggedright
\setlength{\parindent}{0.5cm}
\begin{document}
"""


def typeset(folder: str | Path, source: str, runs: int = 1) -> Path:
    """``source`` written as ``folder/main.tex`` and typeset with pdflatex ``runs`` times; the PDF's path."""
    folder = Path(folder)
    (folder / "main.tex").write_text(source, encoding="utf-8")
    for _ in range(runs):
        run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "main.tex"], cwd=folder, capture_output=True,
                             text=True, timeout=180)
    assert (folder / "main.pdf").is_file(), run.stdout[-2000:]
    return folder / "main.pdf"
