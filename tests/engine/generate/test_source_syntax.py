"""Suggestions in the draft's own syntax (issue 34, branch source19): the readers' per-paragraph record (source and
marks) and the reverse map, on synthetic LaTeX and R Markdown papers written in the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document.latex.load import load_latex
from engine.document.markdown import load_markdown
from engine.document.model import Document, Paragraph
from engine.generate.scaffold import Scaffold
from engine.generate.source_syntax import escape, in_source, unmapped_flag, write_back
from engine.generate.suggest import Suggestion

LATEX = r"""\documentclass{article}
\begin{document}
\section{Introduction}\label{sec:intro}
Populations grow as $N_{t+1} = r N_t$ when kin compete \citep[p.~3]{Heron2017,Wren2016},
as \citet{Smith2020} found. See Section~\ref{sec:model} and Figure \ref{fig:map}; costs rose 50\% % a comment
for each $x$ and \emph{a group $y$ \cite{Zhang2019}}.\footnote{A note \cite{Foot2018}.}

\section{Model}\label{sec:model}
\begin{figure}\caption{A map}\label{fig:map}\end{figure}
Plain text with no marks, and \cite{Other2001} elsewhere.
\end{document}
"""

RMD = """---
title: "Kin competition"
---

# Introduction

Populations grow as $N_{t+1} = r N_t$ when kin compete [@Heron2017; @Wren2016],
as @Smith2020 found. See Figure \\@ref(fig:map) and @fig-growth; costs rose 50% for $x$.

# Model

