"""A reply letter whose answers are labelled ("Response: Fixed.") is an author response even when its answers are too
short for the "we have added" cues (trial17: a second-round reply letter given as the reviews made 28 comments with
the authors' answers inside). Synthetic letters and reviews, written for this test."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cli.main import main
from engine.jobs import run_job
from engine.project.pipeline import build_project_file
from engine.project.rounds import build_round
from engine.errors import DoubtfulInput
from engine.reviews.guard import REPLY_LABELS, author_response

POINTS = ["Write \u201cclosed-form\u201d with a hyphen throughout.", "Eq. (4) lacks a comma.",
          "The second figure has no axis labels.", "Reference [12] misses its year.",
          "Why is the step size fixed at 0.1?"]
ANSWERS = ["Fixed.", "Done.", "Added.", "Fixed.", "It is the largest stable value; see Section 3."]

LATEX_LETTER = "\\documentclass{article}\n\\begin{document}\n\\section{Comments from reviewer 1}\n\\begin{enumerate}\n" + \
    "".join(f"\\item \\textbf{{Comment:}} {p} \\\\\n\\textbf{{Response:}} {a}\n" for p, a in zip(POINTS, ANSWERS)) + \
    "\\end{enumerate}\n\\end{document}\n"


def test_labelled_replies_read_as_a_response_in_text_and_latex() -> None:
    plain = "Reviewer 1\n\n" + "\n\n".join(f"{i}. {p}\nReply: {a}" for i, (p, a) in enumerate(zip(POINTS, ANSWERS), 1))
    for text in (plain, LATEX_LETTER, plain.replace("Reply:", "Authors' response:")):
        why = author_response(text)
        assert why is not None and "replies are labelled" in why
    assert author_response(LATEX_LETTER.replace("\\textbf{Response:} ", "")) is None  # the points alone: reviews


def test_reviews_that_name_a_response_are_not_a_letter() -> None:
    review = ("Reviewer 2\n\n1. The response time: how is it measured?\n2. The authors' response to the first round "
              "is convincing.\n3. Response: the authors wrote 'Fixed.' to my point 4, but the typo is still there.\n"
              "4. In the rebuttal section... no, there is none. Please add the ablation.\n"
              "5. The reply of the server: is it cached?")
    assert REPLY_LABELS == 3
    assert author_response(review) is None  # one labelled reply quoted by a reviewer is no letter


def test_round_and_cli_ask_before_taking_a_reply_letter(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    demo = Path(__file__).resolve().parents[3] / "resources" / "demo"
    letter = tmp_path / "reply2.tex"
    letter.write_text(LATEX_LETTER, encoding="utf-8")
    assert main(["comments", str(letter)]) == 2
    assert "replies are labelled" in capsys.readouterr().err
    path = run_job(build_project_file(tmp_path / "p.redraft", "p", demo / "draft_v1.md", demo / "draft_v2.md",
                                      demo / "reviews.md", aligner="bm25"))
    with pytest.raises(DoubtfulInput, match="replies are labelled"):
        run_job(build_round(path, reviews=letter))
    assert main(["project", "round", str(path), "--reviews", str(letter)]) == 2
    assert "--force" in capsys.readouterr().err
