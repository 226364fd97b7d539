"""``redraft extract FILE [--json]``: the paper as Redraft sees it."""

from __future__ import annotations

import argparse
import textwrap

from engine.cli.common import print_json
from engine.document import Document, ParagraphKind, load_document
from engine.inputs import draft_format_names


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("extract", help="extract title, abstract, sections and paragraphs from a paper")
    p.add_argument("file", help=f"the paper ({draft_format_names()}; a LaTeX main file or its folder)")
    p.add_argument("--json", action="store_true", help="print the document as JSON")
    p.add_argument("--password", help="password of an encrypted PDF")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    doc = load_document(args.file, password=args.password)
    if args.json:
        data = doc.to_dict()
        print_json(
            {
                "title": data["title"],
                "authors": data["authors"],
                "abstract": data["abstract"],
                "sections": [{"title": s["title"], "level": s["level"]} for s in data["sections"]],
                "paragraphs": data["paragraphs"],
                "notices": data["notices"],
            }
        )
    else:
        print(outline(doc))
    return 0


def outline(doc: Document) -> str:
    """A readable outline: title, abstract, then each section with its paragraphs."""
    lines = [doc.title or "(untitled)"]
    if doc.authors:
        lines.append(", ".join(doc.authors))
    lines.append("")
    if doc.abstract:
        lines.append("Abstract")
        lines.append(textwrap.fill(doc.abstract, 88, initial_indent="  ", subsequent_indent="  "))
        lines.append("")
    for para in doc.paragraphs:
        if para.kind is ParagraphKind.HEADING:
            depth = max(len(para.section) - 1, 0)
            lines.append("")
            lines.append("  " * depth + para.text)
            continue
        where = f"p.{para.page}" if para.page else (f"l.{para.line}" if para.line else "")
        snippet = para.text if len(para.text) <= 100 else para.text[:97] + "..."
        lines.append(f"  [{para.id} {para.kind.value} {where}] {snippet}")
    counts: dict[str, int] = {}
    for para in doc.paragraphs:
        counts[para.kind.value] = counts.get(para.kind.value, 0) + 1
    lines.append("")
    lines.append(
        f"{len(doc.paragraphs)} paragraphs ("
        + ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
        + f"), {len(doc.sections)} sections"
        + (f", {doc.page_count} pages" if doc.page_count else "")
    )
    for notice in doc.notices:
        lines.append(f"note: {notice}")
    return "\n".join(lines)
