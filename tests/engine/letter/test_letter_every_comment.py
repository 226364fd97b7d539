"""Every extracted comment is in the letter, whole: a low-confidence one marked for the author while it is still to
answer, and the sentences the extractor left out inside a comment quoted (a new-user trial missed a reviewer's point
in the letter: it sat between the two sentences of a request)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from engine.cli.main import main
from engine.jobs import run_job
from engine.letter.content import build_letter, doubt_note
from engine.letter.text_formats import letter_markdown
from engine.project import ProjectStore
from engine.project.coverage import LOW_MARK, is_doubtful
from engine.project.pipeline import build_project
from engine.project.session import ProjectSession
from engine.text import sentences
from tests.engine.built_revisions import PROSE

PHASE = ("There is one missing piece in the analysis of this circuit: the phase of the transfer function. "
         "When designing feedback circuits the shape of the transfer function matters, but so does the relative phase "
         "of the feedback. This is especially true in circuits with digital parts. In this manuscript I do not see "
         "any analysis of the phase of the transfer function. Please add a measurement of the phase for the unloaded "
         "circuit.")
#: Two paragraphs whose requests the extractor is far from sure of (about 20% and 26%), and one it is sure of.
WEAK = ("The paper is well written. Please consider my comments.\n\nThe paper is well written. Please comment.\n\n"
        "It would be nice to have results on another dataset.")


def _project(tmp_path: Path):
    old = ["The driver is stabilised by a linear stage and its noise is measured at the output.",
           "We model the noise of each stage and compare the model to the measurement."]
    new = [old[0] + " We add the phase of the transfer function, measured for the unloaded circuit.", old[1]]
    for name, paras in (("old.md", old), ("new.md", new)):
        (tmp_path / name).write_text("# A driver\n\n## 1 Introduction\n\n" + "\n\n".join(PROSE[:2] + paras) + "\n")
    (tmp_path / "reviews.md").write_text(f"# Reviews\n\n## Reviewer 1\n\n{PHASE}\n\n## Reviewer 2\n\n{WEAK}\n")
    store = ProjectStore.create(tmp_path / "p.redraft", "p")
    project = run_job(build_project(store, tmp_path / "old.md", tmp_path / "new.md", tmp_path / "reviews.md",
                                    aligner="bm25"))
    store.close()
    return project


def test_every_comment_is_in_the_letter_and_the_doubtful_ones_are_marked(tmp_path: Path) -> None:
    project = _project(tmp_path)
    letter = letter_markdown(build_letter(project))
    flat = " ".join(letter.split())
    for c in project.comments:  # each sentence, whole (the quote may hold the reviewer's sentences between them)
        assert all(" ".join(s.split()) in flat for s, _, _ in sentences(c.text)), c.id
    doubtful = [c for c in project.comments if is_doubtful(c)]
    assert doubtful, "the review was written to give a comment under 50% sure; the extractor changed"
    for c in doubtful:
        assert doubt_note(c.confidence) in letter
    assert f"{len(doubtful)} of them" in letter and f"marked “{LOW_MARK}”" in letter
    sure = [c for c in project.comments if not is_doubtful(c)]
    assert letter.count(LOW_MARK) == len(doubtful) + 1  # one a heading, and the summary's line; none on the others
    assert sure

    # answered, the comment is the author's judgement: the mark goes
    session = ProjectSession.open(tmp_path / "p.redraft")
    try:
        session.set_response(doubtful[0].id, "We now release the code.")
        answered = letter_markdown(build_letter(session.project))
    finally:
        session.close()
    assert doubt_note(doubtful[0].confidence) not in answered


def test_project_show_marks_the_doubtful_comments_too(tmp_path: Path, capsys) -> None:
    project = _project(tmp_path)
    assert main(["project", "show", str(tmp_path / "p.redraft")]) == 0
    out = capsys.readouterr().out.splitlines()
    for c in project.comments:
        line = next(x for x in out if x.lstrip().startswith(c.id + " "))
        assert (f"[{LOW_MARK} (" in line) is is_doubtful(c), line  # as the Coverage tab marks it


def test_sentences_left_out_inside_a_comment_are_quoted(tmp_path: Path) -> None:
    project = _project(tmp_path)
    phase = next(c for c in project.comments if "phase" in c.text)
    assert "When designing feedback circuits" not in phase.text  # the extractor kept the request's sentences ...
    letter = " ".join(letter_markdown(build_letter(project)).split())
    assert "> " + PHASE in letter or PHASE in letter  # ... the letter quotes what the reviewer wrote, whole


def test_a_merged_comment_keeps_what_each_part_needs() -> None:
    """Merging kept the later comments' words but not their context: "Why this value?" lost "The method relies on a
    fixed temperature …", and the letter quoted the merged comment without it."""
    from engine.project.corrections import apply_correction
    from engine.reviews import extract_comments, parse_reviews

    (review,) = parse_reviews("# Reviews\n\n## Reviewer 1\n\nPlease report the runtime of the method on the large "
                              "graphs.\n\nThe method relies on a fixed temperature of 0.1 in all experiments. Why "
                              "this value?\n", "markdown")
    first, second = extract_comments([review])
    assert second.context and second.context not in second.text  # the extractor set the sentence aside as context
    (merged,) = apply_correction([first, second], "merge", {"ids": [first.id, second.id]})
    assert merged.full_text == f"{first.text} {second.context} {second.text}"
    again = apply_correction([second, dataclasses.replace(second, id="R1.3")], "merge",
                             {"ids": [second.id, "R1.3"]})
    assert again[0].text.count(second.context) == 0 and again[0].full_text.count(second.context) == 1  # not twice
