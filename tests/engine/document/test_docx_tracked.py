"""A Word file saved with its changes tracked: python-docx's paragraph text leaves out the runs of a tracked insertion,
so a revised version read as the old text less its deletions (a new-user trial, session 22: a journal's tracked
revision). Read with the changes accepted: insertions in, deletions out. Word files written here with python-docx,
their tracked runs added as WordprocessingML."""

from __future__ import annotations

from pathlib import Path

from docx import Document as WordDocument
from docx.oxml import OxmlElement
from docx.oxml.ns import qn

from engine.document import load_document
from engine.document.docx import docx_text
from engine.revision import diff_documents

PROSE = "We sample the layered lattice with the new sampler and report the runtime of each model over five chains."


def _run(text: str, deleted: bool = False):
    r = OxmlElement("w:r")
    t = OxmlElement("w:delText" if deleted else "w:t")
    t.set(qn("xml:space"), "preserve")
    t.text = text
    r.append(t)
    return r


def _tracked(kind: str, text: str, deleted: bool = False):
    el = OxmlElement(kind)
    el.set(qn("w:id"), "1")
    el.set(qn("w:author"), "A. Author")
    el.append(_run(text, deleted))
    return el


def word(tmp_path: Path, name: str, tracked: bool) -> Path:
    doc = WordDocument()
    doc.add_heading("Method", level=1)
    doc.add_paragraph(PROSE)
    doc.add_heading("Results", level=1)
    p = doc.add_paragraph("The sampler mixes fast")
    if tracked:
        p._p.append(_tracked("w:ins", " on every lattice up to size 256"))
        p._p.append(_tracked("w:del", " on small lattices", deleted=True))
    p.add_run(".")
    table = doc.add_table(rows=1, cols=2)
    table.rows[0].cells[0].text = "chains"
    cell = table.rows[0].cells[1].paragraphs[0]
    cell.add_run("five")
    if tracked:
        cell._p.append(_tracked("w:ins", " or seven"))
    path = tmp_path / name
    doc.save(str(path))
    return path


def test_a_tracked_revision_is_read_with_its_changes_accepted(tmp_path: Path) -> None:
    new = load_document(word(tmp_path, "new.docx", tracked=True))
    text = " ".join(p.text for p in new.paragraphs)
    assert "The sampler mixes fast on every lattice up to size 256." in text
    assert "on small lattices" not in text
    assert "five or seven" in text  # a table cell's insertion too
    assert any("tracked changes accepted (2 insertions, 1 deletion)" in n for n in new.notices)
    assert "up to size 256" in docx_text(tmp_path / "new.docx")  # reviews given as Word read the same way


def test_the_insertion_is_an_edit_and_an_untracked_file_reads_as_before(tmp_path: Path) -> None:
    old = load_document(word(tmp_path, "old.docx", tracked=False))
    assert not old.notices
    assert any(p.text == "The sampler mixes fast." for p in old.paragraphs)
    new = load_document(word(tmp_path, "new.docx", tracked=True))
    changed = [e for e in diff_documents(old, new).edits if e.changed]
    assert any("up to size 256" in e.target_text for e in changed)
