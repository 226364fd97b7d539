"""``redraft eval extract``: per-class figures from a small built corpus (a synthetic PDF and its
LaTeX source), and one clear line for a bad manifest or cache."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.document.layout_scores import heading_tokens
from tests.pdf_factory import make_paper_pdf, sample_paragraph

SECTIONS = [
    ("Introduction", [sample_paragraph(91, 90), sample_paragraph(92, 70)]),
    ("Related Work", [sample_paragraph(93, 120)]),
    ("Method", [sample_paragraph(94, 200), sample_paragraph(95, 60)]),
]
DROPPED = sample_paragraph(96, 50)  # in the source, not in the PDF


def _latex(with_dropped: bool) -> str:
    parts = [r"\documentclass{article}", r"\title{A Paper to Score}", r"\begin{document}", r"\maketitle"]
    for title, paragraphs in SECTIONS:
        parts.append(rf"\section{{{title}}}")
        parts.extend(paragraphs)
    if with_dropped:
        parts += [r"\section{Limitations}", DROPPED]
    parts.append(r"\end{document}")
    return "\n\n".join(parts) + "\n"


def _build(cache: Path, paper_id: str, columns: int, with_dropped: bool) -> None:
    src = cache / paper_id / "src"
    src.mkdir(parents=True)
    (src / "main.tex").write_text(_latex(with_dropped), encoding="utf-8")
    make_paper_pdf(cache / f"{paper_id}.pdf", title="A Paper to Score", sections=SECTIONS, columns=columns)


@pytest.fixture()
def corpus(tmp_path: Path) -> tuple[Path, Path]:
    cache = tmp_path / "cache"
    _build(cache, "two", columns=2, with_dropped=True)
    _build(cache, "one", columns=1, with_dropped=False)
    papers = [
        {"id": "two", "class": "twocol", "main": "main.tex", "part": "dev"},
        {"id": "one", "class": "onecol", "main": "main.tex", "part": "dev"},
        {"id": "never-built", "class": "onecol", "main": "main.tex", "part": "dev"},
        {"id": "held-out", "class": "onecol", "main": "main.tex", "part": "test"},
    ]
    manifest = tmp_path / "layouts.json"
    manifest.write_text(json.dumps({"papers": papers}), encoding="utf-8")
    return manifest, cache


def test_per_class_and_pooled_figures(corpus: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    manifest, cache = corpus
    assert main(["eval", "extract", str(manifest), "--cache", str(cache), "--json", "--papers"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["part"] == "dev"
    assert data["skipped"] == ["never-built (not built)"]
    two, one, pooled = (data["classes"][k] for k in ("twocol", "onecol", "pooled"))
    # five body paragraphs are typeset; the source's sixth (under "Limitations") is not in the PDF
    assert (two["body_paragraphs"], two["body_found"], two["found_labelled_body"]) == (6, 5, 5)
    assert (two["headings"], two["headings_found"]) == (4, 3)
    assert (one["body_paragraphs"], one["body_found"], one["headings"], one["headings_found"]) == (5, 5, 3, 3)
    assert one["body_recall"] == 1.0 and one["labelled_body"] == 1.0 and one["heading_recall"] == 1.0
    assert two["body_recall"] == pytest.approx(5 / 6, abs=1e-4)
    assert (pooled["papers"], pooled["body_paragraphs"], pooled["body_found"]) == (2, 11, 10)
    assert pooled["heading_recall"] == pytest.approx(6 / 7, abs=1e-4)
    assert set(data["papers"]) == {"two", "one"}


def test_table_and_test_part(corpus: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    manifest, cache = corpus
    assert main(["eval", "extract", str(manifest), "--cache", str(cache), "--part", "all"]) == 0
    out = capsys.readouterr().out
    assert "part all, threshold 0.9: 2 papers, 2 skipped" in out
    assert any(line.startswith("pooled") and "90.9%" in line for line in out.splitlines())
    # the test part's only paper is not built: nothing to score is a user error
    assert main(["eval", "extract", str(manifest), "--cache", str(cache), "--part", "test"]) == 2
    assert "none of the 1 papers is built" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such file"),
        ("{not json", "not JSON"),
        ('{"papers": [{"id": "x"}]}', "paper 1 lacks class, main, part"),
        ('{"papers": []}', "no papers in part 'dev'"),
    ],
)
def test_bad_manifest_is_one_line(tmp_path: Path, content: str | None, message: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    manifest = tmp_path / "layouts.json"
    if content is not None:
        manifest.write_text(content, encoding="utf-8")
    assert main(["eval", "extract", str(manifest), "--cache", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_missing_cache(corpus: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    manifest, _ = corpus
    assert main(["eval", "extract", str(manifest), "--cache", str(tmp_path / "nowhere")]) == 2
    assert "build it with python -m corpus.build_layouts" in capsys.readouterr().err


def test_heading_tokens_drop_the_number() -> None:
    assert heading_tokens("II. Related Work") == ["related", "work"]
    assert heading_tokens("3.1 Setup") == ["setup"]
    assert heading_tokens("B. Data Sets") == ["data", "sets"]
    assert heading_tokens("A Study of Things") == ["a", "study", "of", "things"]
