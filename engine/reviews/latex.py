"""Reviews written in LaTeX read as text (issue 33).

Reviews are often pasted from or kept in ``.tex`` files (a response letter's quoted points, a ``reviews.tex``).
A reviews file with the suffix ``.tex``, and a text or Markdown reviews file with LaTeX markup in it
(``looks_like_latex``), is turned into the plain text and Markdown the review parser reads
(``latex_review_text``): lists become one line per item with a marker (so list items are units of their own),
a short ``quote`` becomes ``>`` lines (a passage quoted from the paper, never a comment), ``\\section{Reviewer 1}``
a ``## Reviewer 1`` heading, and everything inline (``\\%``, ``~``, accents, ``\\emph``, ``\\cite``, ``\\ref``,
inline math) text as the paper's own LaTeX reader renders it (``engine.document.latex.text.LatexText``, on
pylatexenc): one LaTeX reader, not two.
"""

from __future__ import annotations

import re

from pylatexenc import latexwalker as lw

from engine.document.latex.text import MATH_ENVS, LatexText, compact_math

#: Environments that are lists: each ``\\item`` one line with a marker.
LISTS = frozenset({"itemize", "enumerate", "description", "compactitem", "compactenum", "inparaenum", "list"})
#: Environments that quote.
QUOTES = frozenset({"quote", "quotation", "displayquote", "verse"})
#: A quotation of at most this many words is a passage quoted from the paper (``>`` lines); a longer one is the
#: review itself, quoted in a response letter, and stays the review's text.
QUOTE_WORDS = 80
#: Headings: ``\\section{Reviewer 1}`` -> ``## Reviewer 1``; the lower levels one ``#`` more.
_HEADINGS = {"chapter": "#", "section": "##", "subsection": "###", "subsubsection": "####", "paragraph": "####",
             "subparagraph": "####"}
#: Macros that end a line, or a paragraph.
_LINE_BREAKS = frozenset({"\\", "newline", "linebreak"})
_PARAGRAPH_BREAKS = frozenset({"par", "medskip", "bigskip", "smallskip", "vspace", "newpage", "clearpage"})

#: Clear signs of LaTeX: an environment begun and ended, an ``\\item`` at a line's start, a text macro with its
#: argument (``\\emph{``, ``\\cite{``), an escaped special (``\\%``, ``\\&``).
_ENV = re.compile(r"\\begin\{([A-Za-z*]+)\}")
_ITEM = re.compile(r"^[ \t]*\\item\b", re.M)
_MACRO = re.compile(r"\\(?:emph|textbf|textit|texttt|textsc|underline|section|subsection|subsubsection|paragraph|"
                    r"cite[pt]?|citep?\*?|ref|eqref|autoref|cref|Cref|footnote|url|href|label|noindent|"
                    r"[\'\"`^~=.][A-Za-z]|[\'\"`^~=.]\{)\*?[{\[]?")
_ESCAPE = re.compile(r"\\[%&#_$]")
#: A list or quotation begun at a line's start: a sign even when its ``\\end`` was cut off (points quoted from a
#: letter whose ``\\end{quote}`` stayed with the answer).
_OPEN = re.compile(r"^[ \t]*\\begin\{(?:" + "|".join(sorted(LISTS | QUOTES)) + r")\}", re.M)
#: Signs needed: one environment begun and ended, or this many of the others together.
SIGNS = 3


def looks_like_latex(text: str) -> bool:
    """Text with LaTeX markup in it, read as LaTeX: an environment begun and ended (``\\begin{itemize}`` ...
    ``\\end{itemize}``), or ``SIGNS`` of ``\\item`` lines, text macros with their argument (``\\emph{``,
    ``\\cite{``, ``\\section{``, accents) and escaped specials (``\\%``). A text with a backslash or two (a
    Windows path, ``\\n``, one ``$\\alpha$``) is not LaTeX: it is read as written."""
    if "\\" not in text:
        return False
    if any(f"\\end{{{m.group(1)}}}" in text[m.end():] for m in _ENV.finditer(text)):
        return True
    signs = len(_ITEM.findall(text)) + len(_MACRO.findall(text)) + len(_ESCAPE.findall(text)) + len(_OPEN.findall(text))
    return signs >= SIGNS


