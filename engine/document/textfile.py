"""Reading a text source file (LaTeX, Markdown, plain text) whatever its encoding."""

from __future__ import annotations

from pathlib import Path

from engine.errors import InputError

#: The largest source file read: a long thesis is about 1 MB of LaTeX. pylatexenc tokenises in more than linear
#: time (2 MB of LaTeX takes about a minute on one core), so bigger sources are refused, not parsed for minutes.
MAX_BYTES = 2 * 1024 * 1024
#: Bytes that never occur in a text file (NUL and most C0 controls).
_BINARY = set(range(0, 9)) | {11, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 28, 29, 30, 31}


def read_text_file(path: Path) -> tuple[str, str | None]:
    """Decode ``path`` as UTF-8, then UTF-8 with BOM, then cp1252, then latin-1.

    Returns the text and a notice when a fallback encoding was used.
    Raises ``InputError`` for a binary file or one over ``MAX_BYTES``.
    """
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise InputError(f"{path.name} is {size / 1e6:.1f} MB; Redraft reads source files up to "
                             f"{MAX_BYTES // (1024 * 1024)} MB")
        data = path.read_bytes()
    except OSError as err:
        raise InputError(f"cannot read {path}: {err.strerror or err}") from None
    sample = data[:4096]
    if sample and (b"\x00" in sample or sum(b in _BINARY for b in sample) > len(sample) // 100 + 1):
        raise InputError(f"{path.name} is not a text file (binary content)")
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace"), None
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), f"{path.name} is not UTF-8; read as Windows-1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), f"{path.name} is not UTF-8; read as Latin-1"
