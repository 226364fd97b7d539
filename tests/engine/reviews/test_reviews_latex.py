"""Reviews written in LaTeX read as text (issue 33): a ``.tex`` reviews file, and LaTeX markup in a text or Markdown
reviews file, become the plain text and Markdown the parser reads; ordinary text with a backslash is untouched."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.inputs import REVIEW_FORMATS, review_format_names
from engine.reviews import load_reviews
from engine.reviews.comments import extract_comments
from engine.reviews.latex import latex_review_text, looks_like_latex
from engine.reviews.parse import parse_reviews

#: Invented reviews of an invented paper, in the LaTeX a response letter quotes reviews in (the corpus commits no
#: fetched text, docs/corpus.md).
LATEX_REVIEWS = Path(__file__).resolve().parents[2] / "data" / "latex_reviews.tex"

#: A synthetic reviews.tex with what reviewers and authors type: a preamble, sections, lists with labels, a quotation,
#: escapes, accents, emphasis, citations, references, inline and display math, a comment.
REVIEWS_TEX = r"""\documentclass{article}
\usepackage{enumitem}
\begin{document}
\section*{Reviewer 1}
The paper improves the F\"orster model by 24\% on three datasets~\cite{lee2021,kim2020}. % our note: reply later

\begin{itemize}[leftmargin=*]
  \item W1. The ablation in Section~\ref{sec:abl} is \emph{too small}: please add the
  \textbf{full} grid over $\alpha \leq 0.5$.
  \item[(b)] Why is the learning rate fixed at $10^{-3}$ \& never tuned?
\end{itemize}

