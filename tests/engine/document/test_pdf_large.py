"""A 500-page PDF loads page by page, exactly, within bounded memory."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.pdf_factory import make_paper_pdf, sample_paragraph

ROOT = Path(__file__).resolve().parents[3]

_CHILD = """
import json, resource, sys, time
from engine.document.pdf.load import load_pdf

def status_kb(field):
    # /proc's VmHWM is this process's own peak; ru_maxrss is not: Linux carries it
    # over from the parent across fork+exec, so a big pytest parent would show.
    try:
        with open("/proc/self/status") as fh:
            return next(int(l.split()[1]) for l in fh if l.startswith(field + ":"))
    except (OSError, StopIteration):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

def rss_kb():
    return status_kb("VmRSS")

base = rss_kb()
t = time.perf_counter()
doc = load_pdf(sys.argv[1]) if len(sys.argv) > 1 else None
print(json.dumps({
    "seconds": time.perf_counter() - t,
    "base_kb": base,
    "peak_kb": status_kb("VmHWM"),
    "pages": doc.page_count if doc else 0,
    "body": [p.text for p in doc.body()] if doc else [],
}))
"""


@pytest.mark.slow
def test_five_hundred_pages(tmp_path: Path) -> None:
    sections = [(f"Part {i}", [sample_paragraph(i * 100 + j, 120) for j in range(16)]) for i in range(100)]
    layout = make_paper_pdf(
        tmp_path / "long.pdf", sections=sections, columns=1, page_size=(420.0, 595.0), margin=50.0,
        running_header="A long technical report", line_numbers=True,
    )
    assert layout.page_count >= 500
    proc = subprocess.run([sys.executable, "-c", _CHILD, str(tmp_path / "long.pdf")],
                          capture_output=True, text=True, cwd=ROOT, timeout=300, check=True)
    result = json.loads(proc.stdout)
    assert result["pages"] == layout.page_count
    assert result["body"] == [t for _, ps in sections for t in ps]
    grown_mb = (result["peak_kb"] - result["base_kb"]) / 1024
    print(f"\n{layout.page_count} pages in {result['seconds']:.1f} s; "
          f"peak RSS {result['peak_kb'] / 1024:.0f} MB, {grown_mb:.0f} MB above the imports")
    assert grown_mb < 200
