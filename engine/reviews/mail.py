"""Reviews forwarded or replied to in a mail: every line quoted with ``>``.

A program chair's mail forwarded as it came, or the reviews pasted from a reply, quote each line with ``>`` (``>>``
after a second reply). Read as it is, the whole text is a quotation, which a review never makes a comment of (a
reviewer's ``>`` lines quote the paper, ``units.is_quote``): a new-user trial's forwarded reviews gave no comment
at all. When nearly every line is quoted, the quote marks are the mail's, and one level is taken off."""

from __future__ import annotations

import re

#: One level of a mail's quoting at the start of a line: "> ", ">", "  > ".
_QUOTED = re.compile(r"^[ \t]*>[ \t]?")
#: Share of the non-blank lines that open with ">" for the text to read as a mail's quotation (a mail's own lines,
#: "From:", "Subject:", a greeting, are the rest; a reviewer quoting the paper quotes a few lines of a review).
QUOTED_SHARE = 0.8
#: Quoted lines at least: a short note that quotes one line stays as typed.
QUOTED_LINES = 5
#: Levels of quoting taken off at most (">>>" after three replies).
MAX_LEVELS = 4


def unquote_mail(text: str) -> str:
    """``text`` with a mail's quote marks taken off when at least ``QUOTED_SHARE`` of its non-blank lines (and
    ``QUOTED_LINES`` or more) open with ">"; again for each further level. Lines keep their order and their
    number; a line that was only ">" becomes blank, so paragraphs stay apart."""
    for _ in range(MAX_LEVELS):
        lines = text.split("\n")
        filled = sum(1 for line in lines if line.strip())
        quoted = sum(1 for line in lines if line.strip() and _QUOTED.match(line))
        if quoted < QUOTED_LINES or quoted < QUOTED_SHARE * filled:
            break
        text = "\n".join(_QUOTED.sub("", line, count=1) for line in lines)
    return text
