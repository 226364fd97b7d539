"""A PRL-style letter with no section title at all: its authors and affiliations (REVTeX's ``superscriptaddress``,
each name with its affiliations' numbers) are front matter, not body text, and its abstract is the abstract (session
30, pdfgap31: a training revision's author list read as body, so a renumbered affiliation read as an edit between its
two versions). Text and names we wrote for this test; the letter's own paragraphs stay body."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset

TEXT = ("The sample was cooled slowly and its resistance was read at every tenth of a kelvin on the way down, so "
        "that the transition could be placed within a narrow window of the measured range. ")
ABSTRACT = ("We report the resistance of a thin film cooled through its transition and place the transition within a "
            "narrow window, using a probe whose own drift was measured before and after each of the runs. The window "
            "is narrower than any earlier one, and it moves with the thickness of the film as the simple model says.")
AUTHORS = "".join(f"\\author{{{name}}}\\affiliation{{{place}}}\n" for name, place in [
    ("Ada Lin", "Institute of Cold Films, North Town"), ("Bo Chen", "Laboratory of Thin Layers, South Town"),
    ("Cy Dore", "Institute of Cold Films, North Town"), ("Di Evans", "Department of Probes, East Town"),
    ("Ed Fox", "Laboratory of Thin Layers, South Town"), ("Flo Gray", "Department of Probes, East Town"),
])


def test_a_letters_authors_are_front_matter(tmp_path: Path) -> None:
    if not has_tex("revtex4-2.cls"):
        pytest.skip("REVTeX is not installed")
    source = ("\\documentclass[aps,prl,reprint,superscriptaddress]{revtex4-2}\n\\begin{document}\n"
              "\\title{Where a Thin Film Stops Conducting}\n" + AUTHORS + "\\begin{abstract}" + ABSTRACT
              + "\\end{abstract}\n\\maketitle\n" + "\n\n".join([TEXT * 3] * 6) + "\n\\end{document}\n")
    doc = load_document(typeset(tmp_path, source))
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert not any("Ada Lin" in t or "Cold Films" in t for t in body)
    assert doc.abstract.startswith("We report the resistance of a thin film")
    assert sum(t.count("The sample was cooled slowly") for t in body) >= 15
