"""The response letter reader (``engine.align.letter``) on synthetic letters and comments, in each file kind."""

from __future__ import annotations

import numpy as np
import pytest

from engine.align.letter import (FEATURES, Letter, answers, best_inserted, letter_features, letter_text, quoted_count,
                                 read_letter)
from engine.errors import InputError
from engine.reviews.model import ReviewComment

C1 = ("The evaluation uses only two small datasets, which makes the comparison with the baseline methods "
      "hard to judge for larger graphs.")
C2 = "Please explain how the regularisation weight lambda was chosen in the training procedure."
C3 = "It would be good to add a runtime comparison against the exact solver on the larger instances."
A1 = ("We have added a third dataset with one million nodes. The new text reads: the sparse solver keeps its "
      "accuracy on the largest graph while using a tenth of the memory.")
A2 = "We respectfully disagree: the weight follows from theory, see Section 3.2, so no tuning was needed."
A3 = "This is beyond the scope of the paper and left for future work."


def comments() -> list[ReviewComment]:
    return [ReviewComment(f"p/R1.{i}", "Reviewer 1", t) for i, t in enumerate((C1, C2, C3), 1)]


def markdown_letter() -> str:
    return (f"# Response to the reviewers\n\nWe thank the reviewers for their comments.\n\n## Reviewer 1\n\n"
            f"> {C1}\n\n{A1}\n\n> {C2}\n\n{A2}\n\n> {C3}\n\n{A3}\n")


def test_answers_follow_each_quoted_point(tmp_path):
    f = tmp_path / "response.md"
    f.write_text(markdown_letter(), encoding="utf-8")
    found = answers(read_letter(f), comments())
    assert [a.text for a in found] == [A1, A2, A3]
    assert all(a.cover == 1.0 for a in found)


def test_latex_letter_with_reply_environments(tmp_path):
    body = "\n".join(f"\\begin{{point}}{c}\\end{{point}}\n\\begin{{reply}}{a}\\end{{reply}}\n"
                     for c, a in ((C1, A1), (C2, A2.replace("3.2", "~\\ref{sec:weights}")), (C3, A3)))
    f = tmp_path / "response.tex"
    f.write_text("\\documentclass{article}\n\\newenvironment{point}{\\itshape}{}\n\\newenvironment{reply}{}{}\n"
                 f"\\begin{{document}}\n{body}\\end{{document}}\n", encoding="utf-8")
    found = answers(read_letter(f), comments())
    assert found[0].text.startswith("We have added a third dataset")
    assert found[1].text.startswith("We respectfully disagree") and "??" in found[1].text
    x = letter_features(found, [[], [], []])
    assert x[1, FEATURES.index("letter_place")] == 1.0  # the \ref left as "??" names a place


def test_docx_and_pdf_letters_read(tmp_path):
    import docx
    import pymupdf

    d = docx.Document()
    for c, a in ((C1, A1), (C2, A2), (C3, A3)):
        d.add_paragraph(c)
        d.add_paragraph(a)
    d.save(str(tmp_path / "letter.docx"))
    assert answers(read_letter(tmp_path / "letter.docx"), comments())[2].text == A3
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_textbox(pymupdf.Rect(50, 50, 550, 800), f"{C2}\n\n{A2}\n\n{C3}\n\n{A3}", fontsize=10)
    doc.save(str(tmp_path / "letter.pdf"))
    found = answers(read_letter(tmp_path / "letter.pdf"), comments())
    assert found[0] is None  # not quoted in this letter
    assert " ".join(found[1].text.split()).startswith("We respectfully disagree")


def test_a_point_the_letter_does_not_quote_has_no_answer():
    letter = Letter(f"Reviewer 1\n\n{C1}\n\n{A1}\n\nReviewer 2\n\nSomething else entirely was asked here.\n")
    found = answers(letter, comments())
    assert found[1] is None and found[2] is None
    assert found[0].text == A1  # it stops at the next reviewer's heading
    x = letter_features(found, [[], [], []])
    assert x[1].tolist() == [1.0, 0.0, 0.0, 0.0, 0.0]


