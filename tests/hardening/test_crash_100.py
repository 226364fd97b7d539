"""Crash safety, 100 kills: one long-lived "zygote" process imports the engine
once and forks a writer per round; the test SIGKILLs each writer at a random
moment while it saves alignments, responses and suggestion edits in a loop.
After every kill the project must reopen consistent, holding every round the
writer reported done and at most the one in flight (old or new state, nothing
else). Forking keeps 100 kills to seconds instead of 100 interpreter starts."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.align.records import Alignment
from engine.jobs import run_job
from engine.project import ProjectStore, SuggestionRecord
from engine.project.pipeline import build_project
from tests.engine.project.test_project_crash import DEMO, REPO

KILLS = 100

ZYGOTE = """
import os, sys
from engine.align.records import Alignment
from engine.project import ProjectStore
path, ids = sys.argv[1], sys.argv[2].split(",")
for line in sys.stdin:
    n = int(line)
    pid = os.fork()
    if pid == 0:
        store = ProjectStore.open(path)
        print("ready", os.getpid(), flush=True)
        while True:
            n += 1
            store.save_alignments([Alignment(c, [f"e{n:04d}"], {f"e{n:04d}": float(n)}, [str(n)]) for c in ids],
                                  f"run{n}")
            store.set_response(ids[0], f"response {n}")
            store.set_suggestion_status("s1", "edited", f"edit {n}")
            print(n, flush=True)
    os.waitpid(pid, 0)
    print("dead", flush=True)
"""


def rounds(path: Path) -> tuple[int, int, int]:
    """Reopen the project, check it is consistent; the rounds of its alignments, response and suggestion.

    A round commits three transactions in order (alignments, response, suggestion edit), so a
    consistent file holds a = r = s, or a killed round's first one or two: a = r + 1 = s + 1 or a = r = s + 1.
    """
    with ProjectStore.open(path) as store:
        project = store.load()
        can_undo = store.can_undo()
    notes = {a.notes[0] for a in project.alignments.values()}
    assert len(notes) == 1, f"alignments from different rounds: {notes}"
    a = int(notes.pop())
    assert project.aligner == f"run{a}"
    assert all(al.edit_ids == [f"e{a:04d}"] for al in project.alignments.values())
    r = int(project.notes[project.comments[0].id].split()[1])
    s = int(project.suggestion("s1").edit.split()[1])
    assert (a, r) in ((s, s), (s + 1, s), (s + 1, s + 1)), (a, r, s)
    assert can_undo == (s > 0)
    return a, r, s


@pytest.mark.skipif(not hasattr(os, "fork") or not hasattr(signal, "SIGKILL"), reason="needs fork and SIGKILL")
def test_project_survives_100_sigkills(tmp_path: Path) -> None:
    path = tmp_path / "crash100.redraft"
    store = ProjectStore.create(path, "crash")
    project = run_job(build_project(store, DEMO / "draft_v1.md", DEMO / "draft_v2.md", DEMO / "reviews.md",
                                    aligner="bm25"))
    ids = [c.id for c in project.comments]
    store.save_alignments([Alignment(c, ["e0000"], {"e0000": 0.0}, ["0"]) for c in ids], "run0")
    store.set_response(ids[0], "response 0")
    store.add_suggestion(SuggestionRecord("s1", ids[0], "r", "edit 0", "p0001"))
    store.close()

    rng = random.Random(20261121)
    zygote = subprocess.Popen([sys.executable, "-c", ZYGOTE, str(path), ",".join(ids)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert zygote.stdin is not None and zygote.stdout is not None
    n = rounds(path)[2]
    survived, in_flight_kept, wrote = 0, 0, 0
    try:
        for _ in range(KILLS):
            zygote.stdin.write(f"{n}\n")
            zygote.stdin.flush()
            ready, pid = zygote.stdout.readline().split()
            assert ready == "ready"
            time.sleep(rng.uniform(0.0, 0.06))
            os.kill(int(pid), signal.SIGKILL)
            reported = []
            while not (line := zygote.stdout.readline().strip()).endswith("dead"):
                reported.append(int(line))  # a number cut short by the kill runs into "dead": not counted
            last = reported[-1] if reported else n
            a, r, s = rounds(path)  # reopens and checks consistency
            assert s >= last and a <= last + 1, (n, reported[-3:], (a, r, s))  # nothing reported done was lost
            survived += 1
            in_flight_kept += a == last + 1
            wrote += s - n
            n = s  # the next writer redoes the killed round from its start
    finally:
        zygote.kill()
        zygote.wait(timeout=30)
    print(f"{survived} kills survived, {wrote} rounds written, part of the round in flight committed at {in_flight_kept} kills")
    assert survived == KILLS
    # the writers really wrote between kills: each step now also copies the WAL into the file (about 4x slower, so
    # fewer whole rounds fit between kills), and the round in flight had its first transaction on disk at most
    assert wrote + in_flight_kept > KILLS
