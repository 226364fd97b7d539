"""The one table of input files (engine/inputs.py): every suffix it lists is read by the loader it names,
and what the dialogs and drag and drop offer is the table itself."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import docx
import pytest

from engine.document import detect_format, load_document
from engine.expertise.profile import _DOC_SUFFIXES
from engine.inputs import DRAFT_FORMATS, DRAFT_SUFFIXES, INPUT_SUFFIXES, REVIEW_SUFFIXES, name_filter
from engine.reviews import load_reviews
from tests.pdf_factory import make_paper_pdf

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
LATEX = r"""\documentclass{article}
\title{Learned Early Exits}
\begin{document}
\maketitle
\section{Introduction}
Streaming speech recognition with learned early exits saves computation on easy frames of audio.
\end{document}
"""


def write_docx(path: Path, markdown: Path) -> None:
    doc = docx.Document()
    for block in markdown.read_text().split("\n\n"):
        doc.add_paragraph(block.strip())
    doc.save(path)


@pytest.mark.parametrize("suffix", list(DRAFT_FORMATS))
def test_every_draft_suffix_loads_as_the_format_the_table_names(suffix: str, tmp_path: Path) -> None:
    path = tmp_path / f"paper{suffix}"
    fmt = DRAFT_FORMATS[suffix]
    if fmt == "pdf":
        make_paper_pdf(path)
    elif fmt == "latex":
        path.write_text(LATEX)
    elif fmt == "docx":
        write_docx(path, DEMO / "draft_v1.md")
    else:
        shutil.copy(DEMO / "draft_v1.md", path)
    assert detect_format(path) == fmt
    assert len(load_document(path).paragraphs) >= 1


@pytest.mark.parametrize("suffix", [s for s in REVIEW_SUFFIXES if s != ".pdf"])
def test_every_reviews_suffix_loads(suffix: str, tmp_path: Path) -> None:
    path = tmp_path / f"reviews{suffix}"
    if suffix == ".json":
        notes = [{"signatures": [f"ICLR.cc/Paper1/Reviewer_{k}"],
                  "content": {"review": {"value": "Please compare with static layer skipping. The method is unclear."}}}
                 for k in ("ab12", "cd34")]
        path.write_text(json.dumps({"notes": notes}))
    elif suffix == ".docx":
        write_docx(path, DEMO / "reviews.md")
    else:
        shutil.copy(DEMO / "reviews.md", path)
    assert len(load_reviews(path)) >= 2


def test_dialogs_drops_and_a_reviewers_papers_read_the_table() -> None:
    assert set(INPUT_SUFFIXES) == {".redraft", *DRAFT_SUFFIXES, *REVIEW_SUFFIXES}
    assert _DOC_SUFFIXES == set(DRAFT_SUFFIXES)
    assert name_filter("Drafts", (".pdf", ".docx")) == "Drafts (*.pdf *.docx)"


@pytest.mark.parametrize("argv", [["suggest"], ["tldr"], ["extract"], ["diff"], ["project", "new"],
                                  ["project", "round"]])
def test_every_command_names_the_draft_formats_the_table_reads(argv: list[str],
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """`redraft suggest --help` once said "PDF, LaTeX, Markdown or text" while a Word draft loads: each help reads
    ``draft_format_names`` now, so it lists every format of ``DRAFT_FORMATS``."""
    from engine.cli.main import main
    from engine.inputs import DRAFT_FORMAT_NAMES, draft_format_names

    with pytest.raises(SystemExit):
        main([*argv, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert draft_format_names() in text
    assert all(DRAFT_FORMAT_NAMES[fmt] in draft_format_names() for fmt in DRAFT_FORMATS.values())
