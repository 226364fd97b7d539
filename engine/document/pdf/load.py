"""Loading a PDF paper into a ``Document`` with PyMuPDF.

Pages are read one at a time into light ``Line`` records (each span dictionary
is released at once; the small page objects are kept until the end, for a second
reading), so a long PDF stays within bounded memory; a page of Hangul set without
space glyphs, or with two words run together where a word space had no glyph, is
read again glyph by glyph (``glyphs``). Then: margin line numbers and running
headers go, each page is cut into column segments in reading order, segments into blocks, blocks are
classified, continued paragraphs are rejoined across columns and pages, and
the outline, abstract and references are filled in.
"""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path

import pymupdf

from engine.document.model import Document
from engine.document.pdf import quiet_mupdf
from engine.document.pdf.assemble import build_document
from engine.document.pdf.clean import drop_line_numbers
from engine.document.pdf.glyphs import joined_words, needs_glyph_gaps, respace_lines, run_together, spaced_spans
from engine.document.pdf.lines import PageText, graphic_boxes, mark_in_graphic, page_lines, small_prose
from engine.document.pdf.printed_numbers import printed_numbers, recurring, without_numbers
from engine.document.pdf.struck import drop_struck
from engine.document.pdf.tex_codes import TexCodes
from engine.document.pdf.text import build_vocabulary
from engine.errors import InputError
from engine.jobs import CancelToken, Progress, run_job

_FLAGS = pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_MEDIABOX_CLIP

quiet_mupdf()


def load_pdf(path: Path, password: str | None = None) -> Document:
    """Read the paper in ``path``; raise ``InputError`` for unusable files."""
    return run_job(load_pdf_job(Path(path), password))


def load_pdf_job(
    path: Path, password: str | None = None, cancel: CancelToken | None = None
) -> Generator[Progress, None, Document]:
    """``load_pdf`` as a job yielding one ``Progress`` per page read."""
    pdf = open_pdf(path, password)
    pages: list[PageText] = []
    found: list[list[tuple]] = []  # each page's columns of printed line numbers, as ``printed_numbers`` finds them
    loaded: list[pymupdf.Page | None] = []  # kept for a second reading of glyphs (a page object is small)
    notices: list[str] = []
    codes = TexCodes()  # each font's TeX encoding, where it has no Unicode map
    struck: dict[int, int] = {}  # words struck out, by page index (a revision with its deletions marked)
    try:
        total = pdf.page_count
        meta = dict(pdf.metadata or {})
        for index in range(total):
            if cancel is not None:
                cancel.check()
            try:
                page = pdf.load_page(index)
                text, numbers = _read_page(page, index, codes=codes, struck=struck)
                pages.append(text)
                found.append(numbers)
                loaded.append(page)
            except Exception as err:  # a broken page should not sink the paper
                notices.append(f"page {index + 1} could not be read ({type(err).__name__})")
                pages.append(PageText(index + 1, 0.0, 0.0, []))
                found.append([])
                loaded.append(None)
            yield Progress(index + 1, total, "reading pages")
        found = recurring(found)  # a review copy numbers every page; a listing's numbers on one page stay
        for index, numbers in enumerate(found):
            if numbers and loaded[index] is not None:  # read again without them (a review copy's pages only)
                try:
                    pages[index] = _read_page(loaded[index], index, numbers, codes, struck)[0]
                except Exception:  # the first reading stands
                    pass
        vocab = build_vocabulary(ln.text for p in pages for ln in p.lines)
        joined = joined_words(vocab)
        for index, text in enumerate(pages):  # words run together where a word space had no glyph: their glyphs
            words = run_together(text.lines, vocab, joined)
            if words and not needs_glyph_gaps(text.lines):
                try:
                    respace_lines(loaded[index] or pdf.load_page(index), text.lines, words, _FLAGS)
                except Exception:  # the first reading stands
                    pass
    finally:
        pdf.close()
    if not any(p.lines for p in pages):
        raise InputError(f"{path.name} has no text layer (scanned?); run OCR first, e.g. ocrmypdf")
    if any(found):  # a page's margin numbers too few for a column of their own (four under a float) go too
        drop_line_numbers(pages, {round(w[2] / 4) for numbers in found for w in numbers})
    doc = build_document(pages, meta)
    doc.source_path = str(path)
    doc.page_count = total
    if words := sum(struck.values()):
        notices.append(f"{words} struck-out word{'s' * (words != 1)} on {len(struck)} page{'s' * (len(struck) != 1)} "
                       "read as deleted (a revision with its deletions crossed out)")
    doc.notices = notices + doc.notices
    return doc


def _read_page(page: pymupdf.Page, index: int, drop: list[tuple] | None = None,
               codes: TexCodes | None = None, struck: dict[int, int] | None = None) -> tuple[PageText, list[tuple]]:
    """The page's lines, less the words in ``drop`` and the words struck out (counted in ``struck`` by page
    index); and, read first, the page's printed line numbers found (none when ``drop`` is given: a second
    reading). ``codes``: TeX's font codes read as characters."""
    read = page.get_text("dict", flags=_FLAGS)
    if (words := drop_struck(page, read, _FLAGS)) and struck is not None:
        struck[index] = words
    if codes is not None:
        read = codes.decode(read)
    numbers = printed_numbers(page, read) if drop is None else drop  # a review copy's line numbers (session 26)
    text = page_lines(without_numbers(read, drop or []), index + 1)
    if needs_glyph_gaps(text.lines):  # Hangul set without space glyphs: spaces from glyph gaps
        text = page_lines(without_numbers(spaced_spans(page.get_text("rawdict", flags=_FLAGS)), drop or []), index + 1)
    if small_prose(text.lines, text.height):  # only then can a drawn frame make text figure text
        mark_in_graphic(text.lines, graphic_boxes(page.get_bboxlog(), page.rect.width, page.rect.height))
    return text, numbers


def open_pdf(path: Path, password: str | None = None) -> pymupdf.Document:
    """Open and unlock ``path``, turning every failure into a one-line ``InputError``."""
    name = path.name
    try:
        if not path.is_file():
            raise InputError(f"file not found: {path}")
        if path.stat().st_size == 0:
            raise InputError(f"{name} is empty")
        with path.open("rb") as fh:
            head = fh.read(1024)
    except PermissionError:
        raise InputError(f"cannot read {path}: permission denied") from None
    if b"%PDF" not in head:
        raise InputError(f"{name} is not a PDF (no %PDF header); it may be corrupt or mislabelled")
    try:
        pdf = pymupdf.open(path, filetype="pdf")
    except Exception:
        raise InputError(f"{name} is a corrupt PDF that cannot be opened") from None
    if pdf.needs_pass:
        if password is None:
            pdf.close()
            raise InputError(f"{name} is encrypted; pass --password")
        if not pdf.authenticate(password):
            pdf.close()
            raise InputError(f"wrong password for {name}")
    try:
        count = pdf.page_count
    except Exception:
        count = 0
    if count == 0:
        pdf.close()
        raise InputError(f"{name} has no pages (empty or corrupt PDF)")
    return pdf
