"""Refusing a zip-based input (Word ``.docx``) that would unpack to more than it is worth, before any part is read.

A zip's central directory declares each member's compressed and uncompressed
size; Python's ``zipfile`` never inflates a member past its declared size, so
checking the declarations bounds what a parser can be handed. A zip bomb (a
400 MB ``document.xml`` deflated to under 1 MB) is refused here in
milliseconds, instead of after an XML parser has taken most of a gigabyte.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from engine.errors import InputError

#: Everything a Word file unpacks to, images included (python-docx holds every part in memory).
MAX_TOTAL = 256 * 1024 * 1024
#: One XML part (the document, styles, footnotes): a 1,000-page thesis is about 20 MB of WordprocessingML.
MAX_XML_PART = 64 * 1024 * 1024
#: Uncompressed over compressed size above which a large member is a bomb, not a document: text XML deflates
#: about 5-20 times; runs of one character, hundreds of times.
MAX_RATIO = 100
#: Members smaller than this are not judged by their ratio (a tiny part of blanks may deflate 200 times).
RATIO_FROM = 1024 * 1024
#: Members of a zip: a real .docx has tens; millions of empty entries take memory of their own.
MAX_MEMBERS = 10_000


def check_zip(path: Path, what: str = ".docx file") -> None:
    """Raise ``InputError`` (one line) when ``path``'s declared sizes are beyond the limits above."""
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return  # not a zip (or unreadable): the loader says so in its own words
    if len(members) > MAX_MEMBERS:
        raise InputError(f"{path.name} is not a readable {what} (a zip of {len(members):,} members; "
                         f"at most {MAX_MEMBERS:,} are read)")
    total = 0
    for info in members:
        size, packed = info.file_size, max(info.compress_size, 1)
        total += size
        if size >= RATIO_FROM and size / packed > MAX_RATIO:
            raise InputError(f"{path.name} is not a readable {what} ({info.filename} would unpack to "
                             f"{_mb(size)} from {_mb(packed)}: a zip bomb, not a document)")
        if info.filename.lower().endswith((".xml", ".rels")) and size > MAX_XML_PART:
            raise InputError(f"{path.name} is not a readable {what} ({info.filename} would unpack to "
                             f"{_mb(size)}; at most {_mb(MAX_XML_PART)} of XML is read)")
    if total > MAX_TOTAL:
        raise InputError(f"{path.name} is not a readable {what} (it would unpack to {_mb(total)}; "
                         f"at most {_mb(MAX_TOTAL)} is read)")


def _mb(size: int) -> str:
    return f"{size / 1e6:.1f} MB" if size < 10e6 else f"{size / 1e6:.0f} MB"
