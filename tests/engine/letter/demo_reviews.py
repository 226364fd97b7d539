"""The demo project built with one more reviewer point, for letter tests about what a reviewer wrote."""

from __future__ import annotations

from pathlib import Path

from engine.jobs import run_job
from engine.project import ProjectStore
from engine.project.pipeline import build_project

DEMO = Path(__file__).resolve().parents[3] / "resources" / "demo"


def demo_store_with_point(folder: Path, point: str) -> ProjectStore:
    """A built demo project in ``folder`` whose reviews hold ``point`` (a Markdown list item) before the first one."""
    reviews = folder / "reviews.md"
    reviews.write_text((DEMO / "reviews.md").read_text(encoding="utf-8").replace(
        "- The abstract should state", f"{point}\n- The abstract should state"), encoding="utf-8")
    store = ProjectStore.create(folder / "demo.redraft", "demo")
    run_job(build_project(store, DEMO / "draft_v1.md", DEMO / "draft_v2.md", reviews, aligner="bm25"))
    return store
