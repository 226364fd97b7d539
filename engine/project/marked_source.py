"""The revised PDF a marked-up copy is drawn on, and where each revised paragraph is on its pages.

A PDF revision carries its page regions already. A LaTeX revision has none:
its PDF (given, or found beside the sources: ``paper.tex`` → ``paper.pdf``,
``camera_ready/`` → ``camera_ready.pdf``) is read and each LaTeX paragraph is
matched to the PDF's paragraphs by their words (``engine.document.paragraph_recall``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine.document.model import Region
from engine.errors import InputError
from engine.project.model import Project

#: A LaTeX paragraph matched to PDF text below this share of its words has no place on the page.
MIN_MATCH = 0.5

Regions = Callable[[str], list[Region]]


def _beside(source: Path) -> list[Path]:
    folder = source if source.is_dir() else source.parent
    out = [] if source.is_dir() else [source.with_suffix(".pdf")]
    return out + [folder.with_suffix(".pdf"), folder.parent / f"{folder.name}.pdf"]


def revised_pdf(project: Project, given: str | Path | None = None) -> Path:
    """The PDF of the revised version: ``given``, the project's revised file, or one beside its LaTeX sources."""
    if given:
        path = Path(given).expanduser()
        if path.suffix.lower() != ".pdf" or not path.is_file():
            raise InputError(f"the revised PDF {path} is not a PDF file that exists")
        return path
    source = project.new_path
    if not source or project.diff is None:
        raise InputError("this project has no compared revised version, so there are no changes to mark")
    path = Path(source)
    if path.suffix.lower() == ".pdf":
        if not path.is_file():
            raise InputError(f"the revised PDF {path} is no longer there; give its new place with --revised-pdf")
        return path
    kind = project.new.source_format if project.new is not None else ""
    if kind != "latex":
        raise InputError(f"the revised version is {kind or 'not a PDF'} ({path.name}), not a PDF: "
                         "the marked-up copy is drawn on the revised PDF; give it with --revised-pdf REVISED.pdf")
    for candidate in _beside(path):
        if candidate.is_file():
            return candidate
    raise InputError(f"the revised version is LaTeX ({path.name}) and no PDF of it was found beside it: "
                     "build its PDF and give it with --revised-pdf REVISED.pdf")


def paragraph_regions(project: Project, pdf: Path) -> Regions:
    """``regions(paragraph_id)``: where a revised paragraph is on ``pdf``'s pages (1-based pages)."""
    new = project.new
    if new is None:
        return lambda pid: []
    if new.source_format == "pdf" and Path(new.source_path or project.new_path).resolve() == pdf.resolve():
        return lambda pid: list(p.regions) if (p := project.paragraph(pid, new=True)) is not None else []
    return _matched_regions(project, pdf)


def _matched_regions(project: Project, pdf: Path) -> Regions:
    from engine.document import load_document
    from engine.document.paragraph_recall import _best_match, match_tokens

    typeset = load_document(pdf)
    cands = [p for p in typeset.paragraphs if match_tokens(p.text)]
    cand_tokens = [match_tokens(p.text) for p in cands]
    cand_sets = [set(t) for t in cand_tokens]
    cache: dict[str, list[Region]] = {}

    def regions(pid: str) -> list[Region]:
        if pid not in cache:
            para = project.paragraph(pid, new=True)
            tokens = match_tokens(para.text) if para is not None else []
            found: list[Region] = []
            if tokens:
                best = _best_match(para, tokens, cands, cand_tokens, cand_sets)
                if best.score >= MIN_MATCH:
                    found = [r for c in best.candidates for r in c.regions]
            cache[pid] = found
        return cache[pid]

    return regions
