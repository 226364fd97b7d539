"""LaTeX reader: what a paper prints for references and list labels, and settings that print nothing."""

from __future__ import annotations

from pathlib import Path

from engine.document import Document, ParagraphKind
from engine.document.latex.load import load_latex
from tests.engine.document.test_latex import load


def body_texts(doc: Document) -> list[str]:
    return [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]


def test_a_list_label_is_read_as_text_not_as_source(tmp_path: Path) -> None:
    doc = load(tmp_path, r"""
\section{Evaluation}\label{sec:eval}
\subsection{Profiles}\label{sec:prof}
Text.
\begin{description}
\item[\autoref{sec:prof}] Profiles are Pareto-optimal.
\item[\textbf{Speed}] Profiling is fast, see Section~\ref{sec:eval}.
\item[(c)] Plain label.
\end{description}
""", preamble="\\usepackage{hyperref}")
    texts = body_texts(doc)
    assert "subsection 1.1 Profiles are Pareto-optimal." in texts  # hyperref's \\subsectionautorefname
    assert "Speed Profiling is fast, see Section 1." in texts
    assert "(c) Plain label." in texts
    assert not any("\\" in t for t in texts)


def test_a_subfigure_label_prints_the_figure_number_and_a_letter(tmp_path: Path) -> None:
    doc = load(tmp_path, r"""
\section{Results}\label{sec:res}
\begin{figure}
\caption{First.}\label{fig:first}
\end{figure}
\begin{figure}
\begin{subfigure}{0.4\textwidth}\caption{Time series.}\label{fig:ts}\end{subfigure}
\begin{subfigure}{0.4\textwidth}\caption{Box plots.}\label{fig:box}\end{subfigure}
\caption{Runtime behaviour.}\label{fig:runtime}
\end{figure}
Figure~\ref{fig:ts} shows the series, \autoref{fig:box} the boxes, Figure~\ref{fig:runtime} both;
Section~\ref{sec:res} has them.
\begin{figure}
\caption{Captioned first.}\label{fig:third}
\begin{subfigure}{0.4\textwidth}\caption{Left.}\label{fig:left}\end{subfigure}
\end{figure}
Figure~\ref{fig:left} is on the left of Figure~\ref{fig:third}.
""", preamble="\\usepackage{subcaption}\\usepackage{hyperref}")
    texts = body_texts(doc)
    assert "Figure 2a shows the series, Figure 2b the boxes, Figure 2 both; Section 1 has them." in texts
    assert "Figure 3a is on the left of Figure 3." in texts


def test_settings_made_after_begin_document_print_nothing(tmp_path: Path) -> None:
    doc = load(tmp_path, r"""
\lstdefinestyle{cstyle}{basicstyle=\ttfamily, keywordstyle=[2]{\bfseries}, language=C}
\newrefformat{sec}{\hyperref[#1]{Section~\ref*{#1}}}
\pgfplotsset{my bar/.style={ybar, bar width=.24cm}}
\pgfplotstableread[row sep=\\,col sep=&]{
Rate & Bandwidth \\
30 & 100 \\
}\ratetable
\tikzset{box/.style={draw}}
\sisetup{round-mode=places}
\bstctlcite{IEEEexample:BSTcontrol}
\pagenumbering{gobble}
\section{Introduction}
The only paragraph.
""")
    assert body_texts(doc) == ["The only paragraph."]


def test_acronyms_print_as_their_package_prints_them(tmp_path: Path) -> None:
    doc = load(tmp_path, r"""
\section{Introduction}
\Glspl{MM} parameterise \glspl{DVF} in terms of a \gls{SS}. A \gls{MM} is fit on \acrshort{CT} data;
the \gls{SS} is \acrlong{CT}-derived, see \acrfull{CT}. \gls{XYZ} is not defined.

Our \ac{NN} beats a \acs{RL} agent; an \ac{NN} is small, \acp{NN} are fast, \acl{RL} is \acf{RL}.
""", preamble=r"""\usepackage[acronym]{glossaries}
\newacronym{MM}{MM}{motion model}
\newacronym[longplural={Deformation Vector Fields}]{DVF}{DVF}{Deformation Vector Field}
\newacronym{SS}{SS}{Surrogate Signal}
\newacronym{CT}{CT}{Computed Tomography}
\usepackage{acronym}
\begin{acronym}\acro{NN}{neural network}\acro{RL}[RL]{reinforcement learning}\end{acronym}
""")
    assert body_texts(doc)[:2] == [
        "Motion models (MMs) parameterise Deformation Vector Fields (DVFs) in terms of a Surrogate Signal (SS). "
        "A MM is fit on CT data; the SS is Computed Tomography-derived, see Computed Tomography (CT). XYZ is not defined.",
        "Our neural network (NN) beats a RL agent; an NN is small, NNs are fast, reinforcement learning is "
        "reinforcement learning (RL).",
    ]


def test_starred_acronyms_print_as_the_unstarred_ones(tmp_path: Path) -> None:
    """The acronym package's starred forms (``\\acfp*{NCS}``, ``\\acs*{NCS}``) print as the plain ones, and ``\\ac*``
    leaves the acronym unused; a new-user trial's abstract opened on "*NCS" instead of the spelled-out plural."""
    doc = load(tmp_path, r"""
\section{Introduction}
\acfp*{NCS} are common in industry. A \acs*{NCS} is small; an \ac*{NCS} too, and an \ac{NCS} is fast, \ac{NCS} again.
""", preamble=r"""\usepackage{acronym}
\begin{acronym}\acro{NCS}{networked control system}\end{acronym}
""")
    assert body_texts(doc)[0] == (
        "networked control systems (NCSs) are common in industry. A NCS is small; an networked control system (NCS) "
        "too, and an networked control system (NCS) is fast, NCS again.")


def test_acronyms_loaded_from_a_glossary_entries_file(tmp_path: Path) -> None:
    entries = "\\newacronym{el}{EL}{Encoder Layer}\n\\newacronym{cl}{CL}{Cortical Layer}\n"
    (tmp_path / "acronyms.tex").write_text(entries, encoding="utf-8")
    main = tmp_path / "main.tex"
    main.write_text(r"""\documentclass{article}
\usepackage{glossaries}
\loadglsentries[main]{acronyms}
\begin{document}
The \gls{el} simulates a patch called \gls{cl}; the \gls{el} is small.
\end{document}
""", encoding="utf-8")
    doc = load_latex(main)
    assert body_texts(doc) == ["The Encoder Layer (EL) simulates a patch called Cortical Layer (CL); the EL is small."]


def test_ieeetran_tables_are_roman_and_fancyref_names_the_kind(tmp_path: Path) -> None:
    main = tmp_path / "main.tex"
    main.write_text(r"""\documentclass[journal]{IEEEtran}
\usepackage{fancyref}
\begin{document}
\section{Results}\label{sec:res}
\begin{table}\caption{First.}\label{tab:first}\end{table}
\begin{table}\caption{SUV.}\label{tab:suv}\end{table}
\begin{figure}\caption{Images.}\label{fig:img}\end{figure}
Results confirm the above (see~\Fref{tab:suv}, \Fref{fig:img}, \fref{sec:res} and Table~\ref{tab:first}).
\end{document}
""", encoding="utf-8")
    doc = load_latex(main)
    assert body_texts(doc) == ["Results confirm the above (see Table II, Figure 1, section I and Table I)."]
