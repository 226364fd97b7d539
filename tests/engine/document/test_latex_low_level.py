"""Low-level TeX inside a paper's own macros prints nothing (issue 31, the LaTeX side; trial21 saw "to0ex-7@" from a
raised symbol in a suggestion's quote): ``\\kern`` and ``\\mkern`` with their dimensions (a triple bar for a norm, an
imaginary unit), a box's size (``\\hbox to0ex``), ``\\vskip`` glue before a run-in title, a skip register set with
``=`` and ``plus``, and ``@``-names behind ``\\etc``. Each shape was seen in the layouts dev part or the training
revisions' LaTeX. Checked against the PDF typeset here when pdflatex is present."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document.latex.load import load_latex
from engine.document.latex.lowlevel import low_level_spans
from engine.document.paragraph_recall import match_tokens
from engine.document.pdf.load import load_pdf
from tests.optional import has_tex, typeset

SOURCE = r"""\documentclass{article}
\newcommand{\vertiii}[1]{{\left\vert\kern-0.25ex\left\vert\kern-0.25ex\left\vert #1
    \right\vert\kern-0.25ex\right\vert\kern-0.25ex\right\vert}}
\newcommand{\iu}{\mathrm{i}\mkern1mu}
\makeatletter
\newcommand{\marked}{\rlap{\hbox to0ex{\kern-7\p@ *}}}
\DeclareRobustCommand\onedot{\futurelet\@let@token\@onedot}
\def\@onedot{\ifx\@let@token.\else.\null\fi\xspace}
\makeatother
\def\etc{etc\onedot}
\newcommand{\runin}[1]{\vskip 6pt \noindent {\bf #1} \quad }
\begin{document}
\section{Norms}
The space is equipped with the norm $\vertiii{u}$ for every function $u$ of the domain, and the
transform uses the imaginary unit $\iu$ in each of its terms, with tables, figures, \etc{} as usual.

\runin{First step:} the marked\marked{} value is kept for the next step of the method we describe.

{\Urlmuskip=0mu plus 1mu\relax The last paragraph ends the section with a plain sentence.}
\end{document}
"""


def _body(tmp_path: Path) -> list[str]:
    (tmp_path / "main.tex").write_text(SOURCE, encoding="utf-8")
    return [p.text for p in load_latex(tmp_path / "main.tex").paragraphs if p.kind.value == "body"]


def test_low_level_tex_prints_nothing(tmp_path: Path) -> None:
    body = _body(tmp_path)
    assert len(body) == 3, body
    text = " ".join(body)
    for leak in ("0.25ex", "1mu", "to0ex", "-7", "@", "6pt", "0mu", "plus", "let", "token", "onedot"):
        assert leak not in text.replace(" ", ""), (leak, text)
    assert "the norm |||u" in body[0] and "||| for every" in body[0], body[0]
    assert "figures, etc as usual" in body[0], body[0]  # (TeX adds a full stop with \\@onedot, a class's internals)
    assert "unit i in each" in body[0], body[0]
    assert body[1].startswith("First step: the marked* value is kept"), body[1]
    assert body[2] == "The last paragraph ends the section with a plain sentence.", body[2]


def test_numbers_and_math_that_are_no_dimensions_are_kept() -> None:
    text = r"$\Delta = 5$ and $\lambda=2\mu$, the \baselineskip in text, Dr.\@ Smith, a 21cm line"
    assert low_level_spans(text) == []
    assert low_level_spans("ends here.\\bigskip\n\n\\noindent {\\bf Example:} next") == []  # commands, no registers
    assert low_level_spans("\\parindent\n\n12pt") == []  # a blank line ends any dimension
    text = r"\parindent=10pt x \itemsep1pt\parskip0pt y"
    assert low_level_spans(text) == [(0, 16, ""), (18, 29, ""), (29, 41, "")]  # (a dimension takes one space)


@pytest.mark.skipif(not has_tex("amsmath.sty"), reason="needs pdflatex")
def test_the_paragraphs_read_as_their_pdf(tmp_path: Path) -> None:
    body = _body(tmp_path)
    pdf_path = typeset(tmp_path, SOURCE.replace(r"\xspace", ""))
    pdf_text = " ".join(w for p in load_pdf(pdf_path).paragraphs for w in match_tokens(p.text))
    for para in body[1:]:
        assert " ".join(match_tokens(para)) in pdf_text, (para, pdf_text)
    words = match_tokens(body[0])
    assert " ".join(words[:6]) in pdf_text and " ".join(words[-6:]) in pdf_text, (body[0], pdf_text)
