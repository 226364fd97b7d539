"""What R Markdown, Quarto and pandoc add to Markdown, read as the typeset paper shows it (``markdown.py`` uses it).

A session-23 new-user trial gave an ``.Rmd`` paper (bookdown on rticles): it was read as plain text, the YAML
header, the R chunks and every heading one body paragraph each. Rules, for ``.md``, ``.Rmd`` and ``.qmd`` alike:

- YAML front matter is parsed (PyYAML): ``title``; ``author``/``authors`` as a string, a list of names, or a list
  of ``name:`` records; ``abstract`` (a block, its paragraphs by blank lines) gives the abstract;
- a heading's pandoc attributes (``# Methods {#sec:methods}``, ``{-}``, ``{.unnumbered}``) are not its title;
- a chunk's caption (``fig.cap = "..."`` in ``{r ...}``, or Quarto's ``#| fig-cap: ...``) is a CAPTION paragraph;
  a chunk whose code is not printed (``include = FALSE``, ``echo = FALSE``, ``#| echo: false``) is no paragraph;
  a bookdown text reference ``(ref:label) text`` on its own is a caption too;
- Quarto's and pandoc's div fences (``::: {#fig-map}``, ``:::``) print nothing;
- raw LaTeX: a paragraph of commands alone (``\\linenumbers``, ``\\FloatBarrier``, ``\\newpage``) prints no
  text, an environment ``\\begin{..}`` ... ``\\end{..}`` over several paragraphs (a ``tabularx`` glossary)
  is OTHER, except its paragraphs of prose (a box's numbered steps: ``raw_prose``), a maths one an EQUATION;
  in prose ``\\cite{a,b}`` and pandoc's ``[@a; @b]`` become ``[a, b]`` as the LaTeX reader writes citations,
  ``\\ref{..}``/``\\@ref(..)`` print ``??`` (the number is not known before knitting, as LaTeX prints an unknown
  label), ``\\emph{x}``-like macros and coloured text
  (``\\textcolor{blue}{x}``, ``\\hl{x}``: a revision's marked changes) keep their text, spacing commands
  (``\\noindent``) print nothing;
  Quarto's ``@fig-map`` reads "Figure", ``@tbl-..`` "Table", ``@sec-..`` "Section", ``@eq-..`` "Equation".
"""

from __future__ import annotations

import re
from typing import Any

from engine.document.latex.text import MATH_ENVS

#: A heading's pandoc attributes at its end: ``{#id}``, ``{-}``, ``{.unnumbered .class key=value}``.
_HEADING_ATTRS = re.compile(r"\s*\{\s*(?:[#.][^{}]*|-)\s*\}\s*$")
#: A pandoc/Quarto div fence line (``::: {#fig-a layout-ncol=2}``, ``:::``).
_DIV_FENCE = re.compile(r"^\s*:{3,}(?:\s*\{[^{}]*\}|\s*[\w-]+)?\s*:*\s*$")
#: A bookdown text reference: ``(ref:fig1cap) The caption ...``.
TEXT_REFERENCE = re.compile(r"^\(ref:[\w:.-]+\)\s+")
#: A code chunk's header: ``{r name, fig.cap = "..."}``, ``{python}``.
_CHUNK = re.compile(r"^\{\s*[A-Za-z]\w*\b(.*)\}\s*$", re.S)
_CHUNK_CAPTION = re.compile(r"""\bfig[._]cap\s*=\s*(["'])(.*?)(?<!\\)\1""", re.S)
_QUARTO_CAPTION = re.compile(r"""^\s*#\|\s*fig-cap\s*:\s*(["']?)(.*?)\1\s*$""", re.M)
#: A command with its optional and braced arguments, and nothing else on the paragraph.
_COMMANDS_ONLY = re.compile(r"^(?:\s*\\[A-Za-z@]+\*?(?:\s*\[[^\]]*\])*(?:\s*\{[^{}]*\})*\s*)+$")
_BEGIN = re.compile(r"^\s*\\begin\{([A-Za-z]+\*?)\}")
_CITE = re.compile(r"\\(?:[Cc]ite[pt]?|citealp|citealt|parencite|textcite|autocite|footcite)\*?(?:\s*\[[^\]]*\])*"
                   r"\s*\{([^{}]*)\}")
