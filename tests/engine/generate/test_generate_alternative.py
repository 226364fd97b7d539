""""Here, or here" (issue 34, round nine): the placement's second place, offered when the shipped placement model
scores it close to the first, written as a scaffold for its own paragraph, switched to and back in a project, and
printed by the CLI. Real parts: the bundled demo drafts and reviews, the shipped placement model, a tiny GGUF
written at test time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.document import load_document
from engine.generate.alternative import alternative
from engine.generate.placement import place
from engine.models.factory import ConfiguredModels
from engine.models.llama.llm import LlamaGenerator
from engine.project.session import ProjectSession
from engine.project.work import suggest_job
from engine.resources import resource
from engine.reviews import extract_comments, load_reviews
from tests.engine.project.test_session_locate import build
from tests.gguf_factory import tiny_gguf  # noqa: F401

OPTIONS = {"max_tokens": 24, "max_chars": 60, "time_limit": 30.0}
#: A comment added to the demo project whose two places the shipped placement model scores close (within its
#: margin, capped since round thirteen: none of the demo's own seven is that close).
CLOSE = "Please discuss how the exit threshold interacts with the streaming chunk size."


def build_with_close(path: Path) -> str:
    """The demo project with ``CLOSE`` added by hand; its id."""
    build(path)
    with ProjectSession.open(path) as session:
        return session.add_comment("Reviewer 2", CLOSE).comment_ids[0]


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    """The demo draft, its reviews' comments and ``CLOSE`` (since session 30's tuned encoder none of the demo's own
    seven is within the margin outside a project either; R2.2 was, at 0.49)."""
    close = tmp_path_factory.mktemp("close") / "reviews.md"
    close.write_text(f"# Reviewer 3\n\n{CLOSE}\n", encoding="utf-8")
    return (load_document(str(resource("demo", "draft_v1.md"))),
            [*extract_comments(load_reviews(str(resource("demo", "reviews.md")))),
             *extract_comments(load_reviews(str(close)))])


def test_the_second_place_is_offered_only_when_the_model_scores_it_close(demo) -> None:
    doc, comments = demo
    offered = []
    for c in comments:
        p = place(c, doc)
        assert p.margin is not None and p.margin >= 0 and len(p.ranked) == 2
        if p.margin <= p.limit:  # the shipped model's own margin
            assert p.alternative is p.ranked[1] and p.alternative is not p.paragraph
            offered.append(c.id)
        else:
            assert p.alternative is None and alternative(p, c, doc) is None
        assert place(c, doc, reranker=None).alternative is None  # the rules alone have no score gap: no offer
    assert 0 < len(offered) < len(comments)  # offered for some comments, not all


def test_the_alternative_is_a_scaffold_for_its_own_paragraph_and_the_author_can_move_there(demo) -> None:
    doc, comments = demo
    c = next(c for c in comments if place(c, doc).alternative is not None)
    p = place(c, doc)
    alt = alternative(p, c, doc)
    second = doc.paragraph(alt.paragraph_id)
    assert second is p.ranked[1] and alt.scaffold.paragraph_id == second.id and alt.margin == p.margin
    assert alt.quote.rstrip(" …").split(" …")[0][:40] in " ".join(second.text.split())  # its own words
    assert alt.line().startswith(f"also fits: ¶ {second.id}")
    moved = p.moved_to(second)  # the author's choice first, the placement's first offered to go back
    assert moved.paragraph is second and moved.alternative is p.paragraph and moved.reason
    assert p.moved_to(p.paragraph) is p


@pytest.fixture
def tiny_models(tiny_gguf: Path) -> ConfiguredModels:
    return ConfiguredModels(generator=LlamaGenerator(tiny_gguf, n_ctx=2048, n_gpu_layers=0, threads=1))


def test_a_scaffold_moves_to_its_alternative_place_and_back(tmp_path: Path, tiny_models) -> None:
    """A comment with a close second place (``CLOSE``): the random model's rewrite fails its checks, the
    scaffold is the suggestion, and the draft for the second place is stored with it (switched to at once)."""
    path = tmp_path / "demo.redraft"
    cid = build_with_close(path)
    with ProjectSession.open(path, models=tiny_models) as session:
        job = suggest_job(session, tiny_models, cid, scaffold=True, **OPTIONS)
        job.run()
        rec = job.result
        assert rec.kind == "scaffold" and rec.switchable and rec.alternative["location"] != rec.location
        assert "[[" in rec.alternative["edit"] and rec.alternative["response"] and rec.section
        first = rec.to_dict()
        changes = session.switch_place(rec.id)
        moved = session.project.suggestion(rec.id)
        assert changes.suggestion_id == rec.id and session.project.suggestions[cid][-1] is moved
        assert moved.location == first["alternative"]["location"] and moved.edit == first["alternative"]["edit"]
        assert moved.alternative["location"] == first["location"] and moved.alternative["edit"] == first["edit"]
        assert not moved.rewrite and not moved.flags  # the withheld rewrite was for the other place
    with ProjectSession.open(path) as again:  # stored: switched back, it is the suggestion it was
        assert again.project.suggestion(rec.id).location == first["alternative"]["location"]
        again.switch_place(rec.id)
        assert again.project.suggestion(rec.id).to_dict() == first
        again.accept(rec.id)
        with pytest.raises(ValueError):  # accepted: it stays where the author accepted it
            again.switch_place(rec.id)


def test_cli_project_suggest_prints_the_other_place_and_writes_there_on_request(
        tmp_path: Path, tiny_gguf: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "demo.redraft"
    cid = build_with_close(path)
    args = ["--model", str(tiny_gguf), "--max-tokens", "24", "--time-limit", "30", "--threads", "1",
            "--gpu-layers", "0"]
    assert main(["project", "suggest", str(path), cid, *args]) == 0
    captured = capsys.readouterr()
    with ProjectSession.open(path) as session:
        rec = session.project.suggestions[cid][-1]
        other = rec.alternative["location"]
        where = session.project.paragraph_where(other)
    assert f"Also fits: ¶ {other} ({where}): “" in captured.out
    assert f"--at {other}" in captured.err
    assert main(["project", "suggest", str(path), cid, *args, "--at", other, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["location"] == other and out["alternative"]["location"] == rec.location  # and back again
    assert main(["project", "suggest", str(path), cid, *args, "--at", "p9999"]) == 2
    assert "no paragraph 'p9999'" in capsys.readouterr().err


def test_cli_suggest_prints_the_other_place_and_writes_there_on_request(
        tiny_gguf: Path, capsys: pytest.CaptureFixture[str]) -> None:
    draft = str(resource("demo", "draft_v1.md"))
    # a comment whose two places the placement model scores close (round twelve's model, the CLI's located places)
    args = ["suggest", draft, "--comment", "The savings on test-other are smaller than on test-clean; why?", "--model", str(tiny_gguf), "--max-tokens", "24", "--time-limit", "30",
            "--threads", "1", "--gpu-layers", "0"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    first, other = data["location"]["paragraph_id"], data["alternative"]["paragraph_id"]
    assert other != first and data["alternative"]["scaffold"]["paragraph_id"] == other
    assert main([*args, "--at", other]) == 0
    captured = capsys.readouterr()
    assert f"Location: {other} (" in captured.out and f"Also fits: ¶ {first} (" in captured.out
    assert f"--at {first}" in captured.err
    assert main([*args, "--at", "nope"]) == 2 and "no paragraph 'nope'" in capsys.readouterr().err
