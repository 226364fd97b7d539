"""The revised PDF a marked-up copy is drawn on, and where each revised paragraph is on its pages.

A PDF revision carries its page regions already. A LaTeX revision has none:
its PDF (given, or found beside the sources: ``paper.tex`` → ``paper.pdf``,
``camera_ready/`` → ``camera_ready.pdf``, or in latexmk's output folder) is read and each LaTeX paragraph is
matched to the PDF's paragraphs by their words (``engine.document.paragraph_recall``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine.document.model import Paragraph, Region
from engine.errors import InputError
from engine.project.model import Project

#: A LaTeX paragraph matched to PDF text below this share of its words has no place on the page.
MIN_MATCH = 0.5

Regions = Callable[[str], list[Region]]
#: Versions whose pages are those of a PDF made from them and kept beside them: LaTeX typeset, a Word file or a
#: Markdown paper saved as PDF under its name (an author's trial, session 32: the Word author's PDFs were used for
#: the marked-up copy only, the PDF tab hidden, the letter and the CSV without pages).
BESIDE_FORMATS = ("latex", "docx", "markdown")
#: Suffixes of a Word or Markdown version, whose PDF is ``NAME.pdf`` beside ``NAME.docx`` (``engine/inputs.py``).
_SAVED_SUFFIXES = (".docx", ".md", ".markdown", ".rmd", ".qmd", ".rmarkdown")


#: Where latexmk or an editor writes the PDF when not beside the source: the folder a ``.latexmkrc`` names
#: (``$out_dir = 'build';``), then the usual ones (trial30: a PRL paper's ``.latexmkrc`` wrote ``build/main.pdf``, so
#: its pane showed no PDF and its changes could not be marked).
OUTPUT_FOLDERS = ("build", "out", "output")
_OUT_DIR = re.compile(r"""^\s*\$out_dir\s*=\s*['"]([^'"$%]+)['"]""", re.M)


def _output_folders(folder: Path) -> list[Path]:
    named = []
    for rc in (".latexmkrc", "latexmkrc"):
        try:
            text = (folder / rc).read_text(encoding="utf-8", errors="replace")[:20_000]
        except OSError:
            continue
        named += [folder / d for d in _OUT_DIR.findall(text)]
    return named + [folder / d for d in OUTPUT_FOLDERS]


def _beside(source: Path) -> list[Path]:
    folder = source if source.is_dir() else source.parent
    out = [] if source.is_dir() else [source.with_suffix(".pdf")]
    out += [folder.with_suffix(".pdf"), folder.parent / f"{folder.name}.pdf"]
    return out if source.is_dir() else out + [d / f"{source.stem}.pdf" for d in _output_folders(folder)]


@dataclass(frozen=True)
class PdfBeside:
    """The typeset PDF of a LaTeX source, found beside it; or the PDF a Word or Markdown version was saved as."""

    path: Path
    source: Path
    #: the PDF was written before its LaTeX last changed (it may not show the latest text)
    older: bool

    def note(self) -> str:
        """One line for the pane that shows it."""
        if self.source.suffix.lower() in _SAVED_SUFFIXES:
            if self.older:
                return f"{self.path.name}, beside {self.source.name}, is older than it: save it as PDF again"
            return f"{self.path.name}, the PDF saved from {self.source.name}"
        if self.older:
            return (f"{self.path.name}, found beside {self.source.name}, is older than its LaTeX: "
                    "typeset it again to see the latest text")
        return f"{self.path.name}, the PDF typeset from {self.source.name}"


def pdf_beside(source: str | Path) -> PdfBeside | None:
    """The PDF beside a LaTeX source (``paper.tex`` → ``paper.pdf``, ``camera_ready/`` → ``camera_ready.pdf``),
    and whether it is older than the newest ``.tex`` beside the source; the PDF a Word or Markdown version was saved
    as (``paper.docx`` → ``paper.pdf``), and whether it is older than the version; None for another file or when
    none is there."""
    path = Path(source).expanduser()
    if path.suffix.lower() in _SAVED_SUFFIXES:
        saved = path.with_suffix(".pdf")
        if not (saved.is_file() and path.is_file()):
            return None
        return PdfBeside(saved, path, saved.stat().st_mtime + 1.0 < path.stat().st_mtime)
    if not (path.is_dir() or path.suffix.lower() in (".tex", ".latex")):
        return None
    pdf = next((c for c in _beside(path) if c.is_file()), None)
    if pdf is None:
        return None
    folder = path if path.is_dir() else path.parent
    texs = [*folder.glob("*.tex"), *folder.glob("*/*.tex")] + ([] if path.is_dir() else [path])
    newest = max((t.stat().st_mtime for t in texs if t.is_file()), default=0.0)
    return PdfBeside(pdf, path, pdf.stat().st_mtime + 1.0 < newest)  # a second's slack: file systems round


#: Revised versions a PDF is saved from, by their reader's format name: how the message names them.
_SAVED_AS_PDF = {"docx": "a Word file", "markdown": "Markdown", "text": "plain text"}
#: The command line's way to give the revised PDF, as ``NoRevisedPdf.option`` names it.
GIVE_PDF = "give it with --revised-pdf REVISED.pdf"


class NoRevisedPdf(InputError):
    """No revised PDF to draw the marked-up copy on, in parts a front end composes: ``reason`` (what is missing),
    ``hint`` (what the author can do anywhere: save the Word file as PDF beside it; "" when nothing) and ``option``
    (the command line's way round it, ``--revised-pdf``). ``str()`` is the CLI's line; the app's menu item reads the
    parts (``desktop/page_regions.py``) and never the line."""

    def __init__(self, reason: str, hint: str = "", option: str = GIVE_PDF) -> None:
        self.reason, self.hint, self.option = reason, hint, option
        remedies = " or ".join(r for r in (hint, option) if r)
        super().__init__(f"{reason}; {remedies}" if remedies else reason)


def revised_pdf(project: Project, given: str | Path | None = None) -> Path:
    """The PDF of the revised version: ``given``, the project's revised file, one beside its LaTeX sources, or the
    PDF saved beside a Word or Markdown revision under its name (``paper.pdf`` beside ``paper.docx``: a new-user
    trial, session 29, could not mark a Word revision in the app, whose menu item was greyed out without a word).
    ``NoRevisedPdf`` when there is none."""
    if given:
        path = Path(given).expanduser()
        if path.suffix.lower() != ".pdf" or not path.is_file():
            raise NoRevisedPdf(f"the revised PDF {path} is not a PDF file that exists", option="")
        return path
    source = project.new_path
    if not source or project.diff is None:
        raise NoRevisedPdf("this project has no compared revised version, so there are no changes to mark",
                           hint="give the revised version in a new round first",
                           option="redraft project round PROJECT --revised NEW")
    path = Path(source)
    if path.suffix.lower() == ".pdf":
        if not path.is_file():
            raise NoRevisedPdf(f"the revised PDF {path} is no longer there", option="give its new place with "
                               "--revised-pdf")
        return path
    kind = project.new.source_format if project.new is not None else ""
    drawn_on = "not a PDF: the marked-up copy is drawn on the revised PDF"
    if kind in _SAVED_AS_PDF:  # Word's "Save As PDF" writes NAME.pdf beside NAME.docx; pandoc and knitr do the same
        saved = path.with_suffix(".pdf")
        if saved.is_file():
            return saved
        raise NoRevisedPdf(f"the revised version is {_SAVED_AS_PDF[kind]} ({path.name}), {drawn_on}",
                           f"save it as PDF beside it ({saved.name}; in Word: File → Save As → PDF)")
    if kind != "latex":
        raise NoRevisedPdf(f"the revised version is {kind or 'not a PDF'} ({path.name}), {drawn_on}")
    beside = pdf_beside(path)
    if beside is not None:
        return beside.path
    raise NoRevisedPdf(f"the revised version is LaTeX ({path.name}) and no PDF of it was found beside it",
                       f"typeset it ({path.with_suffix('.pdf').name} beside it)")


def paragraph_regions(project: Project, pdf: Path) -> Regions:
    """``regions(paragraph_id)``: where a revised paragraph is on ``pdf``'s pages (1-based pages)."""
    new = project.new
    if new is None:
        return lambda pid: []
    if new.source_format == "pdf" and Path(new.source_path or project.new_path).resolve() == pdf.resolve():
        return lambda pid: list(p.regions) if (p := project.paragraph(pid, new=True)) is not None else []
    return _matched_regions(project, pdf)


def _matched_regions(project: Project, pdf: Path) -> Regions:
    match = typeset_matcher(pdf)
    cache: dict[str, list[Region]] = {}

    def regions(pid: str) -> list[Region]:
        if pid not in cache:
            para = project.paragraph(pid, new=True)
            cache[pid] = match(para) if para is not None else []
        return cache[pid]

    return regions


def typeset_matcher(pdf: Path) -> Callable[[Paragraph], list[Region]]:
    """``match(paragraph)``: where a LaTeX paragraph is on ``pdf``'s pages, matched to the PDF's paragraphs by its
    words (none below ``MIN_MATCH`` of them); the PDF is read once, here."""
    from engine.document import load_document
    from engine.document.paragraph_recall import _best_match, match_tokens

    typeset = load_document(pdf)
    cands = [p for p in typeset.paragraphs if match_tokens(p.text)]
    cand_tokens = [match_tokens(p.text) for p in cands]
    cand_sets = [set(t) for t in cand_tokens]

    def match(para: Paragraph) -> list[Region]:
        tokens = match_tokens(para.text)
        if not tokens:
            return []
        best = _best_match(para, tokens, cands, cand_tokens, cand_sets)
        return [r for c in best.candidates for r in c.regions] if best.score >= MIN_MATCH else []

    return match
