"""An appendix's float labels ("Table B.3:", "Figure A.1:", as elsarticle numbers them after ``\\appendix``) are
captions (session 29, pdfgap30): read as body before, the label's table in a training revision's references was taken
for a bibliography entry. A sentence that names such a table without a stop after its number stays body."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset

TEXT = "The measured rates of the second batch agree with the first within the stated errors of both runs. " * 3
SOURCE = ("\\documentclass{article}\n\\begin{document}\n\\section{Results}\n" + TEXT + "\n\n\\appendix\n"
          "\\section{More tables}\n\\renewcommand{\\thetable}{\\Alph{section}.\\arabic{table}}\n"
          "\\renewcommand{\\thefigure}{\\Alph{section}.\\arabic{figure}}\n"
          "\\begin{table}[h]\\centering\\caption{Rates of the second batch of samples.}\n"
          "\\begin{tabular}{ll}left & right\\\\\\end{tabular}\\end{table}\n"
          "\\begin{figure}[h]\\centering\\rule{2cm}{1cm}\\caption{The rates drawn over time.}\\end{figure}\n"
          "Table A.1 shows the rates of the second batch, which " + TEXT + "\n\\end{document}\n")


@pytest.mark.skipif(not has_tex("article.cls"), reason="pdflatex is not installed")
def test_an_appendix_float_label_is_a_caption(tmp_path: Path) -> None:
    doc = load_document(typeset(tmp_path, SOURCE))
    kinds = {p.text[:16]: p.kind for p in doc.paragraphs if p.text.startswith(("Table A.1", "Figure A.1"))}
    assert kinds == {"Table A.1: Rates": ParagraphKind.CAPTION, "Figure A.1: The ": ParagraphKind.CAPTION,
                     "Table A.1 shows ": ParagraphKind.BODY}


TITLE = "Classification of the separate features with a linear classifier"


@pytest.mark.skipif(not has_tex("article.cls"), reason="pdflatex is not installed")
def test_an_appendix_section_with_a_long_title_is_a_numbered_heading(tmp_path: Path) -> None:
    """elsarticle's "Appendix B. <title>": its title of more than ten words read as text, where the LaTeX reader
    has a heading (session 29, a training revision); a paragraph of the text's weight that opens the same way stays
    body."""
    body = "\n\n".join([TEXT] * 4)
    doc = load_document(typeset(tmp_path, "\\documentclass{article}\n\\begin{document}\n\\section{Results}\n" + body
                                + f"\n\n\\bigskip\\noindent\\textbf{{Appendix B. {TITLE}}}\\par\\medskip\n" + body
                                + "\n\nAppendix B. " + TITLE + " is a sentence of the text, " + TEXT
                                + "\n\\end{document}\n"))
    heading = next(p for p in doc.paragraphs if p.text == TITLE)
    assert heading.kind is ParagraphKind.HEADING
    assert next(s for s in doc.sections if s.title == TITLE).number == "B"
    assert [p.kind for p in doc.paragraphs if p.text.startswith("Appendix B.")] == [ParagraphKind.BODY]
