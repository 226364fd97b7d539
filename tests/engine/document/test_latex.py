"""LaTeX structure and text: front matter, headings, math, macros, captions, footnotes, lists."""

from __future__ import annotations

from pathlib import Path

from engine.document import Document, ParagraphKind
from engine.document.latex.load import load_latex


def load(tmp_path: Path, body: str, preamble: str = "") -> Document:
    main = tmp_path / "main.tex"
    main.write_text(
        "\\documentclass{article}\n" + preamble + "\n\\begin{document}\n" + body + "\n\\end{document}\n",
        encoding="utf-8",
    )
    return load_latex(main)


def kinds(doc: Document) -> list[tuple[str, str]]:
    return [(p.kind.value, p.text) for p in doc.paragraphs]


def test_title_with_short_form_braces_linebreak_and_thanks(tmp_path: Path) -> None:
    doc = load(
        tmp_path,
        "\\maketitle\nBody.",
        preamble="\\title[Short]{Online {Iterative} Compilation:\\\\ a {\\em Study}\\thanks{Funded by X.}}\n"
        "\\author{Ann Lee\\thanks{Uni A} \\and Bo Chen \\\\ Some University}\n",
    )
    assert doc.title == "Online Iterative Compilation: a Study"
    assert doc.authors == ["Ann Lee", "Bo Chen"]
    assert doc.source_format == "latex"


def test_several_author_commands_and_affiliations(tmp_path: Path) -> None:
    doc = load(
        tmp_path,
        "\\title{T}\n\\author{R. Rocha}\n\\affiliation{\\institution{Edinburgh}}\n\\email{r@x}\n"
        "\\author{Lu\\'is G\\'oes}\n\\maketitle\nBody.",
    )
    assert doc.authors == ["R. Rocha", "Lu\u00eds G\u00f3es"]
    assert [p.text for p in doc.paragraphs] == ["Body."]


def test_abstract_environment_and_macro(tmp_path: Path) -> None:
    doc = load(tmp_path, "\\begin{abstract}\nWe study X.\n\nWe find Y.\n\\end{abstract}\n\\section{Intro}\nText.")
    assert doc.abstract == "We study X. We find Y."
    abstract = [p for p in doc.paragraphs if p.section == ("Abstract",)]
    assert [p.text for p in abstract] == ["We study X.", "We find Y."]
    assert all(p.kind is ParagraphKind.BODY for p in abstract)
    macro = load(tmp_path, "\\maketitle\nBody.", preamble="\\abstract{A short \\emph{abstract}.}")
    assert macro.abstract == "A short abstract."
    assert macro.paragraphs[0].text == "A short abstract."


def test_headings_levels_stars_numbers_and_appendix(tmp_path: Path) -> None:
    doc = load(
        tmp_path,
        "\\section{Introduction}\nA.\n\\subsection{Scope}\nB.\n\\subsubsection*{Aside}\nC.\n"
        "\\paragraph{Run-in.}\nD.\n\\section*{Unnumbered}\nE.\n\\section{Method}\\label{sec:m}\nSee Section~\\ref{sec:m}.\n"
        "\\appendix\n\\section{Proofs}\\label{app:p}\nIn \\autoref{app:p}.",
    )
    assert [(s.title, s.level, s.number) for s in doc.sections] == [
        ("Introduction", 1, "1"),
        ("Scope", 2, "1.1"),
        ("Aside", 3, None),
        ("Run-in.", 4, None),
        ("Unnumbered", 1, None),
        ("Method", 1, "2"),
        ("Proofs", 1, "A"),
    ]
    heads = [p for p in doc.paragraphs if p.kind is ParagraphKind.HEADING]
    assert [p.text for p in heads][:2] == ["Introduction", "Scope"]
    d = next(p for p in doc.paragraphs if p.text == "D.")
    assert d.section == ("Introduction", "Scope", "Aside", "Run-in.")
    assert "See Section 2." in [p.text for p in doc.paragraphs]
    assert "In Appendix A." in [p.text for p in doc.paragraphs]  # hyperref's name after \\appendix


def test_chapters_are_level_one(tmp_path: Path) -> None:
    doc = load(tmp_path, "\\chapter{Start}\nA.\n\\section{Part}\nB.")
    assert [(s.title, s.level, s.number) for s in doc.sections] == [("Start", 1, "1"), ("Part", 2, "1.1")]


def test_paragraphs_split_on_blank_lines_and_par(tmp_path: Path) -> None:
    doc = load(tmp_path, "One\nstill one.\n\n\n   Two.\\par Three.\n\\par\nFour.")
    assert [p.text for p in doc.paragraphs] == ["One still one.", "Two.", "Three.", "Four."]
    assert [p.line for p in doc.paragraphs] == [4, 8, 8, 10]


