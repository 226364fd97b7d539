"""A REVTeX abstract set across both columns, justified, may leave a sentence space wide enough for MuPDF to cut its
line there; the piece on one side of the gutter was read as column text and cut the abstract in three (session 31,
pdfgap32: found on abstracts we typeset for the layouts' weak classes). Now a fragment on the baseline of a line
across the gutter, in its size and a stretched word space from it, is read across the page with it. Text we wrote
for this test (words drawn at random from a list, so that its lines stretch)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset

#: Two abstracts whose lines MuPDF cuts at a sentence space: on the second line, left of the gutter (PRL), and at
#: the end of the fourth, right of it (AIP's JCP).
PRL = ("Neuron splits manifold signal sparse tensor kernel links vector marker fine vector cortex bounds lattice "
       "meridian coarse mosaic. Basin shifts pollen neuron dense gauge beacon merges meadow sample fine meridian "
       "vector reduces channel boson. Canopy tracks canopy boson early prism mosaic merges manifold canopy stable "
       "kernel lattice reduces lattice enzyme late. Cluster shifts granite fossil slow meadow manifold explains "
       "kernel plasma rapid lichen neuron. Filter links estuary river early marker canopy bounds cortex filter noisy.")
JCP = ("Lichen splits pollen meadow broad window lichen reduces canopy. Neuron measures lichen estuary narrow spectrum "
       "harbour splits sample fossil broad boson meridian explains neuron signal dense river. Fossil links tensor "
       "gauge noisy river cohort shifts lichen cohort rapid window harbour merges mosaic. Basin explains plasma tensor "
       "early pollen quartz reduces beacon signal early copper plateau predicts harbour. Neuron bounds harbour photon "
       "broad basin quartz tracks canopy sample slow cortex ember explains cortex lattice early basin.")
TEXT = ("The sample was cooled slowly and its resistance was read at every tenth of a kelvin on the way down, "
        "so that the transition could be placed within a narrow window of the measured range. ")


def _source(options: str, abstract: str) -> str:
    return ("\\documentclass[" + options + "]{revtex4-2}\n\\begin{document}\n\\title{A Letter Written for a Test}\n"
            "\\author{A. Writer}\\affiliation{Some Institute}\n\\begin{abstract}\n" + abstract + "\n\\end{abstract}\n"
            "\\maketitle\n\\section{Introduction}\n" + TEXT * 3 + "\n\n" + TEXT * 2 + "\n\\end{document}\n")


@pytest.mark.skipif(not has_tex("revtex4-2.cls"), reason="REVTeX is not installed")
@pytest.mark.parametrize(("options", "abstract"), [("aps,prl,reprint", PRL), ("aip,jcp,reprint", JCP)])
def test_an_abstract_cut_at_a_wide_sentence_space_is_one_paragraph(tmp_path: Path, options: str,
                                                                     abstract: str) -> None:
    doc = load_document(typeset(tmp_path, _source(options, abstract)))
    holding = [p for p in doc.paragraphs if abstract.split()[0] in p.text or abstract.split()[-1] in p.text]
    assert [p.text for p in holding] == [abstract]
    assert holding[0].kind is ParagraphKind.BODY
    # the columns below are read as before: the opening paragraphs whole, under their heading
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY and p is not holding[0]]
    assert body == [(TEXT * 3).strip(), (TEXT * 2).strip()]
