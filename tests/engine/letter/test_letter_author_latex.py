"""LaTeX the author typed in a response reaches the ``.tex`` letter as typed (commands, math), the prose
around it and plain responses are still escaped, reviewers' LaTeX stays escaped, and the ``.tex`` parses;
the Markdown, Word and PDF letters show the typed LaTeX as typed. On the demo paper, with a review that
quotes LaTeX."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import docx
import pymupdf
import pytest
from markdown_it import MarkdownIt
from pylatexenc.latex2text import LatexNodes2Text
from pylatexenc.latexwalker import LatexWalker

from engine.letter import write_letter
from engine.letter.author_tex import is_author_latex
from engine.project import Project
from engine.project.responses import no_change_text
from tests.engine.letter.demo_reviews import demo_store_with_point

REVIEWER_LATEX = r"The claim of \cite{lee19} that an exit costs $O(1)$ needs a proof."
CITED = r"As shown in \cite{smith_20}, an exit costs $O(n)$ time; see \emph{Table~2}."
MIXED = r"Latency drops by 30% with \textsc{Exit}, at a cost of $\epsilon$ & the script run_all.sh #4."
PLAIN = "We cut 5% of the layers & kept the rest; see run_all.sh and issue #3; it costs $5 and $10."
BROKEN = r"We fixed \emph{the proof"
REASON = r"The bound of \cite{lee19} holds for $k \geq 2$ only."


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    store = demo_store_with_point(tmp_path_factory.mktemp("author_latex"), f"- {REVIEWER_LATEX}")
    p = store.load()
    quoted = next(c for c in p.comments if "lee19" in c.text)
    others = [c for c in p.comments if c is not quoted]
    for c, text in zip(others, (CITED, MIXED, PLAIN, BROKEN), strict=False):
        store.set_response(c.id, text)
    store.set_response(quoted.id, no_change_text(REASON))
    project = store.load()
    store.close()
    return project


def test_the_rule() -> None:
    assert is_author_latex(CITED) and is_author_latex(MIXED) and is_author_latex(r"We now write \(x^2\).")
    assert is_author_latex(r"5\% of runs") and is_author_latex("the cost is $O(n)$")
    assert not is_author_latex(PLAIN) and not is_author_latex("a 50% gain & more, see a_b")


def test_the_tex_letter_keeps_the_authors_latex(project: Project, tmp_path: Path) -> None:
    tex = write_letter(project, tmp_path / "letter.tex").read_text(encoding="utf-8")
    assert f"\\textbf{{Response.}} {CITED}" in tex  # commands, their arguments and math as typed
    assert (r"Latency drops by 30\% with \textsc{Exit}, at a cost of $\epsilon$ \& the script "
            r"run{\_}all.sh {\#}4.") in tex  # prose around the LaTeX still escaped
    assert r"We cut 5{\%} of the layers {\&} kept the rest; see run{\_}all.sh and issue {\#}3; " \
           r"it costs {\$}5 and {\$}10." in tex  # no LaTeX in it: escaped whole
    assert r"We fixed {\textbackslash}emph{\{}the proof" in tex  # not well-formed: escaped whole
    assert r"No change to the paper. The bound of \cite{lee19} holds for $k \geq 2$ only." in tex
    assert r"{\textbackslash}cite{\{}lee19{\}} that an exit costs {\$}O(1){\$}" in tex  # the reviewer's quote
    assert "\\textbackslash{}cite" not in tex.split("\\begin{quote}")[0]
    nodes, _, _ = LatexWalker(tex, tolerant_parsing=False).get_latex_nodes()  # raises on unbalanced source
    text = " ".join(LatexNodes2Text().nodelist_to_text(nodes).split())
    assert "Latency drops by 30% with" in text and "We cut 5% of the layers & kept the rest" in text
    assert REVIEWER_LATEX in text and BROKEN in text  # printed as the reviewer and the author typed them


@pytest.mark.parametrize("suffix", [".md", ".docx", ".pdf"])
def test_other_formats_show_the_latex_as_typed(project: Project, tmp_path: Path, suffix: str) -> None:
    out = write_letter(project, tmp_path / f"letter{suffix}")
    if suffix == ".md":  # as a Markdown viewer shows it
        html = MarkdownIt("commonmark").render(out.read_text(encoding="utf-8"))
        text = " ".join(html.replace("&amp;", "&").split())
    elif suffix == ".docx":
        text = " ".join("\n".join(p.text for p in docx.Document(str(out)).paragraphs).split())
    else:
        with pymupdf.open(out) as pdf:
            text = unicodedata.normalize("NFKC", " ".join("\n".join(page.get_text() for page in pdf).split()))  # fi
    for typed in (CITED, MIXED, PLAIN, BROKEN, REASON, REVIEWER_LATEX):
        assert typed in text, (suffix, typed)