def test_display_math_is_its_own_equation_paragraph(tmp_path: Path) -> None:
    body = (
        "We define\n\\[ W = \\sum_i w_i \\]\nwhere $w_i$ is a weight.\n\n"
        "$$ a = b $$\n\n\\begin{equation}\\label{eq:e} E = mc^2 \\end{equation}\n\n"
        "\\begin{align*} x &= 1 \\\\ y &= 2 \\end{align*}\n\\begin{eqnarray} a \\end{eqnarray}\n"
        "\\begin{gather} g \\end{gather}\\begin{multline*} m \\end{multline*}\nBy Equation~\\eqref{eq:e}."
    )
    doc = load(tmp_path, body)
    assert kinds(doc) == [
        ("body", "We define"),
        ("equation", "[EQUATION]"),
        ("body", "where wi is a weight."),
        ("equation", "[EQUATION]"),
        ("equation", "[EQUATION]"),
        ("equation", "[EQUATION]"),
        ("equation", "[EQUATION]"),
        ("equation", "[EQUATION]"),
        ("equation", "[EQUATION]"),
        ("body", "By Equation (1)."),
    ]


def test_inline_math_is_compact_text(tmp_path: Path) -> None:
    doc = load(tmp_path, "Ratio $\\Delta W / \\Delta t$ with $\\alpha^{2}$ and $x_{ij}$, costs \\$5.")
    assert doc.paragraphs[0].text == "Ratio ΔW / Δt with α2 and xij, costs $5."


def test_ensuremath_is_inline_math(tmp_path: Path) -> None:
    # charmcc's \chisq and \xbj: "χ^2" and "x_Bj" where the PDF prints "χ2", "xBj"
    preamble = (
        "\\usepackage{xspace}\n\\newcommand{\\chisq}{\\ensuremath{\\chi^2}\\xspace}\n"
        "\\def\\xbj{\\ensuremath{x_{\\rm Bj}}}\n"
    )
    doc = load(tmp_path, "The \\chisq value at small \\xbj{} and \\ensuremath{Q^{2}}, \\chisq.", preamble=preamble)
    assert doc.paragraphs[0].text == "The χ2 value at small xBj and Q2, χ2."


def test_formatting_macros_are_unwrapped(tmp_path: Path) -> None:
    doc = load(
        tmp_path,
        "\\emph{a} \\textbf{b} \\textit{c} \\texttt{-O3} \\textsc{d} \\underline{e} \\mbox{f-g} \\hbox{h} "
        "\\url{http://x.org} \\href{http://y.org}{link text} {\\em old} \\textcolor{red}{red} "
        "\\unknownmacro{kept} \\vspace{2mm}\\noindent end.",
    )
    assert doc.paragraphs[0].text == "a b c -O3 d e f-g h http://x.org link text old red kept end."


def test_special_characters_quotes_dashes_accents(tmp_path: Path) -> None:
    doc = load(
        tmp_path,
        "A~B 50\\% R\\&D \\#1 ``quoted'' `single' pages 1--2 --- yes \\ldots{} na\\\"{\\i}ve "
        "caf\\'e \\c{c}a \\ss{} x\\\\y.",
    )
    assert doc.paragraphs[0].text == "A B 50% R&D #1 \u201cquoted\u201d \u2018single\u2019 pages 1\u20132 \u2014 yes \u2026 na\u00efve caf\u00e9 \u00e7a \u00df x y."


def test_citations_refs_and_labels(tmp_path: Path) -> None:
    doc = load(
        tmp_path,
        "\\section{Intro}\\label{sec:intro}\nAs shown~\\cite{knuth73,ball94}, \\citep[p.~3]{a} and \\citet{b}. "
        "Figure~\\ref{fig:x} and Table~\\ref{tab:y} in Section~\\ref{sec:intro}; \\cref{fig:x}; \\ref{nowhere}.\n"
        "\\begin{figure}\\caption{First.}\\label{fig:x}\\end{figure}\n"
        "\\begin{table}\\caption{Tab.}\\label{tab:y}\\begin{tabular}{ll} a & b \\\\ \\end{tabular}\\end{table}",
    )
    body = doc.body()[0].text
    assert body == (
        "As shown [knuth73, ball94], [a] and [b]. Figure 1 and Table 1 in Section 1; fig. 1; ??."
    )
    captions = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.CAPTION]
    assert captions == ["Figure 1: First.", "Table 1: Tab."]


