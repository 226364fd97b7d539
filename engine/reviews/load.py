"""Reading a reviews file (OpenReview ``.json``, ``.pdf``, Word, text, Markdown or LaTeX) into ``Review``s, by the loader
the one table of formats names (``engine.inputs.REVIEW_FORMATS``); the text itself is parsed by
``engine.reviews.parse``, OpenReview's notes by ``engine.reviews.openreview``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from engine.document.text import mark_unmapped
from engine.document.textfile import read_text_file
from engine.errors import InputError
from engine.jsontext import parse_json
from engine.reviews.guard import check_file
from engine.reviews.model import Review
from engine.reviews.parse import MAX_CHARS, parse_reviews


#: Pages of a review PDF read.
MAX_PDF_PAGES = 60


def load_reviews(path: str | Path, *, max_chars: int = MAX_CHARS) -> list[Review]:
    """Reviews from a file, by the loader ``engine.inputs.REVIEW_FORMATS`` names for its suffix (a real PDF is read
    as one whatever its suffix; an unknown suffix is read as text)."""
    from engine.inputs import REVIEW_FORMATS

    path = Path(path).expanduser()
    if path.is_dir():
        raise InputError(folder_message(path))
    if not path.is_file():
        raise InputError(f"no such file: {path}")
    with path.open("rb") as f:
        is_pdf = f.read(5) == b"%PDF-"
    if is_pdf:
        return pdf_reviews(path, max_chars)
    fmt = REVIEW_FORMATS.get(path.suffix.lower())
    if path.suffix.lower() == ".msg":
        raise InputError(f"{path.name} is an Outlook message: save the mail as .eml (File > Save As), or paste its "
                         "text into a .txt file")
    if fmt is None or not fmt.binary:
        check_file(path)  # an image, an archive, a program: refuse before reading it as text
    return fmt.read(path, max_chars) if fmt is not None else text_reviews(path, max_chars)


def folder_message(path: Path) -> str:
    """One line for a folder given as the reviews: Redraft reads one file with every review in it (a folder of
    one file per reviewer is not read as one set, since their order and names would be a guess); it names the
    review files in the folder, or says there are none."""
    from engine.inputs import review_format_names, review_suffixes

    try:
        found = sorted(p.name for p in path.iterdir() if p.is_file() and p.suffix.lower() in review_suffixes())
    except OSError:
        found = []
    inside = (f"; it holds {', '.join(found[:3])}{' and more' if len(found) > 3 else ''}" if found
              else f"; it holds no {review_format_names()} file")
    return (f"{path} is a folder, not a reviews file: give the one file with the reviews in it "
            f"(paste several reviewers' files into one, each under a heading such as '# Reviewer 1'){inside}")


def docx_reviews(path: Path, max_chars: int = MAX_CHARS) -> list[Review]:
    """A Word file: its text, parsed as Markdown; the authors' answers set in bold under each point left out."""
    from engine.document.docx import docx_text, open_docx

    text, notices = docx_text(path), []
    answers = bold_answers(open_docx(path))
    if answers:
        text = "\n\n".join(part for part in text.split("\n\n") if part.strip() not in answers)
        notices.append(f"skipped {len(answers)} paragraphs set in bold under the reviewers' points: they read as "
                       "your answers, not the reviews")
    return parse_reviews(text, source="docx", max_chars=max_chars, notices=notices)


#: An answer in the passive, as authors write under a point ("This has now been clarified.", "Amended to ...").
_PASSIVE_ANSWER = re.compile(r"\b(?:has|have) (?:now )?been (?:added|clarified|mentioned|detailed|discussed|modified|"
                             r"amended|changed|corrected|removed|included|expanded|rewritten|revised|updated|fixed)\b|"
                             r"^(?:amended|done|corrected|fixed|changed|added|clarified)\b", re.I)
_WE = re.compile(r"\b(?:we|our|us)\b", re.I)
#: Bold paragraphs right under plain ones, at least, for them to be the authors' answers; and the share that must
#: read as answers.
BOLD_ANSWERS = 3
BOLD_ANSWER_SHARE = 0.5


def bold_answers(doc: Any) -> set[str]:
    """The texts of a Word file's paragraphs set wholly in bold right under a plain one, when at least
    ``BOLD_ANSWERS`` of them and ``BOLD_ANSWER_SHARE`` of them read as the authors' answers ("We thank ...",
    "This has been clarified."): the reviews with the answers typed under each point (a new-user trial, session 22:
    two of its answers were comments). Else none: a reviewer's bold questions or titles stay."""
    from engine.reviews.guard import RESPONSE_CUES

    found: list[str] = []
    prev_bold: bool | None = None
    for p in doc.paragraphs:
        text = " ".join(p.text.split())
        if not text:
            continue
        runs = [r for r in p.runs if r.text.strip()]
        bold = bool(runs) and all(r.bold for r in runs)
        if bold and prev_bold is False:
            found.append(text)
        prev_bold = bold
    answering = sum(bool(RESPONSE_CUES.search(t) or _WE.search(t) or _PASSIVE_ANSWER.search(t)) for t in found)
    if answering < BOLD_ANSWERS or answering < BOLD_ANSWER_SHARE * len(found):
        return set()
    return {p.text.strip() for p in doc.paragraphs if " ".join(p.text.split()) in found}


