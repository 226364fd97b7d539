"""A manuscript whose figure pages, set one per page after the references, outnumber its text pages
(docs/corpus-layouts.md, "Eighteenth round"): the text's top is measured on the text pages, so the first line of each
text page and the references' heading at a page top are not taken for running headers set above the text, and the
reference list reads as references, the legends after it as captions (trial20: the median page top over all pages lay far below the text's, the
"Literature Cited" heading was left out and the list was compared as body text). A running header still goes: one
repeated on every text page is dropped, and one naming each page's section (varying, so not dropped) stays out of the
body text. PDFs typeset by pdflatex in the test, from synthetic words."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset

pytestmark = pytest.mark.skipif(not has_tex("article.cls", "geometry.sty", "fancyhdr.sty"),
                                reason="pdflatex with geometry.sty and fancyhdr.sty is needed")

HEADS = {
    "none": "",
    "fixed": "\\usepackage{fancyhdr}\\pagestyle{fancy}\\fancyhf{}\\fancyhead[L]{Synthetic manuscript of a model}"
             "\\fancyfoot[C]{\\thepage}\n",
    "sections": "\\pagestyle{headings}\n",  # the section's name over each text page, in capitals
}


def _words(rng: random.Random, vocab: list[str], n: int) -> str:
    return " ".join(rng.choice(vocab) for _ in range(n))


def manuscript(head: str, figure_pages: int) -> str:
    """Sixteen paragraphs of about 110 words over three sections, the references on a page of their own under a
    heading set at the body size, then ``figure_pages`` pages each holding a drawn figure and its legend far down."""
    rng = random.Random(5)
    vocab = ["".join(rng.choice("bdfgklmnprstvz") + rng.choice("aeiou") for _ in range(rng.randint(2, 4)))
             for _ in range(80)]
    paras = [_words(rng, vocab, 110).capitalize() + "." for _ in range(16)]
    refs = [f"\\item[] Author{k}, A. and B. Writer{k}. 2019. {_words(rng, vocab, 8).capitalize()}. Journal of "
            f"{_words(rng, vocab, 2)} {k}: 1--9." for k in range(14)]
    figures = "".join(f"\\clearpage\\thispagestyle{{empty}}\\vspace*{{9cm}}\\noindent\\rule{{0.8\\textwidth}}{{4cm}}"
                      f"\\par\\noindent Figure {k + 1}. {_words(rng, vocab, 12)}.\n" for k in range(figure_pages))
    return ("\\documentclass[11pt]{article}\n\\usepackage[margin=1in]{geometry}\n" + HEADS[head]
            + "\\begin{document}\n\\section{Introduction}\n" + "\n\n".join(paras[:6])
            + "\n\\section{Methods}\n" + "\n\n".join(paras[6:11]) + "\n\\section{Results}\n" + "\n\n".join(paras[11:])
            + "\n\\clearpage\n\\section*{\\normalsize Literature Cited}\n\\begin{description}\n" + "\n".join(refs)
            + "\n\\end{description}\n" + figures + "\\end{document}\n")


@pytest.mark.parametrize("head", ["none", "fixed", "sections"])
def test_figure_pages_do_not_push_the_text_top_down(tmp_path: Path, head: str) -> None:
    doc = load_document(typeset(tmp_path, manuscript(head, figure_pages=8)))
    kinds = [(p.kind, " ".join(p.text.split())) for p in doc.paragraphs]
    assert (ParagraphKind.HEADING, "Literature Cited") in kinds
    entries = [t for k, t in kinds if k is ParagraphKind.REFERENCE and t.startswith("Author")]
    assert len(entries) == 14
    body = [t for k, t in kinds if k is ParagraphKind.BODY]
    assert not any(t.startswith("Author") for t in body)
    assert sum(len(t) > 500 for t in body) == 16  # each paragraph whole, those running over a page break too
    assert not any("Synthetic manuscript" in t or "METHODS" in t or "RESULTS" in t for k, t in kinds
                   if k is not ParagraphKind.OTHER)
    assert sum(k is ParagraphKind.CAPTION and t.startswith("Figure") for k, t in kinds) == 8


def test_legends_after_the_references_stay_captions(tmp_path: Path) -> None:
    """Fewer figure pages than text pages (the references' heading was found before this round too): the legends
    set after the list are captions, not entries of the list."""
    doc = load_document(typeset(tmp_path, manuscript("none", figure_pages=2)))
    kinds = [(p.kind, " ".join(p.text.split())) for p in doc.paragraphs]
    assert [k for k, t in kinds if t.startswith("Figure")] == [ParagraphKind.CAPTION] * 2
    assert sum(k is ParagraphKind.REFERENCE for k, _ in kinds) == 14


def test_a_section_running_header_stays_out_of_the_text_without_figure_pages(tmp_path: Path) -> None:
    doc = load_document(typeset(tmp_path, manuscript("sections", figure_pages=0)))
    heads = [p for p in doc.paragraphs if p.text.strip() in ("METHODS", "RESULTS")]
    assert heads and all(p.kind is ParagraphKind.OTHER for p in heads)
    body = " ".join(p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY)
    assert "METHODS" not in body and "RESULTS" not in body
