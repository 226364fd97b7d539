"""Read what a GGUF file says about itself, without loading the model.

``read_gguf_info`` validates the file (magic, version, complete tensor data,
an architecture the ``gguf`` package knows) and returns a ``GGUFInfo`` with
the facts the model manager shows and the memory estimate needs.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from engine.errors import InputError

GGUF_MAGIC = b"GGUF"


@dataclass(frozen=True)
class GGUFInfo:
    path: str
    size_bytes: int
    architecture: str
    name: str
    parameters: int
    context_length: int
    file_type: str
    has_chat_template: bool
    n_layer: int
    n_embd: int
    n_head: int
    n_head_kv: int
    head_dim_k: int
    head_dim_v: int
    vocab_size: int
    sha256: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def parameters_label(self) -> str:
        """``270M``, ``1.5B``: the parameter count as people say it."""
        n = self.parameters
        if n >= 1e9:
            return f"{n / 1e9:.1f}B"
        if n >= 1e6:
            return f"{n / 1e6:.0f}M"
        return f"{n / 1e3:.0f}K"


def sha256_file(path: str | os.PathLike[str], chunk_size: int = 1 << 20) -> str:
    """SHA-256 of a file, read in 1 MiB chunks (no whole-file read)."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(chunk_size):
            digest.update(chunk)
    return digest.hexdigest()


def known_architectures() -> set[str]:
    """Architecture names the installed ``gguf`` package knows."""
    import gguf

    return set(gguf.MODEL_ARCH_NAMES.values())


def read_gguf_info(path: str | os.PathLike[str], with_sha256: bool = False) -> GGUFInfo:
    """Validate a GGUF file and read its metadata; ``InputError`` when unusable."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"no such model file: {path}")
    size = path.stat().st_size
    with open(path, "rb") as handle:
        magic = handle.read(4)
    if magic != GGUF_MAGIC:
        raise InputError(f"not a GGUF model file: {path.name}")
    reader = _open_reader(path)
    try:
        fields = {name: _field_value(field) for name, field in reader.fields.items()}
        end = max((t.data_offset + int(t.n_bytes) for t in reader.tensors), default=0)
        if end > size or not reader.tensors:
            raise InputError(
                f"truncated GGUF file: {path.name} has {size:,} bytes, its tensors need {end:,}"
            )
        parameters = sum(int(t.n_elements) for t in reader.tensors)
    finally:
        del reader
    arch = str(fields.get("general.architecture", ""))
    if not arch:
        raise InputError(f"GGUF file {path.name} names no architecture")
    if arch not in known_architectures():
        raise InputError(f"unknown model architecture '{arch}' in {path.name}")

    def arch_int(key: str, default: int = 0) -> int:
        value = fields.get(f"{arch}.{key}", default)
        if isinstance(value, list):  # per-layer values: take the largest
            value = max(value) if value else default
        return int(value)

    n_embd = arch_int("embedding_length")
    n_head = arch_int("attention.head_count", 1) or 1
    n_head_kv = arch_int("attention.head_count_kv", n_head) or n_head
    head_k = arch_int("attention.key_length", n_embd // n_head)
    head_v = arch_int("attention.value_length", head_k)
    return GGUFInfo(
        path=str(path.resolve()),
        size_bytes=size,
        architecture=arch,
        name=str(fields.get("general.name", path.stem)),
        parameters=parameters,
        context_length=arch_int("context_length"),
        file_type=_file_type_name(fields.get("general.file_type")),
        has_chat_template="tokenizer.chat_template" in fields,
        n_layer=arch_int("block_count"),
        n_embd=n_embd,
        n_head=n_head,
        n_head_kv=n_head_kv,
        head_dim_k=head_k,
        head_dim_v=head_v,
        vocab_size=int(fields.get("tokenizer.ggml.tokens") or 0),
        sha256=sha256_file(path) if with_sha256 else None,
    )


def read_metadata(path: str | os.PathLike[str], key: str) -> Any:
    """One metadata value (``None`` when absent), e.g. ``tokenizer.chat_template``."""
    reader = _open_reader(Path(path))
    field = reader.fields.get(key)
    return None if field is None else _field_value(field)


def _open_reader(path: Path) -> Any:
    import gguf

    try:
        return gguf.GGUFReader(path)
    except (ValueError, IndexError, OSError, KeyError, OverflowError) as err:
        detail = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise InputError(f"damaged or truncated GGUF file {path.name} ({detail})") from None


def _field_value(field: Any) -> Any:
    if field.name == "tokenizer.ggml.tokens":
        return len(field.data)  # only the vocabulary size is needed
    if len(field.data) > 1024:
        return None  # scores, token types, merges: not needed here
    try:
        return field.contents()
    except (UnicodeDecodeError, ValueError, IndexError):
        return None


def _file_type_name(value: Any) -> str:
    if value is None:
        return "unknown"
    import gguf

    try:
        name = gguf.LlamaFileType(int(value)).name
    except ValueError:
        return f"type {value}"
    return name.removeprefix("MOSTLY_").removeprefix("ALL_")
