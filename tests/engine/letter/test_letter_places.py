"""Places in the revised version's own terms: section numbers from the outline (an unnumbered
subsection under its numbered parent), line ranges joined where they touch."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine.document.model import Document, Paragraph, Region, Section
from engine.letter.places import MarginNumber, Places, line_ranges, region_lines


def test_line_ranges_join_touching_spans() -> None:
    assert line_ranges([(7, 7)]) == "line 7"
    assert line_ranges([(12, 18)]) == "lines 12–18"
    assert line_ranges([(58, 70), (44, 49)]) == "lines 44–49, 58–70"
    assert line_ranges([(1, 4), (5, 9), (9, 9)]) == "lines 1–9"


def test_sections_are_numbered_as_the_document_numbers_them() -> None:
    doc = Document(sections=[Section("Abstract"), Section("Method", 1, "2"), Section("Training", 2, "2.1"),
                             Section("Why it works.", 3, None), Section("Results", 1, "3")])
    places = Places(doc)
    assert places.section(("Method", "Training")) == "Section 2.1 Training"
    assert places.section("Method > Training > Why it works.") == "Section 2.1 Training, “Why it works.”"
    assert places.section(("Abstract",)) == "Abstract" and places.section(()) == ""
    assert places.section(("Old name", "Results")) == "Section 3 Results"  # by its title when the path moved
    assert places.position(("Results",)) > places.position(("Method", "Training"))
    para = Paragraph("p1", "text", section=("Method", "Training"), regions=(Region(6, (72, 100, 300, 160)),))
    assert places.paragraphs([para]) == "Section 2.1 Training, p. 6"


def test_region_lines_take_the_nearest_column() -> None:
    numbers = [MarginNumber(v, 100 + 12 * i, 46) for i, v in enumerate(range(1, 11))]
    numbers += [MarginNumber(v, 100 + 12 * i, 566) for i, v in enumerate(range(11, 21))]
    assert region_lines(Region(1, (72, 120, 296, 160)), numbers) == (3, 6)  # left column
    assert region_lines(Region(1, (318, 120, 540, 160)), numbers) == (13, 16)  # right column
    assert region_lines(Region(1, (72, 400, 296, 450)), numbers) is None


def test_summary_of_changes_tells_wording_fixes_apart(tmp_path) -> None:
    """From a new-user trial: a spelling change read "Section 1 Introduction: 1 paragraph revised", as a new result
    would. A spelling, capitalisation or citation-style edit is now "corrected in wording only"."""
    from engine.jobs import run_job
    from engine.letter.content import LetterBuilder
    from engine.project import ProjectStore
    from engine.project.pipeline import build_project
    from tests.engine.built_revisions import PROSE

    old = ["We analyse the behaviour of the network on noisy inputs and report the colour of its residual noise.",
           "The model is trained for ten epochs with the Adam optimiser on the training split."]
    new = ["We analyze the behavior of the network on noisy inputs and report the color of its residual noise.",
           "The model is trained for ten epochs with the Adam optimiser on the training split, and we add an "
           "ablation without the second loss term, which lowers accuracy by four points."]
    abstracts = ("We study the colour of noise in speech models.", "We study the color of noise in speech models.")
    for name, paras, abstract in (("old.md", old, abstracts[0]), ("new.md", new, abstracts[1])):
        (tmp_path / name).write_text(f"# A paper\n\n## Abstract\n\n{abstract}\n\n## 1 Introduction\n\n"
                                     + "\n\n".join(PROSE[:2] + paras) + "\n")
    (tmp_path / "reviews.md").write_text("# Reviews\n\n## Reviewer 1\n\nPlease add an ablation of the loss.\n")
    store = ProjectStore.create(tmp_path / "p.redraft", "p")
    project = run_job(build_project(store, tmp_path / "old.md", tmp_path / "new.md", tmp_path / "reviews.md",
                                    aligner="bm25"))
    store.close()
    first, line = LetterBuilder(project).changed_sections()
    assert first == "Abstract: 1 paragraph corrected in wording only"  # the abstract opens the summary
    assert line.endswith("Introduction: 1 paragraph revised, 1 paragraph corrected in wording only"), line


def test_summary_of_changes_has_one_line_per_section_whatever_its_capitals(tmp_path) -> None:
    """From a new-user trial (imputedb-vldb): the draft's "3.1 Imputation operators" and the revised version's "3.1
    Imputation Operators" were two lines of the summary, one for the removed paragraphs and one for the rest."""
    from engine.jobs import run_job
    from engine.letter.content import LetterBuilder
    from engine.project import ProjectStore
    from engine.project.pipeline import build_project
    from tests.engine.built_revisions import PROSE

    gone = ("An older variant of the operator scanned every heap page twice and kept a second copy of each "
            "tuple, which we no longer describe because it never ran in the experiments.")
    kept = "The operator fills each missing value with a prediction from a model trained on the complete rows."
    (tmp_path / "old.md").write_text("# A paper\n\n## 1 Introduction\n\n" + "\n\n".join(PROSE[:2])
                                     + f"\n\n## 2 Imputation operators\n\n{kept}\n\n{gone}\n\n{PROSE[2]}\n")
    (tmp_path / "new.md").write_text("# A paper\n\n## 1 Introduction\n\n" + "\n\n".join(PROSE[:2])
                                     + f"\n\n## 2 Imputation Operators\n\n{kept[:-1]}, and it stops after ten "
                                     f"rounds of training.\n\n{PROSE[2]}\n")
    (tmp_path / "reviews.md").write_text("# Reviews\n\n## Reviewer 1\n\nPlease say when training stops.\n")
    store = ProjectStore.create(tmp_path / "p.redraft", "p")
    project = run_job(build_project(store, tmp_path / "old.md", tmp_path / "new.md", tmp_path / "reviews.md",
                                    aligner="bm25"))
    store.close()
    lines = LetterBuilder(project).changed_sections()
    mine = [line for line in lines if "imputation operators" in line.lower()]
    assert len(mine) == 1, lines
    assert "Imputation Operators: " in mine[0] and "1 paragraph revised" in mine[0] and "1 paragraph removed" in mine[0]


