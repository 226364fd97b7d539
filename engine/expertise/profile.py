"""A reviewer's profile: their own papers, read from what they have at hand.

Sources: a folder of PDFs (title and abstract through ``load_document``), a
BibTeX file with abstracts, a Semantic Scholar author export (JSON with
``papers``), or the OpenReview expertise format (one JSONL of
``{"id", "content": {"title", "abstract", ...}}`` per reviewer). The profile
keeps the ``recent`` most recent papers; papers of the same year (or with no
year) are ordered by a seeded shuffle, as in the gold-standard study.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.errors import InputError
from engine.inputs import DRAFT_SUFFIXES
from engine.jsontext import parse_json

DEFAULT_RECENT = 20
#: The fused score adds a reviewer's best three papers (ACL's top-3 rule, missing terms 0).
SHORT_PROFILE = 3


def short_profile_notice(n: int) -> str:
    """Why a profile of fewer than three papers reads low (the score and the 1-5 estimate count three)."""
    return (f"only {n} paper{'s' if n != 1 else ''}: the score adds the best three papers' matches, so a short "
            "profile reads low; add the reviewer's other papers")


@dataclass
class Paper:
    """A paper as the scorers see it."""

    id: str
    title: str
    abstract: str = ""
    year: int | None = None
    authors: list[str] = field(default_factory=list)
    #: Full text (optional, for the TPMS full-text regime).
    text: str = ""

    def title_abstract(self) -> str:
        """The text the embedding scorers encode (``title. abstract``)."""
        title, abstract = self.title.strip(), self.abstract.strip()
        return f"{title}. {abstract}" if abstract else title

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "title": self.title, "abstract": self.abstract}
        if self.year is not None:
            out["year"] = self.year
        if self.authors:
            out["authors"] = list(self.authors)
        return out


@dataclass
class Profile:
    reviewer: str
    papers: list[Paper]
    source: str = ""
    notices: list[str] = field(default_factory=list)


def _year(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        year = int(value)
        # OpenReview cdate/tcdate are milliseconds since 1970
        if year > 10**11:
            import datetime

            return datetime.datetime.fromtimestamp(year / 1000, datetime.timezone.utc).year
        return year if 1900 < year < 2200 else None
    match = re.search(r"(19|20|21)\d\d", str(value))
    return int(match.group(0)) if match else None


def paper_from_record(record: dict[str, Any], fallback_id: str = "") -> Paper:
    """A ``Paper`` from an OpenReview note (``content``) or a flat record (Semantic Scholar)."""
    content = record.get("content") if isinstance(record.get("content"), dict) else record

    def value(key: str) -> Any:
        item = content.get(key)
        return item.get("value") if isinstance(item, dict) else item  # OpenReview API v2 wraps values

    authors = value("authors") or []
    authors = [a.get("name", "") if isinstance(a, dict) else str(a) for a in authors]
    year = _year(value("year")) or _year(record.get("year")) or _year(record.get("pdate")) or _year(record.get("cdate"))
    text = value("text")
    return Paper(
        id=str(record.get("id") or record.get("paperId") or value("ssId") or fallback_id),
        title=str(value("title") or "").strip(),
        abstract=str(value("abstract") or "").strip(),
        year=year,
        authors=[a for a in authors if a],
        text=text if isinstance(text, str) else "",
    )


def read_openreview_jsonl(path: Path) -> list[Paper]:
    papers = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        record = parse_json(line, f"{path.name}:{n}")
        if not isinstance(record, dict):
            raise InputError(f"{path.name}:{n}: expected an object with id and content")
        papers.append(paper_from_record(record, f"{path.stem}-{n}"))
    return papers


def read_semantic_scholar(path: Path) -> list[Paper]:
    """An author export: ``{"papers": [...]}``, ``{"data": [...]}`` or a bare list."""
    data = parse_json(path.read_text(encoding="utf-8"), path.name)
    if isinstance(data, dict):
        data = data.get("papers", data.get("data"))
    if not isinstance(data, list):
        raise InputError(f"{path.name}: expected a Semantic Scholar export with a 'papers' list")
    return [paper_from_record(r, f"{path.stem}-{i}") for i, r in enumerate(data) if isinstance(r, dict)]


def _clean_tex(value: str) -> str:
    value = re.sub(r"\\[a-zA-Z]+\s*", " ", value)  # \emph, \textit ...
    value = value.replace("{", "").replace("}", "").replace("~", " ")
    return re.sub(r"\s+", " ", value).strip()


def read_bibtex(path: Path) -> list[Paper]:
    import bibtexparser

    library = bibtexparser.parse_string(path.read_text(encoding="utf-8", errors="replace"))
    papers = []
    for entry in library.entries:
        fields = {k.lower(): str(f.value) for k, f in entry.fields_dict.items()}
        authors = [_clean_tex(a) for a in re.split(r"\s+and\s+", fields.get("author", "")) if a.strip()]
        papers.append(Paper(
            id=entry.key, title=_clean_tex(fields.get("title", "")), abstract=_clean_tex(fields.get("abstract", "")),
            year=_year(fields.get("year")), authors=authors,
        ))
    if not papers and library.failed_blocks:
        raise InputError(f"{path.name}: no BibTeX entry could be parsed")
    return papers


def read_document(path: Path, full_text: bool = False) -> Paper:
    """Title, abstract (or the opening paragraphs) and authors of a paper file."""
    from engine.document import load_document

    doc = load_document(path)
    body = [p.text for p in doc.body()]
    abstract = doc.abstract.strip() or " ".join(" ".join(body).split()[:250])
    year = None
    if doc.source_format == "pdf":
        year = _pdf_year(path)
    return Paper(
        id=path.stem, title=doc.title.strip() or path.stem, abstract=abstract, year=year,
        authors=list(doc.authors), text="\n".join(body) if full_text else "",
    )


#: What a paper's first page says of its year, most telling first: the publisher's copyright line, a
#: "Published" date, then an arXiv identifier (new style YYMM.NNNNN from April 2007, old style archive/YYMMNNN).
#: trial22: a manuscript compiled this year read as this year's paper when the year came from the file's creation
#: date alone, and the year decides which papers a long profile keeps (``select_recent``).
_PAGE_YEARS = (
    re.compile(r"(?:©|\(c\)|\bcopyright)\s*(?:by\s+)?((?:19|20)\d\d)\b", re.I),
    re.compile(r"\bpublished(?:\s+online)?\s*:?\s*(?:\w+\s+){0,3}?((?:19|20)\d\d)\b", re.I),
)
_ARXIV_NEW = re.compile(r"\barXiv:\s*(\d\d)(\d\d)\.\d{4,5}")
_ARXIV_OLD = re.compile(r"\barXiv:\s*[a-z-]+(?:\.[A-Z]{2})?/(\d\d)(\d\d)\d{3}(?!\d)")


def first_page_year(text: str) -> int | None:
    """The year a paper's first page states (see ``_PAGE_YEARS``), or ``None``."""
    for pattern in _PAGE_YEARS:
        match = pattern.search(text)
        if match:
            return int(match.group(1))
    match = _ARXIV_NEW.search(text)
    if match and 1 <= int(match.group(2)) <= 12 and (int(match.group(1)), int(match.group(2))) >= (7, 4):
        return 2000 + int(match.group(1))
    match = _ARXIV_OLD.search(text)
    if match and 1 <= int(match.group(2)) <= 12:
        yy = int(match.group(1))
        return (1900 if yy >= 91 else 2000) + yy
    return None