Plain text with no marks [@Other2001].
"""


@pytest.fixture
def latex(tmp_path: Path) -> tuple[Document, Paragraph]:
    path = tmp_path / "paper.tex"
    path.write_text(LATEX, encoding="utf-8")
    doc = load_latex(path)
    return doc, next(p for p in doc.paragraphs if p.text.startswith("Populations"))


@pytest.fixture
def rmd(tmp_path: Path) -> tuple[Document, Paragraph]:
    path = tmp_path / "paper.Rmd"
    path.write_text(RMD, encoding="utf-8")
    doc = load_markdown(path)
    return doc, next(p for p in doc.paragraphs if p.text.startswith("Populations"))


def test_the_latex_reader_keeps_each_paragraphs_source_and_marks_beside_its_unchanged_text(latex) -> None:
    doc, para = latex
    assert para.text == ("Populations grow as Nt+1 = rNt when kin compete [Heron2017, Wren2016], as [Smith2020] "
                         "found. See Section 2 and Figure 1; costs rose 50% for each x and a group y [Zhang2019].")
    assert para.source.startswith("Populations grow as $N_{t+1}") and "% a comment" not in para.source
    assert para.source.endswith(r"\footnote{A note \cite{Foot2018}.}")
    assert para.marks == (
        ("math", "Nt+1 = rNt", "$N_{t+1} = r N_t$"),
        ("cite", "[Heron2017, Wren2016]", r"\citep[p.~3]{Heron2017,Wren2016}"),
        ("cite", "[Smith2020]", r"\citet{Smith2020}"),
        ("ref", "Section 2", r"Section~\ref{sec:model}"),
        ("ref", "Figure 1", r"Figure \ref{fig:map}"),
        ("math", "x", "$x$"), ("math", "y", "$y$"), ("cite", "[Zhang2019]", r"\cite{Zhang2019}"),
    )  # the footnote's citation is its own paragraph's
    assert [p.source for p in doc.paragraphs if p.kind.value in ("heading", "caption")] == [None, None, "A map"]
    again = Document.from_dict(doc.to_dict())  # stored in a project and read back
    assert again.paragraph(para.id) == para
    assert "source" not in Document.from_dict({"paragraphs": [{"id": "p1", "text": "t"}]}).paragraphs[0].to_dict()


def test_a_latex_edit_is_written_back_with_the_paragraphs_citations_references_and_maths(latex) -> None:
    doc, para = latex
    whole = write_back(para.text, para, doc)
    for _, _, source in para.marks:
        assert source in whole.text
    assert r"50\% for each $x$" in whole.text and not whole.unmapped and not whole.unknown
    edit = ("We now show Nt+1 = rNt for 2 settings [Wren2016, Smith2020] (Section 2) and cite [Other2001], "
            "not [Invented2024]; 5% of x_1 & [[RESULT: the rate]].")
    out = write_back(edit, para, doc)
    assert out.text == (r"We now show $N_{t+1} = r N_t$ for 2 settings \citep{Wren2016,Smith2020} "
                        r"(Section~\ref{sec:model}) and cite \cite{Other2001}, not [Invented2024]; 5\% of x\_1 \& "
                        r"[[RESULT: the rate]].")  # a bare "2" is no reference; "x_1" is no maths the paper has
    assert out.unknown == ["Invented2024"]  # no key is invented
    assert "Invented2024" in unmapped_flag(out).message and unmapped_flag(out).severity == "info"


def test_an_ambiguous_rendering_is_left_as_it_reads_and_named(tmp_path: Path) -> None:
    path = tmp_path / "p.tex"
    path.write_text("\\documentclass{article}\\begin{document}\nWe set $k$ and $k_0$ and k.\n\\end{document}\n")
    doc = load_latex(path)
    para = doc.paragraphs[0]
    assert para.text == "We set k and k0 and k."
    out = write_back("Choose k and k0.", para, doc)
    assert out.text == "Choose k and $k_0$." and out.unmapped == ["k"]  # "k" reads twice, recorded once


def test_an_r_markdown_edit_is_written_back_in_pandocs_syntax(rmd) -> None:
    doc, para = rmd
    assert para.text == ("Populations grow as Nt+1 = r Nt when kin compete [Heron2017, Wren2016], as Smith2020 "
                         "found. See Figure ?? and Figure; costs rose 50% for x.")
    assert para.source.startswith("Populations grow as $N_{t+1} = r N_t$") and "\n" in para.source
    assert ("ref", "Figure ??", "Figure \\@ref(fig:map)") in para.marks
    assert ("cite", "[Heron2017, Wren2016]", "[@Heron2017; @Wren2016]") in para.marks
    whole = write_back(para.text, para, doc)
    assert whole.text == " ".join(para.source.split()) and not whole.unmapped
    out = write_back("As Smith2020 and [Wren2016, Other2001] show in Figure ??, costs cost $5 at x.", para, doc)
    assert out.text == ("As @Smith2020 and [@Wren2016; @Other2001] show in Figure \\@ref(fig:map), costs cost "
                        "\\$5 at $x$.")
    assert escape("mail me @home for $3", "markdown") == "mail me \\@home for \\$3"


def test_a_pdf_draft_is_unchanged_and_a_paragraph_without_record_is_flagged(latex) -> None:
    doc, para = latex
    pdf = Document(paragraphs=[Paragraph("p0001", para.text)], source_format="pdf")
    assert write_back(para.text, pdf.paragraphs[0], pdf) is None
    s = Suggestion("c1", "comment", "resp", "p0001", "", "insert_after", para.text)
    in_source(s, pdf)
    assert s.syntax == "" and s.source_edit == "" and not s.flags
    old = Document(paragraphs=[Paragraph("p0001", para.text)], source_format="latex")  # a project read before
    s = Suggestion("c1", "comment", "resp", "p0001", "", "insert_after", para.text)
    in_source(s, old)
    assert s.source_edit == "" and [f.code for f in s.flags] == ["no_source"] and s.valid


def test_a_scaffold_quotes_and_drafts_in_the_source(latex) -> None:
    doc, para = latex
    quote = "See Section 2 and Figure 1; costs rose 50% for each x and a group y [Zhang2019]."
    scaffold = Scaffold(para.id, "Introduction", quote, "citation", "add", "Add [[CITATION: work]] as [Smith2020].",
                        "We added it.", "replace")
    s = Suggestion("c1", "comment", scaffold.response, para.id, "Introduction", "replace", scaffold.draft,
                   kind="scaffold", scaffold=scaffold)
    in_source(s, doc)
    assert s.syntax == "latex" and s.source_original == para.source
    assert s.source_edit == r"Add [[CITATION: work]] as \citet{Smith2020}."
    assert scaffold.source_quote == (r"See Section~\ref{sec:model} and Figure \ref{fig:map}; costs rose 50\% for each "
                                     r"$x$ and a group $y$ \cite{Zhang2019}.")
    assert s.to_dict()["source_edit"] == s.source_edit and not s.flags


def test_the_record_leaves_every_text_as_the_reader_gave_it(tmp_path: Path, monkeypatch) -> None:
    """Rendering a mark again must leave no trace: a footnote set inside maths is not doubled, an acronym first
    used inside maths still reads in full at its first use (the faces-tpami draft of the training part read one
    footnote twice before this was kept apart)."""
    from engine.document.latex import load

    path = tmp_path / "p.tex"
    path.write_text("\\documentclass{article}\\usepackage{acronym}\\begin{document}\n"
                    "\\begin{acronym}\\acro{GL}{General Linear}\\end{acronym}\n"
                    "A map $\\mathrm{\\ac{GL}}(3)\\footnote{Transformations of a plane.}$ acts \\cite{k1}.\n\n"
                    "Then \\ac{GL} again, see \\eqref{e}.\n\\end{document}\n", encoding="utf-8")
    kept = [(p.kind, p.text) for p in load_latex(path).paragraphs]
    monkeypatch.setattr(load, "record", lambda *args: (None, ()))
    assert [(p.kind, p.text) for p in load_latex(path).paragraphs] == kept


def test_panels_subscripts_appendices_and_one_key_cited_two_ways(tmp_path: Path) -> None:
    """Read on the training part's round trip (in-sample there): ``Fig.~\\ref{f}A`` reads "Fig. 1A", ``CO$_2$``
    "CO2", an appendix's ``\\ref`` a bare "A", and one key cited twice in two forms."""
    path = tmp_path / "p.tex"
    path.write_text("\\documentclass{article}\\begin{document}\n\\section{S}\n"
                    "As in Fig.~\\ref{f}A, CO$_2$ rose \\citep[e.g.][]{k1}; \\citet{k1} saw it (Appendix~\\ref{app}).\n"
                    "\\begin{figure}\\caption{F}\\label{f}\\end{figure}\n\\appendix\\section{More}\\label{app}\nText.\n"
                    "\\end{document}\n", encoding="utf-8")
    doc = load_latex(path)
    para = doc.paragraphs[1]
    assert para.text == "As in Fig. 1A, CO2 rose [k1]; [k1] saw it (Appendix A)."
    assert write_back(para.text, para, doc).text == " ".join(para.source.split())
    out = write_back("A panel, Fig. 1B, and CO2 in Appendix A, as [k1] says.", para, doc)
    assert out.text == r"A panel, Fig.~\ref{f}B, and CO$_2$ in Appendix~\ref{app}, as [k1] says."
    assert out.unmapped == ["[k1]"]  # two sources for one reading, a count that differs: left and named


def test_a_caption_keeps_its_argument_as_source(tmp_path: Path) -> None:
    """The placement puts some edits on a figure's caption (210 of the training part's 1489 answered comments)."""
    path = tmp_path / "p.tex"
    path.write_text("\\documentclass{article}\\begin{document}\nText.\n\\begin{figure}\n"
                    "\\caption{Growth for $r > 1$ as in \\citet{Smith2020}.}\\label{f}\n\\end{figure}\n\\end{document}\n",
                    encoding="utf-8")
    doc = load_latex(path)
    cap = doc.paragraphs[1]
    assert cap.text == "Figure 1: Growth for r > 1 as in [Smith2020]." and cap.line == 4
    assert cap.source == r"Growth for $r > 1$ as in \citet{Smith2020}."
    assert write_back("Growth for r > 1 [Smith2020] and 5%.", cap, doc).text == \
        r"Growth for $r > 1$ \citet{Smith2020} and 5\%."