def test_the_letter_quotes_the_reviewers_whole_point() -> None:
    """From a new-user trial: the letter quoted "Please state which section … the example was taken from." without
    "The caption of Figure 1 cites [20] …" before it, so the reader could not tell which figure was meant."""
    import dataclasses

    from engine.letter.quotes import whole_point
    from engine.reviews import extract_comments, parse_reviews

    text = ("# Reviews\n\n## Reviewer 1\n\n1. The caption of Figure 1 cites [20], a paper about zero-shot reasoning. "
            "Please state which section of which paper the example paragraph was taken from.\n"
            "2. The method is slow. Why was the batch size fixed at 32?\n\n"
            "Minor issues:\n- Please fix the typo in Eq. 3.\n")
    (review,) = parse_reviews(text, "markdown")
    comments = extract_comments([review])
    caption = next(c for c in comments if "which section" in c.text)
    assert not caption.text.startswith("The caption")  # the extractor kept only the request ...
    quote = whole_point(caption, review, comments)
    assert quote.startswith("The caption of Figure 1 cites [20]") and quote.endswith("taken from.")  # ... the letter
    batch = next(c for c in comments if "batch size" in c.text)
    assert whole_point(batch, review, comments).startswith(("The method is slow.", "Why was"))
    typo = next(c for c in comments if "typo" in c.text)
    assert whole_point(typo, review, comments) == typo.full_text  # a colon lead-in stays the comment's context
    edited = dataclasses.replace(caption, text="Please name the source of the example in Figure 1.")
    assert whole_point(edited, review, comments) == edited.full_text  # the author's correction, as corrected
    assert whole_point(caption, None, comments) == caption.full_text  # no review text to quote from


def test_line_numbers_of_a_damaged_pdf_are_read_quietly(tmp_path) -> None:
    """A new-user trial's `redraft export --letter` printed "MuPDF error: syntax error: could not parse color space"
    twice (a real revised PDF); the letter's reader says nothing of what MuPDF repairs, as the PDF reader does."""
    import pymupdf

    from engine.letter.places import pdf_line_numbers

    doc = pymupdf.open()
    page = doc.new_page()
    for i in range(30):
        page.insert_text((72, 60 + i * 22), f"Line {i} of a paper whose colour space is damaged in the file.")
    page.clean_contents()
    xref = page.get_contents()[0]
    doc.update_stream(xref, b"q /CS0 cs 0.5 sc 100 100 50 50 re f Q\n" + doc.xref_stream(xref))
    doc.xref_set_key(page.xref, "Resources/ColorSpace", "<</CS0 [/Indexed 99 0 R 1 <00ff>]>>")
    doc.save(tmp_path / "damaged.pdf")
    # a process of its own, as the CLI's: MuPDF writes to the stderr it found when first imported
    code = ("import sys; from engine.letter.places import pdf_line_numbers; "
            "print(pdf_line_numbers(sys.argv[1]))")
    run = subprocess.run([sys.executable, "-c", code, str(tmp_path / "damaged.pdf")], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parents[3], timeout=120)
    assert run.returncode == 0 and run.stdout.strip() == "{}", run.stderr  # no margin numbers, and ...
    assert "MuPDF" not in run.stderr  # ... nothing said of the repair
