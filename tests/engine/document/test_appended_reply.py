"""A revised paper built with the reply to the reviewers appended after it (a journal's LaTeX macros switch the reply
on at the end of the manuscript): the reply quotes each comment, so every comment's best edit was the reply's
quotation of it (a new-user trial, session 22: 9 of 20 comments "addressed" so). From its heading on, the reply is
read as ``OTHER``: shown, never compared or aligned. Synthetic papers, read from LaTeX and from PDFs typeset here."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from engine.document.forms import REPLY
from engine.revision import diff_documents

PROSE = ("We sample the layered lattice with the new sampler and report the runtime of each model over five chains, "
         "with the spread between the fastest and the slowest chain for every lattice size we tried. ")
REPLY_TEXT = r"""
\clearpage
\section*{To the Editor(s) --}
With this reply we send the revised manuscript. We thank the referees for their comments.

\section*{Reviewer 1}
(1.1) The runtime table should report the number of chains used for each model.

Reply: We now report the number of chains for each model in the runtime table.

(1.2) The paper never states how the step size of the sampler is chosen.

Reply: The methods now state how the step size is chosen.
"""


def paper(tmp_path: Path, name: str, results: str, reply: bool) -> Path:
    body = (f"\\section{{Introduction}}\n{PROSE}\n\n\\section{{Method}}\n{PROSE}\n\n\\section{{Results}}\n{results}\n\n"
            f"\\section{{Discussion}}\nLarger lattices need more memory than we had. {PROSE}\n\n"
            f"\\section{{Conclusion}}\nThe sampler is fast on every lattice we tried. {PROSE}\n"
            + (REPLY_TEXT if reply else ""))
    folder = tmp_path / name
    folder.mkdir()
    (folder / "main.tex").write_text("\\documentclass{article}\n\\title{Layered Lattices}\\author{A. Author}\n"
                                     f"\\begin{{document}}\n\\maketitle\n{body}\n\\end{{document}}\n", encoding="utf-8")
    return folder / "main.tex"


def test_reply_headings() -> None:
    for title in ("To the Editor(s) –", "To the Editor(s) --", "Response to Reviewers", "Responses to the referees' "
                  "comments", "Reply to the reviewers", "Resubmission Cover Letter", "Rebuttal", "Author response",
                  "A Point-by-point reply to the referees"):
        assert REPLY.match(title), title
    for title in ("Responses of the lattice to shear", "Results", "Letters to editors as a data source", "Replies"):
        assert not REPLY.match(title), title


def _compare(old: Path, new: Path) -> None:
    a, b = load_document(old), load_document(new)
    reply = [p for p in b.paragraphs if "(1.1)" in p.text or p.text.startswith("Reply:")]
    assert reply and all(p.kind is ParagraphKind.OTHER for p in reply)  # still read, shown as it is
    assert any("reply to the reviewers" in n for n in b.notices)
    assert not any("reply to the reviewers" in n for n in a.notices)
    changed = [e for e in diff_documents(a, b).edits if e.changed]
    texts = [f"{e.source_text} {e.target_text}" for e in changed]
    assert not any("(1.1)" in t or "Reply:" in t or "To the Editor" in t for t in texts)  # the reply is no edit
    assert any("seven chains" in t for t in texts)


def test_an_appended_reply_is_no_edit_in_latex(tmp_path: Path) -> None:
    old = paper(tmp_path, "old", PROSE, reply=False)
    new = paper(tmp_path, "new", PROSE.replace("five chains", "seven chains"), reply=True)
    _compare(old, new)


def test_a_reply_heading_in_the_first_half_is_the_papers_own(tmp_path: Path) -> None:
    tex = paper(tmp_path, "own", PROSE, reply=False)
    text = tex.read_text(encoding="utf-8").replace("\\section{Method}", "\\section{Response to reviewers}", 1)
    tex.write_text(text, encoding="utf-8")
    doc = load_document(tex)
    assert not any("reply to the reviewers" in n for n in doc.notices)
    late = doc.paragraphs[len(doc.paragraphs) // 2:]
    assert any(p.kind is ParagraphKind.BODY and "five chains" in p.text for p in late)


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex (TeX Live) is not installed")
def test_an_appended_reply_is_no_edit_in_typeset_pdfs(tmp_path: Path) -> None:
    pdfs = []
    for name, results, reply in (("old", PROSE, False), ("new", PROSE.replace("five chains", "seven chains"), True)):
        tex = paper(tmp_path, name, results, reply)
        run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "main.tex"], cwd=tex.parent,
                             capture_output=True, text=True, timeout=180)
        assert (tex.parent / "main.pdf").is_file(), run.stdout[-2000:]
        pdfs.append(tex.parent / "main.pdf")
    _compare(*pdfs)


def test_project_new_says_the_reply_was_left_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from engine.cli.main import main

    old = paper(tmp_path, "old", PROSE, reply=False)
    new = paper(tmp_path, "new", PROSE.replace("five chains", "seven chains"), reply=True)
    reviews = tmp_path / "reviews.md"
    reviews.write_text("## Reviewer 1\n\nThe runtime table should report the number of chains used for each model.\n",
                       encoding="utf-8")
    out = tmp_path / "p.redraft"
    assert main(["project", "new", "p", "--old", str(old), "--new", str(new), "--reviews", str(reviews),
                 "--out", str(out), "--aligner", "bm25"]) == 0
    err = capsys.readouterr().err
    assert "redraft: note: main.tex: read the reply to the reviewers after the paper" in err
