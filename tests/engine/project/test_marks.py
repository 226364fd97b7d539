"""The author's mark "answered throughout the paper": a marked comment's links at its own threshold and past the cap,
unmarking gives back exactly what was there, the mark is undoable and kept in the file, an old file opens without it,
and a project with no mark reads as before, decision for decision."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import numpy as np
import pytest

from engine.align.learned import shipped_model
from engine.align.records import Alignment
from engine.align.status import LINK_P, PARTLY_P, Link, Status, assess_alignment
from engine.align.throughout import marked_link_p, shipped
from engine.jobs import run_job
from engine.project import ProjectStore
from engine.project.pipeline import build_project
from engine.project.session import NOTHING, ProjectSession

REPO = Path(__file__).resolve().parents[3]
DEMO = REPO / "resources" / "demo"


def calibrated_session(path: Path) -> tuple[ProjectSession, str, list[str]]:
    """The demo project with one comment's alignment replaced by invented calibrated scores: two links above the
    link threshold, seven between the marked threshold and it, two under both."""
    store = ProjectStore.create(path, "demo")
    run_job(build_project(store, DEMO / "draft_v1.md", DEMO / "draft_v2.md", DEMO / "reviews.md", aligner="bm25"))
    project = store.load()
    edits = [e.id for e in project.diff.edits]
    assert len(edits) >= 11
    low = marked_link_p()
    scores = [0.62, 0.40] + [LINK_P - (LINK_P - low) * k / 8 for k in range(1, 8)] + [low * 0.9, low * 0.5]
    cid = project.comments[0].id
    store.save_alignments([Alignment(cid, edits[:2], {e: round(p, 4) for e, p in zip(edits, scores)}, calibrated=True,
                                     answered=0.45)], aligner=None)
    return ProjectSession(store), cid, edits


def suggested(session: ProjectSession, cid: str) -> list[str]:
    return [e.edit_id for e in session.project.assessment(cid).evidence if e.link is Link.SUGGESTED]


def test_the_shipped_setting_is_the_image_of_its_factor_under_the_shipped_link_model() -> None:
    model, raw = shipped_model(), shipped()
    assert 0.01 < raw["factor"] < 1 and raw["learned_threshold"] == round(float(model.threshold), 4)
    image = float(model.status_scale(np.array([raw["factor"] * model.threshold], np.float32))[0])
    assert raw["link_p"] == pytest.approx(image, abs=1e-4) and 0 < raw["link_p"] < LINK_P


def test_a_marked_comment_gets_its_links_past_the_cap_and_unmarking_restores_them(tmp_path: Path) -> None:
    session, cid, edits = calibrated_session(tmp_path / "demo.redraft")
    before = session.project.assessment(cid)
    assert suggested(session, cid) == edits[:2]
    changes = session.mark_throughout(cid)
    assert changes.comment_ids == (cid,) and changes.statuses and changes.history
    assert session.project.throughout == {cid}
    got = suggested(session, cid)
    assert got == edits[:9] and len(got) > 5  # its own threshold, no cap; the two under it stay out
    assert all(e.probability >= marked_link_p() for e in session.project.assessment(cid).evidence)
    assert session.mark_throughout(cid) is NOTHING  # already so
    session.mark_throughout(cid, on=False)
    assert session.project.assessment(cid) == before and session.project.throughout == set()


def test_a_marked_comment_with_only_weak_links_reads_partly_as_its_links_are_shown(tmp_path: Path) -> None:
    """Status recomputed: a best link under the link threshold but above the marked one is shown, so an answered
    probability in the "partly" band reads partly (check), as a link at the threshold would."""
    a = Alignment("R1.1", [], {"e1": round(0.8 * LINK_P, 4), "e2": 0.001}, calibrated=True, answered=PARTLY_P + 0.01)
    assert assess_alignment(a).status is Status.NOT_ADDRESSED
    marked = assess_alignment(a, throughout_p=marked_link_p())
    assert marked.status is Status.PARTLY and [e.edit_id for e in marked.evidence] == ["e1"]


def test_the_mark_is_undoable_and_kept_in_the_file(tmp_path: Path) -> None:
    path = tmp_path / "demo.redraft"
    session, cid, edits = calibrated_session(path)
    session.mark_throughout(cid)
    undone = session.undo()
    assert undone.comment_ids == (cid,) and undone.statuses and session.project.throughout == set()
    assert suggested(session, cid) == edits[:2]
    session.redo()
    assert session.project.throughout == {cid}
    session.close()
    again = ProjectSession.open(path)
    try:
        assert again.project.throughout == {cid} and suggested(again, cid) == edits[:9]
        assert again.can_undo()
        again.undo()
        assert again.project.throughout == set()
    finally:
        again.close()


def test_an_unknown_comment_is_a_key_error_and_writes_nothing(tmp_path: Path) -> None:
    session, cid, _ = calibrated_session(tmp_path / "demo.redraft")
    with pytest.raises(KeyError):
        session.mark_throughout("R9.99")
    assert not session.can_undo() and session.project.throughout == set()


def test_an_older_file_without_the_mark_opens_and_reads_as_before(tmp_path: Path) -> None:
    path = tmp_path / "demo.redraft"
    session, cid, edits = calibrated_session(path)
    session.close()
    with sqlite3.connect(path) as conn:  # a file written before the mark existed has no such row
        assert conn.execute("SELECT COUNT(*) FROM meta WHERE key = 'throughout'").fetchone()[0] == 0
    again = ProjectSession.open(path)
    try:
        assert again.project.throughout == set() and suggested(again, cid) == edits[:2]
    finally:
        again.close()


def test_nothing_marked_moves_no_decision() -> None:
    """With no mark, ``assess_alignment`` is today's: every status and every link of random calibrated rows is the
    same with ``throughout_p`` None as without the argument, and equals the capped links at ``LINK_P``."""
    rng = np.random.default_rng(0)
    for n in range(300):
        scores = {f"e{j}": round(float(p), 4) for j, p in enumerate(rng.beta(0.6, 3.0, size=12))}
        a = Alignment(f"R1.{n}", [], scores, calibrated=True, answered=float(rng.uniform()) if n % 3 else None)
        plain, unmarked = assess_alignment(a), assess_alignment(a, throughout_p=None)
        assert plain == unmarked
        want = sorted((k for k, p in scores.items() if p >= LINK_P), key=lambda k: -scores[k])[:5]
        assert [e.edit_id for e in plain.evidence] == want


def test_the_file_keeps_the_marks_as_a_meta_row(tmp_path: Path) -> None:
    path = tmp_path / "demo.redraft"
    session, cid, _ = calibrated_session(path)
    session.mark_throughout(cid)
    session.close()
    with sqlite3.connect(path) as conn:
        row = conn.execute("SELECT value FROM meta WHERE key = 'throughout'").fetchone()
    assert json.loads(row[0]) == [cid]


def test_the_cli_marks_clears_and_refuses_a_bad_comment_in_one_line(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from engine.cli.main import main

    path = tmp_path / "demo.redraft"
    session, cid, edits = calibrated_session(path)
    session.close()
    assert main(["project", "mark", str(path), cid, "throughout"]) == 0
    out = capsys.readouterr().out
    assert f"marked {cid} answered throughout the paper" in out
    assert main(["project", "show", str(path)]) == 0
    assert "[answered throughout the paper]" in capsys.readouterr().out
    assert main(["project", "show", str(path), "--json"]) == 0
    shown = {c["id"]: c for c in json.loads(capsys.readouterr().out)["comments"]}
    assert shown[cid]["throughout"] and shown[cid]["edit_ids"][:9] == edits[:9]
    assert not any(c["throughout"] for k, c in shown.items() if k != cid)
    assert main(["project", "mark", str(path), "R9.99", "throughout"]) == 2
    err = capsys.readouterr().err
    assert "not in this project: R9.99" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert f"redraft project show {path} lists its comments" in err  # what to do (review30)
    assert main(["project", "undo", str(path)]) == 0 and "undid mark of" in capsys.readouterr().out
    assert main(["project", "redo", str(path)]) == 0
    assert main(["project", "mark", str(path), cid, "clear"]) == 0
    with ProjectSession.open(path) as again:
        assert again.project.throughout == set()


def test_the_csv_the_report_and_the_letter_show_the_mark(tmp_path: Path) -> None:
    from engine.letter.content import build_letter
    from engine.project.coverage import CSV_COLUMNS, coverage_view
    from engine.project.coverage_csv import csv_record
    from engine.project.report import revision_report_html

    session, cid, _ = calibrated_session(tmp_path / "demo.redraft")
    session.mark_throughout(cid)
    p = session.project
    rows = {r.comment_id: r for r in coverage_view(p).rows}
    assert rows[cid].throughout and not any(r.throughout for k, r in rows.items() if k != cid)
    record = dict(zip(CSV_COLUMNS, csv_record(rows[cid])))
    assert record["answered throughout the paper"] == "yes"
    assert dict(zip(CSV_COLUMNS, csv_record(next(r for k, r in rows.items() if k != cid))))[
        "answered throughout the paper"] == "no"
    assert revision_report_html(p).count("answered throughout the paper") == 1
    titles = [a.title(i) for i, a in enumerate(build_letter(p).answers(), 1)]
    assert sum("answered throughout the paper" in t for t in titles) == 1
    session.mark_throughout(cid, on=False)
    assert "answered throughout the paper" not in revision_report_html(session.project)


def test_a_new_round_carries_the_marks_of_the_comments_found_again(tmp_path: Path) -> None:
    from engine.project.rounds import build_round

    session, cid, _ = calibrated_session(tmp_path / "demo.redraft")
    p = session.project
    gone = next(c for c in p.comments if "abstract should state" in c.text)
    session.mark_throughout(cid)
    session.mark_throughout(gone.id)
    text = (DEMO / "reviews.md").read_text(encoding="utf-8")
    line = "- The abstract should state the latency gain, not only the computation saving.\n"
    assert line in text
    new = tmp_path / "round2.md"
    new.write_text(text.replace(line, ""), encoding="utf-8")
    report = run_job(build_round(session.path, reviews=new))
    assert [d for d in report.dropped if "answered throughout the paper" in d] == [
        f"the mark \u201canswered throughout the paper\u201d of {gone.reviewer}: \u201c"
        f"{' '.join(gone.text.split()[:12])}{' …' if len(gone.text.split()) > 12 else ''}\u201d (the comment is gone)"]
    session.take_round(report)
    after = session.project
    kept = next(c.id for c in after.comments if c.text == p.comment(cid).text)
    assert after.throughout == {kept}
    session.close()
