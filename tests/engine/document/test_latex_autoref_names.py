"""``\\autoref`` prints hyperref's name for the counter a label was set on (issue 31, the LaTeX side; latex19 saw
"Section 2" where hyperref prints "section 2"): hyperref.sty's English names (``\\HyLang@english`` in TeX Live's
hyperref 7.00u: "section", "subsection", "subsubsection", "Figure", "Table", "Equation"; "Appendix" for the top level
after ``\\appendix``, whose subsections stay "subsection"), and the paper's own ``\\<counter>autorefname``
(``\\renewcommand``, ``\\def``). Checked against the PDF typeset here when pdflatex and hyperref are present."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from engine.document.latex.load import load_latex
from tests.optional import has_tex, typeset

BODY = r"""\begin{document}
\begin{figure}[t]\centering\rule{2cm}{1cm}\caption{The unit ball.}\label{fig:ball}\end{figure}
\begin{table}[t]\centering\caption{The counts.}\label{tab:counts}\begin{tabular}{c}1\end{tabular}\end{table}
\section{Setting}\label{sec:set}
The first section sets the scene for the results that follow in the later sections.
\subsection{Scope}\label{sec:scope}
The scope is narrow on purpose, as the later results need it.
\subsubsection{Detail}\label{sec:detail}
A detail of the scope that the proofs use.
\begin{equation}\label{eq:one} a = b \end{equation}
See \autoref{sec:set}, \autoref{sec:scope}, \autoref{sec:detail}, \autoref{eq:one}, \autoref{fig:ball},
\autoref{tab:counts}, \autoref{app:proofs} and \autoref{app:lemma} for the whole argument.
\appendix
\section{Proofs}\label{app:proofs}
The proofs of the results above, in the order of the sections.
\subsection{A lemma}\label{app:lemma}
The lemma the proofs need.
\end{document}
"""
PLAIN = "\\documentclass{article}\n\\usepackage{hyperref}\n" + BODY
OWN = ("\\documentclass{article}\n\\usepackage{hyperref}\n\\renewcommand{\\sectionautorefname}{Section}\n"
       "\\def\\figureautorefname{Fig.}\n" + BODY)
READ = {
    PLAIN: "See section 1, subsection 1.1, subsubsection 1.1.1, Equation 1, Figure 1, Table 1, Appendix A and "
           "subsection A.1 for the whole argument.",
    OWN: "See Section 1, subsection 1.1, subsubsection 1.1.1, Equation 1, Fig. 1, Table 1, Appendix A and "
         "subsection A.1 for the whole argument.",
}


def _sentence(tmp_path: Path, source: str) -> str:
    (tmp_path / "main.tex").write_text(source, encoding="utf-8")
    texts = [p.text for p in load_latex(tmp_path / "main.tex").paragraphs]
    return next(t for t in texts if t.startswith("See "))


@pytest.mark.parametrize("source", [PLAIN, OWN], ids=["hyperref", "own names"])
def test_autoref_prints_hyperrefs_name_for_the_counter(tmp_path: Path, source: str) -> None:
    assert _sentence(tmp_path, source) == READ[source]


@pytest.mark.skipif(not has_tex("hyperref.sty"), reason="needs pdflatex and hyperref")
@pytest.mark.parametrize("source", [PLAIN, OWN], ids=["hyperref", "own names"])
def test_the_names_read_as_their_pdf(tmp_path: Path, source: str) -> None:
    pdf = typeset(tmp_path, source, runs=2)
    with pymupdf.open(pdf) as doc:
        printed = " ".join(" ".join(page.get_text().split()) for page in doc)
    assert READ[source] in printed, printed
