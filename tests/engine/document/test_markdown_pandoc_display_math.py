"""Display maths as pandoc's Markdown writer sets it (a new-user trial, session 29: a paper converted from LaTeX):
the formula opens a paragraph on ``$$\\begin{aligned}`` and its last line goes on with text ("``\\end{aligned}$$ where
...``"). That line was not taken for the formula's end, so the formula ran to the next line ending ``$$`` and
swallowed the paragraphs and figures between. Papers written here in invented words."""

from __future__ import annotations

from pathlib import Path

from engine.document import load_document
from engine.document.model import ParagraphKind

PAPER = """# Voles

## Model

The burrow count is given by

$$\\begin{aligned}
    N = \\rho h,\\end{aligned}$$ where $h$ is the tussock height.

![Burrow counts on the flooded plots.](burrows.png)

The voles move at night, and so the counts are made at dawn.

$$\\begin{aligned}
    M = 2N.\\end{aligned}$$

The flooded plots hold fewer burrows, as $$x = 1$$ shows in the dry plots.
"""


def test_a_formula_ending_inside_its_paragraph_keeps_what_follows(tmp_path: Path) -> None:
    path = tmp_path / "voles.md"
    path.write_text(PAPER, encoding="utf-8")
    got = [(p.kind, p.text) for p in load_document(path).paragraphs]
    assert got == [
        (ParagraphKind.HEADING, "Model"),
        (ParagraphKind.BODY, "The burrow count is given by"),
        (ParagraphKind.EQUATION, "[EQUATION]"),
        (ParagraphKind.BODY, "where h is the tussock height."),
        (ParagraphKind.CAPTION, "Burrow counts on the flooded plots."),
        (ParagraphKind.BODY, "The voles move at night, and so the counts are made at dawn."),
        (ParagraphKind.EQUATION, "[EQUATION]"),
        (ParagraphKind.BODY, "The flooded plots hold fewer burrows, as"),
        (ParagraphKind.EQUATION, "[EQUATION]"),
        (ParagraphKind.BODY, "shows in the dry plots."),
    ], got


def test_three_names_in_one_author_item_are_three_authors(tmp_path: Path) -> None:
    """pandoc writes LaTeX's ``\\author{A, B, C}`` as one YAML list item: three authors, not one; a "Family, Given"
    name stays whole."""
    path = tmp_path / "voles.md"
    path.write_text("---\ntitle: Voles\nauthor:\n- Ann E. Reed, Bo Quill, Cy Day\n- Reed, Ann\n---\n\n# Model\n\n"
                    "Text.\n", encoding="utf-8")
    assert load_document(path).authors == ["Ann E. Reed", "Bo Quill", "Cy Day", "Reed, Ann"]
