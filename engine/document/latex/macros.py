"""User-defined LaTeX macros: collect ``\\newcommand``/``\\def`` definitions and expand them.

Best effort, by design: macros with arguments (``#1``...) and an optional first
argument are expanded (a macro that opens or closes an environment, ``\\def\\beq{\\begin{eqnarray}}``,
is spliced in bare, as is one whose ``$`` do not pair up; the others inside a group); delimited
``\\def`` parameters, environments and redefinitions of the structural commands the loader relies on
are left alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.document.latex.source import SourceText

#: Commands the structure pass reads itself; a user redefinition is not expanded.
PROTECTED = frozenset(
    """begin end section subsection subsubsection paragraph subparagraph chapter part appendix
    caption footnote item label ref eqref autoref cref Cref cite citep citet title author abstract
    input include par emph textbf textit texttt bibliography bibitem maketitle thanks and
    """.split()
)
_DEFINE = re.compile(
    r"\\(?P<kind>(?:re)?newcommand|providecommand|DeclareRobustCommand|DeclareMathOperator|"
    r"newenvironment|renewenvironment|def|gdef|edef|xdef|let)\b\*?"
)
_NAME = re.compile(r"\s*(?:\{\s*\\(?P<a>[a-zA-Z@]+)\s*\}|\\(?P<b>[a-zA-Z@]+|.))")
_XSPACE_STOP = set(".,;:!?'\")]}/-~\\$_^")  # (a sub- or superscript: the macro is math, where spaces vanish)
_MAX_PASSES = 8
_ENV_TOKEN = re.compile(r"\\(begin|end)\s*\{([^{}]*)\}")
_SHIFT = re.compile(r"\\.|\$", re.S)


@dataclass(frozen=True)
class Macro:
    name: str
    nargs: int
    default: str | None
    body: str


def read_group(text: str, i: int, open_: str = "{", close: str = "}") -> tuple[str, int] | None:
    """The balanced ``{...}`` group starting at ``i`` (after spaces): (content, end) or None."""
    j = i
    while j < len(text) and text[j] in " \t\n":
        j += 1
    if j >= len(text) or text[j] != open_:
        return None
    depth = 0
    k = j
    while k < len(text):
        c = text[k]
        if c == "\\":
            k += 2
            continue
        if c == open_:
            depth += 1
        elif c == close:
            depth -= 1
            if depth == 0:
                return text[j + 1 : k], k + 1
        k += 1
    return None


class MacroTable(dict):
    """Macros by name, each its last definition; ``scopes``: for a name defined again with another meaning, each
    definition with the offset (in the text the definitions were removed from) where it starts to hold."""

    scopes: dict[str, list[tuple[int, Macro]]]


def collect_macros(src: SourceText) -> tuple[MacroTable, SourceText]:
    """Find macro definitions; return them and the text with the definitions removed."""
    macros = MacroTable()
    edits: list[tuple[int, int, str]] = []
    defined: list[tuple[int, Macro]] = []
    text = src.text
    pos = removed = 0
    while True:
        m = _DEFINE.search(text, pos)
        if m is None:
            break
        stored: list[Macro] = []
        end = _parse_definition(text, m, macros, stored)
        if end is None:
            pos = m.end()
            continue
        defined += [(m.start() - removed, macro) for macro in stored]
        edits.append((m.start(), end, ""))
        removed += end - m.start()
        pos = end
    meanings: dict[str, set] = {}
    for _, macro in defined:
        meanings.setdefault(macro.name, set()).add(macro)
    macros.scopes = {name: [(at, mac) for at, mac in defined if mac.name == name]
                     for name, seen in meanings.items() if len(seen) > 1}
    return macros, (src.splice(list(edits)) if edits else src)


def _parse_definition(text: str, m: re.Match[str], macros: dict[str, Macro], stored: list[Macro]) -> int | None:
    kind = m.group("kind")
    i = m.end()
    if kind in ("newenvironment", "renewenvironment"):
        name = read_group(text, i)
        if name is None:
            return None
        i = name[1]
        for _ in range(2):
            opt = read_group(text, i, "[", "]")
            if opt is not None:
                i = opt[1]
        for _ in range(2):
            part = read_group(text, i)
            if part is None:
                return None
            i = part[1]
        return i
    nm = _NAME.match(text, i)
    if nm is None:
        return None
    name = nm.group("a") or nm.group("b")
    i = nm.end()
    if kind == "let":
        rest = re.match(r"\s*=?\s*(\\[a-zA-Z@]+|.)", text[i:])
        return i + rest.end() if rest else None
    nargs = 0
    default = None
    if kind in ("def", "gdef", "edef", "xdef"):
        params = re.match(r"[^{]*", text[i:]).group(0)
        i += len(params)
        body = read_group(text, i)
        if body is None:
            return None
        if re.fullmatch(r"(#\d)*", params.strip()):
            nargs = len(params.strip()) // 2
            _store(macros, Macro(name, nargs, None, body[0]), stored)
        return body[1]
    opt = read_group(text, i, "[", "]")
    if opt is not None and kind != "DeclareMathOperator":
        nargs = int(opt[0]) if opt[0].strip().isdigit() else 0
        i = opt[1]
        opt2 = read_group(text, i, "[", "]")
        if opt2 is not None:
            default = opt2[0]
            i = opt2[1]
    body = read_group(text, i)
    if body is None:
        return None
    content = body[0]
    if kind == "DeclareMathOperator":
        content = f"\\operatorname{{{content}}}"
    if kind != "providecommand" or name not in macros:
        _store(macros, Macro(name, nargs, default, content), stored)
    return body[1]


def _store(macros: dict[str, Macro], macro: Macro, stored: list[Macro]) -> None:
    if macro.name in PROTECTED or "@" in macro.name or not macro.name.isalpha():
        return
    if re.search(r"\\(?:def|newcommand|renewcommand|if[a-z]*|makeatletter|csname)\b", macro.body):
        return
    macros[macro.name] = macro
    stored.append(macro)


def expand_macros(src: SourceText, macros: dict[str, Macro],
                  scopes: dict[str, list[tuple[int, Macro]]] | None = None) -> SourceText:
    """Expand uses of ``macros`` until nothing changes (a few passes at most). A name in ``scopes`` (``MacroTable``'s,
    by default) takes the definition in force where it is used, the last one before it, as TeX does (a letter file
    holding two documents, each with its own ``\\newcommand{\\MF}``); one used before any takes ``macros``'."""
    if not macros:
        return src
    scopes = dict(getattr(macros, "scopes", {}) if scopes is None else scopes)
    pattern = re.compile(r"\\(" + "|".join(sorted(map(re.escape, macros), key=len, reverse=True)) + r")(?![a-zA-Z@])")
    for _ in range(_MAX_PASSES):
        edits: list[tuple[int, int, str]] = []
        pos = 0
        while True:
            m = pattern.search(src.text, pos)
            if m is None:
                break
            if m.start() > 0 and src.text[m.start() - 1] == "\\" and _escaped(src.text, m.start() - 1):
                pos = m.end()
                continue
            done = _expand_one(src.text, m, _in_force(m.group(1), m.start(), macros, scopes))
            if done is None:
                pos = m.end()
                continue
            end, repl = done
            edits.append((m.start(), end, repl))
            pos = end
        if not edits:
            break
        src = src.splice(list(edits))
        scopes = {name: [(_moved(at, edits), mac) for at, mac in held] for name, held in scopes.items()}
    return src


