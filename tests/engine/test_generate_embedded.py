"""The whole suggest / edit / tldr path with the embedded SmolLM2-135M-Instruct (the
CLI's default), on the demo draft: answers arrive within the time limit, carry the
check results, and never repeat the prompt's own words."""

from __future__ import annotations

import json

import pytest

from engine.cli.main import main
from engine.generate.guard import copied_span
from engine.generate.instruct import InstructEditor
from engine.generate.suggest import EditSuggester
from engine.generate.tldr import TldrGenerator
from engine.resources import resource

pytestmark = pytest.mark.slow

COMMENT = "Only tau = 0.9 is reported; how sensitive is the method to tau?"


def _sections(cls) -> dict[str, str]:
    from engine.generate.context import load_template
    from engine.generate.instruct import PROMPT as EDIT
    from engine.generate.suggest import PROMPT as SUGGEST
    from engine.generate.tldr import PROMPT as TLDR

    return load_template({EditSuggester: SUGGEST, InstructEditor: EDIT, TldrGenerator: TLDR}[cls]).sections


def test_embedded_model_runs_suggest_edit_and_tldr(capsys: pytest.CaptureFixture[str]) -> None:
    paper = str(resource("demo", "draft_v1.md"))
    assert main(["suggest", paper, "--comment", COMMENT, "--ctx", "2048", "--json"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert "3-8B instruct" in s["model_note"] and s["seconds"] < 60
    assert s["location"]["mode"] == "insert_after" and s["location"]["paragraph_id"].startswith("p")
    assert s["valid"] == (not [f for f in s["flags"] if f["severity"] == "error"])
    prompt = [v for k, v in _sections(EditSuggester).items() if k != "user"]
    assert not copied_span(s["edit"], prompt) and not copied_span(s["response"], prompt)
    if s["valid"]:
        assert s["edit"] and s["response"]

    assert main(["edit", "--intent", "grammar", "--text", "The results shows that our model outperform the baseline.",
                 "--ctx", "2048", "--json"]) == 0
    e = json.loads(capsys.readouterr().out)
    assert e["intent"] == "fluency" and isinstance(e["unchanged"], bool) and isinstance(e["valid"], bool)
    if e["valid"]:
        assert e["edited"] and e["explanation"]

    assert main(["tldr", paper, "--ctx", "2048", "--json"]) == 0
    t = json.loads(capsys.readouterr().out)
    assert t["source"] == "abstract+introduction+conclusion" and t["default"] == "extractive"
    assert [c["style"] for c in t["candidates"]] == ["extractive", "rewrite"]
    prompt = [v for k, v in _sections(TldrGenerator).items() if k != "user"]
    for c in t["candidates"]:
        assert c["words"] <= 25 or c["style"] == "extractive"
        assert not copied_span(c["text"], prompt)
