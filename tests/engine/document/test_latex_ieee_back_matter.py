"""The LaTeX reader on IEEEtran's front and back matter (trial29): ``\\IEEEmembership{Member, IEEE}`` beside a name
is no author ("Member" and "IEEE" were read as two), and the authors' biographies (``IEEEbiography`` with its photo
argument, ``IEEEbiographynophoto``) and the "Index Terms" (``IEEEkeywords``) are other, not body text of the last
section ("[]Maren Holtby ..." was)."""

from __future__ import annotations

from pathlib import Path

from engine.document import ParagraphKind, load_document
from tests.ieee_journal_tex import BIOS, ieee_journal
from tests.pdf_factory import sample_paragraph


def test_memberships_and_biographies(tmp_path: Path) -> None:
    paragraphs = [sample_paragraph(i, 60) for i in range(1, 5)]
    (tmp_path / "paper.tex").write_text(ieee_journal(paragraphs, references=5), encoding="utf-8")
    doc = load_document(tmp_path / "paper.tex")
    assert doc.authors == ["Maren Holtby", "Tomasz Wierzba", "Lucia Ferrandi"]
    for _, text in BIOS:
        bio = [p for p in doc.paragraphs if text[:40] in p.text]
        assert [p.kind for p in bio] == [ParagraphKind.OTHER]
        assert "[]" not in bio[0].text
    assert [p.kind for p in doc.paragraphs if p.text.startswith("Condition monitoring, adaptive")] == [
        ParagraphKind.OTHER]
    assert sum(p.kind is ParagraphKind.BODY for p in doc.paragraphs) == 1 + 4 + 1  # abstract, paragraphs, conclusion
    assert sum(p.kind is ParagraphKind.REFERENCE for p in doc.paragraphs) == 5
