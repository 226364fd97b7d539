"""Fuzzing the text parsers: review text, OpenReview JSON, Markdown, plain text,
LaTeX and BibTeX. Each gets token-soup inputs built from its own syntax mixed
with arbitrary unicode; every input must parse or be refused with a one-line
``RedraftError``. Counts are set so the whole file runs in about a minute on two cores."""

from __future__ import annotations

import json
import os
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from engine.document.latex.load import load_latex
from engine.document.markdown import load_markdown, load_plain_text
from engine.expertise.profile import read_bibtex, read_openreview_jsonl, read_semantic_scholar
from engine.reviews.openreview import reviews_from_openreview
from engine.reviews.load import load_reviews
from engine.reviews.parse import parse_reviews
from tests.hardening.fuzzkit import check, mutation_batch, profile, soup

SCALE = float(os.environ.get("REDRAFT_FUZZ_SCALE", "1"))


def n(examples: int) -> int:
    return max(10, int(examples * SCALE))


REVIEW_TOKENS = [
    "# Reviewer 1\n", "Review #107A\n", "Reviewer xYz1\n", "Official Review of Paper12 by Reviewer ab12\n",
    "---\n", "===\n", "Summary:", "Strengths:", "Weaknesses:", "Rating: ", "Confidence: ", "6: accept",
    "## Questions\n", "Overall merit\n", "-----\n", "* ", "1. ", "The paper", "Reviewer", ":", "#", "\u00e9",
    # LaTeX in a reviews file (issue 33): read as text
    "\\begin{itemize}", "\\end{itemize}", "\\item ", "\\section{", "}", "{", "\\emph{", "\\%", "%", "~", "$", "\\",
]
MD_TOKENS = [
    "# ", "## ", "### 2.1 ", "Abstract", "**Abstract**", "\n---\n", "title: x\n", "---\n", "$$", "$", "\\[", "\\]",
    "```", "```math\n", "    ", "> ", "- ", "1. ", "| a | b |\n|---|---|\n", "![alt](img.png)", "[t](u)",
    "[^1]", "[^1]: note", "Figure 3:", "Table 1.", "References\n", "<div>", "</div>", "*", "_", "`", "\\", "===\n",
]
TEX_TOKENS = [
    "\\documentclass{article}\n", "\\begin{document}\n", "\\end{document}\n", "\\section{", "\\subsection*{",
    "}", "{", "[", "]", "$", "$$", "\\(", "\\)", "\\[", "\\]", "%", "\\\\", "&", "#1", "\\newcommand{\\x}[1]{",
    "\\def\\y#1{", "\\renewcommand", "\\x{", "\\y", "\\begin{itemize}", "\\item ", "\\end{itemize}",
    "\\begin{figure}", "\\caption{", "\\label{fig:a}", "\\ref{fig:a}", "\\cite{k}", "\\end{figure}",
    "\\begin{verbatim}", "\\end{verbatim}", "\\verb|", "|", "\\footnote{", "\\begin{abstract}", "\\end{abstract}",
    "\\title{", "\\author{", "\\input{", "\\include{", "missing", "\\begin{equation}", "\\end{equation}",
    "\\begin{thebibliography}{9}", "\\bibitem{k}", "\\end{thebibliography}", "\\bibliography{refs}",
    "\\begin{tabular}{cc}", "\\end{tabular}", "\\emph{", "\\textbf{", "\\begin{", "\\end{", "\\", "~", "``", "''",
]
BIB_TOKENS = [
    "@article{", "@inproceedings{", "@string{", "@comment{", "@preamble{", "key,", "key2,", "title = {",
    "author = {", "year = {", "abstract = {", "}", "{", "\"", "#", "=", ",", " and ", "\\emph{", "2021", "@", "\n",
]


DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
SEED_TEX = rb"""\documentclass{article}
\newcommand{\model}[1]{\textsc{#1}}
\title{Early Exits} \author{A. Author \and B. Author}
\begin{document}\maketitle
\begin{abstract}We add exits.\end{abstract}
\section{Introduction}\label{sec:intro}
Streaming models \cite{k} are costly; see Section~\ref{sec:method} and $x^2 + \frac{a}{b}$.\footnote{A note.}
\subsection{Method}\label{sec:method}
\begin{itemize}\item one \item two\end{itemize}
\begin{figure}\centering\caption{Savings of \model{x}.}\label{fig:a}\end{figure}
\begin{equation} y = \sum_i w_i \end{equation}
\verb|code| and \begin{verbatim}raw \end{itemize}\end{verbatim}
\begin{tabular}{cc} a & b \\ \end{tabular}
\begin{thebibliography}{9}\bibitem{k} A. Author. Title. 2020.\end{thebibliography}
\end{document}
"""
SEED_BIB = rb"""@string{conf = "Proc. Conf."}
@article{smith2020,
  title = {Early {Exits} for \emph{Streaming} Speech},
  author = {Smith, John and Doe, Jane},
  year = {2020}, journal = conf # " 2020",
  abstract = {We study exits.}
}
@inproceedings{doe21, title="Second", author="Doe, J.", year=2021}
@comment{ignored}
"""
SEED_OPENREVIEW = json.dumps({"notes": [
    {"invitation": "ICLR.cc/2023/Conference/Paper12/-/Official_Review",
     "signatures": ["ICLR.cc/2023/Conference/Paper12/Reviewer_xYz1"],
     "content": {"summary_of_the_paper": {"value": "The paper adds exits."},
                 "strength_and_weaknesses": {"value": "Strong idea. Please compare with layer skipping."},
                 "rating": {"value": "6: marginally above"}, "confidence": {"value": 4},
                 "questions": ["How were weights chosen?", "Latency?"]}},
    {"invitation": "ICLR.cc/2023/Conference/Paper12/-/Decision", "content": {"decision": "Accept"}},
]}, indent=1).encode()


def _write(path: Path, text: str | bytes) -> Path:
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", errors="surrogatepass"))
    return path


def _file_parser(path: Path, load):  # noqa: ANN001, ANN202 - a tiny adapter
    def parse(data: bytes) -> object:
        _write(path, data)
        return load(path)
    return parse


BATCH = 100
SEEDS = st.integers(0, 2**32 - 1)


@given(soup(REVIEW_TOKENS, 120))
@profile(n(8_000))
def test_fuzz_review_text(text: str) -> None:
    reviews = check("review text", lambda: parse_reviews(text))
    if reviews:
        assert all(r.text.strip() for r in reviews)


@given(soup(REVIEW_TOKENS, 60), st.sampled_from([".txt", ".md", ".json", ".tex"]))
@profile(n(500))
def test_fuzz_review_files(tmp_path: Path, text: str, suffix: str) -> None:
    path = _write(tmp_path / f"reviews{suffix}", text)
    check("review files", lambda: load_reviews(path))


JSON_SCALAR = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), soup(REVIEW_TOKENS, 12))
JSON_KEY = st.sampled_from(["content", "notes", "value", "review", "rating", "weaknesses", "summary", "title",
                            "signatures", "invitation", "invitations", "questions", "pdf"]) | st.text(max_size=6)
JSON_VALUE = st.recursive(JSON_SCALAR, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(JSON_KEY, inner,
                                                                                                  max_size=5),
                          max_leaves=8)


NOTE = st.fixed_dictionaries(
    {"content": st.dictionaries(
        st.sampled_from(["review", "rating", "weaknesses", "summary", "questions", "title", "confidence", "pdf"])
        | st.text(max_size=8),
        st.one_of(JSON_SCALAR, st.fixed_dictionaries({"value": JSON_VALUE}), st.lists(JSON_SCALAR, max_size=3)),
        max_size=6)},
    optional={"signatures": st.lists(st.sampled_from(["Conf/Paper1/Reviewer_ab12", "Reviewer_", "/", ""])
                                     | st.text(max_size=12) | st.integers(), max_size=2),
              "invitation": st.sampled_from(["x/-/Official_Review", "x/-/Decision", "x/-/Meta_Review"]) | JSON_SCALAR,
              "invitations": st.lists(JSON_SCALAR, max_size=2) | JSON_SCALAR},
)
OPENREVIEW = st.one_of(NOTE, st.lists(NOTE | JSON_VALUE, max_size=4), st.fixed_dictionaries({"notes": st.lists(NOTE)}),
                       JSON_VALUE)


