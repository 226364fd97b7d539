"""A bold phrase alone on its line at a paragraph's start (``\\textbf{Glycolysis} \\\\``), as a round-eleven dev
paper (PLOS) sets its sub-subsection titles: the PDF shows a heading over the paragraph, and the PDF reader reads
one, so the LaTeX reader reads a heading too (at ``\\paragraph``'s level), not a paragraph that opens with the
title. Bold words inside a sentence, or a bold start that runs on before the break, stay in the paragraph."""

from __future__ import annotations

from pathlib import Path

from tests.engine.document.test_latex import kinds, load


def test_a_bold_line_over_a_paragraph_is_a_heading(tmp_path: Path) -> None:
    doc = load(
        tmp_path,
        "\\section{Results}\nOpening text of the results.\n\n"
        "\\textbf{Glycolysis} \\\\\nThe flux is larger than in the control model.\n\n"
        "\\textbf{TCA cycle}\\newline\nTwo reactions turn one metabolite into another.\n\n"
        "\\textbf{Bold start} of a sentence \\\\ that breaks.\n\n"
        "Text with \\textbf{bold} inside \\\\ and a break.\n\n"
        "\\section{Discussion}\nClosing text.",
    )
    assert kinds(doc) == [
        ("heading", "Results"),
        ("body", "Opening text of the results."),
        ("heading", "Glycolysis"),
        ("body", "The flux is larger than in the control model."),
        ("heading", "TCA cycle"),
        ("body", "Two reactions turn one metabolite into another."),
        ("body", "Bold start of a sentence that breaks."),
        ("body", "Text with bold inside and a break."),
        ("heading", "Discussion"),
        ("body", "Closing text."),
    ]
    assert doc.paragraphs[3].section == ("Results", "Glycolysis")
    assert doc.paragraphs[-1].section == ("Discussion",)
    assert [s.title for s in doc.sections if s.level <= 2] == ["Results", "Discussion"]
