"""What became of each section of the draft: kept, renamed, merged into another, split, or removed; and which
sections of the revised version are new.

A reader of a reorganised revision (trial20: an area chair on a journal revision whose Methods subsections were
regrouped under new headings, two subsections dropped, a conclusion added) sees each paragraph's
edit under the revised version's heading, so a draft section that was renamed or dropped is named nowhere. Here a
draft section follows its paragraphs: where most of the ones the revision kept now sit. No threshold: a section
keeps its place when the revised version still has its title where its kept paragraphs went (titles compared
without their numbers and capitals), else it went where more than half of them went, else it was split.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from engine.document.model import ParagraphKind
from engine.revision.model import RevisionDiff

_NUMBER = re.compile(r"^\s*(?:(?:appendix|section)\s+)?(?:[A-Z]|[IVXLC]+|\d+)(?:\.\d+)*\.?\s+(?=\S)", re.I)


def title_key(title: str) -> str:
    """A heading's title without its number and capitals ("3.1 Work Metric" -> "work metric")."""
    return " ".join(_NUMBER.sub("", title).split()).casefold()


@dataclass(frozen=True)
class SectionFate:
    """A draft section that did not keep its place (``kind``: removed, renamed, merged, split), or a new one."""

    kind: str  # "removed", "renamed", "merged", "split" or "new"
    section: str  # the draft's section path ("Methods > Model selection"); the revised one's for "new"
    places: tuple[str, ...] = ()  # where its kept paragraphs went, most first
    kept: int = 0  # its paragraphs the revision kept (matched to one)
    total: int = 0  # its compared paragraphs

    def describe(self) -> str:
        """"Methods > Model selection: renamed “Methods > Statistical inference > Model selection key questions”
        (2 of 3 paragraphs; 1 removed)"."""
        gone = self.total - self.kept
        if self.kind == "new":
            return f"{self.section}: new ({self.total} paragraph{'s' if self.total != 1 else ''})"
        if self.kind == "removed":
            return f"{self.section}: removed ({self.total} paragraph{'s' if self.total != 1 else ''} deleted)"
        where = {"renamed": "now under", "merged": "merged into", "split": "split among"}[self.kind]
        shown = ", ".join(f"\u201c{p}\u201d" for p in self.places[:3]) + (", \u2026" if len(self.places) > 3 else "")
        tail = f"; {gone} removed" if gone else ""
        unit = "paragraphs" if self.total != 1 else "paragraph"
        return f"{self.section}: {where} {shown} ({self.kept} of {self.total} {unit}{tail})"


def _path_key(path: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(title_key(t) for t in path)


def section_fates(diff: RevisionDiff) -> list[SectionFate]:
    """The draft's sections that did not keep their place, in the draft's order, then the revised version's new
    sections in its order. Sections are paths of headings; paragraphs before the first heading have none and are
    left out."""
    # body paragraphs only: a float's caption sits wherever the figure landed, not in the section it belongs to
    old_sec = {p.id: " > ".join(p.section) for p in diff.old.paragraphs if p.kind is ParagraphKind.BODY}
    new_sec = {p.id: " > ".join(p.section) for p in diff.new.paragraphs if p.kind is ParagraphKind.BODY}
    new_titles = {title_key(p.section[-1]) for p in diff.new.paragraphs if p.section}
    new_paths = {_path_key(p.section[:k]) for p in diff.new.paragraphs for k in range(1, len(p.section) + 1)}
    went: dict[str, Counter[str]] = {}
    total: Counter[str] = Counter()
    came: dict[str, int] = {}  # new section -> paragraphs that came from the draft
    order_new: dict[str, int] = {}
    for e in diff.edits:
        for pid in e.target_ids:
            if pid not in new_sec:
                continue
            sec = new_sec[pid]
            order_new.setdefault(sec, len(order_new))
            came.setdefault(sec, 0)
            came[sec] += bool(e.source_ids)
        for pid in e.source_ids:
            if pid not in old_sec:
                continue
            sec = old_sec[pid]
            total[sec] += 1
            dest = went.setdefault(sec, Counter())
            if e.target_ids:
                dest[new_sec.get(e.target_ids[0], "")] += 1
    order_old = {s: i for i, s in enumerate(dict.fromkeys(old_sec[p.id] for p in diff.old.paragraphs
                                                           if p.id in old_sec))}
    fates: list[SectionFate] = []
    into: Counter[str] = Counter()
    pending: list[tuple[str, list[tuple[str, int]], int]] = []
    for sec in sorted(total, key=lambda s: order_old.get(s, len(order_old))):
        if not sec or _path_key(tuple(sec.split(" > "))) in new_paths:
            continue  # the revised version has this section where the draft had it: kept (its edits say the rest)
        dest = went.get(sec, Counter())
        kept = sum(dest.values())
        if not kept:
            fates.append(SectionFate("removed", sec, (), 0, total[sec]))
            continue
        key = title_key(sec.split(" > ")[-1])
        ranked = dest.most_common()
        if key in new_titles and any(title_key(d.split(" > ")[-1]) == key for d, _ in ranked[:1]):
            into[ranked[0][0]] += 1
            continue  # its title is where its text went: kept
        if 2 * ranked[0][1] > kept:
            into[ranked[0][0]] += 1
        pending.append((sec, ranked, kept))
    for sec, ranked, kept in pending:
        places = tuple(d or "(no section)" for d, _ in ranked)
        if 2 * ranked[0][1] > kept:
            kind = "merged" if into[ranked[0][0]] > 1 else "renamed"
            fates.append(SectionFate(kind, sec, places, kept, total[sec]))
        else:
            fates.append(SectionFate("split", sec, places, kept, total[sec]))
    fates.sort(key=lambda f: order_old.get(f.section, len(order_old)))
    old_titles = {title_key(s.split(" > ")[-1]) for s in order_old if s}
    added = Counter(new_sec[pid] for e in diff.edits if not e.source_ids for pid in e.target_ids if pid in new_sec)
    for sec in sorted(came, key=lambda s: order_new[s]):
        if sec and not came[sec] and title_key(sec.split(" > ")[-1]) not in old_titles:
            fates.append(SectionFate("new", sec, (), 0, added[sec]))
    return fates
