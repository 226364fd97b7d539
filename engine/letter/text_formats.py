"""The letter as Markdown and as LaTeX (plain text formats, written from a ``Letter``)."""

from __future__ import annotations

import re
from typing import Any

from engine.letter.author_tex import latex_response
from engine.letter.content import (
    NO_CHANGE,
    TO_ANSWER,
    UNCONFIRMED,
    Answer,
    Change,
    Letter,
    Run,
    glued,
)
from engine.letter.unicode_tex import PREAMBLE as UNICODE_PREAMBLE
from engine.letter.unicode_tex import to_latex
from engine.project.responses import ResponseKind


def _quote_md(text: str) -> str:
    return "\n".join("> " + line if line.strip() else ">" for line in text.strip().split("\n"))


#: What Markdown reads as markup inside a line ("->" is not: ">" quotes only at a line's start, escaped there).
_MD_INLINE = re.compile(r"([\\`*<|$]|~~|(?<!\w)_|_(?!\w)|\[(?=[^\]]*\]\())")
_MD_LINE_START = re.compile(r"^(\s*)([#>+=-]|\d+[.)])", re.MULTILINE)


def _md_escape(text: str) -> str:
    """Keep reviewers' and authors' text literal (no emphasis, heading, list or link made from it) while
    leaving ordinary punctuation alone: ``susan_c`` and ``[9, 10]`` stay as they are."""
    return _md_line_start(_md_inline(text))


def _md_inline(text: str) -> str:
    return _MD_INLINE.sub(lambda m: "".join("\\" + ch for ch in m.group(1)), text)


def _md_line_start(text: str) -> str:
    return _MD_LINE_START.sub(lambda m: m.group(1) + (m.group(2)[:-1] + "\\" + m.group(2)[-1]
                                                      if m.group(2)[0].isdigit() else "\\" + m.group(2)), text)


_LEADING_PUNCTUATION = re.compile(r"^[,;:.!?]+\s*")  # only what ends a clause: "%" or "»" read as old text outside


def _runs_md(runs: tuple[Run, ...]) -> str:
    """The runs as one line: insertions bold, deletions struck through. Only the line's start is escaped as a line
    start (each run's was: "**Table** 3\\." for "Table 3."). An opening ``**`` between a letter and punctuation is
    no emphasis in Markdown: the punctuation an insertion starts with goes before its bold ("models: **training
    …**", not "models **: training …**"), and a deletion's gets a space."""
    out = ""
    for glue, op, t in glued(runs):
        if op != "equal" and not glue and out[-1:].isalnum() and not t[:1].isalnum():
            lead = _LEADING_PUNCTUATION.match(t)
            if op == "insert" and lead and lead.end() < len(t):
                out += _md_inline(lead.group())
                t = t[lead.end():]
            else:
                glue = " "
        out += glue + (f"**{_md_inline(t)}**" if op == "insert" else f"~~{_md_inline(t)}~~" if op == "delete"
                       else _md_inline(t))
    return _md_line_start(out)


def _response_md(answer: Answer) -> list[str]:
    r = answer.response
    if r.kind is ResponseKind.TO_ANSWER:
        return [f"**Response.** **[{TO_ANSWER}]**"]
    lead = f"**Response.** {NO_CHANGE} " if r.kind is ResponseKind.NO_CHANGE else "**Response.** "
    paragraphs = [_md_escape(p.strip()) for p in r.text.split("\n\n") if p.strip()]
    return [lead + (paragraphs[0] if paragraphs else "")] + ["", *paragraphs[1:]] * bool(paragraphs[1:])


def _change_md(c: Change) -> list[str]:
    mark = "" if c.confirmed else f" _({UNCONFIRMED})_"
    return [f"- {c.name}: {_md_escape(c.where)}{mark}", "", "  > " + _runs_md(c.runs), ""]


def letter_markdown(letter: Letter) -> str:
    lines = ["# Response to the reviewers", "", f"**Paper:** {_md_escape(letter.title)}", "",
             "## Summary of changes", ""]
    lines += [" ".join(letter.summary), ""]
    lines += [f"- {_md_escape(s)}" for s in letter.section_lines()]
    lines += ["", letter.intro, ""]
    for part in letter.reviewers:
        lines += [f"## {_md_escape(part.name)}", ""]
        for i, a in enumerate(part.answers, 1):
            lines += [f"### {_md_escape(a.title(i))}", "", _quote_md(_md_escape(a.quote)), "", *_response_md(a), ""]
            if a.changes:
                lines += ["**Where the paper changed.**", ""]
                for c in a.changes:
                    lines += _change_md(c)
            for prop in a.proposals:
                lines += [f"**New text** ({_md_escape(prop.where)}):", "", _quote_md(_md_escape(prop.text)), ""]
    return "\n".join(lines).rstrip() + "\n"