#: ``\\begin{document}`` ... ``\\end{document}``.
_DEFINES = re.compile(r"\\(?:(?:re)?newcommand|providecommand|def)\b")
#: Environments whose text is set as typed (a letter that quotes each point in ``verbatim``).
VERBATIM = frozenset({"verbatim", "verbatim*", "Verbatim", "lstlisting", "minted"})
_BODY = re.compile(r"\\begin\{document\}(.*?)(?:\\end\{document\}|\Z)", re.S)
#: A Markdown heading ("## Reviewer 2"), kept as it is.
_MD_HEADING = re.compile(r"(^#{1,6}[ \t]+\S[^\n]*$)", re.M)
#: A per cent sign after a number in a text file is a per cent, not a LaTeX comment ("24% error").
_PERCENT = re.compile(r"(?<=\d)(?<!\\)%|(?<=\d )%")


def latex_review_text(latex: str, *, tex_file: bool = True) -> str:
    """The review text of ``latex``: plain text with Markdown headings, list items and quotations.

    ``tex_file``: a ``.tex`` file, where ``%`` starts a comment; in a text file with LaTeX markup a ``%`` after a
    number is a per cent sign."""
    latex = _own_macros(latex) if tex_file else latex
    bodies = _BODY.findall(latex)  # a letter file may hold several documents, one per reviewer
    text = "\n\n".join(bodies) if bodies else latex
    if not tex_file:
        text = _PERCENT.sub(r"\\%", text)
    reader = _ReviewText()
    out = ""
    for piece in _MD_HEADING.split(text):  # a Markdown heading ends what is open above it (an unclosed list)
        if _MD_HEADING.fullmatch(piece):
            out += f"\n\n{piece.strip()}\n\n"
        elif piece.strip():
            try:
                nodes, _, _ = reader.conv.walker(piece).get_latex_nodes()
                out += reader.render(list(nodes))
            except Exception:  # noqa: BLE001 - pylatexenc's errors on broken sources are of several kinds
                out += piece  # as typed, rather than nothing
    out = re.sub(r"[ \t]+\n", "\n", out.replace("\u00a0", " "))  # "Table~2": a space to a reader
    out = re.sub(r"(?m)^[ \t]+(?![ \t]*(?:-|\d{1,2}\.) )", "", out)  # the source's indentation, not a nested item's
    return re.sub(r"\n{3,}", "\n\n", out).strip("\n") + "\n"


def _own_macros(latex: str) -> str:
    """``latex`` with the file's own macros expanded (``\\newcommand{\\reply}[2]{\\item ...}``): letters often set
    each point and answer through a macro of their own, which the reader would otherwise drop with its arguments
    (session 25: a letter whose every point is a ``\\reply{...}{...}`` read as two empty headings)."""
    from engine.document.latex.macros import collect_macros, expand_macros
    from engine.document.latex.source import SourceText

    if not _DEFINES.search(latex):
        return latex
    macros, src = collect_macros(SourceText(latex))
    return expand_macros(src, macros).text


