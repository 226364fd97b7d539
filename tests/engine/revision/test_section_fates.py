"""What became of the draft's sections in a reorganised revision (trial20): a section renamed, two merged into one,
one split, one removed, one new; a section kept under its title (numbers and capitals aside) is not listed. Shown by
`redraft diff` (text, Markdown, JSON), `redraft project show`, the report and the letter's summary of changes.
Markdown drafts written for this test."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.document import load_document
from engine.jobs import run_job
from engine.letter.content import build_letter
from engine.letter.text_formats import letter_markdown
from engine.project.pipeline import build_project_file
from engine.project.report import revision_report_html
from engine.project.session import ProjectSession
from engine.revision import diff_documents
from engine.revision.render import markdown_report, text_report
from engine.revision.sections import section_fates, title_key


def para(seed: int) -> str:
    rng = random.Random(seed)
    vocab = ["".join(rng.choice("bdfgklmnprstvz") + rng.choice("aeiou") for _ in range(rng.randint(2, 4)))
             for _ in range(80)]
    return " ".join(" ".join(rng.choice(vocab) for _ in range(12)).capitalize() + "." for _ in range(4))


P = {k: para(k) for k in range(1, 13)}
DRAFT = f"""# A paper

## 1 Introduction

{P[1]}

## 2 Methods

### 2.1 Data sources

{P[2]}

{P[3]}

### 2.2 Models for income

{P[4]}

### 2.3 Models for spending

{P[5]}

### 2.4 A side question

{P[6]}

## 3 Results

### 3.1 Income and spending

{P[7]}

{P[8]}
"""
REVISED = f"""# A paper

## 1 INTRODUCTION

{P[1]} One more sentence for the introduction.

## 2 Methods

### 2.1 Data

{P[2]}

{P[3]}

### 2.2 Models

{P[4]}

{P[5]}

## 3 Results

### 3.1 Income alone

{P[7]}

### 3.2 Spending alone

{P[8]}

## 4 Conclusion

{P[9]}
"""


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    (tmp_path / "old.md").write_text(DRAFT, encoding="utf-8")
    (tmp_path / "new.md").write_text(REVISED, encoding="utf-8")
    return tmp_path / "old.md", tmp_path / "new.md"


EXPECTED = [  # the Markdown reader keeps headings without their numbers
    ("renamed", "Methods > Data sources", ("Methods > Data",), 2, 2),
    ("merged", "Methods > Models for income", ("Methods > Models",), 1, 1),
    ("merged", "Methods > Models for spending", ("Methods > Models",), 1, 1),
    ("removed", "Methods > A side question", (), 0, 1),
    ("split", "Results > Income and spending", ("Results > Income alone", "Results > Spending alone"), 2, 2),
    ("new", "Conclusion", (), 0, 1),
]


def test_each_reorganised_section_and_the_new_one(files) -> None:
    diff = diff_documents(load_document(files[0]), load_document(files[1]))
    fates = section_fates(diff)
    assert [(f.kind, f.section, f.places, f.kept, f.total) for f in fates] == EXPECTED
    # the Introduction kept its place whatever its capitals and number
    assert title_key("1 INTRODUCTION") == title_key("Introduction") == "introduction"
    lines = [f.describe() for f in fates]
    assert lines[0] == "Methods > Data sources: now under \u201cMethods > Data\u201d (2 of 2 paragraphs)"
    assert lines[1] == "Methods > Models for income: merged into \u201cMethods > Models\u201d (1 of 1 paragraph)"
    assert lines[3] == "Methods > A side question: removed (1 paragraph deleted)"
    assert lines[4] == ("Results > Income and spending: split among \u201cResults > Income alone\u201d, \u201cResults > "
                        "Spending alone\u201d (2 of 2 paragraphs)")
    assert lines[5] == "Conclusion: new (1 paragraph)"
    assert any(line.startswith("section ") and "removed (1 paragraph deleted)" in line
               for line in text_report(diff).splitlines())
    assert "- Section " in markdown_report(diff)


def test_the_cli_the_report_and_the_letter_list_them(files, tmp_path: Path, capsys) -> None:
    assert main(["diff", str(files[0]), str(files[1]), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [f["kind"] for f in data["section_fates"]] == [k for k, *_ in EXPECTED]
    reviews = tmp_path / "reviews.txt"
    reviews.write_text("Reviewer 1\n\n1. Please explain how the data sources were chosen.\n", encoding="utf-8")
    path = run_job(build_project_file(tmp_path / "p.redraft", "p", files[0], files[1], reviews, aligner="bm25"))
    assert main(["project", "show", str(path)]) == 0
    shown = capsys.readouterr().out
    assert "A side question: removed (1 paragraph deleted)" in shown
    with ProjectSession.open(path) as session:
        report = revision_report_html(session.project)
        letter = letter_markdown(build_letter(session.project))
    assert "Sections reorganised (6)" in report and "new (1 paragraph)" in report
    assert "It reorganised 5 sections of the submitted version (listed last below)." in letter
    assert "- Submitted section " in letter and "Conclusion: new" not in letter
