"""A table of contents on a PDF's first page (session 24, trial21): amsart sets "Contents" under the abstract with
each section's title, the last being "References". Read as the paper, the entries were headings and "References"
opened the bibliography on page 1, so every page after it was one reference entry: a 23-page paper read as 5 body
paragraphs. Papers written for the test, typeset here with pdflatex (twice, for the table)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document

pytestmark = pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex (TeX Live) is not installed")

PROSE = ("We count the tilings of a strip by squares and dominoes and compare the count with the number of paths "
         "in the lattice below the diagonal, for every width up to twelve and for both colourings of the border. ")
SECTIONS = ["Introduction", "Tilings of a strip", "Counting the paths", "Open questions"]


def _paper(tmp_path: Path, cls: str, newpage: bool) -> Path:
    body = "".join(
        f"\\section{{{title}}}\n{PROSE * 3}The {title.lower()} part ends with sentence number {i}.\n\n"
        f"\\subsection{{A remark on part {i}}}\n{PROSE * 2}\n\n"
        for i, title in enumerate(SECTIONS, 1))
    tex = (f"\\documentclass{{{cls}}}\n\\title{{Strip Tilings}}\\author{{A. Author}}\n\\begin{{document}}\n"
           + ("\\begin{abstract}We count strip tilings.\\end{abstract}\n\\maketitle\n" if cls == "amsart" else
              "\\maketitle\n\\begin{abstract}We count strip tilings.\\end{abstract}\n")
           + "\\tableofcontents\n" + ("\\newpage\n" if newpage else "") + body
           + "\\begin{thebibliography}{9}\n\\bibitem{a} A. Author, Paths and tilings, J. Tilings 1 (2020) 1--9.\n"
           "\\bibitem{b} B. Author, More tilings, J. Tilings 2 (2021) 3--7.\n"
           "\\bibitem{c} C. Author, Tilings again, J. Tilings 3 (2022) 5--8.\n"
           "\\end{thebibliography}\n\\end{document}\n")
    folder = tmp_path / cls
    folder.mkdir()
    (folder / "main.tex").write_text(tex, encoding="utf-8")
    for _ in range(2):
        run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "main.tex"], cwd=folder,
                             capture_output=True, text=True, timeout=180)
    assert (folder / "main.pdf").is_file(), run.stdout[-2000:]
    return folder / "main.pdf"


@pytest.mark.parametrize(("cls", "newpage"), [("amsart", True), ("article", False)])
def test_a_table_of_contents_is_no_heading_and_opens_no_references(tmp_path: Path, cls: str, newpage: bool) -> None:
    doc = load_document(_paper(tmp_path, cls, newpage))
    for i, title in enumerate(SECTIONS, 1):  # every section's prose is body text, none a reference entry
        ends = [p for p in doc.paragraphs if f"part ends with sentence number {i}" in p.text]
        assert ends and all(p.kind is ParagraphKind.BODY for p in ends), (title, [p.kind for p in ends])
    refs = [p for p in doc.paragraphs if p.kind is ParagraphKind.REFERENCE]
    assert len(refs) == 3 and all("tilings" in p.text.lower() for p in refs)
    assert not any(PROSE[:40] in p.text for p in refs)
    # the table's lines are shown (OTHER), never compared, and make no section of the outline before the paper's
    toc = [p for p in doc.paragraphs if p.kind is ParagraphKind.OTHER and "Open questions" in p.text]
    assert toc and toc[0].page == 1
    # each section is a heading once, numbered, in the paper's order (amsart's small capitals at the text's size are
    # found through the table's entries); the outline holds no entry of the table itself
    assert [(s.number, s.title) for s in doc.sections if s.level == 1 and s.title in SECTIONS] == [
        (str(i), title) for i, title in enumerate(SECTIONS, 1)]
    assert all(s.title != "Contents" for s in doc.sections)


def test_a_body_section_named_contents_later_in_the_paper_is_kept(tmp_path: Path) -> None:
    """Only the first pages hold a table of contents: a section called "Contents" on page 4 stays the paper's."""
    folder = tmp_path / "late"
    folder.mkdir()
    body = "".join(f"\\section{{Part {i}}}\n{PROSE * 6}\n\n" for i in range(1, 9))
    (folder / "main.tex").write_text(
        "\\documentclass{article}\n\\begin{document}\n" + body + "\\section*{Contents}\nThe box holds "
        + PROSE + "\n\\end{document}\n", encoding="utf-8")
    subprocess.run(["pdflatex", "-interaction=nonstopmode", "main.tex"], cwd=folder, capture_output=True, timeout=180)
    doc = load_document(folder / "main.pdf")
    assert doc.page_count > 3
    late = [p for p in doc.paragraphs if p.text.startswith("The box holds")]
    assert late and late[0].kind is ParagraphKind.BODY
