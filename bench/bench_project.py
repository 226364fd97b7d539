"""Project store figures on the cgo18 paper (LaTeX, rebuttal as reviews).

Prints the pipeline time per stage, the file size, and save/open/load times.
Usage: .venv/bin/python -m bench.bench_project [--data ../shared/data] [--aligner hybrid]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from bench.shared_data import shared_data_folder
from engine.jobs import run_job
from engine.project import ProjectStore, SuggestionRecord
from engine.letter.export import response_letter_markdown, revision_report_html, write_response_letter
from engine.project.pipeline import build_project


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=str(shared_data_folder()))
    ap.add_argument("--aligner", default="hybrid")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    cgo = Path(args.data) / "revision" / "cgo18"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "cgo18.redraft"
        store = ProjectStore.create(path, "cgo18")
        stamps: list[tuple[str, float]] = [("start", time.perf_counter())]

        def on_progress(p):  # type: ignore[no-untyped-def]
            stage = p.label.split(":")[0]
            if stage != stamps[-1][0]:
                stamps.append((stage, time.perf_counter()))

        project = run_job(build_project(store, cgo / "submission" / "cgo18mscr.tex",
                                        cgo / "camera_ready" / "cgo18mscr.tex", Path(__file__).resolve().parents[1] / "tests" / "data" / "cgo18_reviews.md",
                                        aligner=args.aligner), on_progress)
        for (name, t0), (_, t1) in zip(stamps[1:], stamps[2:]):
            print(f"stage {name:40} {t1 - t0:7.2f} s")
        print(f"pipeline total {stamps[-1][1] - stamps[0][1]:.2f} s; {len(project.comments)} comments, "
              f"{project.diff.summary()}")
        store.close()
        print(f"file size {path.stat().st_size / 1024:.0f} KiB")

        def best(fn) -> float:  # type: ignore[no-untyped-def]
            times = []
            for _ in range(args.repeat):
                t = time.perf_counter()
                fn()
                times.append(time.perf_counter() - t)
            return min(times) * 1000

        def open_load() -> None:
            with ProjectStore.open(path) as s:
                s.load()

        print(f"open + load            {best(open_load):8.1f} ms")
        with ProjectStore.open(path) as s:
            loaded = s.load()
            print(f"load (open store)      {best(s.load):8.1f} ms")
            print(f"save_documents (both)  {best(lambda: s.save_documents(loaded.old, loaded.new)):8.1f} ms")
            print(f"save_diff              {best(lambda: s.save_diff(loaded.diff)):8.1f} ms")
            print(f"save_alignments        {best(lambda: s.save_alignments(project.alignments, 'x')):8.1f} ms")
            s.add_suggestion(SuggestionRecord("s1", loaded.comments[0].id, "r", "e", "p0001"))
            flip = iter(["accepted", "rejected"] * args.repeat)
            print(f"accept/reject (undoable) {best(lambda: s.set_suggestion_status('s1', next(flip))):6.1f} ms")
            print(f"undo                   {best(s.undo):8.1f} ms")
        print(f"letter markdown        {best(lambda: response_letter_markdown(loaded)):8.1f} ms")
        print(f"letter pdf             {best(lambda: write_response_letter(loaded, Path(tmp) / 'l.pdf')):8.1f} ms")
        print(f"report html            {best(lambda: revision_report_html(loaded)):8.1f} ms")


if __name__ == "__main__":
    main()
