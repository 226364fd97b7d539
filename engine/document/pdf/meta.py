"""Title and authors from the first page, with PDF metadata as a fallback."""

from __future__ import annotations

import re

from engine.document.pdf.lines import Line
from engine.document.text import normalize_text

_AFFILIATION = re.compile(
    r"universit|institut|college|school|department|dept\.|laborator|\blab\b|research|inc\.|corp|"
    r"center|centre|faculty|academy|google|microsoft|meta|amazon|ibm|@|\busa\b|\buk\b|china|germany|"
    r"france|canada|japan|email|http|www\.|\bai\b|anonymous|submission|conference|proceedings|"
    r"abstract|workshop|journal|arxiv|preprint|\d{4}",
    re.I,
)
_NAME_WORD = re.compile(r"^(?:[A-ZÀ-ÖØ-Þ](?:[^\W\d_]|['’\-])+|[A-Z]\.(?:-?[A-Z]\.)?|[A-Z][A-Z'’\-]+|de|van|von|der|da|di|la|le)$")
_MARKS = re.compile(r"[\d*†‡§¶∗⋆♦♣♠♥□⋄,]+$")
#: A society's grade after an author's name ("Maren Holtby, Member, IEEE", "Lucia Ferrandi, Senior Member, IEEE",
#: "Roberto Tron Member, IEEE", "Life Fellow, IEEE"): no name of its own (trial29; the training part's IEEE papers).
_MEMBERSHIP = re.compile(r"\b(?:(?:Graduate\s+)?Student\s+|Senior\s+|Life\s+(?:Senior\s+)?|Associate\s+)?(?:Member|Fellow)"
                         r"\b,?\s*(?:IEEE|ACM|OSA|SPIE|AIAA|IET)?\b")
_BAD_META = re.compile(r"^(untitled|microsoft word|title|paper|main|document)\b|\.(dvi|tex|docx?|pdf|ps)$", re.I)


#: A journal's label over a first page of highlights (Elsevier's CAS templates: "Highlights", then the title set
#: smaller), never the title.
_FRONT_PAGE_LABEL = re.compile(r"^\s*(?:research\s+)?highlights\s*$|^\s*graphical\s+abstract\s*$", re.I)


def front_page(pages: list[tuple[int, float, list[Line]]]) -> int:
    """The number of the page the paper's front matter is on (``pages``: number, height, lines): the first page,
    unless it is a journal's page of highlights or graphical abstract (its label at the top: Elsevier's CAS classes
    set the highlights, under the title, on a page before the title page) or holds under 4 words (a stray "=0pt"
    that the CAS classes print on a page of their own under TeX Live 2022); looked for among the first three
    pages."""
    for number, height, lines in pages[:3]:
        words = sum(len(ln.text.split()) for ln in lines)
        labelled = any(_FRONT_PAGE_LABEL.match(ln.text) for ln in lines if ln.y0 < 0.3 * height)
        if words >= 4 and not labelled:
            return number
    return pages[0][0] if pages else 1


def find_title(lines: list[Line], body_size: float, page_height: float) -> tuple[str, list[Line]]:
    """The title (largest text near the top of page 1) and its lines."""
    top = [ln for ln in lines if ln.y0 < 0.45 * page_height and len(ln.text.strip()) > 1
           and not _FRONT_PAGE_LABEL.match(ln.text)]
    if not top:
        return "", []
    biggest = max(ln.size for ln in top)
    if biggest < body_size + 1.5:
        return _bold_title(top, body_size)
    chosen = sorted((ln for ln in top if ln.size >= biggest - 0.6), key=lambda l: (l.baseline, l.x0))
    group = [chosen[0]]
    for ln in chosen[1:]:
        if ln.baseline - group[-1].baseline <= 2.2 * biggest:
            group.append(ln)
        else:
            break
    title = normalize_text(" ".join(ln.text for ln in group))
    title = re.sub(r"\s*[*†‡∗]+$", "", title).strip()
    if len(title) < 4 or not re.search(r"[A-Za-z]{3}", title):
        return "", []
    return title, group


_ABSTRACT_LABEL = re.compile(r"^\s*abstract\b", re.I)
_NOT_TITLE = re.compile(r"^\s*(?:abstract|keywords?|index terms|contents|introduction|\d+(?:\.\d+)*\.?\s)", re.I)


def _bold_title(top: list[Line], body_size: float) -> tuple[str, list[Line]]:
    """A title set in bold at the body's size (no line of page 1 stands out by size: a submission typed without
    ``\\maketitle``): the first lines of the page when they are bold, of one size no smaller than the body's, and
    stand above an "Abstract" label (authors may come between); otherwise none."""
    ordered = sorted(top, key=lambda ln: (ln.baseline, ln.x0))
    first = ordered[0]
    label = next((i for i, ln in enumerate(ordered) if _ABSTRACT_LABEL.match(ln.text)), None)
    if not label or not first.bold or first.size < body_size - 0.5 or _NOT_TITLE.match(first.text):
        return "", []
    group = [first]
    for ln in ordered[1:label]:
        if not (ln.bold and abs(ln.size - first.size) <= 0.6 and ln.baseline - group[-1].baseline <= 2.2 * first.size):
            break
        group.append(ln)
    title = normalize_text(" ".join(ln.text for ln in group))
    title = re.sub(r"\s*[*†‡∗]+$", "", title).strip()
    if len(re.findall(r"[A-Za-z]{2,}", title)) < 3:
        return "", []
    return title, group


def metadata_title(meta: dict[str, str] | None) -> str:
    """The metadata title when it looks like a real one."""
    title = normalize_text((meta or {}).get("title") or "")
    if len(title.split()) < 2 or _BAD_META.search(title):
        return ""
    return title


def find_authors(lines: list[Line], title_lines: list[Line], stop_y: float) -> list[str]:
    """Person names between the title and ``stop_y`` (the abstract or first heading)."""
    if not title_lines:
        return []
    start = max(ln.y1 for ln in title_lines)
    zone = sorted(
        (ln for ln in lines if start - 1 <= ln.y0 < stop_y and ln not in title_lines),
        key=lambda l: (round(l.baseline), l.x0),
    )
    names: list[str] = []
    for ln in zone[:40]:
        text = re.sub(r"[*†‡§¶∗⋆♦♣♠♥□⋄]+|(?<=[a-z])\d+(?:,\d+)*", ",", _MEMBERSHIP.sub(",", normalize_text(ln.text)))
        # SIAM sets "…, AND PAUL RUSSELL"; French "… et …", German "… und …", Spanish "… y …", Portuguese "… e …"
        for part in re.split(r",|;|\b(?:and|AND|et|ET|und|UND|y|e)\b|\s{2,}|·|&", text):
            part = _MARKS.sub("", part.strip()).strip()
            if not part or _AFFILIATION.search(part):
                if _AFFILIATION.search(part or "") and "," in text:
                    break  # "NAME, Affiliation": the rest of the line is the affiliation
                continue
            words = part.split()
            if 2 <= len(words) <= 4 and all(_NAME_WORD.match(w) for w in words):
                name = " ".join(w.title() if w.isupper() and len(w.rstrip(".")) >= 2 else w for w in words)
                if name not in names:
                    names.append(name)
    return names[:30]
