"""An edit's place names its innermost section, numbered and short, in the Coverage tab's cells, the coverage CSV and
the report; the whole numbered path is the tooltip (a new-user trial read "CIRCUIT DESIGN > Digital control and
slow modulation, p. 4" in every cell)."""

from __future__ import annotations

import csv
from pathlib import Path

from engine.cli.main import main
from engine.document.latex.load import load_latex
from engine.document.sections import SectionNames, short_title
from engine.jobs import run_job
from engine.project import ProjectStore
from engine.project.coverage import coverage_rows
from engine.project.coverage_csv import write_coverage_csv
from engine.project.pipeline import build_project
from engine.project.report import revision_report_html
from engine.project.session import ProjectSession

LONG = "Low-noise stabilization and fast modulation of the high-voltage output stage"
BODY = (
    "\\section{Introduction}\n\nPiezo drivers for optics labs need low noise and a wide modulation bandwidth.\n\n"
    "\\section{Circuit design}\n\nThe circuit has a flyback regulator and a linear output stage.\n\n"
    f"\\subsection{{{LONG}}}\n\n"
    "The output stage is a high-voltage amplifier whose noise sets the floor of the driver. {extra}\n"
)


def _paper(folder: Path, extra: str) -> Path:
    folder.mkdir()
    main = folder / "paper.tex"
    main.write_text("\\documentclass{article}\n\\title{A piezo driver}\n\\begin{document}\n\\maketitle\n"
                    + BODY.replace("{extra}", extra) + "\\end{document}\n", encoding="utf-8")
    return main


def test_section_names_are_the_innermost_numbered_and_short(tmp_path: Path) -> None:
    doc = load_latex(_paper(tmp_path / "p", ""))
    names = SectionNames(doc)
    path = ("Circuit design", LONG)
    assert names.short(path) == f"2.1 {short_title(LONG)}"
    assert short_title(LONG) == "Low-noise stabilization and fast…" and len(short_title(LONG)) <= 41
    assert names.short(" > ".join(path)) == names.short(path)  # an edit's "A > B" string reads the same
    assert names.full(path) == f"2 Circuit design > 2.1 {LONG}"
    assert names.short(("Introduction",)) == "1 Introduction"
    assert names.short(("Acknowledgments",)) == "Acknowledgments"  # no number: the title alone
    assert names.short(()) == ""


def test_coverage_csv_report_and_project_show_name_the_innermost_section(tmp_path: Path, capsys) -> None:
    old = _paper(tmp_path / "old", "")
    new = _paper(tmp_path / "new", "We add the phase of the transfer function, measured for the unloaded output.")
    reviews = tmp_path / "reviews.md"
    reviews.write_text("# Reviews\n\n## Reviewer 1\n\nPlease give the phase of the transfer function of the output "
                       "stage, not only its gain.\n", encoding="utf-8")
    store = ProjectStore.create(tmp_path / "p.redraft", "p")
    project = run_job(build_project(store, old, new, reviews, aligner="bm25"))
    store.close()
    (edit,) = project.diff.changed_edits()
    session = ProjectSession.open(tmp_path / "p.redraft")
    try:
        session.set_link(project.comments[0].id, edit.id, "confirmed")
        project = session.project
    finally:
        session.close()

    (row,) = coverage_rows(project)
    (shown,) = row.edits
    short = f"2.1 {short_title(LONG)}"
    assert shown.where.startswith(f"{short}, line ")  # a LaTeX version: its source line, not a page
    assert ">" not in shown.where and shown.section_path == f"2 Circuit design > 2.1 {LONG}"

    with write_coverage_csv(project, tmp_path / "c.csv").open(encoding="utf-8-sig", newline="") as f:
        (record,) = list(csv.DictReader(f))
    assert f"({short}, line " in record["edits"] and "Circuit design >" not in record["edits"]

    report = revision_report_html(project)
    assert f'title="2 Circuit design &gt; 2.1 {LONG}">({short}, line ' in report  # the coverage table's cell
    assert f'<span title="2 Circuit design &gt; 2.1 {LONG}">{short}</span>' in report  # the changed paragraph's

    # redraft project show lists each edit as the Coverage tab does: where, what changed, the id to link it by last
    assert main(["project", "show", str(tmp_path / "p.redraft")]) == 0
    out = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(out) if line.lstrip().startswith(project.comments[0].id))
    assert out[at + 1].strip() == f"{shown.where}: {shown.snippet} ({edit.id})"
    assert "added “We add the phase" in out[at + 1] and "[confirmed" not in out[at + 1]


def test_a_lettered_subsection_of_a_roman_section_is_named_as_ieee_names_it() -> None:
    # a PDF read from IEEEtran: "V. EXPERIMENTS" then "B. Harbour dataset" (a new-user trial, session 19: the letter
    # placed a change in "Section B Harbour dataset", which could be any section's B)
    from engine.document.model import Document, Section

    doc = Document(title="t", source_format="pdf")
    doc.sections = [Section("INTRODUCTION", 1, "I"), Section("EXPERIMENTS", 1, "V"), Section("Coast dataset", 2, "A"),
                    Section("Harbour dataset", 2, "B"), Section("Proof of Proposition 1", 1, "A"),
                    Section("Step one", 2, "B")]
    names = SectionNames(doc)
    assert names.short(("EXPERIMENTS", "Harbour dataset")) == "V-B Harbour dataset"
    assert names.full(("EXPERIMENTS", "Coast dataset")) == "V EXPERIMENTS > V-A Coast dataset"
    assert names.short(("INTRODUCTION",)) == "I INTRODUCTION"
    assert names.short(("Proof of Proposition 1", "Step one")) == "B Step one"  # under a lettered appendix: as printed


def test_the_letter_names_a_lettered_subsection_with_its_roman_section() -> None:
    # the letter's places read the same rule (they had their own lookup and printed "Section B Harbour dataset")
    from engine.document.model import Document, Section
    from engine.letter.places import Places

    doc = Document(title="t", source_format="pdf")
    doc.sections = [Section("DATASETS", 1, "V"), Section("Coast dataset", 2, "A"), Section("Harbour dataset", 2, "B")]
    assert Places(doc).section(("DATASETS", "Harbour dataset")) == "Section V-B Harbour dataset"
    assert Places(doc).section(("DATASETS",)) == "Section V DATASETS"
