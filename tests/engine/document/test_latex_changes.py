"""Track-changes markup reads as the final text: added kept, deleted dropped, from the packages or the paper's own
macros; the typeset PDF of a ``changes`` paper (final option) says the same words."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from engine.document import Document
from engine.document.latex.load import load_latex
from engine.document import load_document


def load(tmp_path: Path, body: str, preamble: str = "") -> Document:
    main = tmp_path / "main.tex"
    main.write_text(
        "\\documentclass{article}\n" + preamble + "\n\\begin{document}\n" + body + "\n\\end{document}\n",
        encoding="utf-8",
    )
    return load_latex(main)


def texts(doc: Document) -> list[str]:
    return [p.text for p in doc.paragraphs]


CHANGES_PREAMBLE = "\\usepackage[final]{changes}\n\\definechangesauthor[name={Ann Author}, color=blue]{AA}\n"
CHANGES_BODY = (
    "\\section{Method}\n"
    "We train the model \\added[id=AA]{on five seeds }and report \\replaced[id=AA, comment={R2.3}]{the median}{the best run}. "
    "\\deleted{The old baseline was weak.}The loss is \\replaced{stable}{noisy}\\comment{check this} across runs.\n\n"
    "\\added{A new paragraph the reviewers asked for.}\n\n"
    "\\deleted{A paragraph the revision removes.}\n\n"
    "Last words \\highlight{stay}."
)


def test_changes_package_reads_as_the_final_text(tmp_path: Path) -> None:
    doc = load(tmp_path, CHANGES_BODY, CHANGES_PREAMBLE)
    assert texts(doc) == [
        "Method",
        "We train the model on five seeds and report the median. The loss is stable across runs.",
        "A new paragraph the reviewers asked for.",
        "Last words stay.",
    ]


def test_trackchanges_package_reads_as_the_final_text_or_the_old_one_under_finalold(tmp_path: Path) -> None:
    body = (
        "Export\\change[editor]{. A steeper spectrum adds}{, especially where small particles abound}. "
        "\\change{Implementing a r}{R}emineralization \\remove[editor]{scheme} lowers export\\add[MD]{ in winter}."
        " \\note[editor]{say more}\\annote[editor]{Fluxes}{a note} vary."
    )
    assert texts(load(tmp_path, body, "\\usepackage{trackchanges}")) == [
        "Export, especially where small particles abound. Remineralization lowers export in winter. Fluxes vary."
    ]
    assert texts(load(tmp_path, body, "\\usepackage[finalold]{trackchanges}")) == [
        "Export. A steeper spectrum adds. Implementing a remineralization scheme lowers export. Fluxes vary."
    ]


def test_struck_out_text_is_deleted_and_highlighted_text_kept(tmp_path: Path) -> None:
    doc = load(
        tmp_path,
        "The \\st{old} \\hl{new} result \\sethlcolor{green}\\hl{holds}. It \\sout{never} always \\xout{fails} works.",
        "\\usepackage{soul}\n\\usepackage[normalem]{ulem}\n\\usepackage{xcolor}",
    )
    assert texts(doc) == ["The new result holds. It always works."]


def test_the_papers_own_revision_macros_are_expanded_by_their_definitions(tmp_path: Path) -> None:
    preamble = (
        "\\usepackage{xcolor}\n\\usepackage[normalem]{ulem}\n"
        "\\newcommand{\\new}[1]{\\textcolor{blue}{#1}}\n\\newcommand{\\rev}[1]{{\\color{blue}#1}}\n"
        "\\newcommand{\\old}[1]{\\textcolor{red}{\\sout{#1}}}\n\\newcommand{\\added}[1]{\\textbf{#1}}\n"
        "\\def\\del#1{}\n"
    )
    doc = load(tmp_path, "A \\new{clear} \\old{vague} claim \\rev{with proof} \\added{here}\\del{ and there}.", preamble)
    assert texts(doc) == ["A clear claim with proof here."]


def test_macros_of_a_package_not_loaded_are_read_as_before(tmp_path: Path) -> None:
    # without trackchanges, \add and \remove are unknown macros: their text is kept as any unknown macro's is
    doc = load(tmp_path, "We \\add{also} \\remove{measure} it.")
    assert texts(doc) == ["We also measure it."]


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex (TeX Live) is not installed")
def test_the_typeset_pdf_of_a_changes_paper_reads_the_same_words(tmp_path: Path) -> None:
    doc = load(tmp_path, CHANGES_BODY, CHANGES_PREAMBLE)
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "main.tex"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:]
    pdf = load_document(tmp_path / "main.pdf")
    typeset = " ".join(p.text for p in pdf.paragraphs)
    read = " ".join(texts(doc)).replace("Method", "1 Method")
    assert typeset.split() == read.split()