def test_newcommand_macros_with_and_without_arguments(tmp_path: Path) -> None:
    preamble = (
        "\\usepackage{xspace}\n\\newcommand{\\itercomp}{iterative compilation\\xspace}\n"
        "\\newcommand\\etal{et~al.}\n\\newcommand{\\tool}{\\textsc{Redraft}}\n"
        "\\newcommand{\\pair}[2]{(#1, #2)}\n\\newcommand{\\opt}[1][x]{<#1>}\n"
        "\\renewcommand{\\vec}[1]{\\mathbf{#1}}\n\\def\\ours{OurSys}\n\\DeclareMathOperator{\\argmax}{arg\\,max}\n"
        "\\newcommand{\\red}[1]{\\textcolor{red}{#1}}\n"
    )
    doc = load(
        tmp_path,
        "We use \\itercomp online; \\itercomp. Smith \\etal{} and \\tool{} show \\pair{a}{b}, \\opt, \\opt[y]. "
        "\\ours{} wins \\red{here}, $\\vec{v}$.",
        preamble=preamble,
    )
    assert doc.paragraphs[0].text == (
        "We use iterative compilation online; iterative compilation. Smith et al. and Redraft show (a, b), <x>, <y>. "
        "OurSys wins here, v."
    )


def test_macros_that_open_and_close_environments(tmp_path: Path) -> None:
    # shci-jcp's \\beq/\\eeq: the text after the first display used to be swallowed
    preamble = (
        "\\def\\beq{\\begin{eqnarray}}\n\\def\\eeq{\\end{eqnarray}}\n"
        "\\newcommand{\\bi}{\\begin{itemize}}\n\\newcommand{\\ei}{\\end{itemize}}\n"
        "\\newcommand{\\pair}{\\begin{center}pair\\end{center}}\n"
    )
    doc = load(
        tmp_path,
        "Text \\beq\nx = y\n\\eeq after text.\n\nNext paragraph \\beq a \\eeq and more.\n\n"
        "\\bi \\item One. \\item Two. \\ei\n\nThen \\pair{} and the end.",
        preamble=preamble,
    )
    assert kinds(doc) == [
        ("body", "Text"), ("equation", "[EQUATION]"), ("body", "after text."),
        ("body", "Next paragraph"), ("equation", "[EQUATION]"), ("body", "and more."),
        ("body", "One."), ("body", "Two."),
        ("body", "Then"), ("body", "pair"), ("body", "and the end."),
    ]


def test_captions_footnotes_and_floats(tmp_path: Path) -> None:
    doc = load(
        tmp_path,
        "Text with a note.\\footnote{The \\emph{note} text.} More text.\n\n"
        "\\begin{figure*}[t]\n\\centering\n\\includegraphics[width=\\textwidth]{f.pdf}\n"
        "\\caption{Overhead of \\texttt{-O3}.}\\label{fig:o}\n\\end{figure*}\n"
        "\\begin{figure}\\begin{subfigure}{.5\\linewidth}\\caption{Left}\\end{subfigure}\\caption{Both.}\\end{figure}\n"
        "After.",
    )
    assert kinds(doc) == [
        ("body", "Text with a note. More text."),
        ("footnote", "The note text."),
        ("caption", "Figure 1: Overhead of -O3."),
        ("caption", "Left"),
        ("caption", "Figure 2: Both."),
        ("body", "After."),
    ]


def test_lists_verbatim_tables_and_bibliography(tmp_path: Path) -> None:
    doc = load(
        tmp_path,
        "Our contributions:\n\\begin{itemize}[leftmargin=3mm]\n\\item First point\nspans lines.\n"
        "\\item Second point.\n\\end{itemize}\n\\begin{description}\\item[Term] Meaning.\\end{description}\n"
        "\\begin{lstlisting}\nint main() { return 0; } % not a comment\n\\end{lstlisting}\n"
        "Use \\verb|x%y| here.\n\n\\begin{tabular}{ll} cell & cell \\end{tabular}\n"
        "\\begin{thebibliography}{9}\n\\bibitem{k} D. Knuth. \\newblock Art. 1973.\n\\bibitem{b} T. Ball. 1994.\n"
        "\\end{thebibliography}",
    )
    assert kinds(doc) == [
        ("body", "Our contributions:"),
        ("body", "First point spans lines."),
        ("body", "Second point."),
        ("body", "Term Meaning."),
        ("other", "int main() { return 0; } % not a comment"),
        ("body", "Use x%y here."),
        ("reference", "D. Knuth. Art. 1973."),
        ("reference", "T. Ball. 1994."),
    ]


