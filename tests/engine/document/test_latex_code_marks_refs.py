"""Session 33's reader faults (latex35), each as a general rule, in invented words: code's ``$`` and an empty
formula as a mark open no maths; ``\\input`` names written from the project's top are found; cleveref's lists
and ranges read as cleveref prints them."""

from __future__ import annotations

from pathlib import Path

from engine.document import load_document


def _texts(path: Path) -> list[str]:
    return [p.text for p in load_document(path).paragraphs]


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_empty_formula_as_an_affiliation_mark_opens_no_display(tmp_path):
    paper = _write(tmp_path / "paper.tex", r"""\documentclass{article}
\usepackage{authblk}
\begin{document}
\author[1,$\ast$]{Ada Quill}
\affil[1]{Pebble Institute}
\affil[$$]{Equal shares of pebbles}
\maketitle
\section{Start}
First paragraph about pebbles.

Second paragraph with $x$ and a display $$y=2$$ kept.
\end{document}
""")
    texts = _texts(paper)
    assert "First paragraph about pebbles." in texts
    assert any(t.startswith("Second paragraph with x and") for t in texts)
    assert not any(t in ("[", "]") for t in texts)


def test_dollar_in_literate_code_opens_no_maths(tmp_path):
    paper = _write(tmp_path / "paper.lhs", r"""\documentclass{article}
\begin{document}
\section{Folds}
We fold the pebbles with $f$ first.
\begin{code}
squash g h = foldr1 (<+>) . map left $ h'
\end{code}
The conclusion about pebbles survives.

A last paragraph with $g$ in it.
\end{document}
""")
    texts = _texts(paper)
    assert "The conclusion about pebbles survives." in texts
    assert "A last paragraph with g in it." in texts
    assert any("map left $ h'" in t for t in texts)


def test_listings_environment_and_code_macro_hold_their_dollars(tmp_path):
    paper = _write(tmp_path / "paper.tex", r"""\documentclass{article}
\usepackage{listings}
\lstnewenvironment{snippet}{}{}
\newcommand{\il}[1]{\lstinline[style=inline];#1;}
\newcommand{\gizmo}{\ensuremath{\beta}}
\newcommand{\TAILOF}[1]{\; TailOf(#1) \;}
\begin{document}
A routine returns \il{($Knot$(Rope$_\gizmo$), $\TAILOF{\gizmo}$)} to its caller.

\begin{snippet}
main = print $ twist 3
\end{snippet}
The paragraph after the code stays apart.

Last paragraph with $z$.
\end{document}
""")
    texts = _texts(paper)
    assert any(t.startswith("A routine returns") and t.endswith("to its caller.") and len(t) < 120 for t in texts)
    assert "The paragraph after the code stays apart." in texts
    assert "Last paragraph with z." in texts


def test_a_code_environment_the_paper_defines_itself_is_left_alone(tmp_path):
    paper = _write(tmp_path / "paper.tex", r"""\documentclass{article}
\newenvironment{code}{\begin{quote}}{\end{quote}}
\begin{document}
\begin{code}
The bound $n^2$ holds.
\end{code}
\end{document}
""")
    assert _texts(paper) == ["The bound n2 holds."]  # maths, as before: not code


def test_input_written_from_the_project_top_is_found(tmp_path):
    project = tmp_path / "repo"
    _write(project / ".gitignore", "*.aux\n")
    _write(project / "sections" / "intro.tex", "Pebbles arrive from the top folder.\n")
    _write(project / "kept" / "local.tex", "A file beside the main one.\n")
    main = _write(project / "kept" / "paper.tex", "\\documentclass{article}\n\\begin{document}\n"
                  "\\input{sections/intro}\n\n\\input{local}\n\n\\input{sections/nowhere}\n\\end{document}\n")
    doc = load_document(main)
    texts = [p.text for p in doc.paragraphs]
    assert texts == ["Pebbles arrive from the top folder.", "A file beside the main one."]
    assert any("sections/nowhere" in n and "not found" in n for n in doc.notices)


def test_top_folder_without_project_marker_or_hidden_file_is_not_read(tmp_path):
    _write(tmp_path / "home" / "notes" / "diary.tex", "Private diary pebbles.\n")
    _write(tmp_path / "home" / "paper" / "main.tex", "\\documentclass{article}\n\\begin{document}\n"
           "\\input{notes/diary}\n\nBody.\n\\end{document}\n")
    assert _texts(tmp_path / "home" / "paper" / "main.tex") == ["Body."]
    _write(tmp_path / "repo" / "Makefile", "all:\n")
    _write(tmp_path / "repo" / ".hidden" / "key.tex", "Hidden pebbles.\n")
    _write(tmp_path / "repo" / "paper" / "main.tex", "\\documentclass{article}\n\\begin{document}\n"
           "\\input{.hidden/key}\n\nBody.\n\\end{document}\n")
    assert _texts(tmp_path / "repo" / "paper" / "main.tex") == ["Body."]


def test_cleveref_lists_and_ranges(tmp_path):
    paper = _write(tmp_path / "paper.tex", r"""\documentclass{article}
\usepackage{amsmath,cleveref}
\begin{document}
\section{Alpha}\label{sec:a}
Read \cref{sec:b,sec:c,sec:d}, \Cref{sec:b,sec:d}, \crefrange{sec:a}{sec:c} and \cref{sec:b,fig:one}.
\section{Beta}\label{sec:b}
\begin{equation}x=1\label{eq:x}\end{equation}
\begin{equation}y=1\label{eq:y}\end{equation}
See \cref{eq:x,eq:y}, \cref{sec:a}, \crefrange{eq:x}{eq:x} and \ref{sec:a,sec:b}.
\section{Gamma}\label{sec:c}
\begin{figure}\caption{Pebbles}\label{fig:one}\end{figure}
\section{Delta}\label{sec:d}
\end{document}
""")
    texts = _texts(paper)
    assert "Read sections 2 to 4, Sections 2 and 4, sections 1 to 3 and section 2 and fig. 1." in texts
    assert "See eqs. (1) and (2), section 1, eq. (1) and ??." in texts