class _ReviewText:
    """Renders pylatexenc nodes as review text, keeping the source's lines and blank lines."""

    def __init__(self) -> None:
        self.conv = LatexText()
        self.l2t = self.conv._l2t  # noqa: SLF001 - the paper reader's converter, its placeholders and all

    def render(self, nodes: list[lw.LatexNode]) -> str:
        out: list[str] = []
        for node in nodes:
            out.append(self.node(node))
        return "".join(out)

    def node(self, node: lw.LatexNode) -> str:
        if node is None or isinstance(node, lw.LatexCommentNode):
            return "\n" if node is not None and "\n" in (node.comment_post_space or "") else ""
        if isinstance(node, lw.LatexCharsNode):
            return node.chars
        if isinstance(node, lw.LatexGroupNode):
            return self.render(list(node.nodelist))
        if isinstance(node, lw.LatexSpecialsNode) and node.specials_chars == "&":
            return "&"
        if isinstance(node, lw.LatexMathNode):
            math = compact_math(self.l2t.nodelist_to_text(list(node.nodelist)))
            return f" {math} " if node.displaytype == "display" else math
        if isinstance(node, lw.LatexEnvironmentNode):
            return self.environment(node)
        if isinstance(node, lw.LatexMacroNode):
            name = node.macroname
            if name in _HEADINGS:
                arg = node.nodeargd.argnlist[-1] if node.nodeargd else None
                title = " ".join(self.l2t.nodelist_to_text([arg]).split()) if arg is not None else ""
                return f"\n\n{_HEADINGS[name]} {title}\n\n" if title else "\n\n"
            if name in _LINE_BREAKS:
                return "\n"
            if name in _PARAGRAPH_BREAKS:
                return "\n\n"
            if name == "todo" and node.nodeargd and node.nodeargd.argnlist and node.nodeargd.argnlist[-1] is not None:
                return self.render([node.nodeargd.argnlist[-1]])  # a paper's margin note; in a letter, its text
            if name == "item":  # an \item outside a list (its \begin cut off)
                label = self.label(node)
                return f"\n- {label} " if label else "\n- "
        return self.l2t.node_to_text(node)

    def label(self, item: lw.LatexMacroNode) -> str:
        """The label of ``\\item[label]`` ("" when it has none)."""
        opt = item.nodeargd.argnlist[0] if item.nodeargd and item.nodeargd.argnlist else None
        return " ".join(self.l2t.nodelist_to_text([opt]).split()) if opt is not None else ""

    def environment(self, node: lw.LatexEnvironmentNode) -> str:
        name = node.environmentname
        verbatim = getattr(node.nodeargd, "verbatim_text", None) if name in VERBATIM else None
        if verbatim is not None:  # pylatexenc keeps a verbatim environment's text apart, as typed
            return f"\n\n{verbatim.strip()}\n\n" if verbatim.strip() else ""
        if name in LISTS:
            return "\n\n" + self.items(node) + "\n\n"
        if name in MATH_ENVS:
            return " " + compact_math(self.l2t.nodelist_to_text(list(node.nodelist))) + " "
        inner = self.render(list(node.nodelist))
        if name in QUOTES:
            paragraphs = [" ".join(p.split()) for p in re.split(r"\n[ \t]*\n", inner) if p.strip()]
            if paragraphs and sum(len(p.split()) for p in paragraphs) <= QUOTE_WORDS and "\n- " not in inner:
                return "\n\n" + "\n>\n".join(f"> {p}" for p in paragraphs) + "\n\n"
            return f"\n\n{inner.strip()}\n\n"
        return inner

    def items(self, node: lw.LatexEnvironmentNode, depth: int = 0) -> str:
        """One line per item ("- text", "1. text", "- (a) text"), a nested list's items indented under it."""
        lines: list[str] = []
        number = 0
        current: list[lw.LatexNode] | None = None
        label = ""

        def close() -> None:
            if current is None:
                return
            own, nested = [], []
            for n in current:
                if isinstance(n, lw.LatexEnvironmentNode) and n.environmentname in LISTS:
                    nested.append(self.items(n, depth + 1))
                else:
                    own.append(n)
            text = " ".join(self.render(own).split())
            marker = f"{number}." if node.environmentname in ("enumerate", "compactenum") and not label else "-"
            head = "  " * depth + marker + (f" {label}" if label else "")
            lines.append(f"{head} {text}".rstrip())
            lines.extend(nested)

        for n in _ungroup_items(node.nodelist):
            if isinstance(n, lw.LatexMacroNode) and n.macroname == "item":
                close()
                number += 1
                label = self.label(n)
                current = []
            elif isinstance(n, lw.LatexEnvironmentNode) and n.environmentname == "item":  # \begin{item} ... \end{item}
                close()
                number += 1
                label = ""
                current = list(n.nodelist)
            elif current is not None:
                current.append(n)
        close()
        return "\n".join(lines)


def _ungroup_items(nodes: list[lw.LatexNode]) -> list[lw.LatexNode]:
    """A list's nodes with each group or environment that holds an ``\\item`` opened up: a letter's own macro that
    sets an item (``\\reply{point}{answer}``) is expanded inside a group, and one that opens a style environment
    (``\\bco`` for ``\\begin{co}``) may hold the items after it."""
    out: list[lw.LatexNode] = []
    for n in nodes:
        opens = isinstance(n, lw.LatexGroupNode) or (
            isinstance(n, lw.LatexEnvironmentNode) and n.environmentname not in LISTS and n.environmentname != "item")
        if opens and any(isinstance(c, lw.LatexMacroNode) and c.macroname == "item" for c in n.nodelist):
            out.extend(_ungroup_items(list(n.nodelist)))
        else:
            out.append(n)
    return out
