"""Every shipped or embedded model is recorded with its licence and hash (resources/models/LICENSES.md), and the
installed metadata names the non-commercial component."""

from __future__ import annotations

import hashlib
import re
from importlib import metadata
from pathlib import Path

import pytest

from engine.models import embedded

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "resources" / "models" / "LICENSES.md"


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _recorded(name: str) -> str:
    row = next(line for line in TABLE.read_text("utf-8").splitlines() if f"`{name}`" in line or name in line)
    return re.findall(r"`([0-9a-f]{64})`", row)[-1]


@pytest.mark.parametrize("name", ["encoder.onnx", "encoder.json", "lexical.json", "minilm.json"])
def test_shipped_comment_models_match_the_recorded_hashes(name: str) -> None:
    assert _sha256(ROOT / "resources" / "models" / "comments" / name) == _recorded(f"resources/models/comments/{name}")


def test_shipped_alignment_model_matches_the_recorded_hash() -> None:
    assert _sha256(ROOT / "resources" / "models" / "align" / "learned.json") == _recorded(
        "resources/models/align/learned.json")
    assert _sha256(ROOT / "resources" / "models" / "align" / "answered.json") == _recorded(
        "resources/models/align/answered.json")
    assert _sha256(ROOT / "resources" / "models" / "align" / "answered-letter.json") == _recorded(
        "resources/models/align/answered-letter.json")
    assert _sha256(ROOT / "resources" / "models" / "align" / "throughout.json") == _recorded(
        "resources/models/align/throughout.json")
    assert _sha256(ROOT / "resources" / "models" / "align" / "broad.json") == _recorded(
        "resources/models/align/broad.json")
    assert _sha256(ROOT / "resources" / "models" / "align" / "neighbours.json") == _recorded(
        "resources/models/align/neighbours.json")
    assert _sha256(ROOT / "resources" / "models" / "align" / "tuned-layers.safetensors") == _recorded(
        "resources/models/align/tuned-layers.safetensors")


def test_embedded_models_match_the_recorded_hashes() -> None:
    assert _sha256(embedded.encoder_path() / "model.safetensors") == _recorded("model.safetensors")
    assert _sha256(embedded.generator_path()) == _recorded("SmolLM2-135M-Instruct.Q4_1.gguf")


def test_installed_metadata_names_the_non_commercial_component() -> None:
    meta = metadata.metadata("redraft")
    assert meta["License-Expression"] == "MIT AND CC-BY-NC-4.0"
    assert meta.get_all("License-File") and "resources/models/LICENSES.md" in meta.get_all("License-File")


def test_the_install_has_no_llm_cli_or_openai_client() -> None:
    """The embedded models' packages come without their declared dependencies (pyproject.toml's uv overrides)."""
    for dist in ("llm", "openai", "sentence-transformers"):
        with pytest.raises(metadata.PackageNotFoundError):
            metadata.version(dist)


def test_about_and_the_installer_name_the_non_commercial_models() -> None:
    from engine.resources import LICENCE_NOTE

    assert "CC BY-NC 4.0" in LICENCE_NOTE and "MIT" in LICENCE_NOTE
    assert "CC BY-NC 4.0" in (ROOT / "packaging" / "redraft.spec").read_text("utf-8")
