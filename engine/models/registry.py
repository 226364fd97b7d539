"""The model manager: a JSON registry of imported GGUF models.

``ModelRegistry.import_model(path)`` validates the file (``read_gguf_info``; ``runnable.check_generator``: a text
generator llama.cpp can read, not an mmproj or an embedding model),
hashes it, and records it in ``app_paths().models / "registry.json"``. The
file is referenced where it lies unless ``copy=True``. The embedded models
are listed beside the imported ones but never stored.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import threading
from dataclasses import dataclass, field, fields, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from engine.errors import InputError
from engine.models import embedded
from engine.models.llama.gguf_info import GGUFFacts, read_gguf_info, sha256_file
from engine.models.llama.runnable import check_generator
from engine.paths import app_paths

SCHEMA_VERSION = 1


@dataclass(frozen=True, kw_only=True)
class ModelRecord(GGUFFacts):
    """An imported model: its GGUF facts (``sha256`` always set here), and what the registry adds."""

    id: str
    label: str = ""
    note: str = ""
    copied: bool = False
    source: str = "import"
    added: str = field(default_factory=lambda: datetime.now(timezone.utc).isoformat(timespec="seconds"))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "ModelRecord":
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})

    @classmethod
    def from_info(cls, model_id: str, info: GGUFFacts, **extra: Any) -> "ModelRecord":
        facts = {f.name: getattr(info, f.name) for f in fields(GGUFFacts)}
        return cls(id=model_id, **{**facts, "sha256": info.sha256 or ""}, **extra)


def _unused_name(folder: Path, stem: str) -> Path:
    """``folder/stem.gguf``, or ``stem-2.gguf``… when a file of that name is already there."""
    target, n = folder / f"{stem}.gguf", 2
    while target.exists():
        target, n = folder / f"{stem}-{n}.gguf", n + 1
    return target


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9._-]+", "-", text.lower()).strip("-") or "model"


class ModelRegistry:
    """Imported models, persisted as JSON; safe to share between threads."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else app_paths().models / "registry.json"
        self._lock = threading.Lock()

    def _read(self) -> list[ModelRecord]:
        if not self.path.is_file():
            return []
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except json.JSONDecodeError:
            raise InputError(f"the model registry is damaged: {self.path}") from None
        return [ModelRecord.from_dict(r) for r in data.get("models", [])]

    def _write(self, records: list[ModelRecord]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        payload = {"version": SCHEMA_VERSION, "models": [r.to_dict() for r in records]}
        tmp.write_text(json.dumps(payload, indent=2), encoding="utf-8")
        os.replace(tmp, self.path)

    def models(self) -> list[ModelRecord]:
        with self._lock:
            return self._read()

    def get(self, key: str) -> ModelRecord | None:
        """A record by id, or by path of the model file."""
        for record in self.models():
            if record.id == key or (Path(key).exists() and Path(record.path) == Path(key).resolve()):
                return record
        return None

    def import_model(
        self,
        path: str | Path,
        copy: bool = False,
        label: str = "",
        note: str = "",
        source: str = "import",
        created: bool = False,
    ) -> ModelRecord:
        """Validate and hash a GGUF, then record it (re-importing updates the record).

        ``copy=True`` copies the file into the models folder under a name no other file has, so an import
        never overwrites anything. ``created=True`` says Redraft itself wrote ``path`` (a download). Only
        such files, and copies, are ever deleted by ``remove``; a file the user brought is only forgotten.
        """
        info = read_gguf_info(path, with_sha256=False)
        check_generator(info.path, info.architecture)  # an mmproj, an embedding model: refused before it is hashed
        info = replace(info, sha256=sha256_file(info.path))
        with self._lock:
            records = self._read()
            existing = next((r for r in records if r.sha256 == info.sha256), None)
            model_id = existing.id if existing else self._new_id(records, Path(info.path).stem)
            owned = created
            if existing is not None and existing.copied and Path(existing.path).is_file():
                info, owned = replace(info, path=existing.path), True  # keep our copy
            elif copy and not Path(info.path).resolve().is_relative_to(app_paths().models.resolve()):
                target = _unused_name(app_paths().models, f"{slug(Path(info.path).stem)}-{info.sha256[:12]}")
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(info.path, target)
                info, owned = replace(info, path=str(target.resolve())), True
            record = ModelRecord.from_info(
                model_id, info, label=label or (existing.label if existing else ""),
                note=note or (existing.note if existing else ""), copied=owned, source=source,
            )
            records = [r for r in records if r.id != model_id] + [record]
            self._write(records)
        return record

    def remove(self, key: str) -> ModelRecord:
        """Forget a model; delete its file only when Redraft created it and no other record uses it."""
        with self._lock:
            records = self._read()
            found = next((r for r in records if r.id == key), None)
            if found is None:
                raise InputError(f"no imported model named '{key}' (see `redraft models list`)")
            rest = [r for r in records if r.id != key]
            self._write(rest)
            shared = any(Path(r.path) == Path(found.path) for r in rest)
        if found.copied and not shared and Path(found.path).resolve().is_relative_to(app_paths().models.resolve()):
            Path(found.path).unlink(missing_ok=True)
        return found

    def listing(self) -> list[dict[str, Any]]:
        """Embedded models, then imported ones, as plain dicts."""
        return embedded.embedded_records() + [
            {**r.to_dict(), "kind": "generator", "embedded": False} for r in self.models()
        ]

    def resolve(self, key: str) -> Path:
        """The GGUF file for an id, ``embedded``/``embedded:...`` or a path."""
        if key in embedded.GENERATOR_ALIASES:
            return embedded.generator_path()
        record = self.get(key)
        if record is not None:
            if not Path(record.path).is_file():
                raise InputError(f"model '{record.id}' is gone from {record.path}; import it again")
            return Path(record.path)
        if Path(key).is_file():
            return Path(key)
        raise InputError(f"no model '{key}': give a GGUF path, an id from `redraft models list`, or 'embedded'")

    @staticmethod
    def _new_id(records: list[ModelRecord], stem: str) -> str:
        taken = {r.id for r in records}
        base = slug(stem)
        model_id, n = base, 2
        while model_id in taken:
            model_id, n = f"{base}-{n}", n + 1
        return model_id


def open_generator(key: str, registry: ModelRegistry | None = None, **kwargs: Any) -> Any:
    """A ``LlamaGenerator`` for a registry id, ``embedded`` or a path (loaded lazily)."""
    from engine.models.llama.llm import LlamaGenerator

    registry = registry or ModelRegistry()
    if key in embedded.GENERATOR_ALIASES:
        return embedded.embedded_generator(**kwargs)
    record = registry.get(key)
    kwargs.setdefault("name", record.label or record.id if record else Path(key).stem)
    return LlamaGenerator(registry.resolve(key), **kwargs)
