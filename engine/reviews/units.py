"""The sentence units a review is classified in: every sentence of every
section that is not a score line, with what a classifier needs to know about
where it stands (section kind, list item, lead-in, the block it belongs to).

References lists, quoted passages of the paper, signatures, greetings, an editor's instructions for sending the
revision, pasted program output and sentences that only point to the rest of the review are marked ``skip``: they
are never comments, whatever a classifier says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from engine.reviews.cues import ARROW, EXPLICIT, read_cues
from engine.reviews.headings import EDITOR, aspect_prose, section_kind
from engine.reviews.letters import is_process
from engine.reviews.model import Review
from engine.reviews.split import units
from engine.text import sentences

_REFERENCE = re.compile(
    r"^\s*(?:\[\d{1,3}\]|\d{1,3}\.|\(\d{1,3}\))?\s*(?:[A-Z][\w'-]*,?\s+(?:[A-Z]\.\s*)+|(?:[A-Z]\.\s*)+[A-Z][\w'-]+)"
    r"(?:,|\band\b|&|et al\.?)"
)
_YEAR = re.compile(r"\b(?:19[5-9]\d|20[0-4]\d)[a-z]?\b")
_VENUE = re.compile(r"\b(?:In |Proc(?:eedings)?\.?|arXiv|Conference|Journal|Trans(?:actions)?\.?|ICLR|NeurIPS|NIPS|ICML|"
                    r"CVPR|ICCV|ECCV|ACL|EMNLP|NAACL|AAAI|IJCAI|KDD|SIGIR|vol\.|pp\.|doi)", re.I)
_SIGNOFF = re.compile(r"^(?:best|kind|warm)?\s*(?:regards|wishes|sincerely|cheers|yours(?: sincerely| truly)?)\b[,.!]?\s*$|"
                      r"^(?:dear (?:authors?|editor|all|sir|madam)|hello|hi)\b[^.?!]{0,40}[,.!:]?\s*$", re.I)
#: A sentence that only points to the rest of the review ("Please find my review below.", "More in the comments
#: below.", "Detailed comments follow."): structure, never a comment.
_POINTER = re.compile(
    r"^(?=.*\b(?:comments?|questions?|points?|remarks?|issues|concerns|review|typos|details|weaknesses|problems|"
    r"suggestions|list)\b)[^?]{0,90}\b(?:below|above|as follows|in the following|follows?)\s*[.!:]?\s*$|"
    r"^(?:please )?(?:find|see) (?:my|the|our) (?:\w+ )?(?:review|comments|remarks|report)\b[^?]{0,40}$", re.I)
#: Words that make a sentence say something of its own, whatever it points to.
_NOT_A_POINTER = re.compile(r"\b(?:should|must|needs? to|move|moved|cited?|lacks?|lacking|miss(?:es|ing)?|not)\b", re.I)
#: A journal's or editor's instructions for sending the revision, not a point about the paper: a deadline ("return
#: it within 4 weeks"), the submission system and its files ("Author Center", "source files", "figure files ... for
#: production"), how to write the response ("be as specific as possible in your response to the referees", "respond
#: to the comment (even if you are not making any changes)") and how to mark the changes ("show all revisions in
#: color"). Written from the training part's editor letters (docs/comments.md, round eight).
_SUBMISSION = re.compile(
    r"\b(?:(?:return|submit|send|upload)\w* (?:it|them|the|your)\b[^.?!]{0,40}\bwithin \d+ (?:days|weeks|months)|"
    r"author ?cent(?:er|re)|file attachment|attachment (?:with|to) this e-?mail|"
    r"(?:source|figure|article|manuscript) files?\b[^.?!]{0,60}\b(?:acceptable|required|production|upload|replace|"
    r"submit)|(?:acceptable|separate) (?:(?:article|source|figure) )*files?\b|production purposes|"
    r"expedite the (?:processing|review)|as specific as possible in your (?:response|reply)|"
    r"(?:re-?submission|resubmission) of (?:your|the) (?:manuscript|paper)|before considering a re-?submission|"
    r"even if you (?:are|were) not making (?:any )?changes|what changes \(if any\)|"
    r"(?:revisions|changes) (?:made )?(?:to|in) the (?:revised )?manuscript (?:in colou?r|highlighted))", re.I)
#: Program output pasted into a review (a Python traceback, an interpreter prompt, an installer's log): the
#: reviewer's evidence, never a point of its own; the reviewer's sentences around it stay.
_PROGRAM = re.compile(r"Traceback \(most recent call last\)|\bFile \"[^\"]+\", line \d+|(?:^|\s)>>> |"
                      r"\bsite-packages/|\bDownloading/unpacking\b|\bRunning setup\.py\b|"
                      r"^(?:warning|error|exception): |\bno previously-included (?:files|directories)\b", re.I)
_REFS_HEADING = re.compile(r"\b(?:references|bibliography|works cited|citations)\b", re.I)
#: A title over what follows ("Typos", "Minor comments:", "[Weakness]", "== Experiments", "Section 4:"): at most this
#: many words, no sentence end, a paragraph of its own with something under it.
LABEL_WORDS = 5
_LABEL = re.compile(r"^[\W_]*[A-Za-z][^.?!\"'\u201c\u201d\u2018\u2019]*$")


@dataclass(frozen=True)
class SentenceUnit:
    text: str
    start: int
    end: int
    section: str
    kind: str
    #: Index of the paragraph or list item the sentence belongs to (unique within a review).
    block: int
    is_item: bool
    #: Position of the sentence within its block (0 = first).
    index: int
    #: The "... the following:" sentence a list item depends on ("" when none).
    lead_in: str = ""
    #: Never a comment (a reference entry, a quotation, a greeting or signature).
    skip: bool = False
    #: The heading or list title above the sentence in its section ("Typos", "Minor comments"; "" when none).
    label: str = ""
    #: A bulleted line that titles the numbered points under it ("* Numerical setup"): the label it sets.
    title: str = ""


def is_reference(text: str) -> bool:
    """True for a bibliography entry ("[1] A. Author, B. Author. Title. In Venue, 2016")."""
    return bool(_YEAR.search(text)) and (bool(_REFERENCE.match(text)) and (
        bool(_VENUE.search(text)) or text.count(",") >= 2) or bool(re.match(r"^\s*\[\d{1,3}\]\s", text)) and
        bool(_VENUE.search(text)))


def is_pointer(text: str) -> bool:
    """A short sentence that only points elsewhere in the review ("Please find my review below."), not one that
    says something of its own ("The paper lacks the details described above.")."""
    if len(text.split()) > 14 or not _POINTER.match(text) or _NOT_A_POINTER.search(text):
        return False
    c = read_cues(text)
    return not (c.negative or c.question)


def is_quote(block: str) -> bool:
    """A passage quoted from the paper: Markdown ``>`` lines."""
    lines = [ln for ln in block.split("\n") if ln.strip()]
    return bool(lines) and all(ln.lstrip().startswith(">") for ln in lines)


def review_units(review: Review) -> list[SentenceUnit]:
    """Sentence units of ``review`` in reading order (score sections left out)."""
    out: list[SentenceUnit] = []
    block = 0
    editor = review.reviewer == EDITOR
    for (heading, body), offset in zip(review.sections, review.offsets):
        kind = section_kind(heading)
        if kind == "metadata":
            if not aspect_prose(heading, body):
                continue
            kind = "neutral"  # "Correctness" over the reviewer's own paragraph: review text
        refs_section = bool(_REFS_HEADING.search(heading))
        last_key = None
        for u in units(body, offset):
            raw = review.text[u.start : u.end]
            key = (u.start if u.is_item else None)
            if u.is_item or key != last_key:
                block += 1
            last_key = key
            quoted = is_quote(raw) or _quoted_line(review.text, u.start)
            pieces = sentences(raw, u.start, review=True) if u.is_item else [(u.text, u.start, u.end)]
            if quoted and not is_quote(raw) and "\n" in raw:  # a quotation, then the reviewer's own words
                own = re.search(r"\n(?!\s*>)\s*\S", raw)
                if own:
                    a = u.start + own.end() - 1
                    pieces, quoted = [(" ".join(review.text[a : u.end].split()), a, u.end)], False
            title = _bullet_title(review.text, u) or _numbered_heading(review.text, u)
            if title:
                out.append(SentenceUnit(u.text, u.start, u.end, heading, kind, block, False, 0, skip=True, title=title))
                continue
            for k, (s, a, b) in enumerate(pieces):
                s = " ".join(s.split())
                skip = (refs_section or quoted or is_reference(s) or bool(_SIGNOFF.match(s)) or is_pointer(s)
                        or bool(_SUBMISSION.search(s)) or bool(_PROGRAM.search(s))
                        or (editor and is_process(s)))  # the letter's submission checklist (letters.py)
                out.append(SentenceUnit(s, a, b, heading, kind, block, u.is_item, k, u.lead_in, skip))
    out = _renumber_paragraphs(review, out)
    if editor:  # a checklist item that opens on the process is the process whole ("Upload ... figures. If you ...")
        process = {u.block for u in out if u.index == 0 and u.skip and is_process(u.text)}
        out = [replace(u, skip=True) if u.block in process else u for u in out]
    return _skip_labels(out)


#: What follows a title over numbered points: a blank line, then "1)", "(1)" or "1." opening a line.
_NUMBERED_NEXT = re.compile(r"[ \t]*\n[ \t]*\n\s*\(?\d{1,2}[.)]\s")


def _bullet_title(text: str, u: SentenceUnit) -> str:
    """The title a bulleted one-line item gives the numbered points under it ("* Numerical setup", a blank line,
    then "1) ..."): a heading typed as a bullet (a new-user trial's referee report, in-sample for that report:
    its points under the second to fourth such titles were all labelled with the first, "Introduction"), else ""."""
    if not u.is_item or "\n" in text[u.start : u.end]:
        return ""
    marker = text[text.rfind("\n", 0, u.start) + 1 : u.start].strip()
    name = u.text.strip()
    if (marker not in ("*", "-", "+", "\u2022") or len(name.split()) > LABEL_WORDS or not _LABEL.match(name)
            or not name[:1].isupper() or name.endswith((":", ";", ",")) or ":" in name):
        return ""
    return name if _NUMBERED_NEXT.match(text, u.end) else ""


#: What follows a numbered heading: a blank line, then a paragraph that is no list item.
_PARAGRAPH_NEXT = re.compile(r"[ \t]*\n[ \t]*\n\s*(?![-*+\u2022]\s|\(?\d{1,2}[.)]\s)\S")


def _numbered_heading(text: str, u) -> str:
    """A numbered one-line item that names a part of the paper or a kind of remark ("1. Introduction", "3. Section
    3.1"), with a paragraph of its own under it: a heading the reviewer numbered, which labels what follows (trial32:
    an MNRAS referee's seven such lines read as seven list items in no comment, and labelled nothing), else ""."""
    if not u.is_item or "\n" in text[u.start : u.end]:
        return ""
    marker = text[text.rfind("\n", 0, u.start) + 1 : u.start].strip()
    name = u.text.strip()
    if (not re.fullmatch(r"\(?\d{1,2}[.)]", marker) or len(name.split()) > LABEL_WORDS or not name[:1].isupper()
            or name.endswith(":") or not _labelish(name)):
        return ""
    return label_text(name) if _PARAGRAPH_NEXT.match(text, u.end) else ""


def _labelish(text: str) -> bool:
    """A title's words: no sentence end, a section number's dots aside ("Section 3.2.1")."""
    return bool(_LABEL.match(re.sub(r"\b\d+(?:\.\d+)+\b", "N", text)))


def is_label(u: SentenceUnit, after: SentenceUnit | None) -> bool:
    """A heading or list title ("Typos", "Minor comments:", "Questions to the authors:") that labels the
    paragraph or list under it: never a comment itself. In DISAPERE train, all 92 such lines are neither a
    request nor a criticism."""
    return (after is not None and not u.is_item and u.index == 0 and after.block != u.block
            and len(u.text.split()) <= LABEL_WORDS and _labelish(u.text) and not u.text.endswith("?")
            and not is_note(u.text))


#: A page or line and what is said at it: "Line 39: eight -> eighth", "p19, line 470: something missing".
_AT_LINE = re.compile(r"^\W*(?:pp?|pg|pages?|ll?|lines?|ln)\.?\s*\d+[^:]{0,20}:\s*\S", re.I)


def is_note(text: str) -> bool:
    """A short line that is a point, however short, not a heading: a note at a page or line ("Line 39: eight ->
    eighth", "p19, line 470: something missing"), a replacement ("eight -> eighth") or a request in so many words
    ("I suggest instead:")."""
    return bool(_AT_LINE.match(text) or ARROW.search(text) or EXPLICIT.match(text))


def _skip_labels(found: list[SentenceUnit]) -> list[SentenceUnit]:
    """Labels are skipped, and each labels the sentences under it up to the next label or the section's end."""
    out: list[SentenceUnit] = []
    label, section = "", None
    for u, nxt in zip(found, [*found[1:], None]):
        if u.section != section:
            label, section = "", u.section
        if u.title:
            label = u.title
            out.append(u)
        elif not u.skip and is_label(u, nxt):
            label = label_text(u.text) or label  # "done", "We do" (an author's notes): skipped, and name nothing
            out.append(replace(u, skip=True))
        else:
            out.append(replace(u, label=label) if label else u)
    return out


#: Words of a heading over a review's points ("Minor points and typos", "Questions", "Section 4", "[Weakness]").
_HEADING_WORD = re.compile(r"\b(?:typos?|minor|major|comments?|questions?|weakness(?:es)?|strengths?|experiments?|"
                           r"details?|remarks?|issues?|points?|concerns?|suggestions?|section|chapter|appendix|"
                           r"clarity|presentation|writing|related work|references|novelty|evaluation|method(?:ology)?|"
                           r"results?|analysis|discussion|introduction|conclusions?|abstract|figures?|tables?|"
                           r"notation|theory|proofs?|limitations?|other|general|specific|summary)\b", re.I)
#: What opens a line that says something rather than naming what follows ("Here are some comments:", "We do").
_NOT_A_HEADING = re.compile(r"^(?:here|we|i|you|it|this|these|there|the following|as|see|also|indeed)\b", re.I)


def label_text(text: str) -> str:
    """A label as the heading it names ("[Weakness]" -> "Weakness", "== Minor comments:" -> "Minor comments"); ""
    when the line names no heading: an author's note ("done", "We do"), a field and its value ("Technical
    Correctness: Probably correct"), a lead-in ("Here are some comments:")."""
    name = text.strip().lstrip("[*_=#->~ \t").rstrip(":;.*_=#-]~ \t").strip()
    if (not name or not name[0].isupper() or re.search(r":\s*\S", name) or _NOT_A_HEADING.match(name)
            or not _HEADING_WORD.search(name)):
        return ""
    return name


def _quoted_line(text: str, start: int) -> bool:
    line_start = text.rfind("\n", 0, start) + 1
    return text[line_start:start].lstrip().startswith(">")


def _renumber_paragraphs(review: Review, found: list[SentenceUnit]) -> list[SentenceUnit]:
    """Sentences of one paragraph share a block: paragraphs end at blank lines."""
    out: list[SentenceUnit] = []
    block, index = 0, 0
    prev: SentenceUnit | None = None
    for u in found:
        same = prev is not None and (
            (u.is_item and prev.is_item and u.block == prev.block)
            or (not u.is_item and not prev.is_item and u.section == prev.section
                and "\n\n" not in review.text[prev.end : u.start].replace(" ", ""))
        )
        if same:
            index += 1
        else:
            block, index = block + 1, 0
        out.append(replace(u, block=block, index=index))
        prev = u
    return out