def test_a_paraphrased_quote_still_matches_and_a_short_overlap_does_not():
    shortened = "The evaluation uses only two small datasets [...] hard to judge for larger graphs."
    letter = Letter(f"Point 1. {shortened}\n\n{A1}\n\nPoint 2. How was lambda chosen in training?\n\n{A2}\n")
    found = answers(letter, comments())
    assert found[0] is not None and found[0].text.startswith("We have added")
    assert found[1] is None  # four words in common at most: no quote


def test_features_change_decline_place_and_quoted():
    found = answers(Letter(markdown_letter()), comments())
    inserted = ["A third dataset. The sparse solver keeps its accuracy on the largest graph while using a tenth of "
                "the memory.", "Unrelated words about something else."]
    x = letter_features(found, [inserted, [], []])
    col = {f: k for k, f in enumerate(FEATURES)}
    assert x[0, col["letter_change"]] == 1.0 and x[0, col["letter_quoted"]] == 1.0
    assert x[1, col["letter_decline"]] == 1.0 and x[1, col["letter_change"]] == 0.0 and x[1, col["letter_place"]] == 1.0
    assert x[2, col["letter_decline"]] == 1.0 and x[2, col["letter_place"]] == 0.0
    assert x[:, col["letter_none"]].tolist() == [0.0, 0.0, 0.0]
    # an exact count of shared 4-grams, not a float sum
    assert quoted_count(A1, inserted) == 14  # 17 words quoted and quoted_count(A1, ["nothing shared"]) == 0


def test_best_inserted_takes_the_top_three_candidates_in_order():
    probs = np.array([[0.1, 0.9, 0.0, 0.5, 0.7], [0.0, 0.0, 0.0, 0.0, 0.0]], dtype=np.float32)
    assert best_inserted(probs, ["a", "b", "c", "d", "e"]) == [["b", "e", "d"], []]


@pytest.mark.parametrize("content, message", [
    (None, "no such letter file"),
    (b"\x89PNG\r\n\x1a\n" + bytes(200), "PNG image"),
    (b"   \n\n", ""),
])
def test_bad_letter_files_are_one_line_errors(tmp_path, content, message):
    f = tmp_path / "response.txt"
    if content is not None:
        f.write_bytes(content)
    with pytest.raises(InputError) as err:
        read_letter(f)
    assert "\n" not in str(err.value) and message in str(err.value)


def test_text_with_latex_markup_is_read_as_latex(tmp_path):
    f = tmp_path / "response.txt"
    f.write_text(f"\\begin{{itemize}}\n\\item {C2}\n\\end{{itemize}}\n\n\\textbf{{Answer:}} {A2}\n", encoding="utf-8")
    assert "\\textbf" not in letter_text(f)
    assert answers(read_letter(f), comments())[1].text.startswith("Answer: We respectfully")


def test_the_shipped_letter_model_reads_its_features_and_an_alignment_keeps_the_note():
    from engine.align.answered import LETTER_FEATURES, shipped_answered
    from engine.align.records import Alignment

    model = shipped_answered(letter=True)
    assert model.features == LETTER_FEATURES and model.features[-5:] == FEATURES
    assert shipped_answered().features == LETTER_FEATURES[:-5]
    assert 0 < model.bands["partly"] < model.bands["addressed"] < 1
    a = Alignment("R1.1", ["e1"], {"e1": 0.7}, answered=0.6, letter="the response letter answers it: states a change")
    assert Alignment.from_dict(a.to_dict()) == a
    assert "letter" not in Alignment("R1.2", []).to_dict()


