"""Where the author copies a suggestion in the draft's own syntax (branch source19): ``redraft suggest`` on a
LaTeX paper with a tiny GGUF written at test time, and a project built from a LaTeX draft (stored, read back).
Real parts: the LaTeX reader, SQLite, llama.cpp (the card's Copy: ``tests/gui/test_widget_suggestion_card_source.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cli.main import main
from engine.jobs import run_job
from engine.project.model import SuggestionRecord
from engine.project.pipeline import build_project
from engine.project.session import ProjectSession
from engine.project.store import ProjectStore
from tests.engine.generate.test_source_syntax import LATEX
from tests.gguf_factory import tiny_gguf  # noqa: F401

REVIEWS = """# Reviewer 1

1. The growth model in the introduction needs a citation for the kin competition result.
2. Please report how sensitive the results are to the growth rate.
"""
EDIT = "Kin compete [Heron2017, Wren2016] in Section 2 at 5% [[RESULT: the rate]]."
IN_LATEX = r"Kin compete \citep[p.~3]{Heron2017,Wren2016} in Section~\ref{sec:model} at 5\% [[RESULT: the rate]]."


@pytest.fixture
def paper(tmp_path: Path) -> Path:
    path = tmp_path / "paper.tex"
    path.write_text(LATEX, encoding="utf-8")
    return path


@pytest.mark.slow
def test_cli_suggest_prints_the_edit_and_its_paragraph_as_latex(paper: Path, tiny_gguf: Path,  # noqa: F811
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    args = ["suggest", str(paper), "--comment", "Cite the source of the growth model for kin that compete.",
            "--model", str(tiny_gguf), "--lexical", "--top-k", "1", "--max-tokens", "16", "--ctx", "2048"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Edit as LaTeX, to paste into the source: " in out
    assert "The paragraph in the source (paper.tex, line 4): Populations grow as $N_{t+1} = r N_t$" in out
    assert main([*args, "--json"]) == 0
    import json

    s = json.loads(capsys.readouterr().out)
    assert s["syntax"] == "latex" and s["source_original"].startswith("Populations grow as $N_{t+1}")
    assert s["source_edit"] and "%" not in s["source_edit"].replace("\\%", "")


def test_a_project_of_a_latex_draft_gives_the_stored_suggestion_in_latex(tmp_path: Path, paper: Path) -> None:
    reviews = tmp_path / "reviews.md"
    reviews.write_text(REVIEWS, encoding="utf-8")
    path = tmp_path / "p.redraft"
    store = ProjectStore.create(path, "p")
    try:
        run_job(build_project(store, paper, None, reviews, aligner="bm25"))
    finally:
        store.close()
    with ProjectSession.open(path) as session:  # the draft as stored, read back from SQLite
        p = session.project
        para = next(q for q in p.old.paragraphs if q.text.startswith("Populations"))
        rec = SuggestionRecord("s1", p.comments[0].id, edit=EDIT, location=para.id,
                               quote="See Section 2 and Figure 1;")
        written, quote = p.in_source(rec)
        assert written.text == IN_LATEX and quote == r"See Section~\ref{sec:model} and Figure \ref{fig:map};"
        assert p.in_source(rec, "As [Smith2020] found.")[0].text == r"As \citet{Smith2020} found."
        elsewhere = SuggestionRecord("s2", p.comments[0].id, edit="At 5% [Other2001].", location="Model")
        assert p.in_source(elsewhere)[0].text == r"At 5\% \cite{Other2001}."  # a section: the draft's citations
