"""Gold links on LaTeX units carried to the edits of the typeset PDFs' diff (``engine.align.pdf_gold``), and
``redraft eval align --corpus ... --input pdf``: a synthetic revision written as LaTeX and typeset as PDFs in the
test (two columns, running head and line numbers on the revised side, so paragraphs break elsewhere)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.align.base import candidate_edits
from engine.align.gold import GoldPaper
from engine.align.pdf_gold import UNMAPPED, carry_gold, counterparts, pdf_paper
from engine.cli.main import main
from engine.document import load_document
from engine.revision import DiffSpan, Edit, EditType, diff_documents
from engine.reviews.model import ReviewComment
from tests.pdf_factory import make_paper_pdf

def word(rng: random.Random) -> str:
    return "".join(rng.choice("bcdfghklmnprstvz") + rng.choice("aeiou") for _ in range(rng.randint(2, 4)))


def para(seed: int, sentences: int = 10) -> str:
    """Synthetic text: each paragraph draws its own 40 pseudo-words (paragraphs share few words, as prose's
    content words)."""
    rng = random.Random(seed)
    vocab = [word(rng) for _ in range(40)]
    return " ".join(" ".join(rng.choice(vocab) for _ in range(12)).capitalize() + "." for _ in range(sentences))


P = {k: para(k) for k in range(1, 10)}
NEW = dict(P)
NEW[2] = P[2].replace(".", " with a jitter bound.", 1)  # a clause added to the first sentence
NEW[5] = P[5] + " A calibration against the reference oscillator was added."
NEW[9] = P[9].replace(".", " under drift.", 1)  # in the LaTeX only: the PDFs leave paragraph 9 out


def sections(text: dict[int, str], with_nine: bool) -> list[tuple[str, list[str]]]:
    return [("Introduction", [text[1], text[2], text[3]]), ("Method", [text[4], text[5], text[6]]),
            ("Results", [text[7], text[8]] + ([text[9]] if with_nine else []))]


def write_tex(path: Path, text: dict[int, str]) -> Path:
    body = "\n\n".join(f"\\section{{{name}}}\n\n" + "\n\n".join(ps) for name, ps in sections(text, True))
    path.write_text("\\documentclass{article}\n\\begin{document}\n" + body + "\n\\end{document}\n", encoding="utf-8")
    return path


def revision(tmp_path: Path) -> tuple[GoldPaper, Path, Path]:
    """The LaTeX gold paper (c1 -> paragraph 2's edit, c2 -> paragraph 5's, c3 -> paragraph 9's, c4 unanswered) and
    the two PDFs (the revised one in two columns, with a running head and line numbers)."""
    diff = diff_documents(load_document(write_tex(tmp_path / "old.tex", P)),
                          load_document(write_tex(tmp_path / "new.tex", NEW)))
    edits = candidate_edits(diff)

    def edit_with(words: str) -> str:
        (e,) = [e for e in edits if words in e.target_text]
        return e.id

    gold = {"syn/c1": {edit_with("jitter bound")}, "syn/c2": {edit_with("reference oscillator")},
            "syn/c3": {edit_with("under drift")}, "syn/c4": set()}
    comments = [ReviewComment(id=cid, reviewer="Reviewer 1", text=text) for cid, text in (
        ("syn/c1", "Bound the jitter of the sample filter."), ("syn/c2", "Calibrate against a reference."),
        ("syn/c3", "What about drift in the results?"), ("syn/c4", "The title could be shorter."))]
    latex = GoldPaper("syn", diff, comments, gold, group="syn/repo")
    old_pdf, new_pdf = tmp_path / "old.pdf", tmp_path / "new.pdf"
    make_paper_pdf(old_pdf, sections=sections(P, False), numbered=False)
    layout = make_paper_pdf(new_pdf, sections=sections(NEW, False), numbered=False, columns=2,
                            running_header="Synthetic Journal 12 (2030)", line_numbers=True, body_size=11.0)
    assert layout.split_across_columns() or layout.split_across_pages()  # paragraphs break elsewhere
    return latex, old_pdf, new_pdf


def test_gold_is_carried_to_the_pdf_edits_holding_the_changed_words(tmp_path: Path) -> None:
    latex, old_pdf, new_pdf = revision(tmp_path)
    pdf, carried = pdf_paper(latex, old_pdf, new_pdf)
    by_id = {e.id: e for e in candidate_edits(pdf.diff)}
    for cid, words in (("syn/c1", "jitter bound"), ("syn/c2", "reference oscillator")):
        assert pdf.gold[cid] and all(g in by_id for g in pdf.gold[cid]), cid
        assert any(words in " ".join(by_id[g].target_text.split()) for g in pdf.gold[cid])
    # paragraph 9 is in no PDF: its gold edit stays as a link no PDF edit can match
    assert pdf.gold["syn/c3"] == {UNMAPPED + next(iter(latex.gold["syn/c3"]))}
    assert pdf.gold["syn/c4"] == set()
    assert [c.id for c in pdf.comments] == [c.id for c in latex.comments] and pdf.group == "syn/repo"
    assert (carried.answered, carried.answered_all_unmapped, carried.gold_latex_edits) == (3, 1, 3)
    assert carried.gold_unmapped == sorted(latex.gold["syn/c3"])
    assert carried.pdf_edits == len(by_id) and carried.pdf_with_counterpart >= 2


def _edit(eid: str, old: str, new: str, deleted: str = "", inserted: str = "") -> Edit:
    spans = (DiffSpan("equal", old), DiffSpan("delete", deleted), DiffSpan("insert", inserted)) if old and new else ()
    kind = EditType.MAJOR if old and new else (EditType.ADDED if new else EditType.DELETED)
    return Edit(eid, kind, ("o",) if old else (), ("n",) if new else (), old, new, "", spans)


def test_counterparts_follow_splits_and_joins_and_skip_unrelated_edits() -> None:
    a, b = para(11, 3), para(12, 3)
    latex = [_edit("L1", a + " " + b, a + " jitter " + b, inserted="jitter bound"),
             _edit("L2", "", para(13, 2)),  # an added paragraph
             _edit("L3", "", para(14, 2))]
    pdf = [_edit("P1", a, a + " jitter", inserted="jitter"),  # the PDF split L1 in two
           _edit("P2", b, "bound " + b, inserted="bound"),
           _edit("P3", "", para(13, 2) + " " + para(14, 2)),  # and joined L2 and L3
           _edit("P4", "Synthetic Journal 12", "Synthetic Journal 13", "12", "13")]  # a running head
    assert counterparts(latex, pdf) == {"P1": {"L1"}, "P2": {"L1"}, "P3": {"L2", "L3"}}


def test_carry_gold_keeps_comments_and_marks_unmatched_gold() -> None:
    latex_edits = [_edit("L1", "", para(21, 2)), _edit("L2", "", para(22, 2))]
    pdf_edits = [_edit("P1", "", para(21, 2))]

    class Diff:  # candidate_edits reads .edits only
        def __init__(self, edits):
            self.edits = edits

    paper = GoldPaper("syn", Diff(latex_edits), [ReviewComment(id="syn/c1", reviewer="R", text="x")],
                      {"syn/c1": {"L1", "L2"}})
    pdf, carried = carry_gold(paper, Diff(pdf_edits))
    assert pdf.gold == {"syn/c1": {"P1", UNMAPPED + "L2"}}
    assert (carried.answered, carried.answered_all_unmapped, carried.gold_unmapped) == (1, 0, ["L2"])


def _typeset_folder(tmp_path: Path, old_pdf: Path, new_pdf: Path, revised_status: str) -> Path:
    """A corpus build folder as ``corpus.build_revisions`` writes it: the PDFs and ``build.json``."""
    folder = tmp_path / "built"
    (folder / "syn").mkdir(parents=True)
    (folder / "syn" / "submitted.pdf").write_bytes(old_pdf.read_bytes())
    (folder / "syn" / "revised.pdf").write_bytes(new_pdf.read_bytes())
    build = {"submitted": {"typeset": {"pdf": "submitted.pdf", "status": "ok", "first_error": ""}},
             "revised": {"typeset": {"pdf": None if revised_status == "failed" else "revised.pdf",
                                     "status": revised_status, "first_error": "Undefined control sequence."}}}
    (folder / "syn" / "build.json").write_text(json.dumps(build), encoding="utf-8")
    return folder


def test_pdf_path_scores_the_same_answered_comments_as_the_latex_path(tmp_path: Path) -> None:
    from engine.cli.eval_align_corpus import evaluate_corpus
    from engine.cli.eval_align_pdf import pdf_papers
    from engine.jobs import run_job

    latex, old_pdf, new_pdf = revision(tmp_path)
    folder = _typeset_folder(tmp_path, old_pdf, new_pdf, "pdf with errors")  # a PDF with errors is read
    kept, pdf, notes = run_job(pdf_papers([latex], folder))
    assert [p.id for p in kept] == ["syn"] and notes["syn"]["mapping"]["answered comments"] == 3
    assert "Undefined control sequence" in notes["syn"]["typeset"]["revised"]
    on_latex, on_pdf = evaluate_corpus(kept, "checked"), evaluate_corpus(pdf, "checked")
    for method in ("learned", "evidence", "bm25", "hybrid"):
        # found and wrong "addressed" are per comment: the same three answered comments on both paths
        assert on_pdf[method]["pooled"]["answered"] == on_latex[method]["pooled"]["answered"] == 3
        assert on_pdf[method]["papers"]["syn"]["hit@1"] is not None
    # c3's only gold edit has no PDF counterpart: no method can rank it first on the PDFs
    assert on_pdf["bm25"]["pooled"]["hit@1"] <= round(100 * 2 / 3, 1)


def test_a_revision_without_both_pdfs_is_left_out_and_said(tmp_path: Path) -> None:
    from engine.cli.eval_align_pdf import pdf_papers, typeset_pdfs
    from engine.jobs import run_job

    latex, old_pdf, new_pdf = revision(tmp_path)
    folder = _typeset_folder(tmp_path, old_pdf, new_pdf, "failed")
    pdfs, status = typeset_pdfs(folder, "syn")
    assert pdfs is None and status["revised"].startswith("failed")
    kept, pdf, notes = run_job(pdf_papers([latex], folder))
    assert kept == [] and pdf == [] and notes["syn"]["left out"] == "no PDF of both sides"
    assert typeset_pdfs(folder, "missing") == (None, {"submitted": "not built", "revised": "not built"})


@pytest.mark.parametrize("extra", [["--part", "train"], ["--part", "checked", "--pdf-cache", "/nonexistent/x"]])
def test_input_pdf_errors_are_one_line(extra, capsys) -> None:
    from corpus.manifest import MANIFEST

    assert main(["eval", "align", "--corpus", str(MANIFEST), "--input", "pdf", *extra]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert ("training part" if "train" in extra else "no typeset corpus at /nonexistent/x") in err


def test_the_command_prints_both_rows_and_the_mapping(tmp_path: Path, monkeypatch, capsys) -> None:
    """``--input pdf`` end to end on the synthetic revision (the corpus labels replaced by its LaTeX gold paper)."""
    from corpus.manifest import MANIFEST

    latex, old_pdf, new_pdf = revision(tmp_path)
    folder = _typeset_folder(tmp_path, old_pdf, new_pdf, "ok")
    monkeypatch.setattr("engine.cli.eval_align_corpus.corpus_papers", lambda *a, **k: [latex])
    assert main(["eval", "align", "--corpus", str(MANIFEST), "--part", "checked", "--input", "pdf",
                 "--pdf-cache", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "== LATEX diffs (1 revisions)" in out and "== PDF diffs (1 revisions)" in out
    mapping = out.split("gold links carried to the PDF edits", 1)[1]
    assert " / 3 / 1 / 3 / 1" in mapping.splitlines()[1]  # gold LaTeX edits 3, of them unmatched 1; answered 3, 1


def test_input_pdf_finds_the_corpus_package_from_any_folder(tmp_path: Path) -> None:
    """Run as an installed command (the repository not on the path), ``--input pdf`` reads the corpus package beside
    the manifest, as the LaTeX path does (it imported it before the manifest had put it on the path)."""
    import subprocess
    import sys

    from corpus.manifest import MANIFEST

    code = ("import sys; from engine.cli.main import main; "
            f"sys.exit(main(['eval', 'align', '--corpus', {str(MANIFEST)!r}, '--part', 'checked', '--input', 'pdf', "
            "'--pdf-cache', '/nonexistent/x']))")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "no typeset corpus at /nonexistent/x" in lines[0], done.stderr
