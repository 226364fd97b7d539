"""The whole suggest / edit / tldr path with the embedded Gemma 3 270M (the CLI's
default). Quality is not the point: the output must validate end to end."""

from __future__ import annotations

import json

import pytest

from engine.cli.main import main
from engine.resources import resource

pytestmark = pytest.mark.slow


def test_embedded_model_runs_suggest_edit_and_tldr(capsys: pytest.CaptureFixture[str]) -> None:
    paper = str(resource("demo", "draft_v1.md"))
    assert main(["suggest", paper, "--comment", "Only tau = 0.9 is reported; how sensitive is the method to tau?",
                 "--max-tokens", "160", "--ctx", "2048", "--json"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["edit"] and s["response"] and "smoke-test" in s["model_note"]
    assert s["location"]["mode"] in ("replace", "insert_after", "new_paragraph")
    assert s["location"]["paragraph_id"] is None or s["location"]["paragraph_id"].startswith("p")
    assert "reviewer" not in s["edit"].lower() or "mentions_reviewer" in [f["code"] for f in s["flags"]]

    assert main(["edit", "--intent", "grammar", "--text", "The results shows that our model outperform the baseline.",
                 "--max-tokens", "96", "--ctx", "2048", "--json"]) == 0
    e = json.loads(capsys.readouterr().out)
    assert e["intent"] == "fluency" and e["edited"] and e["explanation"] and isinstance(e["unchanged"], bool)

    assert main(["tldr", paper, "--max-tokens", "48", "--ctx", "2048", "--json"]) == 0
    t = json.loads(capsys.readouterr().out)
    assert t["source"] == "abstract+introduction+conclusion"
    assert [c["style"] for c in t["candidates"]] == ["contribution", "result"]
    assert all(c["text"] and c["words"] <= 25 for c in t["candidates"])
