"""Minimal documents built in memory for the intent and evidence tests (one section of plain prose)."""

from __future__ import annotations

from engine.document.model import Document, Paragraph, ParagraphKind, Section, paragraph_id

PROSE = [
    "Bandwidth extension predicts the missing high frequencies of an audio signal from its low frequencies.",
    "We train a fully convolutional network on magnitude spectra of two public music datasets of monophonic music.",
    "The network is evaluated with the signal to reconstruction ratio and with a perceptual score from a toolkit.",
    "Results show that dilation helps on polyphonic music while the kernel size matters on monophonic music.",
    "Phase is taken from the low band and mirrored, which keeps the reconstruction simple and fast to compute.",
]


def doc_of(texts: list[str], kinds: list[ParagraphKind] | None = None, section: str = "2 Method") -> Document:
    kinds = kinds or [ParagraphKind.BODY] * len(texts)
    paras = [Paragraph(paragraph_id(i), t, k, (section,)) for i, (t, k) in enumerate(zip(texts, kinds))]
    return Document(title="t", sections=[Section(section)], paragraphs=paras)
