"""User settings: a typed model with a schema version, saved as JSON.

Unknown keys from newer versions are kept untouched on save; a corrupt file is
set aside (renamed) and defaults are used, so a bad settings file never stops
the app. The recent-projects list lives in its own file (``engine.project.recent``),
so saving settings can never roll it back.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from engine.paths import AppPaths, app_paths

SCHEMA_VERSION = 1


@dataclass
class Settings:
    schema_version: int = SCHEMA_VERSION
    #: Path of the GGUF generator; empty means the embedded smoke-test model.
    generator_path: str = ""
    #: Local HF encoder folder; empty means the embedded MiniLM.
    encoder_path: str = ""
    #: "int8" (about 2x faster on the CPU) or "fp32" (exact); BERT-family encoders on ONNX Runtime only.
    encoder_precision: str = "int8"
    #: -1: all layers when the build supports GPU offload, else 0.
    n_gpu_layers: int = -1
    n_ctx: int = 4096
    #: 0: let llama.cpp choose.
    n_threads: int = 0
    theme: str = "system"
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        extra = data.pop("extra")
        return {**extra, **data}


def load_settings(paths: AppPaths | None = None) -> Settings:
    path = (paths or app_paths()).settings_file
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(raw, dict):
            raise ValueError("settings must be a JSON object")
    except FileNotFoundError:
        return Settings()
    except (ValueError, UnicodeDecodeError):
        path.replace(path.with_suffix(".corrupt.json"))
        return Settings()
    known = {f.name for f in fields(Settings)} - {"extra"}
    values = {k: v for k, v in raw.items() if k in known}
    settings = Settings(**values)
    settings.extra = {k: v for k, v in raw.items() if k not in known}
    return settings


def save_settings(settings: Settings, paths: AppPaths | None = None) -> Path:
    """Write settings atomically (temp file, fsync, rename)."""
    return write_json((paths or app_paths()).settings_file, settings.to_dict())


def write_json(path: Path, data: Any) -> Path:
    """Write ``data`` to ``path`` atomically (temp file, fsync, rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    with tmp.open("w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=2)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
    return path