def tex_escape(text: str) -> str:
    """Text as LaTeX source that prints it literally (pylatexenc: specials, accents, Greek, dashes; combining
    accents and characters no command spells as ``engine.letter.unicode_tex`` writes them); blank lines stay
    paragraph breaks."""
    paragraphs = [" ".join(p.split()) for p in text.split("\n\n")]
    return "\n\n".join(_prose_tex(p) for p in paragraphs if p)


def _prose_tex(text: str) -> str:
    """Text as LaTeX source, its spaces and lines kept (also the prose between the author's own LaTeX)."""
    return to_latex(text).replace("[", "{[}").replace("]", "{]}")


def _runs_tex(runs: tuple[Run, ...]) -> str:
    return "".join(glue + (f"\\textbf{{{tex_escape(t)}}}" if op == "insert" else f"\\sout{{{tex_escape(t)}}}"
                           if op == "delete" else tex_escape(t)) for glue, op, t in glued(runs))


_PREAMBLE = r"""\documentclass[11pt]{article}
""" + UNICODE_PREAMBLE + r"""\usepackage[margin=2.5cm]{geometry}
\usepackage[normalem]{ulem}
\usepackage{xcolor}
\makeatletter
% a run-in heading kept with what follows it (a list: no page break between them)
\newcommand{\rdhead}[1]{\par\medskip\noindent\textbf{#1}\par\nobreak\@afterheading}
\makeatother
"""


def letter_latex(letter: Letter) -> str:
    out = [_PREAMBLE, "\\begin{document}", "\\section*{Response to the reviewers}",
           f"\\noindent\\textbf{{Paper:}} {tex_escape(letter.title)}", "",
           "\\subsection*{Summary of changes}", tex_escape(" ".join(letter.summary))]
    if letter.section_lines():
        out += ["\\begin{itemize}"] + [f"  \\item {tex_escape(s)}" for s in letter.section_lines()]
        out += ["\\end{itemize}"]
    out += ["", tex_escape(letter.intro), ""]
    for part in letter.reviewers:
        out += [f"\\subsection*{{{tex_escape(part.name)}}}", ""]
        for i, a in enumerate(part.answers, 1):
            out += [f"\\subsubsection*{{{tex_escape(a.title(i))}}}", "\\begin{quote}\\itshape", tex_escape(a.quote),
                    "\\end{quote}", ""]
            r = a.response
            if r.kind is ResponseKind.TO_ANSWER:
                out.append(f"\\noindent\\textbf{{Response.}} \\textcolor{{red}}{{\\textbf{{[{TO_ANSWER}]}}}}")
            else:
                lead = f"{tex_escape(NO_CHANGE)} " if r.kind is ResponseKind.NO_CHANGE else ""
                text = r.text.strip()
                text = latex_response(text, _prose_tex) or tex_escape(text)  # the author's LaTeX as typed
                out.append(f"\\noindent\\textbf{{Response.}} {lead}{text}")
            out.append("")
            if a.changes:
                out += ["\\rdhead{Where the paper changed.}", "\\begin{itemize}"]
                for c in a.changes:
                    mark = "" if c.confirmed else f" \\emph{{({tex_escape(UNCONFIRMED)})}}"
                    out.append(f"  \\item {tex_escape(c.name)}: {tex_escape(c.where)}{mark}\\\\")
                    out.append(f"  {_runs_tex(c.runs)}")
                out += ["\\end{itemize}", ""]
            for prop in a.proposals:
                out += [f"\\noindent\\textbf{{New text}} ({tex_escape(prop.where)}):", "\\begin{quote}",
                        tex_escape(prop.text), "\\end{quote}", ""]
    out.append("\\end{document}")
    return "\n".join(out) + "\n"


def write_markdown(letter: Letter, path: Any) -> None:
    path.write_text(letter_markdown(letter), encoding="utf-8")


def write_latex(letter: Letter, path: Any) -> None:
    path.write_text(letter_latex(letter), encoding="utf-8")
