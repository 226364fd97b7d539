"""Items of a numbered or bulleted list that end without a stop ("... of new members," | "2. She records ...")
are paragraphs of their own, as the LaTeX reader reads them, not one run-together paragraph (the twelfth layouts
round: a list of steps in a dev paper, written here anew in the same shape)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from engine.document.paragraph_recall import paragraph_coverage
from tests.optional import has_tex
from tests.optional import typeset as typeset_source

pytestmark = pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex (TeX Live) is not installed")

INTRO = ("A miner who works on the next block and receives a registration proceeds in the following order, and "
         "each of the steps below is carried out before the block is broadcast to the other miners of the network.")
STEPS = ["She gives the next free slot in the table to the new member and adds one to the count of members,",
         "She records in the shared ledger of the accounts the address of the new member and a zero balance,",
         "He includes the registration in the block together with the user's public key and the position, and",
         "He signs the block with his own key once every registration of the round has been included,"]
LONG = ("He checks that the sender has enough coins by verifying the proof of the balance against the digest of the "
        "previous block, which takes two pairings and a handful of group operations,")


def typeset(tmp_path: Path, body: str, preamble: str = "") -> Path:
    source = f"\\documentclass{{article}}\n{preamble}\\begin{{document}}\n{body}\n\\end{{document}}\n"
    return typeset_source(tmp_path, source)


@pytest.mark.parametrize("env,label", [("enumerate", ""), ("itemize", ""), ("enumerate", "[label=(\\alph*)]")])
def test_list_items_that_end_without_a_stop_are_paragraphs_of_their_own(tmp_path: Path, env: str, label: str) -> None:
    if label and not has_tex("enumitem.sty"):
        pytest.skip("enumitem is not installed")
    items = "\n".join(f"\\item {s}" for s in [*STEPS[:2], LONG, *STEPS[2:]])
    pre = "\\usepackage{enumitem}\n" if label else ""
    tight = "\\setlength{\\itemsep}{0pt}\\setlength{\\parskip}{0pt}"  # no space between the items to tell them apart
    source = f"{INTRO}\n\\begin{{{env}}}{label}{tight}\n{items}\n\\end{{{env}}}\n{INTRO}"
    doc = load_document(typeset(tmp_path, source, pre))
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    for step in [*STEPS, LONG]:
        own = [t for t in body if step[3:40] in t]
        assert len(own) == 1 and len(own[0]) < len(step) + 8, (step, body)  # the item and its label, nothing more
    tex = load_document(tmp_path / "main.tex")
    coverage = paragraph_coverage(tex, doc)
    assert coverage.found == coverage.total == 2 + len(STEPS) + 1, [m.reference.text for m in coverage.misses]


def test_numbered_lines_in_running_text_stay_one_paragraph(tmp_path: Path) -> None:
    """A paragraph whose lines happen to open with "1." and "3." (out of sequence) is not cut there."""
    text = ("We ran the loader on the corpus several times and kept the fastest of the runs of version\\\\"
            "1. The second run used the other version, and the pages per second are in the table for version\\\\"
            "3. Both were run on the same machine with the same settings and the same corpus of papers.")
    doc = load_document(typeset(tmp_path, text))
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert len(body) == 1, body


def test_an_inline_enumeration_at_the_text_edge_stays_one_paragraph(tmp_path: Path) -> None:
    """Lines of a running paragraph that open with "(v)" and "(vi)" at the text's own edge, with no line set in under
    them, are its words, not a list (a shared PDF, S2ORC's ACL paper, reads such a paragraph)."""
    text = ("From the output we keep (i) the title, (ii) the authors, (iii) the abstract, (iv) the sections with their "
            "paragraphs and\\\\(v) the inline citation mentions in the text of each of the sections, and also\\\\"
            "(vi) the parsed bibliography entries with their title, authors, year and venue, for every paper.")
    doc = load_document(typeset(tmp_path, text))
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert len(body) == 1, body


@pytest.mark.parametrize("env", ["itemize", "enumerate"])
def test_an_item_set_with_its_label_at_the_edge_keeps_its_second_line(tmp_path: Path, env: str) -> None:
    """Labels flush with the column's edge and the item's next line set in under its text (a hanging indent, enumitem's
    ``leftmargin=*``): that line is no first-line indent of a new paragraph."""
    if not has_tex("enumitem.sty"):
        pytest.skip("enumitem is not installed")
    # each item's second line opens with a capital (a name), as a new paragraph would
    items = "\n".join(f"\\item {s[:30]}\\\\ Round {i + 1} of the protocol." for i, s in enumerate(STEPS))
    source = f"{INTRO}\n\\begin{{{env}}}[leftmargin=*,itemsep=0pt,parsep=0pt]\n{items}\n\\end{{{env}}}\n{INTRO}"
    doc = load_document(typeset(tmp_path, source, "\\usepackage{enumitem}\n"))
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    for i, step in enumerate(STEPS):
        own = [t for t in body if step[3:30] in t]
        assert len(own) == 1 and own[0].endswith(f"Round {i + 1} of the protocol."), (step, body)
    coverage = paragraph_coverage(load_document(tmp_path / "main.tex"), doc)
    assert coverage.found == coverage.total == 2 + len(STEPS), [m.reference.text for m in coverage.misses]
