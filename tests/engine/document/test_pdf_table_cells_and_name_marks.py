"""Two leftovers of a new-user trial, on papers typeset here: a table drawn with booktabs' rules (drawings, no
text) read as one paragraph per row or cell, and affiliation marks with a letter ("Diaz^b", "Lee^{1,a}") glued to
the author names. A table's cells are one float unit (``OTHER``), its header row with it; the names lose the marks.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset


PROSE = ("The selection adds one feature at a time to the pool and keeps the one that raises the criterion most, "
         "until the criterion stops rising or the pool holds the largest number of features allowed. ")
LAST = "Results show that the method is at least as good as the forest and faster than all of them."
ROWS = [("GMM", "7.2", "4.4"), ("Forest", "21.0", "2.6"), ("Support vector machine", "130.5", "9.9"),
        ("Nearest neighbours", "0.3", "55.1")]


def _table(bold_header: bool) -> str:
    head = ("\\textbf{Method} & \\textbf{Training} & \\textbf{Testing}" if bold_header
            else "Method & Training & Testing")
    rows = "".join(f"{a} & {b} & {c}\\\\\n" for a, b, c in ROWS)
    return ("\\begin{table}[h]\\centering\\caption{Time taken to train and to classify}\n"
            f"\\begin{{tabular}}{{lrr}}\\toprule\n{head}\\\\\n\\midrule\n{rows}\\bottomrule\n"
            "\\end{tabular}\\end{table}\n")


def _typeset(tmp_path: Path, source: str) -> Path:
    return typeset(tmp_path, source, runs=2)


def _cells_read_once(doc) -> None:
    others = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.OTHER]
    table = [t for t in others if "Forest" in t]
    assert len(table) == 1, others  # one unit, not a paragraph per row or cell
    unit = table[0]
    assert unit.startswith("Method Training Testing GMM 7.2 4.4 Forest")  # the header row first, then row by row
    assert all(cell in unit for row in ROWS for cell in row)
    assert not any(t in ("GMM", "7.2", "9.9") for t in others)
    caption = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.CAPTION]
    assert len(caption) == 1 and caption[0].rstrip(".").lower().endswith("to train and to classify")  # no cell in it
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert sum(t.startswith("The selection adds") for t in body) >= 3 and any(t.endswith(LAST) for t in body)
    assert not any(c in t for t in body for c in ("7.2", "130.5"))


@pytest.mark.skipif(not has_tex("booktabs.sty"), reason="pdflatex with booktabs is not installed")
def test_a_booktabs_table_in_one_column_is_one_unit_and_names_lose_their_letter_marks(tmp_path: Path) -> None:
    source = ("\\documentclass[10pt]{article}\n\\usepackage{booktabs}\n\\begin{document}\n"
              "\\title{Selecting Features for Large Images}\n"
              "\\author{Ann Lee\\textsuperscript{1,a}, Bo Chen\\textsuperscript{2*}, Carla Diaz\\textsuperscript{b}"
              "\\\\ \\textsuperscript{1}Department of Physics, North University\\\\"
              " \\textsuperscript{2}Institute of Optics, Lyon}\n\\maketitle\n"
              f"\\section{{Introduction}}\n{PROSE * 3}\n\n{_table(False)}\n{PROSE * 2}\n\n"
              f"\\section{{Results}}\n{PROSE * 3}{LAST}\n\\end{{document}}\n")
    doc = load_document(_typeset(tmp_path, source))
    _cells_read_once(doc)
    assert doc.authors == ["Ann Lee", "Bo Chen", "Carla Diaz"]  # not "Carla Diazb"
    names = next(p.text for p in doc.paragraphs if p.text.startswith("Ann Lee"))
    assert names.startswith("Ann Lee, Bo Chen, Carla Diaz")  # not "Ann Lee1,a"
    assert [p.text for p in doc.paragraphs if p.kind is ParagraphKind.HEADING] == ["Introduction", "Results"]


@pytest.mark.skipif(not has_tex("IEEEtran.cls", "booktabs.sty", "amsmath.sty"),
                    reason="pdflatex with IEEEtran, booktabs and amsmath is not installed")
def test_a_two_column_table_with_a_bold_header_row_is_one_unit_and_numbered_displays_stay_equations(
        tmp_path: Path) -> None:
    """IEEEtran, two columns: the bold header row is read as one line (its cells closer than two font sizes), a
    heading in the making; an ``align`` display's rows, each with its number at the margin, share baselines too
    and stay equations."""
    display = "\\begin{align}\na &= b + c \\\\\nd &= e + f\n\\end{align}\n"
    source = ("\\documentclass[conference]{IEEEtran}\n\\usepackage{booktabs,amsmath}\n\\begin{document}\n"
              "\\title{Selecting Features for Large Images}\n\\author{\\IEEEauthorblockN{Ann Lee}}\n\\maketitle\n"
              f"\\section{{Introduction}}\n{PROSE * 3}\n\n{_table(True)}\n{PROSE * 2}\n{display}{PROSE * 4}\n\n"
              f"\\section{{Results}}\n{PROSE * 6}{LAST}\n\\end{{document}}\n")
    doc = load_document(_typeset(tmp_path, source))
    _cells_read_once(doc)
    assert [p.text for p in doc.paragraphs if p.kind is ParagraphKind.HEADING] == ["INTRODUCTION", "RESULTS"]
    equations = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.EQUATION]
    assert any("a = b + c" in t for t in equations) and any("d = e + f" in t for t in equations)
