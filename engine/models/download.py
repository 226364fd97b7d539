"""Recommended instruct models, fetched from Hugging Face only when asked.

``download_model(name)`` is the one place Redraft touches the network for
models: ``hf_hub_download`` of the file at the revision (a commit) the manifest
pins, into ``app_paths().models/downloads`` (resumes partial downloads, shows
its own progress bar), then a SHA-256 check against the hash the manifest
gives, a GGUF validation, and an entry in the registry. The manifest is
``RECOMMENDED`` below: name, repository, file, pinned revision and SHA-256.
The server's ETag is never trusted for the check. A model whose revision and
hash are not pinned is not downloaded (import it by hand). Nothing calls this
implicitly; tests replace ``hf_hub_download`` with a local copy.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from engine.errors import InputError, ModelError
from engine.models.llama.gguf_info import sha256_file
from engine.models.registry import ModelRecord, ModelRegistry
from engine.paths import app_paths


@dataclass(frozen=True)
class Recommended:
    name: str
    repo_id: str
    filename: str
    approx_gb: float  # approximate download size, GB
    note: str
    #: The commit of ``repo_id`` the file is fetched at (a 40-hex-digit id), and the file's SHA-256 there;
    #: empty until someone has read both from the repository.
    revision: str = ""
    sha256: str = ""

    @property
    def pinned(self) -> bool:
        return bool(re.fullmatch(r"[0-9a-f]{40}", self.revision) and re.fullmatch(r"[0-9a-f]{64}", self.sha256))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


#: Instruct models that follow Redraft's prompts; sizes are approximate (Q4_K_M).
RECOMMENDED: tuple[Recommended, ...] = (
    Recommended("qwen2.5-1.5b-instruct", "bartowski/Qwen2.5-1.5B-Instruct-GGUF",
                "Qwen2.5-1.5B-Instruct-Q4_K_M.gguf", 1.0, "fast on any laptop; basic quality"),
    Recommended("qwen2.5-3b-instruct", "bartowski/Qwen2.5-3B-Instruct-GGUF",
                "Qwen2.5-3B-Instruct-Q4_K_M.gguf", 1.9, "good balance on CPU"),
    Recommended("qwen2.5-7b-instruct", "bartowski/Qwen2.5-7B-Instruct-GGUF",
                "Qwen2.5-7B-Instruct-Q4_K_M.gguf", 4.7, "best quality here; wants a GPU or patience"),
    Recommended("llama-3.2-3b-instruct", "bartowski/Llama-3.2-3B-Instruct-GGUF",
                "Llama-3.2-3B-Instruct-Q4_K_M.gguf", 2.0, "good English prose"),
    Recommended("phi-3.5-mini-instruct", "bartowski/Phi-3.5-mini-instruct-GGUF",
                "Phi-3.5-mini-instruct-Q4_K_M.gguf", 2.4, "strong reasoning for its size"),
    Recommended("gemma-2-2b-it", "bartowski/gemma-2-2b-it-GGUF",
                "gemma-2-2b-it-Q4_K_M.gguf", 1.7, "small, fluent; 8k context"),
)


def recommended(name: str) -> Recommended:
    for entry in RECOMMENDED:
        if entry.name == name:
            return entry
    names = ", ".join(e.name for e in RECOMMENDED)
    raise InputError(f"no recommended model '{name}'; choose one of: {names}")


def download_model(name: str | Recommended, registry: ModelRegistry | None = None) -> ModelRecord:
    """Download a recommended model (a name in ``RECOMMENDED``, or an entry) at its pinned revision, check its
    SHA-256 against the manifest's, and register it."""
    import huggingface_hub

    entry = name if isinstance(name, Recommended) else recommended(name)
    if not entry.pinned:
        raise ModelError(f"{entry.name} has no pinned revision and SHA-256 in Redraft's model manifest, so it is "
                         f"not downloaded: fetch {entry.filename} from huggingface.co/{entry.repo_id} yourself and "
                         "add it with `redraft models import FILE`")
    folder = app_paths().models / "downloads" / entry.repo_id.replace("/", "--")
    folder.mkdir(parents=True, exist_ok=True)
    try:
        path = Path(huggingface_hub.hf_hub_download(entry.repo_id, entry.filename, revision=entry.revision,
                                                    local_dir=folder))
    except Exception as err:  # network, auth, missing file: all end the same way for the user
        first = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise ModelError(f"download of {entry.name} failed: {first}") from None
    if sha256_file(path) != entry.sha256:
        path.unlink(missing_ok=True)
        raise ModelError(f"download of {entry.name} is corrupt or not the pinned file (SHA-256 mismatch with the "
                         "manifest); it was removed, try again")
    registry = registry or ModelRegistry()
    return registry.import_model(
        path, label=entry.name, note=entry.note,
        source=f"huggingface:{entry.repo_id}/{entry.filename}@{entry.revision}", created=True,
    )
