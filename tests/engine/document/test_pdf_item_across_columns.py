"""A list item broken at a column turn carries on at the top of the next column, set in under the item's text (a
hanging indent), opening in capitals or in a script with no case: one paragraph (session 30, pdfgap31: the layouts
corpus's Korean paper had an item cut in two at a column turn). Text we wrote for this test. A new paragraph at the
next column's top, set at the text's own first-line indent after an item with no stop, stays apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import has_tex, typeset

FILL = ("The flux through the wall was measured at every station along the channel, and the readings were kept for "
        "the later fits of the model. ") * 2


def _source(item: str, after: str) -> str:
    return ("\\documentclass[twocolumn]{article}\n\\begin{document}\n\\section{Checks}\n" + FILL + "\n"
            "\\begin{itemize}\n\\item " + item + "\n\\end{itemize}\n" + after + "\n\\end{document}\n")


@pytest.mark.skipif(not has_tex("article.cls"), reason="pdflatex is not installed")
def test_an_item_carried_on_in_the_next_column_is_one_paragraph(tmp_path: Path) -> None:
    item = ("The first check runs the parser on every file of the\\vadjust{\\pagebreak}\\linebreak Python sources "
            "and keeps what it prints for the record.\n\\item The second check compares the output with the record.")
    doc = load_document(typeset(tmp_path, _source(item, "The third run used a thicker wall.")))
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert "• The first check runs the parser on every file of the Python sources and keeps what it prints for the " \
           "record." in body
    assert not any(t.startswith("Python sources") for t in body)


@pytest.mark.skipif(not has_tex("article.cls"), reason="pdflatex is not installed")
def test_a_new_paragraph_after_an_open_item_stays_apart(tmp_path: Path) -> None:
    item = "The first check runs the parser on every file of the sources and keeps a copy of what it prints"
    after = ("\\newpage\n\\indent Then the second check compares the output with the record of the day before, "
             "line by line, and stops at the first line that differs from it.")
    doc = load_document(typeset(tmp_path, _source(item, after)))
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert any(t.startswith("• The first check") and t.endswith("what it prints") for t in body)
    assert any(t.startswith("Then the second check") for t in body)