def test_bbl_beside_main_gives_references(tmp_path: Path) -> None:
    (tmp_path / "main.bbl").write_text(
        "\\begin{thebibliography}{1}\n\\bibitem{k} Donald Knuth. 1973. Optimal profiling.\n\\end{thebibliography}\n",
        encoding="utf-8",
    )
    doc = load(tmp_path, "Text~\\cite{k}.\n\\bibliographystyle{plain}\n\\bibliography{refs}")
    assert kinds(doc) == [("body", "Text [k]."), ("reference", "Donald Knuth. 1973. Optimal profiling.")]


def test_biblatex_bbl_is_not_read_as_text(tmp_path: Path) -> None:
    # biblatex writes its .bbl as entry data; inlined, it became "body" paragraphs of hashes and field names
    # (a real IEEEtran paper of the layouts corpus, issue 31)
    (tmp_path / "main.bbl").write_text(
        "% $ biblatex auxiliary file $\n\\begingroup\n\\makeatletter\n"
        "\\@ifundefined{ver@biblatex.sty}{\\@latex@error{Missing 'biblatex' package}{The bibliography requires "
        "the 'biblatex' package.}}{}\n\\refsection{0}\n  \\datalist[entry]{none/global//global/global}\n"
        "    \\entry{Nehmeh2008}{article}{}\n      \\name{author}{2}{}{{hash=1cc9}{family={Nehmeh}}}\n"
        "    \\endentry\n  \\enddatalist\n\\endrefsection\n\\endgroup\n",
        encoding="utf-8",
    )
    doc = load(tmp_path, "Text~\\cite{Nehmeh2008}.\n\\printbibliography")
    assert kinds(doc) == [("body", "Text [Nehmeh2008].")]


def test_theorem_like_and_unknown_environments_are_transparent(tmp_path: Path) -> None:
    doc = load(
        tmp_path,
        "Before.\n\\begin{theorem}Every graph is fine.\\end{theorem}\n\\begin{center}Centered.\\end{center}\n"
        "\\begin{acks}We thank all.\\end{acks}",
    )
    assert kinds(doc) == [
        ("body", "Before."),
        ("body", "Every graph is fine."),
        ("body", "Centered."),
        ("heading", "Acknowledgments"),
        ("body", "We thank all."),
    ]


def test_algorithm_inside_figure_and_paragraph_start_after_label(tmp_path: Path) -> None:
    doc = load(
        tmp_path,
        "\\section{Method}\\label{sec:m}\n\\vspace{2mm}\nFirst line of text.\n"
        "\\begin{figure}\\begin{minipage}{.5\\linewidth}\\caption{A plot.}\\end{minipage}"
        "\\begin{minipage}{.5\\linewidth}\\begin{algorithm}[H]\\caption{Search.}\\label{alg:s}"
        "\\begin{algorithmic}\\STATE{x}\\end{algorithmic}\\end{algorithm}\\end{minipage}\\end{figure}\n"
        "See Algorithm~\\ref{alg:s}.",
    )
    assert kinds(doc) == [
        ("heading", "Method"),
        ("body", "First line of text."),
        ("caption", "Figure 1: A plot."),
        ("caption", "Algorithm 1: Search."),
        ("body", "See Algorithm 1."),
    ]
    assert doc.paragraphs[1].line == 6  # the text's own line, not the \label's or \vspace's


def _with_class(tmp_path: Path, documentclass: str, body: str) -> Document:
    main = tmp_path / "main.tex"
    main.write_text(f"{documentclass}\n\\begin{{document}}\n{body}\n\\end{{document}}\n", encoding="utf-8")
    return load_latex(main)


