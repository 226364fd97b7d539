"""An author checklist in the submitted paper (NeurIPS's "Checklist" after the references, each question answered
"[Yes] See Section 5"), dropped from the revised version: a form, not the paper's text. Read as body text, its
removal became deleted paragraphs that the aligner linked to reviewers' comments on limitations and proofs (a
new-user trial, session 21: 13 of 34 comments). Synthetic papers, read from LaTeX and from PDFs typeset here."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from engine.document.forms import is_checklist
from engine.revision import diff_documents

PROSE = ("We train the graph network on the rotated digits and report the accuracy of each model over five seeds, "
         "with the spread between the best and the worst run for every choice of the anisotropy. ")
CHECKLIST = r"""
\section*{Checklist}
\begin{enumerate}
\item For all authors...
\begin{enumerate}
\item Have you said where the method stops working? [Yes] See Section 2, where the memory cost is discussed.
\item Have you proved each result you state? [Yes] We refer the reader to the original proofs.
\item Have you shared what a reader needs to rerun the main experiments? [Yes]
\end{enumerate}
\end{enumerate}
"""


def paper(tmp_path: Path, name: str, results: str, checklist: bool) -> Path:
    body = (f"\\section{{Method}}\n{PROSE}\n\n\\section{{Results}}\n{results}\n\n"
            f"\\section{{Limitations}}\nThe memory cost grows with the number of orientations we sample. {PROSE}\n"
            + (CHECKLIST if checklist else ""))
    folder = tmp_path / name
    folder.mkdir()
    (folder / "main.tex").write_text("\\documentclass{article}\n\\title{Anisotropic Graphs}\\author{A. Author}\n"
                                     f"\\begin{{document}}\n\\maketitle\n{body}\n\\end{{document}}\n", encoding="utf-8")
    return folder / "main.tex"


def test_checklist_titles() -> None:
    for title in ("Checklist", "NeurIPS Paper Checklist", "A Checklist", "7 Reproducibility Checklist",
                  "Responsible NLP Research Checklist", "Authors' Checklist"):
        assert is_checklist(title), title
    for title in ("Checklists for code review", "A checklist of threats to validity", "Results", "Limitations"):
        assert not is_checklist(title), title


def _compare(old: Path, new: Path) -> None:
    a, b = load_document(old), load_document(new)
    form = [p for p in a.paragraphs if p.section and p.section[0] == "Checklist" and p.kind is not ParagraphKind.HEADING]
    assert form and all(p.kind is ParagraphKind.OTHER for p in form)
    assert any("where the method stops working" in p.text for p in form)  # still read, shown as it is
    changed = [e for e in diff_documents(a, b).edits if e.changed]
    assert changed, "the results paragraph changed"
    texts = [f"{e.source_text} {e.target_text}" for e in changed]
    assert not any("Have you" in t or "[Yes]" in t for t in texts)  # the checklist's removal is no edit
    assert any("seven seeds" in t for t in texts)


def test_a_dropped_checklist_is_no_edit_in_latex(tmp_path: Path) -> None:
    old = paper(tmp_path, "old", PROSE, checklist=True)
    new = paper(tmp_path, "new", PROSE.replace("five seeds", "seven seeds"), checklist=False)
    _compare(old, new)


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex (TeX Live) is not installed")
def test_a_dropped_checklist_is_no_edit_in_typeset_pdfs(tmp_path: Path) -> None:
    pdfs = []
    for name, results, checklist in (("old", PROSE, True), ("new", PROSE.replace("five seeds", "seven seeds"), False)):
        tex = paper(tmp_path, name, results, checklist)
        run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "main.tex"], cwd=tex.parent,
                             capture_output=True, text=True, timeout=180)
        assert (tex.parent / "main.pdf").is_file(), run.stdout[-2000:]
        pdfs.append(tex.parent / "main.pdf")
    _compare(*pdfs)
