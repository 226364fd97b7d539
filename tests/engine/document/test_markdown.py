"""Markdown and plain-text loaders."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import Document, ParagraphKind, load_document
from engine.errors import InputError


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def kinds(doc: Document) -> list[tuple[str, str]]:
    return [(p.kind.value, p.text) for p in doc.paragraphs]


PAPER = """# Online Iterative Compilation

## Abstract

We compare *optimizations* by a **new** metric.

## 1 Introduction

Selecting `-O3` settings is hard, see [the paper](http://x.org)
and the ratio $\\Delta W_i$ for costs of $5 and $10[^1].

$$
W = \\sum_i w_i n_i
$$

- First contribution.
- Second **contribution**.

![Figure 1: Histogram of speedups](fig1.png)

Table 2: Benchmarks used.

```python
print("code")
```

| a | b |
|---|---|
| 1 | 2 |

[^1]: A footnote.

Method Details
--------------

Setext heading text.

## References

1. D. Knuth. Optimal profiling. 1973.
"""


def test_markdown_structure(tmp_path: Path) -> None:
    doc = load_document(write(tmp_path, "paper.md", PAPER))
    assert doc.source_format == "markdown"
    assert doc.title == "Online Iterative Compilation"
    assert doc.abstract == "We compare optimizations by a new metric."
    assert [(s.title, s.level, s.number) for s in doc.sections] == [
        ("Introduction", 1, "1"),
        ("Method Details", 1, None),
        ("References", 1, None),
    ]
    assert kinds(doc) == [
        ("body", "We compare optimizations by a new metric."),
        ("heading", "Introduction"),
        ("body", "Selecting -O3 settings is hard, see the paper and the ratio ΔWi for costs of $5 and $10."),
        ("equation", "[EQUATION]"),
        ("body", "First contribution."),
        ("body", "Second contribution."),
        ("caption", "Figure 1: Histogram of speedups"),
        ("caption", "Table 2: Benchmarks used."),
        ("other", 'print("code")'),
        ("footnote", "A footnote."),
        ("heading", "Method Details"),
        ("body", "Setext heading text."),
        ("heading", "References"),
        ("reference", "D. Knuth. Optimal profiling. 1973."),
    ]
    assert doc.paragraphs[0].section == ("Abstract",)
    assert doc.paragraphs[2].section == ("Introduction",)
    assert doc.paragraphs[2].line == 9
    assert [p.id for p in doc.paragraphs[:2]] == ["p0001", "p0002"]


def test_markdown_front_matter_and_abstract_paragraph(tmp_path: Path) -> None:
    doc = load_document(
        write(
            tmp_path,
            "p.md",
            "---\ntitle: From Front Matter\nauthor: Ann Lee, Bo Chen\n---\n\n**Abstract:** Short abstract.\n\n# Intro\n\nText.\n",
        )
    )
    assert doc.title == "From Front Matter"
    assert doc.authors == ["Ann Lee", "Bo Chen"]
    assert doc.abstract == "Short abstract."
    assert kinds(doc) == [("body", "Short abstract."), ("heading", "Intro"), ("body", "Text.")]
    assert doc.paragraphs[2].line == 10


def test_markdown_first_heading_not_title_when_text_comes_first(tmp_path: Path) -> None:
    doc = load_document(write(tmp_path, "p.markdown", "Intro text.\n\n# Heading\n\nMore.\n"))
    assert doc.title == ""
    assert [s.title for s in doc.sections] == ["Heading"]


def test_markdown_single_line_display_math(tmp_path: Path) -> None:
    doc = load_document(write(tmp_path, "m.md", "Before.\n\n$$ a = b $$\n\nAfter $$x$$ inline.\n"))
    # a display formula inside a paragraph cuts it, as the LaTeX reader cuts "After $$x$$ inline." (session 29)
    assert kinds(doc) == [("body", "Before."), ("equation", "[EQUATION]"), ("body", "After"),
                          ("equation", "[EQUATION]"), ("body", "inline.")]


@pytest.mark.shared_data
def test_rebuttal_markdown_real(shared_data: Path) -> None:
    doc = load_document(shared_data / "revision" / "cgo18" / "rebuttal.md")
    assert doc.title == "Review#107A"
    assert [s.title for s in doc.sections][:2] == ["Review#107B", "Review#107C"] or len(doc.sections) >= 2
    assert doc.body()[0].text.startswith("A.1.The metric is coarse")
    assert all("**" not in p.text for p in doc.paragraphs)


PLAIN = """Online Iterative Compilation

Abstract

We present metrics and techniques. They
work online.

1 Introduction

Selecting good optimization settings is hard. Pro-
grams compiled with -O3 might be 50% slower.

2.1 Work Profiling

We instrument programs.

REFERENCES

[1] D. Knuth. 1973.
"""


def test_plain_text_structure(tmp_path: Path) -> None:
    doc = load_document(write(tmp_path, "paper.txt", PLAIN))
    assert doc.source_format == "text"
    assert doc.title == "Online Iterative Compilation"
    assert doc.abstract == "We present metrics and techniques. They work online."
    assert [(s.title, s.level, s.number) for s in doc.sections] == [
        ("Introduction", 1, "1"),
        ("Work Profiling", 2, "2.1"),
        ("REFERENCES", 1, None),
    ]
    assert kinds(doc) == [
        ("body", "We present metrics and techniques. They work online."),
        ("heading", "Introduction"),
        ("body", "Selecting good optimization settings is hard. Programs compiled with -O3 might be 50% slower."),
        ("heading", "Work Profiling"),
        ("body", "We instrument programs."),
        ("heading", "REFERENCES"),
        ("reference", "[1] D. Knuth. 1973."),
    ]
    assert doc.paragraphs[2].line == 10


def test_plain_text_without_title(tmp_path: Path) -> None:
    doc = load_document(write(tmp_path, "notes.txt", "This is just a paragraph of notes, ending with a period.\n"))
    assert doc.title == ""
    assert kinds(doc) == [("body", "This is just a paragraph of notes, ending with a period.")]


def test_encodings_bom_and_fallback(tmp_path: Path) -> None:
    bom = tmp_path / "bom.md"
    bom.write_bytes("\ufeff# Titl\u00e9\n\nText.\n".encode("utf-8"))
    doc = load_document(bom)
    assert doc.title == "Titl\u00e9"
    assert doc.notices == []
    cp = tmp_path / "cp.txt"
    cp.write_bytes("Title\n\nIt\u2019s 5\u20ac.\n".encode("cp1252"))
    doc = load_document(cp)
    assert doc.paragraphs[0].text == "It\u2019s 5\u20ac."
    assert any("Windows-1252" in n for n in doc.notices)


def test_bad_text_inputs(tmp_path: Path) -> None:
    binary = tmp_path / "x.md"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    with pytest.raises(InputError, match="not a text file"):
        load_document(binary)
    blank = write(tmp_path, "blank.txt", "\n   \n\t\n")
    with pytest.raises(InputError, match="empty"):
        load_document(blank)
    empty = write(tmp_path, "empty.md", "")
    with pytest.raises(InputError, match="empty"):
        load_document(empty)
