"""Refusing what is not a review before any comment is drawn from it.

``check_file`` and ``check_text`` raise ``InputError`` (one line) for binary
or image files, empty text and text that is mostly not prose.
``author_response`` says, with a message, when a text reads like the authors'
response to reviews (a rebuttal) rather than the reviews: the CLI then stops
unless ``--force`` is given, and the app asks before going on.
"""

from __future__ import annotations

import re
from pathlib import Path

from engine.document.textfile import bom_encoding, clean_text, marked_binary
from engine.errors import DoubtfulInput, InputError
from engine.inputs import review_format_names

#: Leading bytes of file types people drop by mistake.
MAGIC = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image"), (b"\xff\xd8\xff", "a JPEG image"), (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"), (b"II*\x00", "a TIFF image"), (b"MM\x00*", "a TIFF image"),
    (b"BM", "a BMP image"), (b"RIFF", "a RIFF (WebP/WAV/AVI) file"), (b"\x00\x00\x01\x00", "an icon file"),
    (b"PK\x03\x04", "a ZIP archive (a Word file is read when its name ends in .docx; save an OpenDocument file as "
                   ".docx, text or PDF)"),
    (b"\x1f\x8b", "a gzip archive"), (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"), (b"Rar!", "a RAR archive"),
    (b"\xd0\xcf\x11\xe0", "an old Office document (save it as .docx, text or PDF)"), (b"\x7fELF", "a program"),
    (b"MZ", "a Windows program"), (b"{\\rtf", "an RTF document (save it as plain text)"),
    (b"%!PS", "a PostScript file"), (b"\x00\x00\x00", "a binary file"),
)
#: Share of letters among the non-space characters below which a text is not prose.
MIN_LETTER_SHARE = 0.55
#: Share of word-like tokens among all tokens below which a text is not prose.
MIN_WORD_SHARE = 0.5

_TOKEN = re.compile(r"\S+")
_WORDLIKE = re.compile(r"^[\"'(\[*_]*[A-Za-z\u00c0-\u024f][a-z\u00df-\u024f'’-]*[.,;:!?)\]\"'*_]*$")
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]?")
#: Phrases authors write to reviewers and reviewers do not.
RESPONSE_CUES = re.compile(
    r"\bwe (?:sincerely |greatly |really )?thank (?:the|all|you|our)\b|\bthank(?:s| you) (?:to )?(?:the )?reviewers?\b|"
    r"\bthank(?:s| you)(?: very much| so much| a lot)? for (?:your|the|all) (?:\w+ )?(?:review|comments|feedback|"
    r"time|suggestions|questions|remarks|reading|assessment)|\bdear (?:anon)?reviewer|\bour (?:responses?|replies|"
    r"answers?|revisions?)\b|\bwe (?:would like to|want to|wish to) (?:thank|clarify|point out|emphasi[sz]e)\b|"
    r"\bwe are (?:thankful|grateful)\b|\bwe (?:updated|revised|added|clarified|fixed|corrected)\b|"
    r"\bwe (?:have|'ve) (?:now )?(?:added|revised|updated|clarified|fixed|corrected|included|rewritten|moved|removed|"
    r"extended|expanded|modified|changed|run|conducted|incorporated)\b|\bwe (?:will|'ll) (?:clarify|add|revise|fix|"
    r"update|include|publish|release|correct|discuss|change|rewrite|mention|expand|make)\b|"
    r"\bin the (?:revised|updated|new|final|camera[- ]ready) (?:version|manuscript|paper|draft|submission)\b|"
    r"\bresponse to (?:the )?reviewers?\b|\brebuttal\b(?! period)|\bwe agree (?:with|that)\b|"
    r"\bthe reviewer (?:is right|correctly|raises|points out|asks|suggests|mentions)\b|\bas (?:the )?reviewer \S+ "
    r"(?:suggested|pointed out|noted)\b|\bwe (?:apologi[sz]e|appreciate)\b|\bour (?:paper|work|method|approach|results)\b",
    re.I,
)
_WE = re.compile(r"\b(?:we|our|us)\b", re.I)
#: A LaTeX source: a document class, or several environments and commands.
_LATEX = re.compile(r"\\documentclass\b|\\begin\{[a-zA-Z*]+\}")
#: What a LaTeX author response is built of and a review is not: a letter's ``\opening``/``\closing``, a letter
#: environment, reply environments or commands (``\begin{reply}``, ``\response{...}``).
_LATEX_RESPONSE = re.compile(r"\\(?:opening|closing)\s*\{|\\begin\{letter\}|\\(?:begin\{|newenvironment\{|"
                             r"newcommand\{?\\)?(?:reply|response|answer|rebuttal|authorresponse|ans)\*?\}?\b")

