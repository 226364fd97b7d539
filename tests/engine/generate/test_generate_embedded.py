"""The whole suggest / edit / tldr path with the embedded SmolLM2-135M-Instruct (the
CLI's default), on the demo draft: answers arrive within the time limit, carry the
check results, and never repeat the prompt's own words."""

from __future__ import annotations

import json

import pytest

from engine.cli.main import main
from engine.generate.flags import INVENTION_CODES
from engine.generate.guard import copied_span
from engine.generate.placeholders import strip
from engine.generate.instruct import InstructEditor
from engine.generate.suggest import EditSuggester
from engine.generate.tldr import TldrGenerator, tldr_source
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
    assert s["location"]["paragraph_id"].startswith("p")
    # a scaffold extends the placed sentence that shares the comment's words (mode replace, the sentence named)
    assert s["kind"] != "scaffold" or (s["location"]["mode"] == "replace" and s["sentence"] in s["scaffold"]["quote"])
    assert s["location"]["mode"] in ("replace", "insert_after")
    assert s["valid"] == (not [f for f in s["flags"] if f["severity"] == "error"])
    # issue 34: the embedded model's suggestion is its passing rewrite or the scaffold, which always says where and what
    assert s["valid"] and s["kind"] in ("rewrite", "scaffold") and s["scaffold"]["change"] and s["scaffold"]["quote"]
    assert s["kind"] == "rewrite" or (s["edit"] == s["scaffold"]["draft"] and s["rewrite_flags"])
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


#: A fixed input set on the demo draft: the comments of the demo reviews (resources/demo/reviews.md) and sentences
#: with one or two grammar errors each.
DEMO_COMMENTS = [
    COMMENT,
    "Please compare against static layer skipping at the same average depth, which is the obvious alternative.",
    "Could the authors report wall-clock latency on a real device?",
    "How were the weights of the exit losses chosen? The paper does not give their values.",
]
UNGRAMMATICAL = [
    "The results shows that our model outperform the baseline.",
    "Each of the exit heads have its own classifier.",
    "We trains the model for thirty epoch on LibriSpeech.",
    "The latency were measured on a phone and it are lower.",
]
#: How many of each must pass their checks (measured on the locked install: 4 of 4 suggestions, 2 of 4 grammar
#: edits, 2 of 2 TLDRs), so that a model, prompt or check that breaks generation fails here instead of passing with
#: every candidate rejected.
AT_LEAST = {"suggest": 3, "edit": 2, "tldr": 1}


@pytest.fixture(scope="module")
def smollm():
    from engine.models.embedded import embedded_generator

    generator = embedded_generator(n_ctx=2048, n_gpu_layers=0)
    yield generator
    generator.close()


def _words(text: str, shortest: int = 4) -> set[str]:
    return {w.lower().strip(".,;:()\"'?") for w in text.split() if len(w.strip(".,;:()\"'?")) >= shortest}


#: The words of the scaffold's own templates (engine/generate/scaffold.py), not taken from the comment or paper.
SCAFFOLD_WORDS = ("Here, We further evaluate For, we report The reason for is that Related work on includes; unlike "
                  "that work, As for,")


