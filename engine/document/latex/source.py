"""Reading a LaTeX project into one flat source text that remembers where each line came from.

``SourceText`` is text plus anchors ``(offset, file, line)``; every rewrite
(comment stripping, ``\\iffalse`` blocks, ``\\input`` inlining, macro expansion)
goes through ``splice`` so a position in the final text still maps back to the
file and 1-based line it was read from.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from pathlib import Path

from engine.document.textfile import read_text_file
from engine.errors import InputError

Anchor = tuple[int, str, int]

_VERBATIM_ENVS = ("verbatim", "verbatim*", "Verbatim", "lstlisting", "minted", "comment", "alltt")
_BEGIN_VERBATIM = re.compile(r"\\begin\s*\{(" + "|".join(re.escape(e) for e in _VERBATIM_ENVS) + r")\}")
#: Groups and environments nested deeper than this are refused before parsing (pylatexenc recurses per level
#: and overflows Python's stack near 300; real papers stay under 20).
MAX_NESTING = 100
_GROUPING = re.compile(r"\\\\|\\[{}]|[{}]|\\(begin|end)\s*\{[^{}]*\}")


@dataclass
class SourceText:
    """Text with anchors mapping offsets back to ``(file, line)``."""

    text: str
    anchors: list[Anchor] = field(default_factory=list)

    def origin(self, pos: int) -> tuple[str, int] | None:
        """The file and 1-based line that the character at ``pos`` came from."""
        if not self.anchors:
            return None
        i = bisect.bisect_right(self.anchors, (pos, "\uffff", 1 << 30)) - 1
        if i < 0:
            return None
        offset, name, line = self.anchors[i]
        return name, line + self.text.count("\n", offset, pos) if pos > offset else line

    def splice(self, edits: list[tuple[int, int, "SourceText | str"]]) -> "SourceText":
        """Replace non-overlapping spans ``[start, end)``; anchors follow the text."""
        out: list[str] = []
        anchors: list[Anchor] = []
        offsets = [a[0] for a in self.anchors]
        last = 0
        size = 0
        for start, end, repl in sorted(edits, key=lambda e: e[0]):
            if start < last:
                continue
            out.append(self.text[last:start])
            lo, hi = bisect.bisect_left(offsets, last), bisect.bisect_left(offsets, start)
            anchors.extend((a - last + size, f, ln) for a, f, ln in self.anchors[lo:hi])
            size += start - last
            if isinstance(repl, SourceText):
                anchors.extend((a + size, f, ln) for a, f, ln in repl.anchors)
                out.append(repl.text)
                size += len(repl.text)
            else:
                out.append(repl)
                size += len(repl)
            resume = self.origin(end)
            if resume is not None:
                anchors.append((size, resume[0], resume[1]))
            last = end
        out.append(self.text[last:])
        anchors.extend((a - last + size, f, ln) for a, f, ln in self.anchors[bisect.bisect_left(offsets, last) :])
        merged: dict[int, Anchor] = {}
        for anchor in anchors:
            merged[anchor[0]] = anchor
        return SourceText("".join(out), [merged[k] for k in sorted(merged)])


def strip_comments(text: str, name: str) -> SourceText:
    """Drop ``%`` comments the way TeX does (keeping ``\\%`` and verbatim content).

    A comment eats its end of line and the next line's indentation, so a
    commented-out line inside a paragraph does not split it.
    """
    lines = text.splitlines()
    out: list[str] = []
    anchors: list[Anchor] = []
    size = 0
    verbatim_end: str | None = None
    eat_indent = False
    for number, line in enumerate(lines, start=1):
        if eat_indent:
            line = line.lstrip(" \t")
            eat_indent = False
        anchors.append((size, name, number))
        if verbatim_end is not None:
            if verbatim_end in line:
                verbatim_end = None
            piece = line + "\n"
        else:
            cut = _comment_start(line)
            m = _BEGIN_VERBATIM.search(line if cut is None else line[:cut])
            if m and f"\\end{{{m.group(1)}}}" not in line[m.end():]:
                verbatim_end = f"\\end{{{m.group(1)}}}"
                cut = None
            if cut is None:
                piece = line + "\n"
            else:
                following = lines[number] if number < len(lines) else ""
                piece = line[:cut]
                if following.strip():
                    eat_indent = True
                else:
                    piece += "\n"
        out.append(piece)
        size += len(piece)
    return SourceText("".join(out), anchors)


def _comment_start(line: str) -> int | None:
    """Column of the first unescaped ``%`` outside ``\\verb`` and ``\\url``, or None."""
    i = 0
    n = len(line)
    while i < n:
        c = line[i]
        if c == "\\":
            if line.startswith("\\verb", i) and i + 5 < n and not line[i + 5].isalpha():
                j = i + 5 + (line[i + 5] == "*")
                if j < n:
                    close = line.find(line[j], j + 1)
                    i = n if close < 0 else close + 1
                    continue
            if line.startswith("\\url{", i) or line.startswith("\\href{", i):
                close = line.find("}", i)
                i = n if close < 0 else close + 1
                continue
            i += 2
            continue
        if c == "%":
            return i
        i += 1
    return None


_CONDITIONAL = re.compile(r"\\(newif\s*\\if[a-zA-Z@]*|iffalse\b|if0\b|ifthenelse|if[a-zA-Z@]*|else\b|fi\b)")
_COMMENT_ENV = re.compile(r"\\begin\s*\{comment\}.*?\\end\s*\{comment\}", re.S)


def drop_false_blocks(src: SourceText, unset: frozenset[str] = frozenset()) -> SourceText:
    """Remove ``\\iffalse ... \\fi`` / ``\\if0`` blocks (keeping an ``\\else`` branch) and comment environments;
    also the ``\\ifNAME`` blocks of the switches named in ``unset`` (see ``drop_unset_switches``)."""
    edits: list[tuple[int, int, str]] = [(m.start(), m.end(), "") for m in _COMMENT_ENV.finditer(src.text)]
    tokens = list(_CONDITIONAL.finditer(src.text))
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.group(1) not in ("iffalse", "if0") and tok.group(1)[2:] not in unset:
            i += 1
            continue
        depth = 0
        else_at: re.Match[str] | None = None
        j = i + 1
        while j < len(tokens):
            word = tokens[j].group(1)
            if word.startswith("newif") or word == "ifthenelse":
                pass
            elif word == "fi":
                if depth == 0:
                    break
                depth -= 1
            elif word == "else":
                if depth == 0 and else_at is None:
                    else_at = tokens[j]
            else:
                depth += 1
            j += 1
        if j >= len(tokens):
            break
        fi = tokens[j]
        if else_at is None:
            edits.append((tok.start(), fi.end(), ""))
        else:
            edits.append((tok.start(), else_at.end(), ""))
            edits.append((fi.start(), fi.end(), ""))
        i = j + 1
    if not edits:
        return src
    edits.sort(key=lambda e: e[0])
    kept: list[tuple[int, int, str]] = []
    for e in edits:
        if kept and e[0] < kept[-1][1]:
            continue
        kept.append(e)
    return src.splice(list(kept))


_NEWIF = re.compile(r"\\newif\s*\\if([a-zA-Z@]+)")


def drop_unset_switches(src: SourceText) -> SourceText:
    """Remove the blocks of the paper's own switches that nothing turns on: ``\\newif\\ifdraft`` starts false,
    so with no ``\\drafttrue`` (nor ``\\let\\ifdraft\\iftrue``) anywhere, ``\\ifdraft ... \\else ... \\fi`` typesets its
    ``\\else`` branch only, and a draft note macro defined with it (``\\newcommand{\\note}[1]{\\ifdraft #1\\fi}``)
    prints nothing. Run over the whole project, where a switch may be declared in one file and used in another."""
    names = {m.group(1) for m in _NEWIF.finditer(src.text)}
    unset = frozenset(
        n for n in names
        if not re.search(r"\\" + re.escape(n) + r"true(?![a-zA-Z@])|\\let\s*\\if" + re.escape(n) + r"\s*=?\s*\\iftrue",
                         src.text)
    )
    return drop_false_blocks(src, unset) if unset else src


#: ``\\usepackage[latin1]{inputenc}`` (not after a ``%`` on its line).
_INPUTENC = re.compile(rb"^[^%\n]*\\usepackage\s*\[([^\]]*)\]\s*\{inputenc\}", re.M)
#: inputenc's options -> Python codecs.
INPUTENC_CODECS = {
    "latin1": "latin-1", "latin9": "iso8859-15", "latin2": "iso8859-2", "latin3": "iso8859-3", "latin5": "iso8859-9",
    "ansinew": "cp1252", "cp1252": "cp1252", "cp1250": "cp1250", "cp1251": "cp1251", "cp437": "cp437",
    "cp850": "cp850", "cp852": "cp852", "applemac": "mac-roman", "koi8-r": "koi8-r", "utf8": "utf-8",
}


def declared_encoding(data: bytes) -> str | None:
    """The codec a LaTeX file declares with ``inputenc`` (the last option that names one), else None."""
    m = _INPUTENC.search(data[:200_000])
    if m is None:
        return None
    options = [o.strip().decode("ascii", "replace").lower() for o in m.group(1).split(b",")]
    codecs_named = [INPUTENC_CODECS[o] for o in options if o in INPUTENC_CODECS]
    return codecs_named[-1] if codecs_named else None


def read_tex(path: Path, notices: list[str] | None = None) -> SourceText:
    """One ``.tex`` file, decoded (a byte-order mark, UTF-8, its ``inputenc`` encoding, then a guess),
    comments and false blocks removed."""
    text, notice = read_text_file(path, declared=declared_encoding)
    if notice and notices is not None:
        notices.append(notice)
    return drop_false_blocks(strip_comments(text, str(path)))


def check_nesting(src: SourceText, name: str, limit: int = MAX_NESTING) -> None:
    """Raise ``InputError`` naming the line where braces or environments nest deeper than ``limit``."""
    depth = 0
    for m in _GROUPING.finditer(src.text):
        token = m.group(0)
        if token in ("{",) or m.group(1) == "begin":
            depth += 1
            if depth > limit:
                where = src.origin(m.start())
                at = f"{where[0]}, line {where[1]}" if where else name
                raise InputError(f"{at}: braces or environments nested more than {limit} levels deep")
        elif token == "}" or m.group(1) == "end":
            depth = max(0, depth - 1)


_DOC_BODY = re.compile(r"\\begin\s*\{document\}(.*?)(?:\\end\s*\{document\}|\Z)", re.S)


def document_body(src: SourceText) -> SourceText | None:
    """The part between ``\\begin{document}`` and ``\\end{document}``, or None when absent."""
    m = _DOC_BODY.search(src.text)
    if m is None:
        return None
    start, end = m.span(1)
    return src.splice([(0, start, ""), (end, len(src.text), "")])
