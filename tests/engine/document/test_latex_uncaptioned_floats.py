"""A float with no ``\\caption`` is a float unit of its own text (session 32, latex33: Frontiers' class sets its figure
and table legends by hand, ``\\refstepcounter{figure}`` and ``Figure \\arabic{figure}.`` in bold, and the reader
dropped them whole). The paper here is written for the test."""

from __future__ import annotations

from pathlib import Path

from engine.document import ParagraphKind
from engine.document.latex.load import load_latex

PAPER = r"""\documentclass{article}
\begin{document}
\section{Results}
The sprint is drawn in Figure~\ref{fig:sprint}, the tools in Table~\ref{tab:tools}.

\begin{figure}[!ht]
\begin{center}
  \includegraphics[width=85mm]{sprint}
\end{center}
\textbf{\refstepcounter{figure}\label{fig:sprint} Figure \arabic{figure}.}
       {Two sprints of the toy walker. (A) The first sprint. (B) The second.}
\end{figure}

\begin{figure}
\includegraphics{picture-only}
\end{figure}

\begin{table}[!ht]
\textbf{\refstepcounter{table}\label{tab:tools} Table \thetable.} {Versions of the tools.}
\begin{tabular}{ll} wrench & 2 \\ hammer & 3 \end{tabular}
\end{table}

\begin{figure}
\centering
\includegraphics{stroll}
\caption{A stroll with its caption.}\label{fig:stroll}
\end{figure}
Figure~\ref{fig:stroll} closes the section.
\end{document}
"""


def _read(tmp_path: Path):
    main = tmp_path / "main.tex"
    main.write_text(PAPER, encoding="utf-8")
    return load_latex(main)


def test_a_float_without_caption_is_a_unit_of_its_text(tmp_path: Path) -> None:
    doc = _read(tmp_path)
    assert [(p.kind, p.text) for p in doc.paragraphs] == [
        (ParagraphKind.HEADING, "Results"),
        (ParagraphKind.BODY, "The sprint is drawn in Figure 1, the tools in Table 1."),
        (ParagraphKind.CAPTION, "Figure 1. Two sprints of the toy walker. (A) The first sprint. (B) The second."),
        (ParagraphKind.CAPTION, "Table 1. Versions of the tools."),  # the tabular is dropped, as in any float
        (ParagraphKind.CAPTION, "Figure 2: A stroll with its caption."),  # numbered after the hand-numbered one
        (ParagraphKind.BODY, "Figure 2 closes the section."),
    ]
    assert doc.notices == []


def test_the_unit_knows_its_source(tmp_path: Path) -> None:
    legend = next(p for p in _read(tmp_path).paragraphs if p.text.startswith("Figure 1."))
    assert legend.line == 6  # where the float begins
    assert legend.source is not None and "Two sprints of the toy walker." in legend.source


def test_a_counter_the_reader_does_not_keep_reads_as_before(tmp_path: Path) -> None:
    main = tmp_path / "main.tex"
    main.write_text("\\documentclass{article}\n\\begin{document}\nStep \\arabic{enumi} of the walk.\n\\end{document}\n",
                    encoding="utf-8")
    assert [p.text for p in load_latex(main).paragraphs] == ["Step enumi of the walk."]  # its name, as before