def test_most_generations_on_a_fixed_input_set_pass_their_checks(smollm) -> None:
    """Suggestions, grammar edits and TLDRs from the embedded model on fixed inputs: at least ``AT_LEAST`` of each
    pass their checks, and what passes says something about its input. No time limit: what is checked is the text,
    which a busy machine must not change (speed is bench/bench_suggest.py's)."""
    from engine.document import load_document
    from engine.generate.instruct import similarity
    from engine.reviews.model import ReviewComment

    draft = load_document(resource("demo", "draft_v1.md"))
    suggester = EditSuggester(smollm, time_limit=None)
    prompt = suggester.prompt_texts()
    suggestions = [suggester.suggest(ReviewComment(f"R1.{k}", "Reviewer 1", c), draft)
                   for k, c in enumerate(DEMO_COMMENTS, 1)]
    valid = [s for s in suggestions if s.valid]
    # issue 34: the embedded model's suggestion is its rewrite only when that passes every check, else the scaffold;
    # either way valid. The model itself is guarded as before: at least AT_LEAST rewrites pass the generation checks
    # (no copy, loop, grounding, cut-off), whatever the invention checks then say of them.
    assert len(valid) == len(suggestions), [(s.comment_id, [f.code for f in s.flags]) for s in suggestions]
    generated = [s for s in suggestions if not any(f.failed and f.code not in INVENTION_CODES
                                                   for f in s.flags + s.rewrite_flags)]
    assert len(generated) >= AT_LEAST["suggest"], [(s.comment_id, s.rewrite_flags) for s in suggestions]
    for s in suggestions:
        if s.kind == "scaffold":
            assert s.rewrite and any(f.failed for f in s.rewrite_flags) and s.edit == s.scaffold.draft
    paragraphs = {p.id: p.text for p in draft.paragraphs}
    for s in valid:
        assert s.edit.strip() and s.response.strip()
        assert not copied_span(s.edit, prompt) and not copied_span(s.response, prompt)
        assert s.paragraph_id in paragraphs
        if s.kind == "rewrite":
            assert _words(s.edit) & _words(s.comment + " " + paragraphs[s.paragraph_id]), s.edit  # about its input
        else:  # a scaffold's own words (its template's aside) come from the comment or the paragraph: "tau"
            own = _words(strip(s.edit), 3) - _words(SCAFFOLD_WORDS, 3)
            assert own & _words(s.comment + " " + paragraphs[s.paragraph_id], 3), s.edit

    editor = InstructEditor(smollm, time_limit=None)
    edits = [editor.edit(text, "grammar") for text in UNGRAMMATICAL]
    valid = [e for e in edits if e.valid]
    assert len(valid) >= AT_LEAST["edit"], [(e.original, [f.code for f in e.flags]) for e in edits]
    for e in valid:
        assert e.edited.strip() and e.explanation.strip() and e.edited.strip() != e.original
        assert similarity(e.original, e.edited) >= 0.3, (e.original, e.edited)  # the same sentence, corrected

    tldr = TldrGenerator(smollm, time_limit=None)
    papers = [load_document(resource("demo", name)) for name in ("draft_v1.md", "draft_v2.md")]
    candidates = [(paper, tldr.generate(tldr_source(paper)[0], paper.title, "rewrite")) for paper in papers]
    valid = [(paper, c) for paper, c in candidates if c.valid]
    assert len(valid) >= AT_LEAST["tldr"], [(c.text, [f.code for f in c.flags]) for _, c in candidates]
    for paper, c in valid:
        assert 15 <= c.words <= 25 and not copied_span(c.text, tldr.prompt_texts())
        assert len(_words(c.text) & _words(" ".join(p.text for p in paper.paragraphs))) >= 3, c.text


@pytest.mark.shared_data
def test_suggestions_on_the_cgo18_draft_pass_the_checks(shared_data) -> None:
    """A slice of the bench (bench/bench_suggest.py: 29/30 valid on all 30 comments before issue 34):
    the first 8 cgo18 comments, every suggestion valid (a passing rewrite or the scaffold), at most one rewrite
    failing a generation check, none repeating the prompt. No time limit: what is checked
    is the text, which a busy machine (other tests beside this one) must not change; speed is the bench's."""
    from pathlib import Path

    from engine.document import load_document
    from engine.models.embedded import embedded_generator
    from engine.reviews.model import ReviewComment

    gold = json.loads((Path(__file__).parents[2] / "data" / "cgo18_align_gold.json").read_text())
    doc = load_document(shared_data / "revision" / "cgo18" / "submission.pdf")
    suggester = EditSuggester(embedded_generator(n_ctx=4096, n_gpu_layers=0), time_limit=None)
    prompt = suggester.prompt_texts()
    results = [suggester.suggest(ReviewComment(c["id"], c["reviewer"], c["text"]), doc)
               for c in gold["papers"][0]["comments"][:8]]
    assert all(s.valid for s in results), [(s.comment_id, s.flags) for s in results if not s.valid]
    # the model's rewrites, scaffold or not: at most one fails a generation check (issue 34's invention checks
    # withhold more of them: the scaffold is shown instead)
    generated = [s for s in results if not any(f.failed and f.code not in INVENTION_CODES
                                               for f in s.flags + s.rewrite_flags)]
    assert len(generated) >= 7, [(s.comment_id, s.rewrite_flags) for s in results]
    assert not any(copied_span(s.edit, prompt) or copied_span(s.response, prompt) for s in results)