\section*{Reviewer 2}
The authors write:
\begin{quote}
our method is always better
\end{quote}
This claim is not supported by Table~2, where the baseline of Ca\~{n}ete et al.\ wins twice.
\begin{enumerate}
\item The loss in \[ L = \sum_i w_i \ell_i \] is never defined for $w_i < 0$.
\item Please report the variance over seeds.
\end{enumerate}
\end{document}
"""


def test_a_tex_reviews_file_reads_as_text(tmp_path: Path) -> None:
    path = tmp_path / "reviews.tex"
    path.write_text(REVIEWS_TEX, encoding="utf-8")
    reviews = load_reviews(path)
    assert [r.reviewer for r in reviews] == ["Reviewer 1", "Reviewer 2"]
    assert reviews[0].source == "latex"
    one, two = reviews[0].text, reviews[1].text
    assert "\\" not in one + two and "documentclass" not in one and "our note" not in one
    assert "Förster model by 24% on three datasets [lee2021, kim2020]" in one
    assert "- W1. The ablation in Section ?? is too small: please add the full grid over α≤0.5." in one.split("\n")
    assert "- (b) Why is the learning rate fixed at 10-3 & never tuned?" in one.split("\n")
    assert "> our method is always better" in two.split("\n")
    assert "Cañete et al. wins twice" in two
    assert "1. The loss in L = ∑i wi li is never defined for wi < 0." in two.split("\n")
    assert "2. Please report the variance over seeds." in two.split("\n")
    comments = extract_comments(reviews, encoder="lexical")
    texts = [c.text for c in comments]
    assert any(t.startswith("The ablation in Section ??") for t in texts)  # a list item is a comment of its own
    assert any(t.startswith("(b) Why is the learning rate") for t in texts)
    assert not any("our method is always better" in t for t in texts)  # a quotation of the paper is no comment


def test_tex_is_a_reviews_format_in_the_table_the_cli_and_dialogs_read() -> None:
    assert REVIEW_FORMATS[".tex"].name == "LaTeX" and "LaTeX" in review_format_names()


def test_latex_markup_in_a_markdown_reviews_file_reads_as_text() -> None:
    md = "## Reviewer 1\n\n" + REVIEWS_TEX.split("\\begin{itemize}", 1)[1].split("\\end{itemize}")[0].join(
        ["\\begin{itemize}", "\\end{itemize}"]) + "\nThe gain is 5% at most, see \\emph{Table 3}.\n"
    review, = parse_reviews(md, "markdown")
    lines = review.text.split("\n")
    assert "- W1. The ablation in Section ?? is too small: please add the full grid over α≤0.5." in lines
    assert "The gain is 5% at most, see Table 3." in lines  # a per cent sign after a number is no LaTeX comment


@pytest.mark.parametrize("text", [
    "The files are in C:\\Users\\data and the separator is \\n in the output.",
    "The bound $\\alpha \\leq 1$ holds only when the step size is small; please say why.",
    "Use \\emph{one} emphasis and keep 24% of the data.",
    "- A list\n- of Markdown items with a \\ backslash\n",
])
def test_ordinary_text_with_a_backslash_or_two_is_read_as_written(text: str) -> None:
    assert not looks_like_latex(text)
    review, = parse_reviews(f"## Reviewer 1\n\n{text}\n", "markdown")
    assert review.text.strip().endswith(text.strip())


def test_sections_name_the_reviewers_and_an_unclosed_list_ends_at_the_next_heading() -> None:
    text = latex_review_text("## Reviewer 1\n\n\\begin{itemize}\n\\item One.\n\n## Reviewer 2\n\n\\section{Reviewer 3}"
                             "\n\\begin{itemize}\\item Two.\\end{itemize}\n", tex_file=False)
    assert text.split("\n") == ["## Reviewer 1", "", "- One.", "", "## Reviewer 2", "", "## Reviewer 3", "", "- Two.",
                                 ""]


def test_a_response_letters_quoted_reviews_read_as_their_points() -> None:
    """Reviews quoted in LaTeX lists as a response letter quotes them: one review per section,
    each point a list item, nothing of the markup left in the comments, the letter, the CSV or the report."""
    reviews = load_reviews(LATEX_REVIEWS)
    assert [r.reviewer for r in reviews] == ["Reviewer 1", "Reviewer 2", "Reviewer 3"]
    comments = extract_comments(reviews)
    shown = " ".join(f"{c.text} {c.context}" for c in comments)
    assert not re.search(r"\\[A-Za-z%]|\\begin|leftmargin|\{itemize\}", shown)
    assert "The edge-cut falls by 7% against the hash baseline" in reviews[0].text  # \\%
    assert "the test load(p) < cap ignores ties; which partition wins" in reviews[0].text  # \\verb, \\emph
    assert "Figure 4 plots λ" in shown and "restreaming partitioners" in shown
    three = [c.text for c in comments if c.reviewer == "Reviewer 3"]
    for point in ("How does the partitioner behave when the number of partitions", "Would a two-pass variant",
                  "Can vertices migrate after they are assigned?", "Is the order of the stream known"):
        assert len([t for t in three if point in t]) == 1 and not any(point in t and "Q3." in t for t in three)
    assert len(three) >= 10  # each numbered question ("Q4.", "Q5.", ...) a comment of its own


def test_the_cli_reads_a_tex_reviews_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["comments", str(LATEX_REVIEWS)]) == 0
    out = capsys.readouterr().out
    assert "The partitioner is described only through its pseudo-code" in out and "load(p) < cap" in out
    assert "\\item" not in out


def test_quotations_whose_end_was_cut_off_are_latex_and_read_without_markup() -> None:
    """Points quoted from a letter whose ``\\end{quote}`` stayed with the answers (a new-user trial's Markdown
    reviews): three quotations begun at a line's start are LaTeX, and no markup reaches the comments."""
    points = ["The paper does not characterise the latent space approaches of the work it cites; "
              "the software it criticises is outdated and not the one the cited work uses.",
              "The authors ignore recent work on latent models that addresses many of their concerns; "
              "please discuss it.",
              "The authors identify a collinearity problem and neither solve it nor discuss work that does."]
    text = "## Reviewer 1\n\n" + "".join(f"\\begin{{quote}}\n``{p}''\n\n" for p in points)
    assert looks_like_latex(text)
    review, = parse_reviews(text, "markdown")
    assert "\\begin" not in review.text and "``" not in review.text
    for p in points:
        assert p.split(";")[0] in review.text.replace("\n", " ")
    assert not looks_like_latex("## Reviewer 1\n\n\\begin{quote} is how a LaTeX quote starts, I think.\n")


def test_a_bullet_typed_after_an_items_number_is_no_part_of_its_text() -> None:
    """``\\item- The tables ...`` (a dash typed after ``\\item``) and ``2. - The figures ...`` in Markdown: the dash is
    a bullet, never the first character of the comment quoted in the letter."""
    tex = ("## Reviewer 1\n\n\\begin{enumerate}\n\\item- The notation section should define the stride before it "
           "is used in the second equation.\n\\item - The plots should state the number of runs behind each "
           "curve.\n\\end{enumerate}\n")
    md = ("## Reviewer 1\n\n1. - The notation section should define the stride before it is used in the second "
          "equation.\n2. \u2013 The plots should state the number of runs behind each curve.\n")
    for text in (tex, md):
        got = extract_comments(parse_reviews(latex_review_text(text, tex_file=False) if "\\item" in text else text,
                                             "markdown"), encoder="lexical")
        assert [c.text[:14] for c in got] == ["The notation s", "The plots shou"], text