_REF = re.compile(r"\\(?:ref|eqref|autoref|cref|Cref|pageref)\*?\{[^{}]*\}|\\@ref\([^()]*\)")
#: Spacing and layout commands inside prose, which print nothing.
_SILENT = re.compile(r"\\(?:noindent|centering|par|newline|linebreak|smallskip|medskip|bigskip|clearpage|newpage|"
                     r"FloatBarrier|indent)(?![A-Za-z])\s*|\\[vh]space\*?\{[^{}]*\}")
_TEXT_MACRO = re.compile(r"\\(?:emph|textit|textbf|texttt|textsc|textsf|textrm|underline|mbox|text|url)\{([^{}]*)\}")
#: Coloured text, as authors mark a revision's changes: ``\textcolor{blue}{new text}``, ``\colorbox{yellow}{..}``.
_COLORED = re.compile(r"\\(?:textcolor|colorbox)\s*(?:\[[^\]]*\])?\{[^{}]*\}\{([^{}]*)\}|\\(?:hl|ul)\{([^{}]*)\}")
_COLOR = re.compile(r"\\color\s*(?:\[[^\]]*\])?\{[^{}]*\}\s*")
#: A pandoc citation group, ``[@a; see @b, p. 3]``: its keys.
_PANDOC_GROUP = re.compile(r"\[([^\[\]]*?-?@[A-Za-z0-9_][^\[\]]*)\]")
_PANDOC_KEY = re.compile(r"(?<![\w.])-?@([A-Za-z0-9_][\w:.#$%&+?<>~/-]*\w|[A-Za-z0-9_])")
_QUARTO_REF = {"fig": "Figure", "tbl": "Table", "sec": "Section", "eq": "Equation", "lst": "Listing", "thm": "Theorem"}


def front_matter(text: str) -> tuple[str, dict[str, Any]]:
    """The text with its YAML front matter blanked (line numbers kept) and the header's ``title``, ``authors``
    (names) and ``abstract`` (paragraphs) with the line the abstract starts on; an unreadable header gives none."""
    import yaml  # PyYAML, installed with huggingface_hub and transformers (both require it)

    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        return text, {}
    for end in range(1, min(len(lines), 400)):
        if lines[end].strip() in ("---", "..."):
            break
    else:
        return text, {}
    blanked = "\n" * (end + 1) + "\n".join(lines[end + 1:])
    try:
        header = yaml.safe_load("\n".join(lines[1:end]))
    except yaml.YAMLError:
        header = None
    if not isinstance(header, dict):
        return blanked, {}
    out: dict[str, Any] = {}
    if isinstance(header.get("title"), str):
        out["title"] = " ".join(header["title"].split())
    names = header.get("author", header.get("authors"))
    out["authors"] = _names(names)
    abstract = header.get("abstract")
    if isinstance(abstract, str) and abstract.strip():
        out["abstract"] = [" ".join(p.split()) for p in re.split(r"\n\s*\n", abstract) if p.strip()]
        out["abstract_line"] = next((i + 1 for i, line in enumerate(lines[:end]) if line.startswith("abstract")), 1)
    return blanked, out


#: An author's affiliation and footnote marks: ``$^{1,a,*}$``, pandoc's ``^1,2^``, ``\\textsuperscript{1}``, ``\\thanks{..}``.
_AUTHOR_MARKS = re.compile(r"\$\^\{[^{}$]*\}\$|\$\^[^$\s]\$|\^[^^\s]+\^|\\(?:textsuperscript|thanks|footnote)\{[^{}]*\}")


#: A line that opens on an affiliation mark: ``$^1$ School of ...``, ``^2^ Institute ...``.
_AFFILIATION = re.compile(r"^\s*(?:\$\^\{?[\w,*]+\}?\$|\^[\w,*]+\^|\\textsuperscript\{[^{}]*\})")


def _several_names(item: str) -> bool:
    """"Ann E. Lee, Bo Kim, Cy Day" as one list item (pandoc writes a LaTeX ``\\author{A, B, C}`` so: a session-29
    trial's three authors read as one): two or more parts, each of two to four capitalised words; "Lee, Ann" is
    one name."""
    parts = [x.strip() for x in re.split(r",|&|\band\b", item) if x.strip()]
    return len(parts) > 1 and all(2 <= len(x.split()) <= 4 and all(w[:1].isupper() for w in x.split()) for x in parts)


