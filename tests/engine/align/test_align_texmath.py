"""A comment's TeX math reads, on the lexical side, as the LaTeX reader reads the paper's math (issue 32, round ten):
checked against pylatexenc's own output and against a LaTeX document the reader loads; the rest of a comment is
left alone; the encoders still read the comment as written. Synthetic text, the real MiniLM encoder."""

from __future__ import annotations

import numpy as np
from pylatexenc.latex2text import LatexNodes2Text

from engine.align.bm25 import bm25_matrix
from engine.align.evidence import EvidenceAligner
from engine.align.texmath import lexical_comment, lexical_text
from engine.document import load_document
from engine.document.latex.text import compact_math
from engine.revision import diff_documents
from engine.reviews.model import ReviewComment
from tests.engine.built_revisions import PROSE, doc_of

MATH = [r"\alpha_i", r"\Delta W_i", r"\mathcal{F}", r"x \le y", r"s_{\alpha I}", r"\tilde{\theta}", r"\mathbb{R}^n",
        r"\frac{a}{b}", r"\hat{x}_t"]


def test_inline_math_reads_as_pylatexenc_reads_it() -> None:
    # the reference: pylatexenc's LatexNodes2Text in math "text" mode, compacted as the LaTeX reader compacts
    # inline math (sub/superscript markers and braces dropped); the spaces are the reader's ("ΔWi", not "Δ Wi")
    l2t = LatexNodes2Text(math_mode="text")
    for m in MATH:
        assert lexical_text(f"${m}$").replace(" ", "") == compact_math(l2t.latex_to_text(f"${m}$")).replace(" ", ""), m
    assert lexical_text(r"the weights $\alpha_i$ and \(\beta\)") == "the weights αi and β"
    assert lexical_text(r"Why is \mathcal{F} compact, and \le not <?") == "Why is F compact, and ≤ not <?"
    assert lexical_text(r"the block $$ \frac{a}{b} $$ and \[ s_{\alpha I} \] here") == "the block a/b and sαI here"
    # a comment a response letter wraps in a text macro: running text, its own math inline
    assert lexical_text(r"\textit{Define $s_{\alpha I}$ in Eq. (25).} \cite{key}") == "Define sαI in Eq. (25). [key]"


def test_the_math_of_a_comment_reads_as_the_latex_reader_reads_the_paper(tmp_path) -> None:
    body = " ".join(f"Term {k} is ${m}$." for k, m in enumerate(MATH))
    tex = tmp_path / "paper.tex"
    tex.write_text("\\documentclass{article}\n\\begin{document}\n\\section{Method}\n" + body + "\n\\end{document}\n",
                   encoding="utf-8")
    text = " ".join(p.text for p in load_document(tex).paragraphs)
    for k, m in enumerate(MATH):
        assert f"Term {k} is {lexical_text(f'${m}$')}." in text, (m, text)


def test_text_that_is_not_math_is_left_alone() -> None:
    for s in ("50% of the runs -- see p. 3 ~ roughly", "It costs \\$5 per run.", "plain words, no TeX at all",
              "a review's 'quote' and \"another\""):
        assert lexical_text(s) == s
    c = ReviewComment(id="R1.1", reviewer="R", text="Plain text.", context="No math.")
    assert lexical_comment(c) is c


def test_bm25_finds_the_edit_that_writes_the_symbol_a_comment_writes_in_tex() -> None:
    comment = r"Please define $s_{\alpha I}$ and $\Delta W_i$ before they are used in the update rule."
    edits = ["Section 2 now introduces the shape functions sαI and the weight increments ΔWi.",
             "The rule is applied once per step for every node.",
             "We thank the reviewers for their comments on the presentation."]
    raw, read = bm25_matrix([comment], edits)[0], bm25_matrix([lexical_text(comment)], edits)[0]
    assert int(np.argmax(read)) == 0 and read[0] > read[1] > 0
    assert raw[0] < raw[1]  # as written, "s_" and "alpha" match nothing; the update rule's words lead


def test_the_encoder_reads_the_comment_as_written_and_bm25_the_math_as_the_edit_writes_it(monkeypatch) -> None:
    from engine.align import evidence
    from engine.align.base import candidate_edits
    from engine.jobs import run_job

    seen = []

    class Recording(EvidenceAligner):  # the real aligner and encoder; only what reaches the encoder is recorded
        def dense(self, comments, edits, mask, cancel=None):
            seen.extend(c.full_text for c in comments)
            return super().dense(comments, edits, mask, cancel)

    text = r"Please define $\Delta W_i$ where it first appears."
    old = PROSE + ["The update adds the increments to the previous state at each step."]
    new = PROSE + ["The update adds the increments ΔWi, one per node, to the previous state at each step."]
    diff = diff_documents(doc_of(old), doc_of(new))
    comments, edits = [ReviewComment(id="R2.1", reviewer="R", text=text)], candidate_edits(diff)
    bm25 = {}
    for on in (False, True):
        monkeypatch.setattr(evidence, "LEXICAL_TEX", on)
        aligner = Recording()
        aligner.diff = diff
        features, _ = run_job(aligner.iter_features(comments, edits))
        bm25[on] = float(features[0, 0, evidence.FEATURES.index("bm25")])
    assert bm25 == {False: 0.0, True: 1.0}  # "delta", "w_i" match nothing; "ΔWi" is the edit's word
    assert seen == [text, text]  # the encoder read the comment as written, with and without
