"""Reading text whatever its encoding: the one decoding path for every text input.

Reviews, Markdown and plain-text drafts, LaTeX sources and pasted text all go
through ``decode_text`` (bytes) or ``clean_text`` (text already decoded):

1. a byte-order mark names the encoding (UTF-8, UTF-16 LE/BE, UTF-32 LE/BE:
   what Windows Notepad writes as "Unicode");
2. else strict UTF-8;
3. else Windows-1252 (what Word's plain-text export writes on Windows: curly
   quotes, en dashes) for mostly-ASCII text, or when it reads as prose at least
   as well as the best guess of ``charset-normalizer``; else that guess
   (Cyrillic, Shift-JIS, ...); else Latin-1, which decodes any byte.

Whatever the encoding, control characters of the C1 range (U+0080-U+009F,
Windows-1252 bytes read as Latin-1 somewhere upstream) never reach the text:
those Windows-1252 gives a character become it, the rest are dropped.
A file that is binary (NUL bytes, control characters) is refused.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine.errors import InputError

#: The largest source file read: a long thesis is about 1 MB of LaTeX. pylatexenc tokenises in more than linear
#: time (2 MB of LaTeX takes about a minute on one core), so bigger sources are refused, not parsed for minutes.
MAX_BYTES = 2 * 1024 * 1024
#: Bytes that never occur in a text file (NUL and most C0 controls).
_BINARY = set(range(0, 9)) | {11, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 28, 29, 30, 31}
#: Byte-order marks, longest first (UTF-32 LE starts with UTF-16 LE's mark).
BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le", "UTF-32"), (codecs.BOM_UTF32_BE, "utf-32-be", "UTF-32"),
    (codecs.BOM_UTF8, "utf-8", "UTF-8"), (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16"),
)
#: Bytes given to the detector: enough to tell an encoding, fast on a 50 MB file.
DETECT_BYTES = 64 * 1024
#: Share of bytes above 0x7F up to which a text that Windows-1252 decodes is Western (English, French, German
#: prose: under 10%; Cyrillic, Greek, Hebrew in their code pages: over 50%); the detector judges the rest.
WESTERN_SHARE = 0.25
#: How much more "mess" (charset-normalizer's measure) Windows-1252 may show than the detector's best guess.
CP1252_SLACK = 0.02
#: Mess (``charset_normalizer.md.mess_ratio``) above which text behind a byte-order mark is binary: prose in
#: any script scores 0 to 0.05, random bytes read as UTF-16 above 1.
MAX_MESS = 0.3
_C1 = re.compile("[\u0080-\u009f]")
_CONTROL = re.compile("[\x00-\x08\x0b\x0e-\x1f]")


@dataclass(frozen=True)
class Decoded:
    text: str
    #: The Python codec the bytes were read with.
    encoding: str
    #: A line for the user when the encoding was guessed (not UTF-8 and no byte-order mark), else None.
    notice: str | None = None


def bom_encoding(data: bytes) -> tuple[str, int] | None:
    """``(codec, length of the mark)`` when ``data`` starts with a byte-order mark."""
    for bom, codec, _ in BOMS:
        if data.startswith(bom):
            return codec, len(bom)
    return None


def looks_binary(data: bytes) -> bool:
    """NUL bytes or more than 1% C0 control characters in the first 4 KB (of bytes without a byte-order mark)."""
    sample = data[:4096]
    return bool(sample) and (b"\x00" in sample or sum(b in _BINARY for b in sample) > len(sample) // 100 + 1)


def marked_binary(text: str) -> bool:
    """Bytes after a byte-order mark that are not text: NULs, control characters, or a mess of scripts and
    unassigned characters (random bytes read as UTF-16), by ``charset-normalizer``'s measure."""
    from charset_normalizer.md import mess_ratio

    sample = text[:4096]
    if "\x00" in sample or len(_CONTROL.findall(sample)) > len(sample) // 100 + 1:
        return True
    return mess_ratio(sample, 1.0) > MAX_MESS


def decode_text(data: bytes, name: str, declared: str | None = None) -> Decoded:
    """``data`` decoded (see the module's order); ``InputError`` naming ``name`` when it is binary.

    ``declared`` is the codec the file itself names (LaTeX's ``inputenc``): used, after a byte-order mark,
    when the bytes are not UTF-8."""
    bom = bom_encoding(data)
    if bom is not None:
        codec, skip = bom
        text = data[skip:].decode(codec, errors="replace")
        if marked_binary(text):
            raise InputError(f"{name} is not a text file (binary content)")
        return Decoded(clean_text(text), codec)
    if looks_binary(data):
        raise InputError(f"{name} is not a text file (binary content)")
    try:
        return Decoded(clean_text(data.decode("utf-8")), "utf-8")
    except UnicodeDecodeError:
        pass
    if declared:
        return Decoded(clean_text(data.decode(declared, errors="replace")), declared)
    codec, label = guess_encoding(data)
    return Decoded(clean_text(data.decode(codec, errors="replace")), codec,
                   f"{name} is not UTF-8; read as {label}")


def guess_encoding(data: bytes) -> tuple[str, str]:
    """``(codec, name for people)`` of bytes that are not UTF-8: Windows-1252 unless the detector finds
    an encoding that reads clearly better, then Latin-1."""
    from charset_normalizer import from_bytes
    from charset_normalizer.md import mess_ratio

    sample = data[:DETECT_BYTES]
    try:
        western = sample.decode("cp1252")
    except UnicodeDecodeError:  # 0x81, 0x8d, 0x8f, 0x90, 0x9d are not Windows-1252
        western = None
    if western is not None and sum(b >= 0x80 for b in sample) <= WESTERN_SHARE * len(sample):
        return "cp1252", "Windows-1252"  # mostly ASCII: a Western text with quotes, dashes and accents
    best = from_bytes(sample).best()
    if western is not None and (best is None or mess_ratio(western, 1.0) <= best.chaos + CP1252_SLACK):
        return "cp1252", "Windows-1252"
    if best is not None and not best.encoding.startswith(("utf_16", "utf_32")):
        return best.encoding, best.encoding.replace("_", "-")
    return "latin-1", "Latin-1"


def clean_text(text: str) -> str:
    """``text`` without C1 control characters (U+0080-U+009F): those Windows-1252 reads as a character become it
    (U+0092 -> ’), the rest are dropped; a leading byte-order mark is dropped too."""
    text = text.removeprefix("\ufeff")
    return _C1.sub(_from_c1, text) if _C1.search(text) else text


def _from_c1(m: re.Match[str]) -> str:
    try:
        return bytes([ord(m.group(0))]).decode("cp1252")
    except UnicodeDecodeError:
        return ""


def read_text_file(path: Path, max_bytes: int | None = MAX_BYTES,
                   declared: Callable[[bytes], str | None] | None = None) -> tuple[str, str | None]:
    """The text of ``path`` (``decode_text``) and a notice when its encoding was guessed;
    ``declared(data)`` gives the codec the file names for itself, if any.

    Raises ``InputError`` for a binary file, one that cannot be read, or one over ``max_bytes``.
    """
    try:
        size = path.stat().st_size
        if max_bytes is not None and size > max_bytes:
            raise InputError(f"{path.name} is {size / 1e6:.1f} MB; Redraft reads source files up to "
                             f"{max_bytes // (1024 * 1024)} MB")
        data = path.read_bytes()
    except OSError as err:
        raise InputError(f"cannot read {path}: {err.strerror or err}") from None
    decoded = decode_text(data, path.name, declared(data) if declared is not None else None)
    return decoded.text, decoded.notice