def _names(value: Any) -> list[str]:
    if isinstance(value, str):  # one line each, or a pandoc line block ("| A. Name$^{1}$ and B. Name$^{2}$")
        value = _AUTHOR_MARKS.sub("", re.sub(r"(?m)^\s*\|\s?", "", value))
        return [a.strip(" *") for a in re.split(r",|\n|\band\b|&", value) if a.strip(" *")]
    if isinstance(value, list):
        out = []
        for item in value:
            if isinstance(item, str) and _AFFILIATION.match(item):
                continue  # "$^1$ School of Biology, ...": an affiliation listed under the names
            if isinstance(item, str) and (_AUTHOR_MARKS.search(item) or _several_names(item)) and \
                    re.search(r",|&|\band\b", item):
                out += _names(item)  # "Ann Lee$^1$, Bo Kim$^2$ & Cy Day$^3$": several names in one item
                continue
            name = item.get("name") if isinstance(item, dict) else item
            if isinstance(name, dict):  # Quarto: name: {given: .., family: ..}
                name = " ".join(str(name.get(k, "")) for k in ("given", "family")).strip() or name.get("literal")
            if isinstance(name, str) and _AUTHOR_MARKS.sub("", name).strip():
                out.append(" ".join(_AUTHOR_MARKS.sub("", name).split()))
        return out
    return []


