"""LaTeX nodes to plain text, on top of pylatexenc, with Redraft's placeholders.

Choices, made so the text reads like the typeset PDF:

- inline math is kept in a compact form (``$\\Delta W_i$`` -> ``ΔWi``): symbols as
  Unicode, sub/superscript markers and braces dropped;
- display math inside a paragraph becomes ``[EQUATION]`` (the structure pass
  makes a standalone display its own EQUATION paragraph);
- ``\\cite{a,b}`` becomes ``[a, b]`` (the keys, in brackets, where the PDF shows ``[3, 7]``);
- ``\\ref`` gives the resolved number (sections, figures, tables, equations
  numbered by the structure pass) or ``??`` as LaTeX prints for an unknown label;
  ``\\autoref``/``\\cref``/``\\Fref`` add the kind (``Figure 3``, ``theorem 2.1``, a ``\\crefname`` the source
  sets), ``\\eqref`` gives ``(3)``;
- ``\\footnote`` text is set aside for a FOOTNOTE paragraph after the paragraph;
- unknown macros are dropped, keeping their braced arguments' text.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Callable

from pylatexenc import latexwalker, macrospec
from pylatexenc.latex2text import EnvironmentTextSpec, LatexNodes2Text, MacroTextSpec, get_default_latex_context_db

from engine.document.latex.acronyms import USES as ACRONYM_USES
from engine.document.latex.acronyms import Acronyms
from engine.document.latex.mathspace import PRIMED, prime_first, tighten
from engine.document.latex.theorems import Theorem, autoref_name, theorem_ref_name
from engine.document.model import ParagraphKind

EQUATION = "[EQUATION]"
MATH_ENVS = frozenset(
    "equation equation* align align* alignat alignat* gather gather* multline multline* eqnarray eqnarray* "
    "flalign flalign* displaymath math dmath dmath* split".split()
)

#: Package settings and definitions that print nothing, with their arguments (listings styles, prettyref and
#: cleveref formats, TikZ/pgfplots styles and tables, siunitx, enumitem, column types, counters, lengths,
#: IEEEtran's bibliography control entry).
_SETTINGS: dict[str, str] = {
    "lstdefinestyle": "{{", "lstdefinelanguage": "[{[{", "newrefformat": "{{", "crefname": "{{{", "Crefname": "{{{",
    "crefformat": "{{", "Crefformat": "{{", "tikzset": "{", "pgfplotsset": "{", "usetikzlibrary": "{",
    "usepgfplotslibrary": "{", "pgfplotstableread": "[{", "sisetup": "{", "setlist": "[{", "newcolumntype": "{[{",
    "newcounter": "{[", "newlength": "{", "graphicspath": "{", "DeclareCaptionFormat": "{{",
    "DeclareCaptionLabelFormat": "{{", "addbibresource": "[{", "bstctlcite": "[{", "pagenumbering": "{",
    "urlstyle": "{", "IncMargin": "{", "DecMargin": "{",  # algorithm2e's margins ("1em" read as a paragraph)
    # track-changes settings (changes, trackchanges, soul): authors and markup, never text
    "definechangesauthor": "[{", "setaddedmarkup": "{", "setdeletedmarkup": "{", "sethighlightmarkup": "{",
    "setcommentmarkup": "{", "addeditor": "{", "sethlcolor": "{", "setulcolor": "{", "setstcolor": "{",
    # annotate-equations: notes drawn with arrows beside a display's marked terms, not running text
    "annotate": "[{{{", "annotatetwo": "[{{{{",
    # running heads (IEEEtran's journal name and short title): printed in the page's head, which the PDF reader drops
    "markboth": "{{", "markright": "{",
    # lineno's line labels and numbering switches (a response letter cites the line; train33 saw "lichenuncertaintyIn")
    "linelabel": "{", "modulolinenumbers": "*[", "linenumbers": "*[", "nolinenumbers": "",
}
#: Dirac brackets read with one argument, as the braket package writes ``\braket{a|b}``; pylatexenc's two (the
#: physics package's ``\braket{a}{b}``) made a one-argument bracket swallow the closing ``$`` and, with it, the rest
#: of the paper (train34). The physics forms read "⟨a⟩b" and ``\ketbra{a}{b}`` "|a|b": a little off, nothing lost.
_BRACKETS = {"braket": "⟨{}⟩", "ketbra": "|{}|"}
_KEEP = "texttt textsf textup textmd textnormal underline uline sout hl ul so mbox hbox fbox text enquote ensuremath operatorname bm boldsymbol textsuperscript textsubscript emph textbf textit textsc textsl textrm nolinkurl url path".split()
_WALK_SPECS: dict[str, str] = {
    **{name: "{" for name in _KEEP},
    **{name: "*[[{" for name in "cite citep citet citealp citealt citeauthor citeyear citeyearpar parencite textcite autocite footcite Cite Citep Citet citenum shortcite nocite".split()},
    **{name: "*[{" for name in ACRONYM_USES},  # \\acs*{NCS}: the acronym package's starred forms
    **{name: "*{" for name in "ref eqref autoref Autoref cref Cref fref Fref pageref vref nameref cpageref".split()},
    "tfrac": "{{", "dfrac": "{{", "cfrac": "[{{",
    "hyperref": "[{", "href": "[{{", "textcolor": "[{{", "colorbox": "[{{", "color": "[{",
    "makebox": "[[{", "framebox": "[[{", "raisebox": "{[[{", "resizebox": "*{{{", "scalebox": "{[{",
    "usefont": "{{{{", "fontsize": "{{", "fontfamily": "{", "fontseries": "{", "fontshape": "{",
    "setlength": "{{", "addtolength": "{{", "setcounter": "{{", "addtocounter": "{{", "stepcounter": "{",
    "keywords": "{", "ccsdesc": "[{", "affiliation": "[{", "email": "[{", "institution": "{", "orcid": "{",
    "thanks": "{", "acmConference": "[{{{", "acmBooktitle": "{", "acmDOI": "{", "acmISBN": "{", "acmYear": "{",
    "copyrightyear": "{", "setcopyright": "{", "acmPrice": "{", "settopmatter": "{", "received": "[{",
    "bibliographystyle": "{", "bibliography": "{", "newtheorem": "*{[{[", "theoremstyle": "{",
    "pagestyle": "{", "thispagestyle": "{", "rule": "[{{", "phantom": "{", "vphantom": "{", "hphantom": "{",
    "enlargethispage": "*{", "linespread": "{", "footnotemark": "[", "footnotetext": "[{", "footnote": "[{",
    "captionsetup": "[{", "lstset": "{", "definecolor": "{{{", "hypersetup": "{", "caption": "*[{", "captionof": "*{[{",
    "subcaption": "[{", "label": "{", "includegraphics": "*[[{", "input": "{", "include": "{",
    "paragraph": "*[{", "subparagraph": "*[{", "bibitem": "[{", "title": "[{", "author": "*[{", "bmhead": "{",
    "date": "{", "subtitle": "{", "IEEEauthorblockN": "{", "IEEEauthorblockA": "{", "shortauthors": "",
    "lstinputlisting": "[{", "vspace": "*{", "hspace": "*{", "vskip": "", "redraftverbatim": "{",
    "redraftverb": "{", "multicolumn": "{{{", "multirow": "{{{", "cline": "{", "icmltitle": "{",
    "tnote": "{", "balance": "", "abstract": "{", "refstepcounter": "{", "arabic": "{",
    # Elsevier's and Springer Nature's front matter: addresses, title and author notes, e-mails, the journal
    "address": "[{", "cortext": "[{", "tnotetext": "[{", "fntext": "[{", "ead": "[{", "journal": "{", "affil": "*[{",
    # REVTeX's: the preprint number, PACS codes, notes beside the affiliations
    "preprint": "{", "pacs": "{", "altaffiliation": "[{", "homepage": "[{",
    # todonotes' notes among the authors (in the margin, or not printed at all with [disable]): never the paper's text
    "todo": "[{", "missingfigure": "[{", "listoftodos": "[",
    # the subfigure and subfig packages' sub-figures as macros: the bracketed caption is text, the picture not
    "subfigure": "[{", "subfloat": "[[{",
    # settings that print nothing, when a paper makes them after \\begin{document}
    **_SETTINGS,
    **{name: "{" for name in _BRACKETS},
}
_DROP = set(
    "hyperref textcolor colorbox color usefont fontsize fontfamily fontseries fontshape setlength addtolength "
    "setcounter addtocounter stepcounter keywords ccsdesc affiliation email institution orcid thanks acmConference "
    "acmBooktitle acmDOI acmISBN acmYear copyrightyear setcopyright acmPrice settopmatter received bibliographystyle "
    "bibliography newtheorem theoremstyle pagestyle thispagestyle rule phantom vphantom hphantom enlargethispage "
    "linespread footnotemark captionsetup lstset definecolor hypersetup label includegraphics input include "
    "title author date subtitle lstinputlisting vspace hspace xspace maketitle centering raggedright raggedleft "
    "noindent newpage clearpage pagebreak linebreak smallskip medskip bigskip protect cline balance tableofcontents "
    "appendix IEEEauthorblockN IEEEauthorblockA icmltitle tnote abstract address cortext tnotetext fntext ead journal "
    "affil preprint pacs altaffiliation homepage todo missingfigure listoftodos markboth markright refstepcounter".split()
) | set(_SETTINGS)
#: Macros that print nothing: they never start a paragraph.
SILENT = frozenset(_DROP | {"par", "footnote", "footnotetext"})
_WALK_ENVS: dict[str, str] = {
    "tabular": "{", "tabular*": "{{", "tabularx": "{{", "minipage": "[[[{", "subfigure": "[{",
    "wrapfigure": "[{[{", "wraptable": "[{[{", "thebibliography": "{", "figure": "[", "figure*": "[",
    "table": "[", "table*": "[", "algorithm": "[", "lstlisting": "[", "multicols": "{", "adjustbox": "{",
    "IEEEbiography": "[{", "IEEEbiographynophoto": "{",
    "adjustwidth": "{{", "adjustwidth*": "{{",  # changepage's margins (MDPI's wide tables: "-0cm" read as text)
}
#: Environments read as paragraphs of their own kind: the bibliography's entries, and IEEEtran's biographies of the
#: authors after it (their photo and name are arguments; trial29) and its "Index Terms", which are no body text.
KIND_ENVS = {"thebibliography": ParagraphKind.REFERENCE, "IEEEbiography": ParagraphKind.OTHER,
             "IEEEbiographynophoto": ParagraphKind.OTHER, "IEEEkeywords": ParagraphKind.OTHER}


class LatexText:
    """Converts pylatexenc nodes to text; ``labels`` maps a label to (kind, number)."""

    def __init__(self) -> None:
        self.labels: dict[str, tuple[str, str]] = {}
        self.autoref_counters: dict[str, str] = {}  # a heading's label -> its counter for \\autoref (numbers.py)
        self.numbers: dict[int, str] = {}  # numbers.py's, by node: a counter printed (\\arabic{figure}) among them
        self.theorems: dict[str, Theorem] = {}  # theorem-like environments (a label's kind), theorems.py
        self.crefnames: dict[tuple[str, str], str] = {}  # the source's \\crefname/\\Crefname, theorems.py
        self.footnotes: list[str] = []
        self.verbatim: list[str] = []
        self.acronyms = Acronyms()
        self._l2t = _Converter(self, latex_context=_text_context(self), math_mode="text")

    def walker(self, text: str) -> latexwalker.LatexWalker:
        return latexwalker.LatexWalker(text, latex_context=_walker_context(), tolerant_parsing=True)

    def text(self, pieces: list[object]) -> str:
        """Plain text of a list of nodes and raw character strings."""
        out: list[str] = []
        for piece in pieces:
            if isinstance(piece, str):
                out.append(piece)
            elif piece is not None:
                out.append(self._l2t.node_to_text(piece))
        return clean("".join(out))

    def convert(self, latex: str) -> str:
        """Plain text of a LaTeX snippet."""
        nodes, _, _ = self.walker(latex).get_latex_nodes()
        return self.text(list(nodes))

    def cite(self, node: latexwalker.LatexMacroNode) -> str:
        keys = _arg_text(node, -1)
        if node.macroname == "nocite":
            return ""
        return "[" + ", ".join(k.strip() for k in keys.split(",") if k.strip()) + "]"

    def ref(self, node: latexwalker.LatexMacroNode) -> str:
        label = _arg_text(node, -1).strip()
        kind, number = self.labels.get(label, ("", "??"))
        name = node.macroname
        if name == "eqref":
            return f"({number})"
        if name in ("autoref", "Autoref", "cref", "Cref", "fref", "Fref") and kind:
            if kind in self.theorems:  # "theorem 2.3", "Lemma 4" (theorems.py)
                return f"{theorem_ref_name(name, kind, self.theorems[kind], self.crefnames)} {number}".lstrip()
            if name in ("autoref", "Autoref"):  # hyperref's name for the label's counter: "section 2", "Appendix A"
                return f"{autoref_name(name, self.autoref_counters.get(label, kind), self.crefnames)} {number}".lstrip()
            own = self.crefnames.get((name, kind)) if name in ("cref", "Cref") else None
            if own is None and name == "Cref" and ("cref", kind) in self.crefnames:
                own = self.crefnames[("cref", kind)][:1].upper() + self.crefnames[("cref", kind)][1:]
            if own is not None:  # the source's \\crefname{figure}{Fig.}{Figs.}
                return f"{own} ({number})" if kind == "equation" else f"{own} {number}"
            word = {"section": "Section", "figure": "Figure", "table": "Table", "equation": "Equation"}.get(kind, "")
            if kind == "equation" and name.lower() == "cref":
                return f"{'Eq' if name == 'Cref' else 'eq'}. ({number})"
            if name == "cref" and word:
                word = {"Figure": "fig.", "Table": "table", "Section": "section"}.get(word, word.lower())
            if name == "fref":  # fancyref: "figure 3", "section 2"
                word = word.lower()
            return f"{word} {number}".strip()
        return number

    def acronym(self, node: latexwalker.LatexMacroNode) -> str:
        key = _arg_text(node, -1).strip()
        starred = bool(node.nodeargd and node.nodeargd.argnlist and node.nodeargd.argnlist[0] is not None)
        latex = self.acronyms.text(node.macroname, key, mark=not starred)  # \\ac*{NN} marks NN used no more
        return key if latex is None else self.convert(latex)

    def counter(self, node: latexwalker.LatexMacroNode) -> str:
        """A counter as printed where it stands (``\\arabic{figure}``, ``\\thetable``): numbers.py's value (a counter
        it does not keep reads as its name, as before)."""
        number = self.numbers.get(id(node))
        return number if number is not None else _arg_text(node, -1).strip() if node.macroname == "arabic" else ""

    def footnote(self, node: latexwalker.LatexMacroNode) -> str:
        text = self._l2t.nodelist_to_text([node.nodeargd.argnlist[-1]]) if node.nodeargd else ""
        if clean(text):
            self.footnotes.append(clean(text))
        return ""


class _Converter(LatexNodes2Text):
    def __init__(self, owner: LatexText, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._owner = owner

    def macro_node_to_text(self, node: latexwalker.LatexMacroNode) -> str:
        if self.latex_context.get_macro_spec(node.macroname) is None:
            args = [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None]
            return "".join(self._groupnodecontents_to_text(a) for a in args if getattr(a, "delimiters", ("{",))[0] == "{")
        return super().macro_node_to_text(node)

    def math_node_to_text(self, node: latexwalker.LatexNode) -> str:
        if isinstance(node, latexwalker.LatexMathNode) and node.displaytype == "inline":
            latex = node.latex_verbatim()
            typeset = tighten(latex)
            if "_" in typeset and ("^" in typeset or "'" in typeset):
                typeset = PRIMED.sub(prime_first, _SCRIPTS.sub(_sup_then_sub, typeset))
            if typeset != latex:
                nodes, _, _ = self._owner.walker(typeset).get_latex_nodes()
                if len(nodes) == 1 and isinstance(nodes[0], latexwalker.LatexMathNode):
                    node = nodes[0]
            return compact_math(self.nodelist_to_text(node.nodelist))
        if isinstance(node, latexwalker.LatexEnvironmentNode) and node.environmentname in ("math",):
            return compact_math(self.nodelist_to_text(node.nodelist))
        return f" {EQUATION} "


_SCRIPT = r"(\{(?:[^{}]|\{[^{}]*\})*\}|\\[A-Za-z]+|[^\s{}\\])"
#: A subscript and a superscript on one base, in either order: typeset one over the other, the superscript read first.
_SCRIPTS = re.compile(rf"_\s*{_SCRIPT}\s*\^\s*{_SCRIPT}|\^\s*{_SCRIPT}\s*_\s*{_SCRIPT}")


def _sup_then_sub(m: re.Match[str]) -> str:
    """``x_{i,j}^{k}`` as a PDF prints it: the superscript, then the subscript apart ("xk i,j", not "xi,jk")."""
    sub, sup = (m.group(1), m.group(2)) if m.group(1) is not None else (m.group(4), m.group(3))
    return f"^{{{sup}}}\\ _{{{sub}}}"


#: Math operators TeX sets upright with a thin space on each side ("J\\cos k" prints "J cos k", as a PDF reads it).
OPERATORS = ("log ln lg exp sin cos tan cot sec csc sinh cosh tanh coth arcsin arccos arctan max min sup inf lim "
             "liminf limsup det dim ker deg gcd arg Pr hom bmod").split()
#: An operator's name as the converter leaves it, between two marks that ``compact_math`` turns into its spacing.
_OP = "\x02"
_OPERATOR = re.compile(f"{_OP}([^{_OP}]+){_OP}")


def _script_end(text: str, i: int) -> int:
    """Where the sub- or superscripts that start at ``text[i]`` end (``^2``, ``_{i,j}``, ``^{2}_i``)."""
    while i < len(text) and text[i] in "_^":
        i += 1
        while i < len(text) and text[i] == " ":
            i += 1
        if i < len(text) and text[i] == "{":
            depth = 0
            for j in range(i, len(text)):
                depth += {"{": 1, "}": -1}.get(text[j], 0)
                if depth == 0:
                    i = j + 1
                    break
            else:
                return len(text)
        elif i < len(text):
            i += 1
    return i


def _operator_spacing(text: str) -> str:
    """Each marked operator name (``_OP``) spaced as TeX sets it: a space before it after an ordinary symbol
    ("n log", not at a group's or a script's start: "f_{\\max}" prints "fmax"), and one after it and its own
    scripts before the next symbol ("log n", "log^2 b" prints "log2 b"; not before a bracket: "exp(x)"; "max_i"
    prints "maxi")."""
    out: list[str] = []
    pos = 0
    for m in _OPERATOR.finditer(text):
        out.append(text[pos:m.start()])
        before = "".join(out).rstrip()
        if before and (before[-1].isalnum() or before[-1] in ")]|"):
            out.append(" ")
        end = _script_end(text, m.end())
        out.append(m.group(1) + text[m.end():end])
        after = text[end:].lstrip()
        if after and (after[0].isalnum() or after[0] in "\\" + _OP):
            out.append(" ")
        pos = end
    out.append(text[pos:])
    return "".join(out)


def compact_math(text: str) -> str:
    """``w_i n_i`` -> ``wi ni``: drop sub/superscript markers and braces, keep symbols; operator names spaced as
    TeX sets them (``_operator_spacing``)."""
    if _OP in text:
        text = _operator_spacing(text)
    text = unicodedata.normalize("NFKC", re.sub(r"[_^{}]", "", text))
    return re.sub(r"\s+", " ", text).strip()


def clean(text: str) -> str:
    """Collapse whitespace (including no-break spaces) and tidy spaces before punctuation."""
    text = re.sub(r"[\s\u00a0]+", " ", text.replace(_OP, "")).strip()
    text = re.sub(r"`([^`'\n]{1,80})'", "\u2018\\1\u2019", text).replace("`", "\u2018")
    text = re.sub(r" ([,.;:)])", r"\1", text)
    text = re.sub(r"\( ", "(", text)
    return text


def _fraction(node: latexwalker.LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
    args = [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None][-2:]
    return "/".join(l2tobj.nodelist_to_text([a]) for a in args)


def _arg_text(node: latexwalker.LatexMacroNode, index: int) -> str:
    if not node.nodeargd or not node.nodeargd.argnlist:
        return ""
    arg = node.nodeargd.argnlist[index]
    return arg.latex_verbatim()[1:-1] if arg is not None and hasattr(arg, "nodelist") else (arg.latex_verbatim() if arg else "")


def known_arguments(name: str) -> int | None:
    """How many mandatory arguments the reader's own meaning of ``\\name`` takes (0 for one it prints or drops
    bare), or None for a name it has no meaning for."""
    spec = _walker_context().get_macro_spec(name)
    if spec is not None:
        return str(getattr(spec.args_parser, "argspec", "")).count("{")
    return 0 if name in _DROP or name in _KEEP or name in OPERATORS else None


def _subcaption(node: latexwalker.LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
    """``\\subfigure[caption]{picture}``, ``\\subfloat[entry][caption]{picture}``: the caption as text, the picture not."""
    given = [a for a in (node.nodeargd.argnlist[:-1] if node.nodeargd else []) if a is not None]
    return l2tobj.nodelist_to_text([given[-1]]).strip() + " " if given else ""


def _walker_context() -> macrospec.LatexContextDb:
    global _WALKER_DB
    if _WALKER_DB is None:
        db = latexwalker.get_default_latex_context_db()
        db.add_context_category(
            "redraft",
            prepend=True,
            macros=[macrospec.MacroSpec(name, spec) for name, spec in _WALK_SPECS.items()],
            environments=[macrospec.EnvironmentSpec(name, spec) for name, spec in _WALK_ENVS.items()],
        )
        _WALKER_DB = db
    return _WALKER_DB


_WALKER_DB: macrospec.LatexContextDb | None = None


def _text_context(owner: LatexText) -> macrospec.LatexContextDb:
    db = get_default_latex_context_db()
    last = lambda n, l2tobj: l2tobj.nodelist_to_text([n.nodeargd.argnlist[-1]]) if n.nodeargd else ""  # noqa: E731
    verb = lambda n: owner.verbatim[int(_arg_text(n, 0))] if _arg_text(n, 0).isdigit() else ""  # noqa: E731
    repl: dict[str, str | Callable[..., str]] = {name: owner.cite for name in _WALK_SPECS if name not in _SETTINGS and (name.lower().startswith("cite") or name.endswith("cite") or name in ("Citep", "Citet"))}
    repl.update({name: owner.ref for name in "ref eqref autoref Autoref cref Cref fref Fref pageref vref nameref cpageref".split()})
    repl.update({name: last for name in "href textcolor colorbox makebox framebox raisebox resizebox scalebox hyperref multicolumn multirow".split()})
    repl.update({name: owner.acronym for name in ACRONYM_USES})
    repl["ensuremath"] = lambda n, l2tobj: compact_math(last(n, l2tobj))  # math, as $...$ is
    repl.update({name: f"{_OP}{'mod' if name == 'bmod' else name}{_OP}" for name in OPERATORS})
    repl["sqrt"] = lambda n, l2tobj: "√" + last(n, l2tobj)  # "√2σq" as printed: the sign, then its radicand
    repl["operatorname"] = lambda n, l2tobj: f"{_OP}{last(n, l2tobj).strip()}{_OP}"  # DeclareMathOperator's too
    repl.update({name: owner.counter for name in ("arabic", "thefigure", "thetable")})
    repl.update({"footnote": owner.footnote, "footnotetext": owner.footnote, "redraftverb": verb, "\\": " ", "S": "§"})
    repl.update({name: (lambda f: lambda n, l2tobj: f.format(last(n, l2tobj)))(form) for name, form in _BRACKETS.items()})
    repl.update({"slash": "/", "subfigure": _subcaption, "subfloat": _subcaption})  # ACM's "solutions\\slash methods"
    repl["ne"] = "≠"  # as \\neq: "i ≠ j", where the two letters ran together ("ij")
    repl.update({name: _fraction for name in ("tfrac", "dfrac", "cfrac")})  # as \\frac: "a/b", not "ab"
    macros = [MacroTextSpec(name, simplify_repl=fn) for name, fn in repl.items()]
    macros += [MacroTextSpec(name, discard=False) for name in _KEEP if name not in repl]
    macros += [MacroTextSpec(name, discard=True) for name in _DROP if name not in repl]
    envs = [EnvironmentTextSpec(name, simplify_repl=f" {EQUATION} ") for name in MATH_ENVS if name != "math"]
    envs += [EnvironmentTextSpec(name, discard=True) for name in ("tabular", "tabular*", "tabularx", "tikzpicture", "CCSXML", "thebibliography")]
    db.add_context_category("redraft", prepend=True, macros=macros, environments=envs)
    return db