def _pdf_year(path: Path) -> int | None:
    """The year on the PDF's first page, else the file's creation date."""
    import pymupdf

    try:
        with pymupdf.open(path) as pdf:
            meta = pdf.metadata or {}
            first = pdf[0].get_text() if pdf.page_count else ""
    except Exception:  # noqa: BLE001 - the year is a nicety; the loader already accepted the file
        return None
    return first_page_year(first) or _year((meta.get("creationDate") or "")[2:6])


_DOC_SUFFIXES = set(DRAFT_SUFFIXES)  # a reviewer's papers: whatever a draft may be


def read_papers(path: str | Path, full_text: bool = False) -> tuple[list[Paper], str]:
    """All papers at ``path`` and the name of the format they were read as."""
    path = Path(path).expanduser()
    if not path.exists():
        raise InputError(f"profile not found: {path}")
    if path.is_dir():
        files = sorted(f for f in path.iterdir() if f.suffix.lower() in _DOC_SUFFIXES)
        jsonl = sorted(path.glob("*.jsonl"))
        if not files and len(jsonl) == 1:
            return read_openreview_jsonl(jsonl[0]), "openreview"
        if not files:
            raise InputError(f"{path}: no papers (expected PDFs, .tex, .md or .txt files)")
        return _read_folder(files, full_text), "documents"
    suffix = path.suffix.lower()
    if suffix == ".jsonl":
        return read_openreview_jsonl(path), "openreview"
    if suffix == ".json":
        return read_semantic_scholar(path), "semantic-scholar"
    if suffix in (".bib", ".bibtex"):
        return read_bibtex(path), "bibtex"
    if suffix in _DOC_SUFFIXES:
        return [read_document(path, full_text)], "documents"
    raise InputError(f"{path.name}: unknown profile format (a PDF folder, .bib, Semantic Scholar .json or OpenReview .jsonl)")


