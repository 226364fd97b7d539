"""A paper's own package in its source tree wins over the reader's meaning of a command (issue 31, the LaTeX side): a
package that defines ``\\so`` as so(3) is not read as soul's one-argument ``\\so``, which took the ``$`` after it
and ran the rest of the paper together. A copy of a standard class whose command takes the arguments the reader
expects, an alias whose arguments follow it, and a definition built from ``@`` internals keep the reader's meaning.
Checked against the PDF typeset here when pdflatex and amssymb are present."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document.latex.load import load_latex
from engine.document.latex.macros import Macro
from engine.document.latex.packages import package_macros
from engine.document.latex.text import known_arguments
from engine.document.paragraph_recall import match_tokens
from engine.document.pdf.load import load_pdf
from tests.optional import has_tex, typeset

PACKAGE = r"""\ProvidesPackage{robotdefs}
\RequirePackage{amssymb}
\newcommand{\so}{\mathfrak{so}(3)}
\renewcommand{\v}{\mathbf{v}}
"""
SOURCE = r"""\documentclass{article}
\usepackage{robotdefs}
\begin{document}
\section{Model}
The attitude error lies in $\so$ and the velocity $\v$ is measured in the body frame.

The controller is smooth on the whole group and needs no switching between charts.

The gains are chosen by a Lyapunov argument that we give in the next section.
\end{document}
"""


def _write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder / "main.tex"


def test_the_package_definition_wins_and_the_paragraphs_stay_apart(tmp_path: Path) -> None:
    doc = load_latex(_write(tmp_path, {"robotdefs.sty": PACKAGE, "main.tex": SOURCE}))
    body = [p.text for p in doc.paragraphs if p.kind.value == "body"]
    assert body == ["The attitude error lies in so(3) and the velocity v is measured in the body frame.",
                    "The controller is smooth on the whole group and needs no switching between charts.",
                    "The gains are chosen by a Lyapunov argument that we give in the next section."]


def test_without_the_package_the_reader_keeps_its_own_meaning(tmp_path: Path) -> None:
    """The same source with no ``robotdefs.sty`` beside it (a package the machine would have): soul's ``\\so``."""
    body = [p.text for p in load_latex(_write(tmp_path, {"main.tex": SOURCE})).paragraphs if p.kind.value == "body"]
    assert "so(3)" not in " ".join(body) and "$" in body[0]  # soul's \so took the closing $ as its argument


def test_what_is_taken_from_a_package(tmp_path: Path) -> None:
    _write(tmp_path, {
        "ownclass.cls": "\\newcommand{\\email}[1]{\\texttt{#1}}\n"  # same arguments as the reader's: kept
                        "\\newcommand{\\hl}{\\bfseries}\n"  # an alias whose argument would follow it: kept
                        "\\def\\d{\\@dmark}\n"  # built from @ internals: kept
                        "\\def\\b{\\mathbf{b}}\n",  # no argument where the reader's accent takes one: taken
        "two.sty": "\\ExplSyntaxOn\n\\newcommand\\u{\\cs_gset:Nn}\n",  # expl3 code is not read
        "one.sty": "\\RequirePackage{two}\n\\newcommand{\\c}{\\mathbf{c}}\n",
        "main.tex": "\\documentclass{ownclass}\\usepackage{one}",
    })
    taken = package_macros("\\documentclass{ownclass}\n\\usepackage[opt]{one, absent}", tmp_path, known_arguments)
    assert taken == {"b": Macro("b", 0, None, "\\mathbf{b}"), "c": Macro("c", 0, None, "\\mathbf{c}")}
    assert package_macros("\\usepackage{../one}", tmp_path / "main.tex", known_arguments) == {}  # not a folder


def test_the_paper_main_file_wins_over_its_package(tmp_path: Path) -> None:
    source = SOURCE.replace("\\begin{document}", "\\renewcommand{\\so}{\\mathfrak{so}_3}\n\\begin{document}")
    doc = load_latex(_write(tmp_path, {"robotdefs.sty": PACKAGE, "main.tex": source}))
    assert [p.text for p in doc.paragraphs if p.kind.value == "body"][0].startswith("The attitude error lies in so3 ")


@pytest.mark.skipif(not has_tex("amssymb.sty"), reason="needs pdflatex and amssymb")
def test_the_paragraphs_read_as_their_pdf(tmp_path: Path) -> None:
    main = _write(tmp_path, {"robotdefs.sty": PACKAGE})
    pdf_path = typeset(tmp_path, SOURCE)
    pdf = [" ".join(match_tokens(p.text)) for p in load_pdf(pdf_path).paragraphs]
    for p in load_latex(main).paragraphs:
        if p.kind.value == "body":
            assert " ".join(match_tokens(p.text)) in " ".join(pdf), (p.text, pdf)