#: A reply labelled as such, where a line or a sentence begins: "Response: Fixed.", "Authors' reply: ..." (trial17).
_REPLY_LABEL = re.compile(r"(?:^|(?<=[\n.!?]))[ \t*#>-]*(?:(?:the )?authors?['’]?s?['’]? )?(?:response|reply|answer)"
                          r"(?: to (?:the )?(?:comment|point|reviewer)s?(?: ?#?\d{1,3}(?:\.\d{1,3})?)?)?\s*:", re.I)
#: A reply's own heading, a line of nothing else: "Author response to Reviewer 1 comment 1", "## Reply to referee 2,
#: point 3" (trial23: an author's Markdown file, each answer under such a heading; docs/comments.md, session 25).
_REPLY_HEADING = re.compile(r"^[ \t#*_>]*(?:(?:the )?authors?['’]?s?['’]? )?(?:response|reply|answer) to (?:the )?"
                            r"(?:reviewer|referee)\s*#?\s*\d{1,2}\s*,?\s*(?:(?:major|minor|general|specific)\s+)?"
                            r"(?:comment|point|remark|question)s?\s*#?\s*\d{1,3}[a-z]?[ \t*_:.]*$", re.I | re.M)
#: So many labelled replies make a text an author response (a point-by-point reply letter); fixed, not tuned.
REPLY_LABELS = 3


def _what_to_give() -> str:  # read from the one table of inputs, as it is when the message is written
    return f"give the reviews as {review_format_names()}"


def check_file(path: str | Path, noun: str = "reviews", give: str = "") -> None:
    """Raise ``InputError`` when ``path`` is an image, an archive, a program or other binary file; the line names
    what was wanted (``noun``) and what to give instead (``give``; the reviews' formats by default)."""
    path = Path(path)
    give = give or _what_to_give()
    try:
        with path.open("rb") as f:
            head = f.read(4096)
    except OSError as err:
        raise InputError(f"cannot read {path}: {err.strerror or err}") from None
    bom = bom_encoding(head)
    if bom is not None:  # UTF-16 and UTF-32 text is full of NUL bytes: judge the characters, not the bytes
        text = head[bom[1]:].decode(bom[0], errors="replace")
        if marked_binary(text) or not _mostly_text(text):
            raise InputError(f"{path.name} is a binary file, not {noun}: {give}")
        return
    for magic, what in MAGIC:
        if head.startswith(magic) and not (magic == b"BM" and _mostly_text(head)) \
                and not (magic == b"MZ" and _mostly_text(head)):
            raise InputError(f"{path.name} is {what}, not {noun}: {give}")
    if _utf16_unmarked(head):  # Windows' "Unicode" text saved without its byte-order mark: every other byte NUL
        raise InputError(f"{path.name} is UTF-16 text without a byte-order mark: save it as UTF-8 text")
    if b"\x00" in head or not _mostly_text(head):
        raise InputError(f"{path.name} is a binary file, not {noun}: {give}")


