"""Inline math's spacing as TeX prints it (issue 31: the PDF reader's text and the LaTeX reader's should meet).

TeX ignores the spaces typed inside math: ``$c_i q_i$`` prints "ciqi", which is what a PDF's text layer gives,
where the LaTeX reader kept the typed space ("ci qi", another word to the matcher). ``tighten`` drops, from an
inline formula's source, a typed space between two letter-like atoms (a letter, a digit, a Greek letter, a letter
in a math font, a root, with their sub- and superscripts). It keeps the spaces that print: spacing commands
(``\\ ``, ``\\quad``), a text box's words (``\\text{ for all }``), and the space after a big operator's limits, a
fraction, or a base with a subscript and a superscript set one over the other, which a PDF reader sees set apart
(``\\sum_{i=1}^{N} w_i`` reads "∑N i=1 wi", ``\\phi^A_i x`` reads "ϕA i x"). A formula holding running text (a
``$`` read wrongly) is left as it is.

A prime after a subscript (``q_i'``) is a superscript: TeX sets it over the subscript, and the PDF reads it
first ("q′ i"), as ``text._sup_then_sub`` reads a subscript and a superscript on one base.
"""

from __future__ import annotations

import re

#: Text boxes: their words keep their spaces.
TEXT_BOXES = frozenset("text textrm textit textbf textsf texttt textnormal textup textmd textsl textsc mbox hbox "
                       "emph intertext".split())
#: Control words that print a letter (Greek, dotless, script ell) or set their argument as letters (fonts, accents).
LETTERLIKE = frozenset(
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi varpi rho "
    "varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi "
    "Omega ell imath jmath hbar mathbf mathrm mathit mathsf mathtt mathcal mathbb mathfrak mathscr bm boldsymbol "
    "hat widehat bar overline tilde widetilde vec dot ddot check breve acute grave sqrt".split())
_CONTROL = re.compile(r"\\[A-Za-z]+\*?")
_BOXED = re.compile(r"\\(?:" + "|".join(sorted(TEXT_BOXES)) + r")\s*\{[^{}]*\}")
_WORDS = re.compile(r"(?<![A-Za-z])[A-Za-z]{3,} +[A-Za-z]{3,}")
_TOKEN = re.compile(r"\\[A-Za-z]+\*?|\\.|\s+|.", re.S)
#: A subscript then a prime (or primes) on one base.
PRIMED = re.compile(r"_\s*(\{(?:[^{}]|\{[^{}]*\})*\}|\\[A-Za-z]+|[^\s{}\\'])\s*('+)")


def prime_first(m: re.Match[str]) -> str:
    """``q_i'`` as a PDF prints it: the prime over the subscript, read first ("q′ i")."""
    return f"^{{{m.group(2)}}}\\ _{{{m.group(1)}}}"


def _close(toks: list[str], i: int) -> int:
    """The index of the ``}`` that closes the ``{`` at ``toks[i]`` (the last token when none does)."""
    depth = 0
    for j in range(i, len(toks)):
        depth += {"{": 1, "}": -1}.get(toks[j], 0)
        if depth == 0:
            return j
    return len(toks) - 1


def _letterlike(tok: str) -> bool:
    return tok[:1].isalnum() or tok[:1] == "\\" and tok[1:] in LETTERLIKE


def _prose(latex: str) -> bool:
    """Whether a formula holds running text outside its text boxes: two words in a row, a list item, a
    paragraph break (a ``$`` read wrongly takes prose into math, whose words must keep their spaces)."""
    bare = _BOXED.sub(" ", latex)
    return "\\item" in bare or "\n\n" in bare or _WORDS.search(_CONTROL.sub(" ", bare)) is not None


def tighten(latex: str) -> str:
    """The inside of an inline formula with the typed spaces TeX ignores between two letter-like atoms dropped."""
    if " " not in latex and "\n" not in latex or _prose(latex):
        return latex
    toks = _TOKEN.findall(latex)
    out: list[str] = []
    letter = False  # the last atom (with its scripts) is letter-like
    macro = ""  # the control word whose argument groups follow
    script = False  # a "_" or "^" waits for its argument
    scripts = ""  # the script marks on the last atom: one set over the other ("_^") read apart in a PDF
    i = 0
    while i < len(toks):
        tok = toks[i]
        if tok == "{":
            j = _close(toks, i)
            inner = "".join(toks[i + 1:j])
            out.append("{" + (inner if macro[1:] in TEXT_BOXES else tighten(inner)) + "}")
            if not script and not macro:
                letter = False  # a bare group
            script = False
            i = j + 1
            continue
        if tok.isspace():
            control = bool(out) and _CONTROL.fullmatch(out[-1]) is not None  # a control word's delimiter stays
            after = toks[i + 1] if i + 1 < len(toks) else ""
            stacked = "_" in scripts and ("^" in scripts or "'" in scripts)
            if control or not letter or script or stacked or not _letterlike(after):
                out.append(tok)
            i += 1
            continue
        out.append(tok)
        if tok in ("_", "^", "'"):
            script, macro, scripts = tok != "'", "", scripts + tok
        elif script:
            script = False  # a one-token script: the atom stays
        elif _CONTROL.fullmatch(tok):
            macro, letter, scripts = tok, tok[1:] in LETTERLIKE, ""
        else:
            macro, letter, scripts = "", tok[:1].isalnum(), ""
        i += 1
    return "".join(out)