def _in_force(name: str, at: int, macros: dict[str, Macro], scopes: dict[str, list[tuple[int, Macro]]]) -> Macro:
    held = [mac for start, mac in scopes.get(name, ()) if start <= at]
    return held[-1] if held else macros[name]


def _moved(at: int, edits: list[tuple[int, int, str]]) -> int:
    """Where offset ``at`` lies once ``edits`` are spliced in (one inside a replaced span: at its start)."""
    shift = 0
    for start, end, repl in edits:
        if end <= at:
            shift += len(repl) - (end - start)
        elif start < at:
            return start + shift
    return at + shift


def _escaped(text: str, i: int) -> bool:
    """Whether the backslash at ``i`` is itself escaped (an odd run of backslashes before it)."""
    n = 0
    while i - n - 1 >= 0 and text[i - n - 1] == "\\":
        n += 1
    return n % 2 == 1


def _expand_one(text: str, m: re.Match[str], macro: Macro) -> tuple[int, str] | None:
    i = m.end()
    args: list[str] = []
    if macro.nargs == 0:
        space = re.match(r"[ \t]*(?:\n[ \t]*(?!\n))?", text[i:])
        i += space.end() if space else 0
    for k in range(macro.nargs):
        if k == 0 and macro.default is not None:
            opt = read_group(text, i, "[", "]")
            if opt is None:
                args.append(macro.default)
            else:
                args.append(opt[0])
                i = opt[1]
            continue
        group = read_group(text, i)
        if group is not None:
            args.append(group[0])
            i = group[1]
            continue
        tok = re.match(r"\s*(\\[a-zA-Z@]+|\S)", text[i:])
        if tok is None or tok.group(1) == "}":
            # TeX never takes a closing brace as an argument: here the arguments lie outside the group this
            # use was spliced into (\def\mathclap{\mathpalette\mathclapinternal}); left unexpanded
            return None
        args.append(tok.group(1))
        i += tok.end()
    body = re.sub(r"#(\d)", lambda g: args[int(g.group(1)) - 1] if 0 < int(g.group(1)) <= len(args) else "", macro.body)
    nxt = text[i] if i < len(text) else ""
    if body.rstrip().endswith("\\xspace"):
        body = body.rstrip()[: -len("\\xspace")]
        if nxt and not nxt.isspace() and nxt not in _XSPACE_STOP:
            body += " "
        elif nxt and nxt.isspace():
            body += " "
    elif macro.nargs == 0 and i > m.end() and nxt.isalpha() and re.search(r"\\[a-zA-Z@]+$", body):
        body += "{}"
    if not _balanced_environments(body) or _odd_math_shifts(body):
        # \def\beq{\begin{eqnarray}}: a macro that opens or closes an environment is spliced in bare; a
        # group around it would close before the environment does and the parser would swallow the rest. So is
        # one whose math shifts do not pair up (``$\mmin$`` with \mmin[1]{min(#1)} takes the closing ``$`` as its
        # argument, as TeX does): in a group, that ``$`` would open math the group's end cannot close
        return i, body
    return i, "{" + body + "}"


def _odd_math_shifts(body: str) -> bool:
    """Whether ``body`` holds an odd number of unescaped ``$``."""
    return sum(1 for m in _SHIFT.finditer(body) if m.group() == "$") % 2 == 1


def _balanced_environments(body: str) -> bool:
    """Whether every ``\\begin{x}`` in ``body`` is closed by its ``\\end{x}`` inside ``body``."""
    open_: list[str] = []
    for m in _ENV_TOKEN.finditer(body):
        if m.group(1) == "begin":
            open_.append(m.group(2).strip())
        elif not open_ or open_.pop() != m.group(2).strip():
            return False
    return not open_