class FolderPapers(list):
    """A folder's papers, and the files it could not read (``(name, reason)``), kept for the profile's notices."""

    skipped: list[tuple[str, str]]


def _read_folder(files: list[Path], full_text: bool) -> FolderPapers:
    """Every readable paper of a folder; one scanned or broken file is skipped and named, not fatal
    (trial22: one scanned PDF among a reviewer's papers refused the whole folder)."""
    papers, skipped = FolderPapers(), []
    for f in files:
        try:
            papers.append(read_document(f, full_text))
        except InputError as err:
            skipped.append((f.name, str(err)))
    if not papers:
        reasons = "; ".join(reason for _, reason in skipped[:2])
        raise InputError(f"{files[0].parent.name}: none of its {len(files)} file(s) could be read ({reasons})")
    papers.skipped = skipped
    return papers


def select_recent(papers: list[Paper], recent: int = DEFAULT_RECENT, seed: int = 0) -> list[Paper]:
    """The ``recent`` newest papers; same-year ties (and missing years, last) in a seeded shuffle."""
    order = list(papers)
    random.Random(seed).shuffle(order)
    order.sort(key=lambda p: -(p.year if p.year is not None else -1))  # stable: keeps the shuffle within a year
    return order[:recent] if recent > 0 else order


def load_profile(
    path: str | Path, recent: int = DEFAULT_RECENT, seed: int = 0, reviewer: str | None = None, full_text: bool = False
) -> Profile:
    """Read a profile and keep its ``recent`` most recent papers with a title."""
    papers, source = read_papers(path, full_text)
    kept = [p for p in papers if p.title or p.abstract]
    notices = []
    for name, reason in getattr(papers, "skipped", []):
        notices.append(f"skipped {name}: {reason.removeprefix(name).lstrip(' :')}")
    if len(kept) < len(papers):
        notices.append(f"{len(papers) - len(kept)} profile entries without title or abstract skipped")
    if not kept:
        raise InputError(f"{Path(path).name}: the profile holds no paper with a title or abstract")
    missing = sum(not p.abstract for p in kept)
    if missing:
        notices.append(f"{missing} of {len(kept)} profile paper(s) without an abstract (title only): a title alone "
                       "shares fewer words with the paper, so the score reads low")
    chosen = select_recent(kept, recent, seed)
    if len(chosen) < len(kept):
        notices.append(f"kept the {len(chosen)} most recent of {len(kept)} papers")
    if len(chosen) < SHORT_PROFILE:
        notices.append(short_profile_notice(len(chosen)))
    name = reviewer or Path(path).stem.lstrip("~")
    return Profile(reviewer=name, papers=chosen, source=source, notices=notices)


def load_submission(path: str | Path, full_text: bool = False) -> Paper:
    """The paper to score: a document file, or JSON/JSONL holding one paper record."""
    path = Path(path).expanduser()
    if not path.is_file():
        raise InputError(f"paper not found: {path}")
    if path.suffix.lower() in (".json", ".jsonl"):
        try:
            data = json.loads(path.read_text(encoding="utf-8").strip().splitlines()[0] if path.suffix.lower() == ".jsonl"
                              else path.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, RecursionError, IndexError):
            raise InputError(f"{path.name}: not a JSON paper record") from None
        if not isinstance(data, dict):
            raise InputError(f"{path.name}: expected one paper record with a title")
        paper = paper_from_record(data, path.stem)
    else:
        paper = read_document(path, full_text)
    if not (paper.title or paper.abstract):
        raise InputError(f"{path.name}: the paper has no title or abstract")
    return paper