def without_chunks(text: str) -> str:
    """The text with each executable chunk (```` ```{r setup} ```` to its closing fence) blanked, line count kept."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = re.match(r"^\s*(`{3,})\s*(\{.*\})\s*$", lines[i])
        if m and is_chunk(m.group(2)):
            end = next((j for j in range(i + 1, len(lines)) if lines[j].strip().startswith(m.group(1))), None)
            if end is not None:
                lines[i:end + 1] = [""] * (end + 1 - i)
                i = end
        i += 1
    return "\n".join(lines)


def chunk_headers(text: str) -> str:
    """Backticks inside a chunk's header (```` ```{r, fig.cap = "the `workflow` object"} ````) as ``'`` (same length):
    CommonMark takes a backtick fence's info string with a backtick in it for no fence, and each later fence then
    closed the one before (a trial paper's text after such a chunk read as code, its next chunk as text)."""
    def tame(m: re.Match[str]) -> str:
        return m.group(1) + m.group(2).replace("`", "'")
    return re.sub(r"(?m)^(\s*`{3,}\s*)(\{[^\n]*\})[ \t]*$", tame, text)


def blank_div_fences(text: str) -> str:
    """Div fence lines blanked, so a fenced figure's caption reads as its paragraph (same line count)."""
    return "\n".join("" if _DIV_FENCE.match(line) else line for line in text.splitlines())


def heading_title(text: str) -> str:
    """A heading's text without its pandoc attributes."""
    return _HEADING_ATTRS.sub("", text)


def chunk_caption(info: str, content: str) -> str | None:
    """The figure caption a code chunk's options give, unless it names a text reference (``(ref:x)``)."""
    m = _CHUNK.match(info.strip())
    if not m:
        return None
    option = _CHUNK_CAPTION.search(m.group(1))
    cap = option or _QUARTO_CAPTION.search(content)
    if not cap or not cap.group(2).strip() or cap.group(2).strip().startswith("(ref:"):
        return None
    text = cap.group(2).replace('\\"', '"').replace("\\'", "'")
    if option:  # an R string, "5\\% threshold": the LaTeX "5\% threshold", printed "5% threshold"
        text = re.sub(r"\\([%&#_$])", r"\1", text.replace("\\\\", "\\"))
    return text


_HIDDEN = re.compile(r"\b(?:include|echo)\s*=\s*(?:FALSE|F)\b")
_QUARTO_HIDDEN = re.compile(r"^\s*#\|\s*(?:include|echo)\s*:\s*false\s*$", re.M)


def chunk_hidden(info: str, content: str) -> bool:
    """A chunk whose code the typeset paper does not print (``include = FALSE``, ``echo = FALSE``, Quarto's
    ``#| echo: false``): no paragraph of the paper, only its caption."""
    m = _CHUNK.match(info.strip())
    return bool(m and (_HIDDEN.search(m.group(1)) or _QUARTO_HIDDEN.search(content)))


def is_chunk(info: str) -> bool:
    """A fence's info string is an executable chunk's header (``{r}``, ``{python}``), not a language name."""
    return bool(_CHUNK.match(info.strip()))


def raw_environment(raw: str) -> str | None:
    """The environment a paragraph of raw LaTeX opens (``\\begin{tabularx}`` -> ``tabularx``), else None."""
    m = _BEGIN.match(raw)
    return m.group(1) if m else None


def is_math_environment(name: str) -> bool:
    return name in MATH_ENVS


#: Words a paragraph inside a raw LaTeX block needs, besides its commands, to read as prose.
RAW_PROSE_WORDS = 8


def raw_prose(raw: str) -> str | None:
    """A paragraph inside a raw LaTeX block that is sentences, not a table's row (no ``&``) nor commands alone:
    its text without the row ends (``\\\\``), else None. A box set as a one-column ``tabularx`` (a numbered box in
    a session-23 trial's revision) holds the revision's new prose."""
    if "&" in raw or commands_only(raw) or raw.lstrip().startswith(("\\begin", "\\end", "\\caption")):
        return None
    text = re.sub(r"\\\\\s*$|\\\\(?=\s)", " ", raw, flags=re.M)
    words = [w for w in inline_latex(text).split() if not w.startswith("\\")]
    return " ".join(text.split()) if len(words) >= RAW_PROSE_WORDS else None


def commands_only(raw: str) -> bool:
    """A paragraph of LaTeX commands and nothing else (``\\linenumbers``, ``\\newpage``, ``\\vspace{1em}``)."""
    return bool(_COMMANDS_ONLY.match(raw))


#: A pandoc attribute set: ``{.class}``, ``{#id}``, ``{key="value" ...}`` (not a TeX group: no backslash, no brace).
_ATTR = r"""(?:[.#][\w:-]+|[\w-]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s{}"']+))"""
_ATTRS = re.compile(r"\{\s*" + _ATTR + r"(?:\s+" + _ATTR + r")*\s*\}")


def pandoc_attributes(raw: str) -> str:
    """A pandoc link's or bracketed span's attributes dropped, and the span's brackets: ``[2](#fig){reference-type=
    "ref"}`` reads as the link, ``[changed text]{style="color: red"}`` as ``changed text`` (an author's trial, session
    32: a paper converted by pandoc read "Figure 2{reference-type="ref"", and its revision, each changed paragraph
    marked red by R Markdown's span, kept the brackets and ``]{style="color: red"}`` in its text)."""
    out, last = [], 0
    for m in _ATTRS.finditer(raw):
        if raw[m.start() - 1: m.start()] == ")":  # a link's or an image's attributes
            out.append(raw[last:m.start()])
        elif raw[m.start() - 1: m.start()] == "]":  # a bracketed span: its opening bracket goes too
            head, depth = "".join(out) + raw[last:m.start() - 1], 0
            for i in range(len(head) - 1, -1, -1):
                depth += {"]": 1, "[": -1}.get(head[i], 0)
                if depth < 0 and (i == 0 or head[i - 1] != "\\"):
                    head = head[:i] + head[i + 1:]
                    break
            else:
                head += "]"  # no opening bracket in this paragraph: the attributes go, the bracket stays
            out = [head]
        else:
            continue
        last = m.end()
    return "".join(out) + raw[last:]


def inline_latex(raw: str) -> str:
    """Citations, references and text macros of raw LaTeX and pandoc in a paragraph, as the paper prints them."""
    raw = pandoc_attributes(raw)
    raw = _CITE.sub(lambda m: "[" + ", ".join(k.strip() for k in m.group(1).split(",") if k.strip()) + "]", raw)
    raw = _REF.sub("??", raw)
    raw = _SILENT.sub("", raw)
    raw = re.sub(r"\\textbullet(?:\{\})?", "\u2022", raw)
    for _ in range(5):  # nested: \textcolor{blue}{a \textit{new} clause}
        raw, n = _TEXT_MACRO.subn(r"\1", raw)
        raw, m = _COLORED.subn(lambda c: c.group(1) or c.group(2) or "", raw)
        if not n + m:
            break
    raw = _COLOR.sub("", raw)
    raw = _PANDOC_GROUP.sub(_pandoc_group, raw)
    return _PANDOC_KEY.sub(_narrative, raw)


def _pandoc_group(m: re.Match[str]) -> str:
    keys = [k.group(1) for k in _PANDOC_KEY.finditer(m.group(1))]
    if not keys or any(k.split("-")[0] in _QUARTO_REF for k in keys):
        return m.group(0)
    return "[" + ", ".join(keys) + "]"


def _narrative(m: re.Match[str]) -> str:
    key = m.group(1)
    kind = key.split("-")[0]
    return _QUARTO_REF[kind] if "-" in key and kind in _QUARTO_REF else key
