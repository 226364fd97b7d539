"""A table set among the references (elsarticle puts an appendix's floats after the bibliography; here a float page
that falls between two pages of author-year references): its row labels, in bold alone on their rows, read as unnumbered
headings, and the first one closed the references, so every entry after the table read as body text (session 29,
pdfgap30). Such a heading is the table's text now, and the references go on after it; a heading papers use
("Appendix") after a table among the references still opens a section."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset

ENTRY = ("\\bibitem[Surname{n} et~al.({year})]{{k{n}}} Surname{n}, A., Othername, B., {year}. A study of the "
         "rates of reactions in batch {n} under the usual conditions of the laboratory. Journal of Examples {n}, "
         "100--120.\n")
ROWS = "".join(f"\\quad ${v}$ & ${a}\\ (\\pm 0.1{a[-1]})$ & ${b}\\ (\\pm 0.2{b[-1]})$\\\\\n"
               for v, a, b in (("A", "0.61", "0.67"), ("k_{e}", "0.62", "0.64"), ("k_{p}", "0.45", "0.42")))
TABLE = ("\\begin{table}[p]\\centering\\caption{Rates of the second batch of samples.}\n\\begin{tabular}{lll}\n"
         "\\toprule\n\\textbf{Rates} & Before & After\\\\\n\\midrule\n\\textbf{First model} & & \\\\\n" + ROWS
         + "\\textbf{Second model} & & \\\\\n" + ROWS + "\\textbf{Third model} & & \\\\\n" + ROWS
         + "\\bottomrule\n\\end{tabular}\\end{table}\n")
TEXT = "The measured rates of the second batch agree with the first within the stated errors of both runs. " * 4


def _source(after: str = "") -> str:
    entries = "".join(ENTRY.format(n=n, year=1990 + n % 30) for n in range(1, 90))
    return ("\\documentclass{article}\n\\usepackage{booktabs}\n\\usepackage{natbib}\n"
            "\\renewcommand{\\floatpagefraction}{0.05}\n"
            "\\begin{document}\n\\section{Results}\n" + TEXT + "\n\n" + TABLE
            + "\\begin{thebibliography}{99}\n" + entries + "\\end{thebibliography}\n" + after + "\\end{document}\n")


@pytest.mark.skipif(not has_tex("article.cls", "booktabs.sty", "natbib.sty"), reason="pdflatex is not installed")
def test_a_table_among_the_references_leaves_them_references(tmp_path: Path) -> None:
    doc = load_document(typeset(tmp_path, _source()))
    caption = next(p for p in doc.paragraphs if p.text.startswith("Table 1:"))
    assert caption.kind is ParagraphKind.CAPTION
    after = [p for p in doc.paragraphs if p.page > caption.page and p.kind is not ParagraphKind.OTHER]
    assert after and all(p.kind is ParagraphKind.REFERENCE for p in after), [(p.kind, p.text[:30]) for p in after]
    assert not [p for p in doc.paragraphs if p.kind is ParagraphKind.HEADING and "model" in p.text]


@pytest.mark.skipif(not has_tex("article.cls", "booktabs.sty", "natbib.sty"), reason="pdflatex is not installed")
def test_an_appendix_after_a_table_among_the_references_is_a_heading(tmp_path: Path) -> None:
    doc = load_document(typeset(tmp_path, _source("\\section*{Appendix}\n" + TEXT + "\n")))
    heading = next(p for p in doc.paragraphs if p.text == "Appendix")
    assert heading.kind is ParagraphKind.HEADING
    assert any(p.kind is ParagraphKind.BODY and p.text.startswith("The measured rates") and p.page >= heading.page
               for p in doc.paragraphs)
