"""LaTeX project reading: includes, comments, conditionals, main-file detection, bad inputs."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from engine.document.latex.load import load_latex
from engine.document.latex.includes import find_main_file
from engine.document.latex.source import strip_comments
from engine.errors import InputError

PREAMBLE = "\\documentclass{article}\n\\begin{document}\n"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def body_texts(doc) -> list[str]:
    return [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]


def test_input_and_include_resolve_across_folders_with_and_without_suffix(tmp_path: Path) -> None:
    write(tmp_path / "sections" / "intro.tex", "\\section{Introduction}\nIntro text from a subfolder.\n")
    write(tmp_path / "sections" / "method.tex", "\\section{Method}\nMethod text,\n\\input{sections/extra}\n\n\\input{sections/detail}\n")
    write(tmp_path / "sections" / "detail.tex", "Detail text, nested two levels deep.\n")
    write(tmp_path / "sections" / "extra.tex", "inlined where it stands.\n")
    write(tmp_path / "appendix.tex", "\\section{Extra}\nAppendix text.\n")
    main = write(
        tmp_path / "paper.tex",
        PREAMBLE + "\\input{sections/intro}\n\\input{sections/method.tex}\n\\include{appendix}\n\\end{document}\n",
    )
    doc = load_latex(main)
    assert [s.title for s in doc.sections] == ["Introduction", "Method", "Extra"]
    assert body_texts(doc) == [
        "Intro text from a subfolder.",
        "Method text, inlined where it stands.",
        "Detail text, nested two levels deep.",
        "Appendix text.",
    ]
    detail = next(p for p in doc.paragraphs if p.text.startswith("Detail"))
    assert (detail.file, detail.line) == ("sections/detail.tex", 1)  # where the paragraph starts
    assert doc.notices == []


def test_import_and_subimport_resolve_relative_to_their_folder(tmp_path: Path) -> None:
    write(tmp_path / "chap" / "one.tex", "Chapter file.\n\n\\input{two}\n")
    write(tmp_path / "chap" / "two.tex", "Second file found beside the first.\n")
    main = write(tmp_path / "main.tex", PREAMBLE + "\\import{chap/}{one}\n\\end{document}\n")
    doc = load_latex(main)
    assert body_texts(doc) == ["Chapter file.", "Second file found beside the first."]


def test_missing_input_is_a_notice_and_cycles_stop(tmp_path: Path) -> None:
    write(tmp_path / "a.tex", "Text of a.\n\n\\input{b}\n")
    write(tmp_path / "b.tex", "Text of b.\n\n\\input{a}\n")
    main = write(tmp_path / "main.tex", PREAMBLE + "\\input{a}\n\n\\input{nowhere}\n\nEnd.\n\\end{document}\n")
    doc = load_latex(main)
    assert body_texts(doc) == ["Text of a.", "Text of b.", "End."]
    assert any("nowhere" in n and "not found" in n for n in doc.notices)
    assert any("cycle" in n for n in doc.notices)


def test_self_input_is_a_cycle_not_a_crash(tmp_path: Path) -> None:
    main = write(tmp_path / "main.tex", PREAMBLE + "Once.\n\n\\input{main}\n\\end{document}\n")
    doc = load_latex(main)
    assert body_texts(doc) == ["Once."]
    assert any("cycle" in n for n in doc.notices)


def test_includes_outside_the_project_folder_are_skipped_with_a_notice(tmp_path: Path) -> None:
    secret = write(tmp_path / "home" / ".ssh" / "id_rsa", "PRIVATE KEY MATERIAL\n")
    write(tmp_path / "secret.tex", "Secret two folders up.\n")
    project = tmp_path / "inbox" / "paper"
    write(project / "sec" / "ok.tex", "Inside the project.\n")
    (project / "sec" / "link.tex").symlink_to(secret)  # a symlink inside the folder that points out of it
    main = write(
        project / "main.tex",
        PREAMBLE + f"\\input{{{secret}}}\n\n\\input{{../../secret}}\n\n\\input{{sec/link}}\n\n"
        "\\import{../}{../secret}\n\n\\input{sec/ok}\n\\end{document}\n",
    )
    doc = load_latex(main)
    assert body_texts(doc) == ["Inside the project."]
    assert not any("PRIVATE" in p.text or "Secret" in p.text for p in doc.paragraphs)
    outside = [n for n in doc.notices if "outside the project folder" in n]
    assert len(outside) == 4
    assert any(str(secret) in n for n in outside) and any("../../secret" in n for n in outside)
    assert any("sec/link" in n for n in outside)


def test_bbl_symlinked_from_outside_is_not_read(tmp_path: Path) -> None:
    write(tmp_path / "elsewhere.txt", "\\begin{thebibliography}{1}\n\\bibitem{x} LEAKED FILE CONTENT.\n\\end{thebibliography}\n")
    project = tmp_path / "paper"
    main = write(project / "main.tex", PREAMBLE + "Body text here.\n\n\\bibliography{refs}\n\\end{document}\n")
    (project / "main.bbl").symlink_to(tmp_path / "elsewhere.txt")
    doc = load_latex(main)
    assert not any("LEAKED" in p.text for p in doc.paragraphs)
    assert "Body text here." in body_texts(doc)


def test_subfile_contributes_only_its_body(tmp_path: Path) -> None:
    write(
        tmp_path / "part.tex",
        "\\documentclass[main.tex]{subfiles}\n\\begin{document}\nSubfile body.\n\\end{document}\n",
    )
    main = write(tmp_path / "main.tex", PREAMBLE + "Main text.\n\n\\subfile{part}\n\\end{document}\n")
    assert body_texts(load_latex(main)) == ["Main text.", "Subfile body."]


def test_comments_are_stripped_but_escaped_percent_stays(tmp_path: Path) -> None:
    main = write(
        tmp_path / "main.tex",
        PREAMBLE
        + "We gain 60\\% of the speedup. % a comment 50%\n"
        + "% a whole comment line does not split the paragraph\n"
        + "    Still the same paragraph%\n"
        + "glued.\n\n"
        + "Line break then comment \\\\% comment after a line break\n"
        + "next.\n"
        + "\\end{document}\n",
    )
    doc = load_latex(main)
    assert body_texts(doc) == [
        "We gain 60% of the speedup. Still the same paragraphglued.",
        "Line break then comment next.",
    ]


def test_comment_stripping_keeps_verbatim_and_lines() -> None:
    src = strip_comments("a % x\n\\begin{verbatim}\n50% kept\n\\end{verbatim}\nb\n", "f.tex")
    assert "50% kept" in src.text
    assert "x" not in src.text.split("\n")[0]
    assert src.origin(src.text.index("b\n")) == ("f.tex", 5)


def test_iffalse_blocks_and_comment_environment_are_dropped(tmp_path: Path) -> None:
    main = write(
        tmp_path / "main.tex",
        PREAMBLE
        + "Kept one.\n\n\\iffalse\nDropped text.\n\\ifx a b nested \\fi\nStill dropped.\n\\fi\n\n"
        + "\\if0 Also dropped. \\else Else branch kept. \\fi\n\n"
        + "\\begin{comment}\nCommented out.\n\\end{comment}\n\nKept two.\n\\end{document}\n",
    )
    assert body_texts(load_latex(main)) == ["Kept one.", "Else branch kept.", "Kept two."]


def test_folder_finds_main_file_by_name_and_inputs(tmp_path: Path) -> None:
    project = tmp_path / "mypaper"
    write(project / "notes.tex", "\\documentclass{article}\n\\begin{document}\nNotes.\n\\end{document}\n")
    write(project / "intro.tex", "Intro.\n")
    write(project / "draft.tex", PREAMBLE + "\\input{intro}\n\\end{document}\n")
    assert find_main_file(project).name == "draft.tex"
    write(project / "mypaper.tex", PREAMBLE + "Named like the folder.\n\\end{document}\n")
    assert find_main_file(project).name == "mypaper.tex"
    doc = load_document(project)
    assert doc.source_format == "latex"
    assert body_texts(doc) == ["Named like the folder."]


def test_folder_without_main_file_is_a_clear_error(tmp_path: Path) -> None:
    write(tmp_path / "part.tex", "Just a fragment.\n")
    with pytest.raises(InputError, match="no main .tex file"):
        load_document(tmp_path)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(InputError, match="no .tex file"):
        load_document(empty)


def test_binary_and_empty_tex_files_are_input_errors(tmp_path: Path) -> None:
    binary = tmp_path / "image.tex"
    binary.write_bytes(bytes(range(256)) * 8)
    with pytest.raises(InputError, match="not a text file"):
        load_document(binary)
    empty = write(tmp_path / "empty.tex", "")
    with pytest.raises(InputError, match="empty"):
        load_document(empty)
    blank = write(tmp_path / "blank.tex", "  \n% only a comment\n")
    with pytest.raises(InputError, match="empty"):
        load_latex(blank)


def test_fragment_without_document_environment_still_loads(tmp_path: Path) -> None:
    frag = write(tmp_path / "frag.tex", "\\section{Results}\nA fragment paragraph.\n")
    doc = load_document(frag)
    assert [s.title for s in doc.sections] == ["Results"]
    assert body_texts(doc) == ["A fragment paragraph."]
    assert any("fragment" in n for n in doc.notices)


def test_latin1_source_is_read_with_a_notice(tmp_path: Path) -> None:
    main = tmp_path / "main.tex"
    main.write_bytes((PREAMBLE + "Caf\u00e9 au lait.\n\\end{document}\n").encode("latin-1"))
    doc = load_latex(main)
    assert body_texts(doc) == ["Caf\u00e9 au lait."]
    assert any("not UTF-8" in n for n in doc.notices)


def test_a_figures_pgf_or_tikz_drawing_is_not_read_as_text(tmp_path: Path) -> None:
    # matplotlib's .pgf export: picture code, its labels set inside the figure; here nested past the reader's limit
    deep = "{" * 120 + "\\pgftext{axis label}" + "}" * 120
    write(tmp_path / "fig" / "rates.pgf", "\\begin{pgfpicture}\\pgfpathmoveto{\\pgfqpoint{0in}{0in}}" + deep
          + "\\end{pgfpicture}\n")
    write(tmp_path / "fig" / "flow.tikz", "\\begin{tikzpicture}\\node at (0,0) {inflow};\\end{tikzpicture}\n")
    main = write(tmp_path / "main.tex", PREAMBLE + "The rates grow with the load.\n\n\\begin{figure}\\centering\n"
                 "\\input{fig/rates.pgf}\\input{fig/flow.tikz}\n\\caption{Rates and flow.}\\end{figure}\n\n"
                 "They fall after the peak.\n\\end{document}\n")
    doc = load_latex(main)
    assert body_texts(doc) == ["The rates grow with the load.", "They fall after the peak."]
    texts = " ".join(p.text for p in doc.paragraphs)
    assert "Rates and flow." in texts and "axis label" not in texts and "inflow" not in texts and "pgf" not in texts
