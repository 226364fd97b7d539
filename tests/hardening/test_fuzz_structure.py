"""Structure-aware fuzzing: the shapes that token soup never builds. Deep nesting (up to 10^5 levels),
huge single lines, unbalanced environments, self-referencing macros, include cycles, huge tables and lists,
for every text parser (LaTeX, Markdown, plain text, reviews, OpenReview JSON, BibTeX, reviewer profiles).

Each input must parse or be refused with a one-line ``RedraftError``: never a ``RecursionError``, a
traceback or minutes of work. Hypothesis picks the shape, the depth or size, and the filler."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.document.latex.load import load_latex
from engine.document.markdown import load_markdown, load_plain_text
from engine.document.textfile import MAX_BYTES
from engine.errors import InputError
from engine.expertise.profile import read_bibtex, read_openreview_jsonl, read_semantic_scholar
from engine.reviews.load import load_reviews
from tests.hardening.fuzzkit import check, profile

DEPTHS = st.sampled_from([1, 5, 60, 99, 101, 300, 1_000, 5_000, 100_000])
WORDS = st.sampled_from(["x", "Why is this?", "é ü", "\\emph{a}", "$x$", "[1] A. Author. Title. 2016."])
PRE, POST = "\\documentclass{article}\n\\begin{document}\n", "\n\\end{document}\n"


def nest(shape: str, depth: int, word: str) -> str:
    """``depth`` levels of one kind of nesting around ``word``."""
    if shape == "section":
        return f"\\section{{A{'{' * depth}{word}{'}' * depth}}}\nText."
    opens, closes = {
        "braces": ("{", "}"),
        "env": ("\\begin{itemize}\\item ", "\\end{itemize}"),
        "group-env": ("{\\begin{quote}", "\\end{quote}}"),
        "math": ("\\frac{", "}{2}"),
        "unbalanced": ("\\begin{figure}{", ""),
    }[shape]
    return opens * depth + word + closes * depth


@given(st.sampled_from(["braces", "section", "env", "group-env", "math", "unbalanced"]), DEPTHS, WORDS)
@profile(60)
def test_latex_deep_nesting(tmp_path: Path, shape: str, depth: int, word: str) -> None:
    path = tmp_path / "main.tex"
    path.write_text(PRE + nest(shape, depth, word) + POST, encoding="utf-8")
    check("latex (structure)", lambda: load_latex(path))


@given(st.sampled_from(["def-loop", "newcommand-loop", "mutual", "input-cycle", "table", "list", "env-soup"]),
       st.integers(1, 4_000))
@profile(40)
def test_latex_pathological_macros_and_sizes(tmp_path: Path, shape: str, size: int) -> None:
    body = {
        "def-loop": "\\def\\a{\\a\\a}\\a",
        "newcommand-loop": "\\newcommand{\\b}[1]{\\b{#1#1}}\\b{x}",
        "mutual": "\\def\\c{\\d}\\def\\d{\\c}\\c",
        "input-cycle": "\\input{main}",
        "table": "\\begin{tabular}{" + "c" * 8 + "}\n" + "a & b & c & d & e & f & g & h \\\\\n" * size + "\\end{tabular}",
        "list": "\\begin{itemize}\n" + "\\item An item of the list.\n" * size + "\\end{itemize}",
        "env-soup": "\\begin{figure}\\end{table}\\begin{equation}" * min(size, 2_000),
    }[shape]
    path = tmp_path / "main.tex"
    path.write_text(PRE + body + POST, encoding="utf-8")
    check("latex (structure)", lambda: load_latex(path))


@given(st.sampled_from(["quote", "list", "emphasis", "link", "table", "fence"]), DEPTHS)
@profile(40)
def test_markdown_and_plain_text_deep_structure(tmp_path: Path, shape: str, depth: int) -> None:
    depth = min(depth, 20_000)  # 10^5 levels of "> " is a 200 kB line; kept below the size bound on purpose
    text = {
        "quote": "> " * depth + "quoted",
        "list": "\n".join("  " * min(i, 400) + "- item" for i in range(min(depth, 2_000))),
        "emphasis": "*" * depth + "word" + "*" * depth,
        "link": "[" * depth + "text" + "](u)" * depth,
        "table": "| a | b |\n|---|---|\n" + "| 1 | 2 |\n" * depth,
        "fence": "```\n" * depth,
    }[shape]
    md, txt = tmp_path / "paper.md", tmp_path / "paper.txt"
    md.write_text("# Title\n\n" + text + "\n", encoding="utf-8")
    txt.write_text("Title\n\n" + text + "\n", encoding="utf-8")
    check("markdown (structure)", lambda: load_markdown(md))
    check("plain text (structure)", lambda: load_plain_text(txt))


@given(st.sampled_from(["parens", "list", "quote", "headings"]), DEPTHS)
@profile(30)
def test_review_text_deep_structure(tmp_path: Path, shape: str, depth: int) -> None:
    text = {
        "parens": "(" * depth + "why?" + ")" * depth,
        "list": "\n".join("  " * min(i, 300) + f"{i}. Please explain point {i}?" for i in range(min(depth, 3_000))),
        "quote": "> " * depth + "quoted from the paper",
        "headings": "\n".join(f"{'#' * (1 + i % 6)} Reviewer {i}\nWhy?" for i in range(min(depth, 3_000))),
    }[shape]
    path = tmp_path / "reviews.md"
    path.write_text("## Reviewer 1\n\n" + text + "\n", encoding="utf-8")
    check("reviews (structure)", lambda: load_reviews(path))


@given(st.sampled_from(["array", "object", "notes"]), DEPTHS)
@profile(30)
def test_json_deep_nesting(tmp_path: Path, shape: str, depth: int) -> None:
    text = {
        "array": "[" * depth + "]" * depth,
        "object": '{"a":' * depth + "1" + "}" * depth,
        "notes": '{"notes": [{"content": {"review": ' + '{"value":' * depth + '"Why?"' + "}" * depth + "}}]}",
    }[shape]
    reviews, profile_json, profile_jsonl = tmp_path / "r.json", tmp_path / "p.json", tmp_path / "p.jsonl"
    for path in (reviews, profile_json, profile_jsonl):
        path.write_text(text, encoding="utf-8")
    check("openreview json (structure)", lambda: load_reviews(reviews))
    check("profile json (structure)", lambda: read_semantic_scholar(profile_json))
    check("profile json (structure)", lambda: read_openreview_jsonl(profile_jsonl))


@given(DEPTHS, st.sampled_from(["title", "string", "entries"]))
@profile(30)
def test_bibtex_deep_structure(tmp_path: Path, depth: int, shape: str) -> None:
    text = {
        "title": "@article{k, title = {" + "{" * depth + "x" + "}" * depth + "}}",
        "string": "@string{a = \"" + "{" * depth + "\"}",
        "entries": "\n".join(f"@article{{k{i}, title = {{T{i}}}, year = 2020}}" for i in range(min(depth, 5_000))),
    }[shape]
    path = tmp_path / "refs.bib"
    path.write_text(text, encoding="utf-8")
    check("bibtex (structure)", lambda: read_bibtex(path))


@pytest.mark.parametrize("suffix", [".tex", ".md", ".txt"])
def test_a_50_mb_single_line_is_refused_at_once(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"paper{suffix}"
    with path.open("w", encoding="utf-8") as f:
        f.write("word " * 10_000_000)  # 50 MB, one line
    load = {".tex": load_latex, ".md": load_markdown, ".txt": load_plain_text}[suffix]
    with pytest.raises(InputError, match="up to 2 MB") as err:
        load(path)
    assert "\n" not in str(err.value)
    assert path.stat().st_size > MAX_BYTES


def test_a_50_mb_review_line_is_truncated_not_parsed_for_minutes(tmp_path: Path) -> None:
    path = tmp_path / "reviews.md"
    path.write_text("## Reviewer 1\n\n" + "Why is this so? " * 3_200_000, encoding="utf-8")
    reviews = load_reviews(path)
    assert reviews and len(reviews[0].text) <= 150_000
    assert any("truncated" in n for r in reviews for n in r.notices)


def test_latex_nesting_error_names_the_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "deep.tex").write_text("Intro.\n\n" + "{" * 5_000 + "x" + "}" * 5_000 + "\n", encoding="utf-8")
    main = tmp_path / "main.tex"
    main.write_text(PRE + "\\input{deep}" + POST, encoding="utf-8")
    with pytest.raises(InputError, match=r"deep\.tex, line 3: braces or environments nested more than 100"):
        load_latex(main)


def test_cli_answers_deep_latex_with_one_line_and_exit_2(tmp_path: Path) -> None:
    main = tmp_path / "main.tex"
    main.write_text(PRE + "\\section{Intro" + "{" * 5_000 + "}" * 5_000 + "}" + POST, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "engine.cli.main", "extract", str(main), "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "nested more than 100 levels" in done.stderr