def pdf_reviews(path: Path, max_chars: int = MAX_CHARS) -> list[Review]:
    text, notices = pdf_text(path)
    return parse_reviews(text, source="pdf", max_chars=max_chars, notices=notices)


def openreview_reviews(path: Path, max_chars: int = MAX_CHARS) -> list[Review]:
    """OpenReview's notes (``engine.reviews.openreview``)."""
    from engine.reviews.openreview import reviews_from_openreview

    return reviews_from_openreview(parse_json(read_text(path)[0], path.name), max_chars=max_chars)


def text_reviews(path: Path, max_chars: int = MAX_CHARS, source: str = "text") -> list[Review]:
    """Plain text (or OpenReview's JSON under another suffix)."""
    raw, notices = read_text(path)
    if raw.lstrip().startswith(("{", "[")):
        try:
            data = parse_json(raw, path.name)
        except InputError:
            pass
        else:
            from engine.reviews.openreview import reviews_from_openreview

            return reviews_from_openreview(data, max_chars=max_chars)
    return parse_reviews(raw, source=source, max_chars=max_chars, notices=notices)


def eml_reviews(path: Path, max_chars: int = MAX_CHARS) -> list[Review]:
    """A saved mail (``.eml``): its text parts decoded (``engine.reviews.mailfile``), read as plain text."""
    from engine.reviews.mailfile import mail_text

    read = mail_text(path)
    if read is None:  # no mail headers: text saved under .eml
        return text_reviews(path, max_chars)
    text, notices = read
    return parse_reviews(text, source="text", max_chars=max_chars, notices=notices)


def markdown_reviews(path: Path, max_chars: int = MAX_CHARS) -> list[Review]:
    return text_reviews(path, max_chars, source="markdown")


def rmarkdown_reviews(path: Path, max_chars: int = MAX_CHARS) -> list[Review]:
    """Reviews kept as R Markdown or Quarto (``.Rmd``, ``.qmd``): the YAML header and the code chunks are no review
    text (a session-23 trial: they were two "text before the first review" notices, and a header key could be read
    as a reviewer's line)."""
    from engine.document.rmarkdown import front_matter, without_chunks

    raw, notices = read_text(path)
    return parse_reviews(without_chunks(front_matter(raw)[0]), source="markdown", max_chars=max_chars,
                         notices=notices)


def tex_reviews(path: Path, max_chars: int = MAX_CHARS) -> list[Review]:
    """A LaTeX file (a ``reviews.tex``, a response letter's quoted reviews), read as text (``engine.reviews.latex``)."""
    raw, notices = read_text(path)
    return parse_reviews(raw, source="latex", max_chars=max_chars, notices=notices, latex=True)


def read_text(path: Path) -> tuple[str, list[str]]:
    """The file's text (a byte-order mark, UTF-8, then Windows-1252 or a guess: ``read_text_file``) and a notice
    when its encoding was guessed."""
    raw, notice = read_text_file(path, max_bytes=None)
    return raw, [notice] if notice else []


def pdf_text(path: Path, noun: str = "review") -> tuple[str, list[str]]:
    """The text of a review PDF (``noun``: what the PDF should hold, for the message), page after page, at most
    ``MAX_PDF_PAGES`` pages."""
    import pymupdf

    try:
        doc = pymupdf.open(path)
    except Exception as err:  # noqa: BLE001 - PyMuPDF raises several types for bad files
        raise InputError(f"cannot open {path.name} as a PDF: {err}") from None
    with doc:
        if doc.needs_pass:
            raise InputError(f"{path.name} is encrypted; save an unlocked copy first")
        notices = []
        try:
            pages = doc.page_count
        except Exception:  # noqa: BLE001 - a damaged page tree
            raise InputError(f"{path.name} is a corrupt PDF (its page tree cannot be read)") from None
        if pages > MAX_PDF_PAGES:
            notices.append(f"read the first {MAX_PDF_PAGES} of {pages} pages of {path.name}")
        texts = []
        # ligatures spelled out ("ﬁ" -> "fi"): a ScholarOne decision PDF's comments read "deﬁne", "ﬁgure" (trial18)
        flags = pymupdf.TEXTFLAGS_TEXT & ~pymupdf.TEXT_CID_FOR_UNKNOWN_UNICODE & ~pymupdf.TEXT_PRESERVE_LIGATURES
        for i in range(min(pages, MAX_PDF_PAGES)):
            try:
                # unmapped glyphs as U+FFFD (not raw glyph ids, which read as letters), then "[math]"
                texts.append(mark_unmapped(page_text(doc[i], flags)))
            except Exception as err:  # noqa: BLE001 - a broken page should not sink the reviews
                notices.append(f"page {i + 1} of {path.name} could not be read ({type(err).__name__})")
        text = unbreak_words("\n".join(drop_page_furniture(texts)))
    if not text.strip():
        raise InputError(f"no {noun} text found in {path.name} (a scanned PDF needs OCR first)")
    return text, notices