def test_ieeetran_and_revtex_number_sections_as_they_print(tmp_path: Path) -> None:
    """IEEEtran prints "Section II-A", REVTeX "Section II A" and its appendix equations "(A1)": a reference
    reads as in the PDF (issue 31: REVTeX paragraphs citing "eq. D4" were missed against a source "eq. 4")."""
    body = (
        "\\section{Intro}\nText.\n\\section{Method}\\label{sec:m}\n\\subsection{Setup}\\label{sec:s}\n"
        "\\begin{equation}x=1\\label{eq:main}\\end{equation}\n"
        "As in Section~\\ref{sec:m}, Section~\\ref{sec:s} and Eq.~(\\ref{eq:main}).\n"
        "\\appendix\n\\section{Proofs}\\label{app:p}\n\\begin{equation}y=2\\label{eq:a1}\\end{equation}\n"
        "\\begin{equation}z=3\\label{eq:a2}\\end{equation}\n\\subsection{Lemma}\\label{app:l}\nText.\n\\section{More}\n\\begin{equation}w\\label{eq:b1}\\end{equation}\n"
        "By Eq.~(\\ref{eq:a2}) of Appendix~\\ref{app:p} and (\\ref{eq:b1}), in \\ref{app:l}."
    )
    revtex = _with_class(tmp_path, "\\documentclass[aps,prl,twocolumn]{revtex4-2}", body)
    texts = [p.text for p in revtex.paragraphs]
    assert "As in Section II, Section II A and Eq. (1)." in texts
    assert "By Eq. (A2) of Appendix A and (B1), in A 1." in texts
    assert [(s.title, s.number) for s in revtex.sections][:3] == [("Intro", "I"), ("Method", "II"), ("Setup", "II A")]
    ieee = _with_class(tmp_path, "\\documentclass[conference]{IEEEtran}", body)
    texts = [p.text for p in ieee.paragraphs]
    assert "As in Section II, Section II-A and Eq. (1)." in texts
    assert "By Eq. (3) of Appendix A and (4), in A-1." in texts  # IEEEtran's appendix equations go on counting
    plain = _with_class(tmp_path, "\\documentclass{article}", body)
    assert "As in Section 2, Section 2.1 and Eq. (1)." in [p.text for p in plain.paragraphs]


def test_elsarticle_front_matter_is_no_body_text(tmp_path: Path) -> None:
    """Elsevier's front matter (addresses, title and author notes, e-mails, the journal, keywords) and Springer
    Nature's affiliations print as front matter, not as body paragraphs (issue 31: read as body, they were
    'found as other' in the PDF)."""
    body = (
        "\\begin{frontmatter}\n\\title{Granular flows\\tnoteref{t1}}\n\\tnotetext[t1]{Research partially supported.}\n"
        "\\author[a]{Ann Author\\corref{cor1}}\\ead{ann@x.org}\n\\cortext[cor1]{Corresponding author. Tel.: 123.}\n"
        "\\fntext[fn1]{Now elsewhere.}\n\\address[a]{University of Somewhere, Spain}\n\\affil*[1]{Dept. of Physics}\n"
        "\\journal{Computer Physics}\n\\begin{abstract}We study flows.\\end{abstract}\n"
        "\\begin{keyword}MPM; granular dynamics\\end{keyword}\n\\end{frontmatter}\n"
        "\\section{Introduction}\nGranular flows are everywhere."
    )
    doc = _with_class(tmp_path, "\\documentclass[preprint]{elsarticle}", body)
    assert [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY] == ["We study flows.", "Granular flows are everywhere."]
    assert doc.title.startswith("Granular flows")


def test_revtex_front_matter_is_no_body_text(tmp_path: Path) -> None:
    body = ("\\preprint{APS/123-QED}\n\\title{Phase transitions}\n\\author{Ann Author}\\email[e-mail: ]{ann@x.org}"
            "\\altaffiliation[Also at ]{Elsewhere}\\homepage[]{https://x.org}\n\\affiliation{Somewhere}\n\\pacs{29.30.Dn}\n"
            "\\begin{abstract}We study phases.\\end{abstract}\n\\maketitle\nPhases are everywhere.")
    doc = _with_class(tmp_path, "\\documentclass[aps,prl]{revtex4-2}", body)
    assert [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY] == ["We study phases.", "Phases are everywhere."]


def test_a_title_block_set_by_hand_before_any_heading_is_not_body(tmp_path: Path) -> None:
    """PLOS's template sets title, authors, affiliations and author notes in a flushleft before the first
    heading: front matter (issue 31: read as body, their PDF counterparts were 'found as other'). A flushleft
    later in the paper is body as before."""
    body = (
        "\\begin{flushleft}\n{\\Large\\textbf\\newline{A structured guide}}\n\\newline\n\\\\\nAnn Author\\textsuperscript{1}\n"
        "\\\\\n\\textbf{1} Université de Paris, CNRS, Paris, France\n\\\\\n\\bigskip\n* ann@x.org\n\\end{flushleft}\n"
        "\\section*{Abstract}\nWe guide.\n\\section*{Introduction}\nFlipped classrooms work.\n"
        "\\begin{flushleft}\nA left-set remark of the body.\n\\end{flushleft}"
    )
    doc = load(tmp_path, body)
    assert [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY] == [
        "We guide.", "Flipped classrooms work.", "A left-set remark of the body."]
    front = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.OTHER]
    assert any("Université de Paris" in t for t in front) and any("ann@x.org" in t for t in front)
