"""Inputs that are not what they seem (issue 33), each built for real: the demo paper typeset as a PDF and given as
the reviews is refused unless --force; the demo reviews pasted 60 times are kept once, with a note; the same PDF as
draft and revised version (the same file, a copy, or the same text typeset on another page size) is refused
unless --force. The CLI says each in one line and exits 2, leaving no project file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.project.session import ProjectSession
from engine.reviews import load_reviews, parse_reviews
from engine.reviews.guard import paper_signs, paper_text
from engine.reviews.repeats import drop_repeats
from engine.resources import resource
from tests.pdf_factory import markdown_paper_pdf

REFERENCES = (
    "[1] A. Graves. Sequence transduction with recurrent neural networks. In ICML Workshop, 2012.",
    "[2] A. Gulati et al. Conformer: convolution-augmented transformer for speech recognition. Interspeech, 2020.",
    "[3] S. Teerapittayanon, B. McDanel and H. T. Kung. BranchyNet: fast inference via early exiting. ICPR, 2016.",
    "[4] A. Graves. Adaptive computation time for recurrent neural networks. arXiv:1603.08983, 2016.",
    "[5] V. Panayotov et al. LibriSpeech: an ASR corpus based on public domain audio books. ICASSP, 2015.",
    "[6] A. Rousseau, P. Deleglise and Y. Esteve. TED-LIUM: an automatic speech recognition corpus. LREC, 2012.",
)


@pytest.fixture(scope="module")
def demo_pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder, demo = tmp_path_factory.mktemp("guards"), resource("demo")
    paper = folder / "paper.pdf"
    markdown_paper_pdf(demo / "draft_v1.md", paper, references=REFERENCES)
    twice = folder / "same_text_a4.pdf"  # the same text on another page size: other bytes, the same paragraphs
    markdown_paper_pdf(demo / "draft_v1.md", twice, references=REFERENCES, page_size=(595.0, 842.0))
    revised = folder / "revised.pdf"
    markdown_paper_pdf(demo / "draft_v2.md", revised, references=REFERENCES)
    return {"paper": paper, "a4": twice, "revised": revised, "reviews": demo / "reviews.md"}


def test_a_paper_given_as_the_reviews_is_refused_unless_forced(demo_pdfs: dict[str, Path], tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    paper = demo_pdfs["paper"]
    signs = paper_signs("\n\n".join(r.text for r in load_reviews(paper)))
    assert any("abstract" in s for s in signs) and any("numbered sections" in s for s in signs)
    assert any("references (6 entries)" in s for s in signs)
    out = tmp_path / "p.redraft"
    assert main(["project", "new", "p", "--old", str(paper), "--reviews", str(paper), "--out", str(out),
                 "--aligner", "bm25"]) == 2
    err = capsys.readouterr().err
    assert "reads as a paper, not reviews" in err and "--force" in err and err.count("\n") == 1
    assert "Traceback" not in err and not out.exists() and not list(tmp_path.glob(".*building*"))
    assert main(["comments", str(paper)]) == 2 and "reads as a paper" in capsys.readouterr().err
    assert main(["project", "new", "p", "--old", str(paper), "--reviews", str(paper), "--out", str(out),
                 "--aligner", "bm25", "--force"]) == 0  # the author said go on
    assert out.is_file()


def test_review_files_are_not_taken_for_papers(demo_pdfs: dict[str, Path]) -> None:
    """The repository's real review files (the demo's, cgo18's, an S2ORC trial's) read as reviews."""
    data = Path(__file__).resolve().parents[2] / "data"
    for path in (demo_pdfs["reviews"], data / "cgo18_reviews.md", data / "s2orc_trial" / "reviews.md"):
        text = "\n\n".join(r.text for r in load_reviews(path))
        assert paper_text(text) is None, (path.name, paper_signs(text))


@pytest.mark.shared_data
def test_the_real_papers_pdfs_read_as_papers(shared_data: Path) -> None:
    """cgo18's and icassp20's submissions and the four papermage PDFs, given as reviews, read as papers."""
    pdfs = [shared_data / "revision" / p / "submission.pdf" for p in ("cgo18", "icassp20")]
    pdfs += sorted((shared_data / "pdfs").glob("*.pdf"))
    for pdf in pdfs:
        assert paper_text("\n\n".join(r.text for r in load_reviews(pdf))), pdf.name


def test_reviews_pasted_sixty_times_are_kept_once_and_reported(demo_pdfs: dict[str, Path], tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    once = demo_pdfs["reviews"].read_text(encoding="utf-8")
    pasted = tmp_path / "reviews.md"
    pasted.write_text("\n\n".join([once] * 60), encoding="utf-8")
    out = tmp_path / "r.redraft"
    assert main(["project", "new", "r", "--old", str(demo_pdfs["paper"]), "--reviews", str(pasted),
                 "--out", str(out), "--aligner", "bm25"]) == 0
    captured = capsys.readouterr()
    assert "the reviews repeat: 118 of 120 reviews are copies of an earlier one" in captured.err
    assert "each is kept once" in captured.err
    with ProjectSession.open(out) as session:
        project = session.project
    single, _ = drop_repeats(parse_reviews(once, "markdown"))
    assert [r.reviewer for r in project.reviews] == [r.reviewer for r in single] == ["Reviewer 1", "Reviewer 2"]
    assert project.reviewers() == ["Reviewer 1", "Reviewer 2"] and 5 <= len(project.comments) <= 10
    assert f"{len(project.comments)} comment(s)" in captured.out


def test_one_review_pasted_many_times_without_headings_is_kept_once() -> None:
    once = resource("demo").joinpath("reviews.md").read_text(encoding="utf-8")
    body = once.split("# Reviewer 2")[0].replace("# Reviewer 1", "")
    reviews = parse_reviews("\n\n".join([body] * 60), "markdown")
    kept, notice = drop_repeats(reviews)
    assert len(reviews) == 1 and len(kept) == 1 and kept[0].reviewer == "Reviewer 1"
    assert len(kept[0].text) < len(body) + 10 and "held the same text several times over" in notice
    assert drop_repeats(parse_reviews(once, "markdown"))[1] is None  # distinct reviews: nothing said


def test_the_same_version_twice_is_refused_unless_forced(demo_pdfs: dict[str, Path], tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    paper, reviews, out = demo_pdfs["paper"], demo_pdfs["reviews"], tmp_path / "s.redraft"
    copy = tmp_path / "copy.pdf"
    shutil.copyfile(paper, copy)
    for new, said in ((paper, "are the same file, paper.pdf"), (copy, "are the same file (the same bytes)"),
                      (demo_pdfs["a4"], "have the same text, paragraph for paragraph")):
        assert main(["project", "new", "s", "--old", str(paper), "--new", str(new), "--reviews", str(reviews),
                     "--out", str(out), "--aligner", "bm25"]) == 2, new.name
        err = capsys.readouterr().err
        assert said in err and "nothing was revised" in err and "--force" in err and err.count("\n") == 1, err
        assert not out.exists()
    assert main(["project", "new", "s", "--old", str(paper), "--new", str(demo_pdfs["revised"]), "--reviews",
                 str(reviews), "--out", str(out), "--aligner", "bm25"]) == 0  # a real revision builds
    assert main(["project", "new", "s", "--old", str(paper), "--new", str(copy), "--reviews", str(reviews),
                 "--out", str(out), "--aligner", "bm25", "--overwrite", "--force"]) == 0
    with ProjectSession.open(out) as session:  # forced: built, and nothing changed
        assert session.project.diff is not None and not session.project.diff.changed_edits()


def test_a_round_whose_revised_version_is_the_draft_is_refused_unless_forced(
        demo_pdfs: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``project round --revised`` with the draft's text again: the stored draft and the new file compared."""
    out = tmp_path / "round.redraft"
    assert main(["project", "new", "round", "--old", str(demo_pdfs["paper"]), "--reviews", str(demo_pdfs["reviews"]),
                 "--out", str(out), "--aligner", "bm25"]) == 0
    capsys.readouterr()
    assert main(["project", "round", str(out), "--revised", str(demo_pdfs["a4"])]) == 2
    err = capsys.readouterr().err
    assert "have the same text, paragraph for paragraph" in err and "--force" in err and err.count("\n") == 1
    with ProjectSession.open(out) as session:
        assert session.project.new_path == ""  # the project as it was
    assert main(["project", "round", str(out), "--revised", str(demo_pdfs["revised"])]) == 0