def test_the_learned_aligner_reads_a_given_letter_and_notes_what_it_says():
    from engine.align import make_aligner
    from engine.revision import diff_documents
    from tests.engine.built_revisions import PROSE, doc_of

    diff = diff_documents(doc_of(PROSE), doc_of(
        PROSE[:2] + [PROSE[2] + " We also report the variance of both scores over five random seeds."] + PROSE[3:]))
    seeds = "Please report the variance of the scores over several random seeds."
    related = "The related work misses the classic source-filter literature on this topic."
    comments = [ReviewComment("p/R1.1", "Reviewer 1", seeds), ReviewComment("p/R1.2", "Reviewer 1", related)]
    plain = make_aligner("learned")
    without = plain.align(comments, diff)
    aligner = make_aligner("learned")
    aligner.letter = Letter(f"Reviewer 1\n\n{seeds}\n\nWe have added the variance over five random seeds in "
                            f"Section 4.\n\n{related}\n\nWe respectfully disagree: that literature is about speech.\n")
    got = aligner.align(comments, diff)
    assert [a.letter for a in without] == ["", ""]
    assert got[0].letter == "the response letter answers it: states a change, names a place, quotes new text"
    assert got[1].letter == "the response letter answers it: declines or defers"
    assert got[0].answered != without[0].answered  # the letter model, not answered.json
    assert got[0].edit_ids == without[0].edit_ids  # the links are the link model's either way


@pytest.mark.parametrize("shape", ["macro", "item-environment", "verbatim", "per-reviewer-documents", "style-macro",
                                   "todo-note"])
def test_latex_letters_in_the_shapes_authors_write_them(tmp_path, shape):
    # session 25: four training letters read as their first 1-5 kB (each point set through the letter's own
    # macro, as \begin{item} ... \end{item}, in verbatim, or one document per reviewer), so their answers were lost
    pairs = ((C1, A1), (C2, A2), (C3, A3))
    preamble = "\\documentclass{article}\n"
    if shape == "macro":
        preamble += "\\newcommand{\\reply}[2]{\n\\medskip\n\\item \\begin{quote}\\emph{#1}\\end{quote}\n\n\\noindent #2}\n"
        body = "\\begin{itemize}\n" + "\n".join(f"\\reply{{{c}}}\n{{{a}}}\n" for c, a in pairs) + "\\end{itemize}\n"
    elif shape == "item-environment":
        body = "\\begin{enumerate}\n" + "".join(
            f"\\begin{{item}}\n\\textbf{{{c}}}\n\n{a}\n\\end{{item}}\n\n" for c, a in pairs) + "\\end{enumerate}\n"
    elif shape == "verbatim":
        body = "".join(f"\\begin{{verbatim}}\n    {c}\n\\end{{verbatim}}\n\n{a}\n\n" for c, a in pairs)
    elif shape == "style-macro":  # \bco opens an environment that holds the items after it
        preamble += "\\newenvironment{co}{\\em}{}\n\\newcommand{\\bco}{\\begin{co}}\n\\newcommand{\\eco}{\\end{co}}\n"
        body = "\\begin{itemize}\n" + "".join(f"\\bco\n\\item {c}\n\\eco\n\n{a}\n\n" for c, a in pairs) + "\\end{itemize}\n"
    elif shape == "todo-note":  # the reviewer's point set in a todonotes box through the letter's own macro
        preamble += "\\usepackage{todonotes}\n\\newcommand{\\noteRev}[1]{\\todo[color=blue!10, inline]{#1}}\n"
        body = "".join(f"\\noteRev{{{c}}}\n\n{a}\n\n" for c, a in pairs)
    else:  # one document per reviewer, in one file
        body = ""
    if shape == "per-reviewer-documents":
        text = "".join(f"{preamble}\\begin{{document}}\n\\section*{{Reviewer {i}}}\n{c}\n\n{a}\n\\end{{document}}\n"
                       for i, (c, a) in enumerate(pairs, 1))
    else:
        text = f"{preamble}\\begin{{document}}\n\\section*{{Reviewer 1}}\n{body}\\end{{document}}\n"
    f = tmp_path / "response.tex"
    f.write_text(text, encoding="utf-8")
    found = answers(read_letter(f), comments())
    assert [a is not None for a in found] == [True, True, True]
    assert [a.text.split(".")[0] for a in found] == [a.split(".")[0] for _, a in pairs]
