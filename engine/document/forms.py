"""A conference's author checklist inside the paper: a form the authors fill in, not the paper's text.

NeurIPS (since 2021), and ACL's Responsible NLP checklist, put the authors' answers to a checklist (yes/no
questions, each answered "[Yes]" and a section) after the references, in the submitted paper; the camera-ready
or the arXiv version often drops it. Read as body text, its removal became some twenty deleted paragraphs that the
aligner linked to reviewers' comments on limitations, proofs and code (a new-user trial, session 21: 13 of 34
comments "partly addressed" or "addressed" by the checklist's removal, none answered there). Its paragraphs are kept
as ``OTHER``: shown and exported as read, never compared, aligned or placed a comment in (``revision.compare``,
``align.localize``)."""

from __future__ import annotations

import dataclasses
import re

from engine.document.model import Document, ParagraphKind

#: A checklist's heading: "Checklist", "NeurIPS Paper Checklist", "Reproducibility Checklist", "Responsible NLP
#: Research Checklist", "Author Checklist", with a section number or letter before it.
CHECKLIST = re.compile(
    r"^(?:[A-Z]|\d+)?(?:\.\d+)*\.?\s*"
    r"(?:(?:neurips|nips|icml|iclr|acl|arr|emnlp|naacl|aaai|ijcai|cvpr|iccv|eccv)\s+)?(?:paper\s+)?"
    r"(?:(?:authors?['’]?|reproducibility|responsible\s+nlp(?:\s+research)?|ethics|submission)\s+)?checklist\s*$",
    re.I)
#: The kinds a checklist's paragraphs are read as otherwise (its heading stays a heading).
_FORM_KINDS = (ParagraphKind.BODY, ParagraphKind.CAPTION, ParagraphKind.FOOTNOTE, ParagraphKind.EQUATION)


def is_checklist(title: str) -> bool:
    """Whether a section title names an author checklist."""
    return bool(CHECKLIST.match(" ".join(title.split())))


def mark_checklists(doc: Document) -> Document:
    """``doc`` with the paragraphs of every top-level section that is an author checklist read as ``OTHER``."""
    if not any(p.section and is_checklist(p.section[0]) for p in doc.paragraphs):
        return doc
    doc.paragraphs = [dataclasses.replace(p, kind=ParagraphKind.OTHER)
                      if p.kind in _FORM_KINDS and p.section and is_checklist(p.section[0]) else p
                      for p in doc.paragraphs]
    return doc


#: The heading of a reply to the reviewers, or of the cover letter over it, that the authors' build appends after the
#: paper ("To the Editor(s) –", "Response to Reviewers", "Resubmission Cover Letter", "Rebuttal"), a number allowed.
REPLY = re.compile(
    r"^(?:[A-Z]|\d+)?(?:\.\d+)*\.?\s*(?:"
    r"(?:point[- ]by[- ]point\s+)?(?:responses?|reply|replies|answers?|rebuttal)\s+to\s+(?:the\s+)?"
    r"(?:reviewers?|referees?|reviews|editors?|comments)['’]?s?(?:\s+(?:comments|reports))?|"
    r"(?:resubmission\s+|revision\s+)?cover\s+letter|rebuttal(?:\s+letter)?|authors?['’]?\s+(?:response|reply)|"
    r"(?:letter\s+)?to\s+the\s+editor(?:\(s\)|s)?)\s*[-–—:,.]*\s*$", re.I)
#: Share of the paragraphs, at least, before such a heading: a reply appended after the paper, not a section in it.
REPLY_AFTER = 0.5


def mark_appended_reply(doc: Document) -> Document:
    """``doc`` with a reply to the reviewers that the authors' build appended after the paper read as ``OTHER``, from
    its heading to the end: a revised PDF built with its response letter (a journal's LaTeX macros switch it on) had
    every comment's best edit in the reply's quotation of that comment, 9 of 20 "addressed" (a new-user trial, session
    22, trial16). Only a heading in the last half of the paragraphs, so a paper's own section on a reply stays."""
    paras = doc.paragraphs
    start = next((i for i, p in enumerate(paras) if i >= REPLY_AFTER * len(paras) and p.kind == ParagraphKind.HEADING
                  and REPLY.match(" ".join(p.text.split()))), None)
    if start is None:
        return doc
    doc.paragraphs = paras[:start] + [dataclasses.replace(p, kind=ParagraphKind.OTHER) for p in paras[start:]]
    head = paras[start]
    doc.notices = list(doc.notices) + [f"read the reply to the reviewers after the paper (from “{head.text.strip()}”, "
                                       f"p. {head.page}) as not part of the paper"]
    return doc
