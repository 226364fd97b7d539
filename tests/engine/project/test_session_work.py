"""Model-backed work as jobs on the session (``engine.project.work``): computed apart, stored through the session,
refused when stale; the CLI's ``project suggest`` and ``project tldr`` run the same jobs on the tiny GGUF."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.cli.suggest import SEVERITY_WORDS
from engine.jobs import CancelToken, run_job
from engine.models.factory import ConfiguredModels
from engine.models.llama.llm import LlamaGenerator
from engine.models.protocols import ModelSource
from engine.project.session import NOTHING, ProjectSession
from engine.generate.placement import place
from engine.project.work import located_in, locate_job, round_job, suggest_job, tldr_job
from tests.engine.project.test_session_locate import DEMO, build
from tests.gguf_factory import tiny_gguf  # noqa: F401

OPTIONS = {"max_tokens": 24, "max_chars": 60, "time_limit": 30.0}


@pytest.fixture
def tiny_models(tiny_gguf: Path) -> ConfiguredModels:
    return ConfiguredModels(generator=LlamaGenerator(tiny_gguf, n_ctx=2048, n_gpu_layers=0, threads=1))


def test_a_suggestion_that_fails_its_checks_is_stored_like_any_other(tmp_path: Path, tiny_models) -> None:
    path = tmp_path / "demo.redraft"
    build(path)
    assert isinstance(tiny_models, ModelSource)
    with ProjectSession.open(path, models=tiny_models) as session:
        streamed: list[str] = []
        job = suggest_job(session, tiny_models, "R1.2", **OPTIONS)
        assert job.llm and job.streams
        changes = job.run(on_text=streamed.append)
        rec = job.result
        assert changes.suggestion_id == rec.id and changes.comment_ids == ("R1.2",) and changes.statuses
        assert session.project.suggestions["R1.2"][-1] is rec and "".join(streamed).strip()
        assert rec.failed and all(f.code and f.severity for f in rec.flags)  # noise: failed, flags typed
        project = session.project
        places = located_in(project, "R1.2", project.new)  # where the build located it, placed as the CLI places
        assert places and rec.location == place(project.comment("R1.2"), project.new, places).paragraph.id
    with ProjectSession.open(path) as again:  # the same typed flags on disk
        assert again.project.suggestions["R1.2"][-1].flags == rec.flags


def test_a_job_for_a_session_no_longer_open_stores_nothing(tmp_path: Path) -> None:
    path = tmp_path / "demo.redraft"
    build(path)
    with ProjectSession.open(path) as session, ProjectSession.open(path) as other:
        job = locate_job(session, None)
        result = run_job(job.compute(*_no_cancel()))
        assert job.finish(result, other) is NOTHING  # another session is open now
        session.reload()  # the project was read again (a round, say): stale too
        assert job.finish(result, session) is NOTHING
        fresh = locate_job(session, None)
        assert fresh.run().locations  # the same job, current, is stored


def test_a_round_built_too_late_is_deleted(tmp_path: Path) -> None:
    path = tmp_path / "demo.redraft"
    build(path)
    with ProjectSession.open(path) as session, ProjectSession.open(path) as other:
        job = round_job(session, None, revised=DEMO / "draft_v2.md")
        report = run_job(job.compute(*_no_cancel()))
        assert report.path.is_file()
        assert job.finish(report, other) is NOTHING and not report.path.exists()


def test_tldr_job_stores_the_candidates_that_pass(tmp_path: Path) -> None:
    path = tmp_path / "demo.redraft"
    build(path)
    with ProjectSession.open(path) as session:
        job = tldr_job(session, None, "extractive")
        assert not job.llm
        changes = job.run()
        assert changes.tldrs and session.project.tldrs == job.result.tldrs and job.result.tldrs
    with ProjectSession.open(path) as again:
        assert again.project.tldrs == job.result.tldrs


def test_cli_project_suggest_and_tldr(tmp_path: Path, tiny_gguf: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "demo.redraft"
    build(path)
    with pytest.raises(SystemExit) as help_exit:
        main(["project", "suggest", "--help"])
    assert help_exit.value.code == 0 and "COMMENT_ID" in capsys.readouterr().out
    assert main(["project", "suggest", str(path), "R1.2", "--model", str(tiny_gguf), "--max-tokens", "24",
                 "--time-limit", "30", "--threads", "1", "--gpu-layers", "0", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["comment_id"] == "R1.2" and out["failed"] is True
    assert all({"code", "message", "severity"} <= set(f) for f in out["flags"])
    with ProjectSession.open(path) as session:
        assert session.project.suggestion(out["id"]).flags[0].code == out["flags"][0]["code"]
    # the plain output says where the edit goes as a reader finds it (a new-user trial saw "Location: p0129")
    assert main(["project", "suggest", str(path), "R1.2", "--model", str(tiny_gguf), "--max-tokens", "24",
                 "--time-limit", "30", "--threads", "1", "--gpu-layers", "0"]) == 0
    plain = capsys.readouterr().out
    with ProjectSession.open(path) as session:
        rec = session.project.suggestions["R1.2"][-1]
        paragraph = session.project.new.paragraph(rec.location)
        where = session.project.paragraph_where(rec.location)
    assert paragraph.section_title and where.startswith(paragraph.section_title)
    assert f"Location: {rec.location} ({where})" in plain
    assert (f"Change: {rec.change}" in plain) == bool(rec.change)
    assert (f"Where: “{rec.quote}”" in plain) == bool(rec.quote)
    # each flag in words, without its code or severity as identifiers (--json keeps both)
    assert rec.flags and all(f"  {SEVERITY_WORDS[f.severity]}: {f.short}\n" in plain for f in rec.flags), plain
    assert not any(f"{f.code}:" in plain or f"[{f.severity}]" in plain for f in rec.flags), plain
    assert main(["project", "suggest", str(path), "R9.9", "--model", str(tiny_gguf)]) == 2
    assert "not in this project: R9.9" in capsys.readouterr().err
    assert main(["project", "tldr", str(path), "--extractive"]) == 0
    out = capsys.readouterr().out
    with ProjectSession.open(path) as session:
        assert session.project.tldrs and f"stored {len(session.project.tldrs)} TLDR(s)" in out
        assert all(f"- {t}" in out for t in session.project.tldrs)


def test_a_paragraph_is_named_by_section_and_place_in_the_revised_version_or_the_draft(tmp_path: Path) -> None:
    path = tmp_path / "demo.redraft"
    build(path)
    with ProjectSession.open(path) as session:
        p = session.project
        kept = next(x for x in p.new.paragraphs if x.section_title and x.line is not None)
        assert p.paragraph_where(kept.id) == f"{kept.section_title}, line {kept.line}"
        assert p.paragraph_where("p9999") == ""
        p.new = None  # a project with the draft only: its suggestions are placed in the draft, and say so
        first = next(x for x in p.old.paragraphs if x.section_title and x.line is not None)
        assert p.paragraph_where(first.id) == f"{first.section_title}, draft line {first.line}"


def _no_cancel() -> tuple[CancelToken, None]:
    return CancelToken(), None


def test_a_tldr_candidate_that_is_not_stored_says_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An abstract whose most central sentence is far longer than a TLDR (a journal's highlight, 52 words, in a
    new-user trial): the candidate is printed with why it was not stored, not a bare "FAILED CHECKS"."""
    from engine.jobs import run_job as run
    from engine.project.pipeline import build_project_file

    long = ("We describe a tool that records every state a learning agent passes through, lets its developer step "
            "back to any earlier state, change a value there and run on from that point, and we test it with "
            "twenty-seven programmers on three faulty programs of growing size.")
    draft = tmp_path / "draft.md"
    draft.write_text(f"---\ntitle: Stepping Back in Learning Programs\n---\n\n## Abstract\n\n{long}\n\n## Introduction"
                     "\n\nDebugging learning agents is hard, because their behaviour emerges from many runs.\n",
                     encoding="utf-8")
    path = run(build_project_file(tmp_path / "p.redraft", "p", draft, None, DEMO / "reviews.md", aligner="bm25"))
    assert main(["project", "tldr", str(path), "--extractive"]) == 0
    out = capsys.readouterr().out
    assert f"- FAILED CHECKS ({len(long.split())} words; a TLDR has 15–25): {long}" in out
    assert "stored 0 TLDR(s)" in out