@given(OPENREVIEW)
@profile(n(3_000))
def test_fuzz_openreview_json(data: object) -> None:
    check("openreview json", lambda: reviews_from_openreview(data))


@given(soup(MD_TOKENS, 100))
@profile(n(1_500))
def test_fuzz_markdown(tmp_path: Path, text: str) -> None:
    path = _write(tmp_path / "paper.md", text)
    check("markdown", lambda: load_markdown(path))


@given(soup(MD_TOKENS + ["1 Introduction\n", "2.1 Method\n", "TITLE\n"], 80))
@profile(n(1_000))
def test_fuzz_plain_text(tmp_path: Path, text: str) -> None:
    path = _write(tmp_path / "paper.txt", text)
    check("plain text", lambda: load_plain_text(path))


@given(soup(TEX_TOKENS, 100))
@profile(n(1_000))
def test_fuzz_latex(tmp_path: Path, text: str) -> None:
    path = _write(tmp_path / "main.tex", text)
    check("latex", lambda: load_latex(path))


@given(soup(BIB_TOKENS, 100))
@profile(n(1_500))
def test_fuzz_bibtex(tmp_path: Path, text: str) -> None:
    path = _write(tmp_path / "refs.bib", text)
    check("bibtex", lambda: read_bibtex(path))


@given(st.lists(JSON_VALUE, max_size=4), st.booleans())
@profile(n(200))
def test_fuzz_profile_json(tmp_path: Path, records: list[object], jsonl: bool) -> None:
    if jsonl:
        path = _write(tmp_path / "p.jsonl", "\n".join(json.dumps(r) for r in records))
        check("profile json", lambda: read_openreview_jsonl(path))
    else:
        path = _write(tmp_path / "p.json", json.dumps({"papers": records}))
        check("profile json", lambda: read_semantic_scholar(path))


# -- byte mutations of real files (batches of BATCH inputs per hypothesis example) ---------------------------


@given(SEEDS)
@profile(n(320))
def test_mutate_reviews(tmp_path: Path, seed: int) -> None:
    seeds = [(DEMO / "reviews.md").read_bytes(), SEED_OPENREVIEW]
    mutation_batch("review text (mutated)", seeds, seed, BATCH,
                   lambda data: parse_reviews(data.decode("utf-8", errors="replace")))


@given(SEEDS)
@profile(n(30))
def test_mutate_openreview(tmp_path: Path, seed: int) -> None:
    mutation_batch("openreview json (mutated)", [SEED_OPENREVIEW], seed, BATCH,
                   _file_parser(tmp_path / "reviews.json", load_reviews))


@given(SEEDS)
@profile(n(20))
def test_mutate_markdown(tmp_path: Path, seed: int) -> None:
    seeds = [(DEMO / "draft_v1.md").read_bytes(), (DEMO / "draft_v2.md").read_bytes()]
    mutation_batch("markdown (mutated)", seeds, seed, BATCH, _file_parser(tmp_path / "paper.md", load_markdown))


@given(SEEDS)
@profile(n(20))
def test_mutate_plain_text(tmp_path: Path, seed: int) -> None:
    seeds = [(DEMO / "draft_v1.md").read_bytes()]
    mutation_batch("plain text (mutated)", seeds, seed, BATCH, _file_parser(tmp_path / "paper.txt", load_plain_text))


@given(SEEDS)
@profile(n(6))
def test_mutate_latex(tmp_path: Path, seed: int) -> None:
    mutation_batch("latex (mutated)", [SEED_TEX], seed, BATCH, _file_parser(tmp_path / "main.tex", load_latex))


@given(SEEDS)
@profile(n(20))
def test_mutate_bibtex(tmp_path: Path, seed: int) -> None:
    mutation_batch("bibtex (mutated)", [SEED_BIB], seed, BATCH, _file_parser(tmp_path / "refs.bib", read_bibtex))
