"""Source that prints no running text is not read as paragraphs: annotate-equations' notes drawn beside a display,
natbib's and REVTeX's macro definitions at the head of a ``.bbl``, lengths set without braces (Pandoc's lists),
and ``\\urlstyle``. Each was a "body" paragraph of a real paper of the layouts corpus (issue 31)."""

from __future__ import annotations

from pathlib import Path

from tests.engine.document.test_latex import kinds, load


def test_annotations_beside_a_display_are_not_body(tmp_path: Path) -> None:
    doc = load(
        tmp_path,
        "The key vector stands for the example.\n\n"
        "\\begin{equation}\n\\eqnmarkbox[teal]{ccixj}{x < 2cv} = 1\n\\end{equation}\n\n"
        "\\annotate[yshift=1em]{left}{ccixj}{$x$ is a $C_{C_{i},X_{j}}$ criterion}\n"
        "\\annotatetwo[yshift=-1em]{below}{a}{b}{both terms}\n\n"
        "Its values mark which variables appear in each clause.",
        "\\usepackage{annotate-equations}",
    )
    assert kinds(doc) == [
        ("body", "The key vector stands for the example."),
        ("equation", "[EQUATION]"),
        ("body", "Its values mark which variables appear in each clause."),
    ]


def test_a_bbl_is_read_from_its_list_on_not_its_macro_definitions(tmp_path: Path) -> None:
    (tmp_path / "main.bbl").write_text(
        "\\newcommand{\\noopsort}[1]{} \\newcommand{\\printfirst}[2]{#1}\n"
        "  \\newcommand{\\singleletter}[1]{#1} \\newcommand{\\switchargs}[2]{#2#1}\n"
        "\\expandafter\\ifx\\csname url\\endcsname\\relax\n  \\def\\url#1{\\texttt{#1}}\\fi\n\n"
        "\\begin{thebibliography}{1}\n\\bibitem{k} Donald Knuth. 1973. Optimal profiling.\n\\end{thebibliography}\n",
        encoding="utf-8",
    )
    doc = load(tmp_path, "Text~\\cite{k}.\n\\bibliographystyle{apsrev4-2}\n\\bibliography{refs}")
    assert kinds(doc) == [("body", "Text [k]."), ("reference", "Donald Knuth. 1973. Optimal profiling.")]


def test_lengths_set_without_braces_and_url_styles_print_nothing(tmp_path: Path) -> None:
    doc = load(
        tmp_path,
        "\\urlstyle{leo}\nThe tags are unique.\n\n\\begin{itemize}\n\\itemsep1pt\\parskip0pt\\parsep0pt\n"
        "\\item Unique tags are short.\n\\end{itemize}\n\n\\setlength{\\parskip}{0pt}\\parindent=10pt Last words.",
    )
    texts = [t for _, t in kinds(doc)]
    assert texts[0] == "The tags are unique."
    assert "Unique tags are short." in texts and "Last words." in texts[-1]
    assert not any("pt" in t.split() or "leo" in t or "1pt" in t or "0pt" in t for t in texts)


def test_running_heads_and_a_caption_outside_a_float(tmp_path: Path) -> None:
    """Round eleven's dev papers: IEEEtran's ``\\markboth`` (the journal's name and the short title, printed in the
    page head that the PDF reader drops) read as a body paragraph; ``\\captionof{table}{...}`` under a tabular in a
    minipage read as body, its kind's name glued to it ("tableSide by side ...")."""
    doc = load(
        tmp_path,
        "\\markboth{Journal of Class Files, Vol. 14}{Lee et al.: A short title}\n\\section{Intro}\n"
        "The first paragraph runs on.\n\n"
        "\\begin{minipage}{\\linewidth}\\begin{tabular}{ll} a & b \\end{tabular}\n"
        "\\captionof{table}{Side by side comparison}\n\\end{minipage}\n\n"
        "The second paragraph.\n\\markright{A short title}\n\\begin{table}\\caption{A later table}\\end{table}",
        "\\usepackage{capt-of}",
    )
    assert kinds(doc) == [
        ("heading", "Intro"),
        ("body", "The first paragraph runs on."),
        ("caption", "Side by side comparison"),
        ("body", "The second paragraph."),
        ("caption", "Table 1: A later table"),
    ]


def test_the_acronym_packages_list_of_definitions_is_no_paragraph(tmp_path: Path) -> None:
    # a round-eleven dev paper (sn-jnl) opens its text with the list, loaded with [nolist]: nothing is printed
    doc = load(
        tmp_path,
        "\\begin{acronym}[ACO]\n\\acro{hpc}[HPC]{High Performance Computing}\n"
        "\\acro{gpu}[GPU]{graphics processing unit}\n\\end{acronym}\n\\section{Introduction}\n"
        "The field of \\ac{hpc} grows, and each node holds a \\ac{gpu}.",
        "\\usepackage[nolist]{acronym}",
    )
    assert kinds(doc) == [
        ("heading", "Introduction"),
        ("body", "The field of High Performance Computing (HPC) grows, and each node holds a graphics processing "
                 "unit (GPU)."),
    ]


def test_springer_natures_starred_author_and_bold_run_in_heads(tmp_path: Path) -> None:
    """sn-jnl's corresponding author, ``\\author*[1]{...}``, read as a body paragraph "[1]Joshua Groves" and lost from
    the authors; its ``\\bmhead{Acknowledgements}``, which the PDF sets as a bold heading, read as body text."""
    doc = load(
        tmp_path,
        "\\author*[1]{\\fnm{Ada} \\sur{Lovelace}}\\email{ada@example.org}\n\\author[1]{\\fnm{Alan} \\sur{Turing}}\n"
        "\\maketitle\n\\section{Intro}\nText here.\n\\bmhead{Acknowledgements}\nWe thank the reviewers.\n\n"
        "\\bmhead{Data Availability} Data on request.",
        "\\newcommand{\\fnm}[1]{#1}\\newcommand{\\sur}[1]{#1}\\newcommand{\\bmhead}[1]{\\paragraph*{#1}}",
    )
    assert doc.authors == ["Ada Lovelace", "Alan Turing"]
    assert kinds(doc) == [
        ("heading", "Intro"),
        ("body", "Text here."),
        ("heading", "Acknowledgements"),
        ("body", "We thank the reviewers."),
        ("heading", "Data Availability"),
        ("body", "Data on request."),
    ]
