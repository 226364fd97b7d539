"""A manuscript whose figure pages, set after the text, hold more characters at 1 pt (a phylogeny's tip labels)
than its text holds at body size: the body size is still the text's, so its lines are read into paragraphs and the
revision is compared (trial20: a journal revision's draft read one paragraph a line, and the build was refused as
"too different to be versions of one paper"). Synthetic PDFs typeset in the test."""

from __future__ import annotations

import random
from pathlib import Path

import pymupdf

from engine.document import load_document
from engine.document.model import ParagraphKind
from engine.revision import diff_documents
from engine.revision.model import EditType
from tests.pdf_factory import make_paper_pdf


def para(seed: int, sentences: int = 6) -> str:
    rng = random.Random(seed)
    vocab = ["".join(rng.choice("bdfgklmnprstvz") + rng.choice("aeiou") for _ in range(rng.randint(2, 4)))
             for _ in range(60)]
    return " ".join(" ".join(rng.choice(vocab) for _ in range(14)).capitalize() + "." for _ in range(sentences))


SECTIONS = [("Introduction", [para(1), para(2), para(3)]), ("Methods", [para(4), para(5)])]


def add_tip_label_pages(path: Path, pages: int = 4, labels: int = 700) -> int:
    """Append figure pages of ``labels`` taxon-like names each at 1 pt; returns the characters added."""
    doc = pymupdf.open(path)
    rng = random.Random(7)
    added = 0
    for _ in range(pages):
        page = doc.new_page(width=612, height=792)
        for k in range(labels):
            name = "".join(rng.choice("abcdefghiklmnoprstu") for _ in range(14)) + "_" + str(k)
            page.insert_text((80 + 90 * (k % 5), 60 + (k // 5) * 4.8), name, fontsize=1.0)
            added += len(name)
    out = path.with_suffix(".tmp.pdf")
    doc.save(out)
    doc.close()
    out.replace(path)
    return added


def body_texts(path: Path) -> list[str]:
    return [" ".join(p.text.split()) for p in load_document(path).paragraphs if p.kind is ParagraphKind.BODY]


def test_tiny_figure_labels_outnumbering_the_text_do_not_set_the_body_size(tmp_path: Path) -> None:
    paper = tmp_path / "paper.pdf"
    make_paper_pdf(paper, sections=SECTIONS, line_spread=1.8, line_numbers=True, body_size=11.0, numbered=False)
    text_chars = sum(len(t) for _, ps in SECTIONS for t in ps)
    assert add_tip_label_pages(paper) > 3 * text_chars  # the labels hold most of the characters
    assert body_texts(paper) == [t for _, ps in SECTIONS for t in ps]


def test_a_revision_whose_draft_has_tiny_label_pages_is_compared_paragraph_by_paragraph(tmp_path: Path) -> None:
    new_sections = [("Introduction", [para(1), para(2) + " A sentence added in the revision.", para(3)]),
                    ("Methods", [para(4), para(5)])]
    make_paper_pdf(tmp_path / "old.pdf", sections=SECTIONS, line_spread=1.8, line_numbers=True, body_size=11.0)
    add_tip_label_pages(tmp_path / "old.pdf")
    make_paper_pdf(tmp_path / "new.pdf", sections=new_sections, line_spread=1.8, line_numbers=True, body_size=11.0)
    diff = diff_documents(load_document(tmp_path / "old.pdf"), load_document(tmp_path / "new.pdf"))
    body = [e for e in diff.edits if e.type is not EditType.UNCHANGED and not e.flags]
    assert len(body) == 1 and "A sentence added in the revision." in body[0].target_text
