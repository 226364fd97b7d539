"""An ``\\input`` that a macro's body holds is read where the macro is used (session 33, latex34: a paper that reads
each section through ``\\def\\sec#1#2{\\section{#2}\\input{#1}}`` read its abstract and little else). The project
here is written for the test."""

from __future__ import annotations

from pathlib import Path

from engine.document import ParagraphKind
from engine.document.latex.load import load_latex

MAIN = r"""\documentclass{article}
\begin{document}
\begin{abstract}
Pebbles are counted.
\end{abstract}
\def\piece#1#2{\section{#2} \label{sec:#1} \input{#1.tex}}
\newcommand{\chunk}[1]{\input{chunks/#1}}

\piece{opening}{Where pebbles lie}
\piece{counting}  {How pebbles are counted}

\chunk{closing}
\end{document}
"""
FILES = {
    "opening.tex": "Pebbles lie on the shore of the quiet lake.\n\nSome pebbles are round.\n",
    # a file read in through a macro defines a macro of its own that reads more files
    "counting.tex": "\\def\\step#1#2{\\subsection{#2}\\input{count-#1}}\nWe count them by hand.\n\n"
                    "\\step{first}{The first count}\n",
    "count-first.tex": "The first count found nine pebbles.\n",
    "chunks/closing.tex": "Nine pebbles close the tale.\n",
}


def _write(tmp_path: Path, main: str = MAIN, files: dict[str, str] = FILES) -> Path:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "main.tex").write_text(main, encoding="utf-8")
    return tmp_path / "main.tex"


def test_an_input_in_a_macro_body_is_read_where_the_macro_is_used(tmp_path: Path) -> None:
    doc = load_latex(_write(tmp_path))
    texts = [p.text for p in doc.paragraphs]
    headings = [p.text for p in doc.paragraphs if p.kind == ParagraphKind.HEADING]
    assert headings == ["Where pebbles lie", "How pebbles are counted", "The first count"]
    for line in ("Pebbles lie on the shore of the quiet lake.", "Some pebbles are round.", "We count them by hand.",
                 "The first count found nine pebbles.", "Nine pebbles close the tale."):
        assert line in texts
    assert not any("#1" in t for t in texts)
    assert not any("not found" in n for n in doc.notices)
    # each paragraph keeps the file and line it came from
    assert {p.text: p.file for p in doc.paragraphs}["The first count found nine pebbles."] == "count-first.tex"
    assert {p.text: p.line for p in doc.paragraphs}["Some pebbles are round."] == 3


def test_a_macro_that_reads_its_own_file_stops(tmp_path: Path) -> None:
    main = MAIN.replace(r"\chunk{closing}", r"\again{loop}").replace(
        r"\newcommand{\chunk}[1]{\input{chunks/#1}}", r"\newcommand{\again}[1]{\input{#1}}")
    files = {**FILES, "loop.tex": "A loop line.\n\n\\again{loop}\n"}
    doc = load_latex(_write(tmp_path, main, files))
    assert 1 <= sum(p.text == "A loop line." for p in doc.paragraphs) <= 5
    assert any("more than" in n for n in doc.notices)


def test_a_macro_include_outside_the_folder_is_skipped(tmp_path: Path) -> None:
    (tmp_path / "outside.tex").write_text("Secret words.\n", encoding="utf-8")
    project = tmp_path / "paper"
    project.mkdir()
    main = MAIN.replace(r"\chunk{closing}", r"\chunk{../outside}").replace("chunks/#1", "#1")
    doc = load_latex(_write(project, main))
    assert not any("Secret" in p.text for p in doc.paragraphs)
    assert any("outside the project folder" in n for n in doc.notices)
