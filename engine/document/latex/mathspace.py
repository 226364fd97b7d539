"""Inline math as TeX prints it (issue 31: the PDF reader's text and the LaTeX reader's should meet).

A prime after a subscript (``q_i'``) is a superscript: TeX sets it over the subscript, and the PDF reads it
first ("q′ i"), as ``text._sup_then_sub`` reads a subscript and a superscript on one base.
"""

from __future__ import annotations

import re

#: A subscript then a prime (or primes) on one base.
PRIMED = re.compile(r"_\s*(\{(?:[^{}]|\{[^{}]*\})*\}|\\[A-Za-z]+|[^\s{}\\'])\s*('+)")


def prime_first(m: re.Match[str]) -> str:
    """``q_i'`` as a PDF prints it: the prime over the subscript, read first ("q′ i")."""
    return f"^{{{m.group(2)}}}\\ _{{{m.group(1)}}}"