def page_text(page: Any, flags: int) -> str:
    """A page's lines in reading order, a blank line where the space above a line is a paragraph's: a decision mail
    printed or saved as PDF sets its paragraphs apart by space alone, and read as one run of lines every referee's
    points ran together (a new-user trial, session 29: 11 comments from the PDF of a mail whose text gave 25). A
    paragraph's space is more than half a line over the page's space between a paragraph's own lines (the tightest
    tenth of its spaces: a mail of mostly one-line paragraphs still has a few wrapped ones, trial30's Editorial
    Manager mail), so double spacing alone splits nothing (trial31's)."""
    lines: list[tuple[float, float, str]] = []
    for block in page.get_text("dict", flags=flags).get("blocks", []):
        for line in block.get("lines", []):
            text = "".join(span.get("text", "") for span in line.get("spans", []))
            if text.strip():
                lines.append((line["bbox"][1], line["bbox"][3], text))
    if len(lines) < 3:
        return "".join(f"{t}\n" for _, _, t in lines)
    gaps = sorted(b[0] - a[1] for a, b in zip(lines, lines[1:]) if b[0] > a[0])  # the next line below: its space
    heights = sorted(y1 - y0 for y0, y1, _ in lines)
    usual, height = gaps[len(gaps) // 10] if gaps else 0.0, heights[len(heights) // 2]
    out = [lines[0][2]]
    for a, b in zip(lines, lines[1:]):
        if b[0] > a[0] and b[0] - a[1] > usual + 0.5 * height:
            out.append("")
        out.append(b[2])
    return "\n".join(out) + "\n"


#: A word broken at a line's end by hyphenation, and its rest at the start of the next line.
_BROKEN = re.compile(r"\b([A-Za-z]+)-\n([ \t]*)([a-z][A-Za-z]*)(\S*)[ \t]?")


def unbreak_words(text: str) -> str:
    """A PDF's line-end hyphenation undone, each word whole on its first line ("statis-" / "tical model" ->
    "statistical" / "model", its punctuation with it), a real hyphen kept ("two-column"), as the draft's reader
    decides (``keep_hyphen``, on the file's own words). A letter typeset with LaTeX read "statis- tical" in every
    answer it gave (trial30)."""
    from engine.document.pdf.text import build_vocabulary, keep_hyphen

    if "-\n" not in text:
        return text
    vocab = build_vocabulary(text.split("\n"))

    def whole(m: re.Match[str]) -> str:
        left, right, end = m.group(1), m.group(3), m.end()
        rest = "" if end == len(text) or text[end] == "\n" else f"\n{m.group(2)}"  # no blank line left behind
        return f"{left}{'-' if keep_hyphen(left, right, vocab) else ''}{right}{m.group(4)}{rest}"

    return _BROKEN.sub(whole, text)


#: A printed page's own lines: "2 of 3", "Page 2", a browser's "about:reader?url=..." or a lone address, its print
#: date "12/9/21, 5:34 PM".
_FURNITURE = re.compile(r"^(?:(?:page\s+)?\d{1,3}(?:\s*(?:of|/)\s*\d{1,3})?|about:\S+|https?://\S+|"
                        r"\d{1,2}/\d{1,2}/\d{2,4},?\s+\d{1,2}:\d{2}(?:\s*[AP]M)?)$", re.I)
#: Lines at a page's foot searched for a running footer.
FOOTER_LINES = 4


def drop_page_furniture(pages: list[str]) -> list[str]:
    """Each page's text without what the printer put on every page: at its foot, lines that recur at the foot of
    another page (digits aside: "ScholarOne Manuscripts", "2 of 3"), and at its head or foot page numbers, print
    dates and addresses. A decision mail printed from a browser (trial18) had four such lines at each page's foot,
    and one referee's point was cut in two at the page break."""
    def key(line: str) -> str:
        return re.sub(r"\d+", "#", line.strip())

    lines = [page.split("\n") for page in pages]
    feet = [{key(x) for x in _edge(ls, tail=True)} for ls in lines]
    out = []
    for k, ls in enumerate(lines):
        foot = set(_edge(ls, tail=True))
        head = set(_edge(ls, tail=False))
        again = set().union(*(f for j, f in enumerate(feet) if j != k)) if len(pages) > 1 else set()
        kept = [x for x in ls if not (x.strip() and (
            (x in foot and key(x) in again) or ((x in foot or x in head) and _FURNITURE.match(x.strip()))))]
        out.append("\n".join(kept).strip("\n"))
    return out


def _edge(lines: list[str], tail: bool) -> list[str]:
    filled = [x for x in lines if x.strip()]
    return filled[-FOOTER_LINES:] if tail else filled[:2]