def _utf16_unmarked(head: bytes) -> bool:
    """Most characters of ``head`` are ASCII written as UTF-16 without a byte-order mark: a NUL in nine of ten of
    one parity's bytes and in none of the other's."""
    if len(head) < 8:
        return False
    even, odd = head[0::2], head[1::2]
    for nul, other in ((odd, even), (even, odd)):
        if nul.count(0) >= 0.9 * len(nul) and other.count(0) == 0:
            return True
    return False


def _mostly_text(head: bytes | str) -> bool:
    if not head:
        return True
    if isinstance(head, str):
        text = head
    else:
        try:
            text = head.decode("utf-8")
        except UnicodeDecodeError as err:
            if err.start < len(head) - 4:  # not just a character cut at the end of the sample
                text = clean_text(head.decode("latin-1"))  # Windows-1252's quotes and dashes are not controls
            else:
                text = head[: err.start].decode("utf-8")
    bad = sum(1 for c in text if (ord(c) < 32 and c not in "\t\n\r\f") or 0x7F <= ord(c) < 0xA0)
    return bad <= max(2, len(text) // 100)


def check_text(text: str, name: str = "the reviews") -> None:
    """Raise ``InputError`` when ``text`` is empty or mostly not prose (code, numbers, noise)."""
    tokens = [t for t in _TOKEN.findall(text) if any(c.isalnum() for c in t)]  # rules and bullets aside
    if not tokens:
        raise InputError(f"{name}: no review text found (the file is empty)")
    chars = "".join(tokens)
    letters = sum(c.isalpha() for c in chars) / len(chars)
    wordlike = sum(bool(_WORDLIKE.match(t)) for t in tokens) / len(tokens)
    real = [t for t in tokens if _WORDLIKE.match(t) and sum(c.isalpha() for c in t) >= 3]
    if len(real) < 3:
        raise InputError(f"{name}: no review text found (fewer than three words)")
    if letters < MIN_LETTER_SHARE or wordlike < MIN_WORD_SHARE:
        raise InputError(f"{name}: this is mostly not prose ({round(100 * wordlike)}% words), so not reviews")


def author_response(text: str) -> str | None:
    """A one-line message when ``text`` reads like the authors' response to reviews, else None.

    Counts sentences with phrases authors write to reviewers ("We thank the
    reviewer", "we have added", "in the revised version", "We will clarify")
    and sentences in the first person plural; reviews use both rarely.
    """
    text = text[:60_000]
    latex = len(_LATEX.findall(text)) >= 2
    letter = len(_LATEX_RESPONSE.findall(text)) if latex else 0
    if latex:  # read as text, its hard-wrapped lines joined: a sentence runs over several lines of the source
        text = re.sub(r"(?<!\n)\n(?!\s*\n)", " ", latex_text(text))
    sentences = [s for s in _SENTENCE.findall(text) if len(s.split()) >= 3]
    if not sentences:
        return None
    replies = len(_REPLY_LABEL.findall(text)) + len(_REPLY_HEADING.findall(text))
    if replies >= REPLY_LABELS:
        return ("this looks like an author response (a reply letter), not reviews: "
                f"{replies} replies are labelled \"Response:\", \"Reply:\" or \"Answer:\" or stand under a heading "
                "such as \"Response to Reviewer 1 comment 1\"; "
                "give the reviewers' text instead")
    cued = sum(bool(RESPONSE_CUES.search(s)) for s in sentences)
    we = sum(bool(_WE.search(s)) for s in sentences) / len(sentences)
    if cued >= 2 and (cued / len(sentences) >= 0.08 or we >= 0.3) and we >= 0.15:
        return ("this looks like an author response (a rebuttal), not reviews: "
                f"{cued} of {len(sentences)} sentences answer a reviewer (\"we thank\", \"we have added\", "
                "\"we will clarify\"); give the reviewers' text instead")
    if letter and cued and we >= 0.1:  # a LaTeX letter or reply environments, written by "we" to the reviewers
        return ("this looks like an author response (a LaTeX reply letter), not reviews: it has "
                f"{letter} reply or letter command(s) (\\opening, \\closing, reply environments) and answers a "
                "reviewer; give the reviewers' text instead")
    return None


def latex_text(source: str) -> str:
    """The text of a LaTeX source (``pylatexenc``), or the source itself when it cannot be read."""
    from pylatexenc.latex2text import LatexNodes2Text

    try:
        return LatexNodes2Text().latex_to_text(source)
    except Exception:  # noqa: BLE001 - pylatexenc's errors on broken sources are of several kinds
        return source


def reviews_look_like_response(reviews: list) -> str | None:
    """``author_response`` over the text of parsed reviews (any source: text, JSON, PDF)."""
    return author_response("\n\n".join(r.text for r in reviews))


class LooksLikeResponse(DoubtfulInput):
    """Reviews that read like an author response (``author_response`` says why)."""


def check_not_response(reviews: list) -> None:
    """Raise ``LooksLikeResponse`` when parsed reviews read like an author response: the build (CLI and app)
    refuses them unless told to go on."""
    response = reviews_look_like_response(reviews)
    if response:
        raise LooksLikeResponse(response)


# -- a paper given as the reviews --------------------------------------------------------------------------

#: The heading of a paper's abstract, alone on its line or running into the text ("Abstract—We ...", "ABSTRACT. ...").
_ABSTRACT = re.compile(r"^[#*\s]*abstract\b\s*(?:$|[:.—–-]\s*\S)", re.I)
#: Section names a paper numbers and reviews do not ("1 Introduction", "5. Related Work", "VI. CONCLUSIONS").
_SECTION_NAMES = (r"introduction|related work|background|preliminaries|method(?:s|ology)?|approach|model|"
                  r"experiments?|experimental (?:setup|results|evaluation)|evaluation|results|discussion|"
                  r"conclusions?|future work|implementation|materials and methods|problem (?:statement|formulation)")
_NUMBERED = re.compile(r"^[#*\s]*(?:\d{1,2}(?:\.\d{1,2}){0,2}|[IVX]{1,4})\.?\s+([A-Z][^.!?:;]{2,70})$")
_NUMBER_ALONE = re.compile(r"^[#*\s]*(?:\d{1,2}(?:\.\d{1,2}){0,2}|[IVX]{1,4})\.?\s*$")
_KNOWN_SECTION = re.compile(rf"^(?:{_SECTION_NAMES})\b", re.I)
_REFERENCES = re.compile(r"^[#*\s]*(?:\d{1,2}\.?\s+|[IVX]{1,4}\.?\s+)?(?:references|bibliography|literature cited)"
                         r"\s*[#*\s]*$", re.I)
#: A bibliography entry: "[12] A. Author ...", "12. Author, A. (2019)", "Author, A., Other, B. 2019." with a year.
_ENTRY = re.compile(r"^\s*(?:\[\d{1,3}\]|\d{1,3}\.)\s+\S.*|^[A-Z][\w'’-]+,\s+(?:[A-Z]\.\s*)+.*(?:19|20)\d\d")
#: A numbered display equation as a PDF's text gives it ("x = y + z (3)", or "(3)" alone on its line).
_EQUATION = re.compile(r"^\s*\(\d{1,3}\)\s*$|[=≤≥<>∑∏∫∈±×]\s*\S.*\(\d{1,3}\)\s*$|\\begin\{(?:equation|align)")
_CAPTION = re.compile(r"^\s*(?:fig\.|figure|table)\s+\d{1,2}[.:]\s+[A-Z]", re.I)
#: What a paper says of itself and a review does not ("In this paper, we propose", "our method").
_AUTHOR_VOICE = re.compile(r"\b(?:in this (?:paper|work|article|study),? we|we (?:propose|present|introduce|show|"
                           r"develop|describe)|our (?:method|approach|model|algorithm|framework|system|results))\b",
                           re.I)


def paper_signs(text: str) -> list[str]:
    """What in ``text`` reads as a paper rather than reviews: ``abstract``, ``numbered sections``,
    ``references``, ``equations``, ``captions``, ``the authors' voice`` (each counted once)."""
    lines = [line.strip() for line in text.split("\n")]
    lines = [line for line in lines if line]
    head = lines[: max(40, len(lines) // 5)]
    signs = []
    if any(_ABSTRACT.match(line) for line in head):
        signs.append("an abstract")
    sections, known = set(), 0
    for i, line in enumerate(lines):
        m = _NUMBERED.match(line)
        title = m.group(1) if m else (lines[i + 1] if _NUMBER_ALONE.match(line) and i + 1 < len(lines) else "")
        if title and len(title.split()) <= 7 and not title.rstrip().endswith((".", ",", "?")):
            sections.add(title.strip().lower())
            known += bool(_KNOWN_SECTION.match(title.strip()))
    if len(sections) >= 3 and known >= 2:
        signs.append(f"numbered sections ({len(sections)})")
    start = next((i for i, line in enumerate(lines) if _REFERENCES.match(line)), None)
    if start is not None:
        entries = sum(bool(_ENTRY.match(line)) for line in lines[start + 1:])
        if entries >= 5:
            signs.append(f"a list of references ({entries} entries)")
    equations = sum(bool(_EQUATION.search(line)) for line in lines)
    if equations >= 3:
        signs.append(f"numbered equations ({equations})")
    captions = sum(bool(_CAPTION.match(line)) for line in lines)
    if captions >= 3:
        signs.append(f"figure and table captions ({captions})")
    voice = len(_AUTHOR_VOICE.findall(text))
    if voice >= 3:
        signs.append(f"the authors' own voice (\"we propose\", \"our method\": {voice} times)")
    return signs


#: What a reviewer writes and a paper does not ("the authors", "the manuscript", "I suggest", "please").
_REVIEW_VOICE = re.compile(r"\bthe (?:authors?|manuscript|submission)\b|\bthis (?:manuscript|submission)\b|\bI (?:"
                           r"suggest|recommend|think|believe|would|am|was|found|wonder|do not|don't|could not|cannot|"
                           r"feel|have)\b|\breviewers?\b|\bplease\b", re.I)
#: ``paper_signs`` that make a text a paper when it reads little like a review (under ``REVIEW_VOICE`` per
#: 1,000 words) ...
PAPER_SIGNS = 2
#: ... and whatever it reads like.
PAPER_SIGNS_ALWAYS = 4
#: Reviewer's phrases per 1,000 words under which a text does not read like a review. On the corpus's training
#: part and the shared data, 20 review files have 6.7 to 43 (one of 64 words has none), 21 papers 0 to 3.7.
REVIEW_VOICE = 5.0


def review_voice(text: str) -> float:
    """Reviewer's phrases (``_REVIEW_VOICE``) per 1,000 words of ``text``."""
    words = len(text.split())
    return 1000 * len(_REVIEW_VOICE.findall(text)) / words if words else 0.0


def paper_text(text: str) -> str | None:
    """A one-line message when ``text`` reads as a paper, else None: ``PAPER_SIGNS`` of ``paper_signs`` in a text
    with few reviewer's phrases (``REVIEW_VOICE``), or ``PAPER_SIGNS_ALWAYS`` in any."""
    text = text[:300_000]
    signs = paper_signs(text)
    if len(signs) < PAPER_SIGNS or (len(signs) < PAPER_SIGNS_ALWAYS and review_voice(text) >= REVIEW_VOICE):
        return None
    return (f"this reads as a paper, not reviews: it has {', '.join(signs[:-1])} and {signs[-1]}; give the "
            "reviewers' text as the reviews (the paper is the draft)")


class LooksLikePaper(DoubtfulInput):
    """Reviews that read as a paper (``paper_text`` says why)."""


def check_not_paper(reviews: list) -> None:
    """Raise ``LooksLikePaper`` when parsed reviews read as a paper: the build refuses them unless told to go on."""
    message = paper_text("\n\n".join(r.text for r in reviews))
    if message:
        raise LooksLikePaper(message)

