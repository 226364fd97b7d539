"""PyTorch is optional (``pip install "redraft[torch]"``): without it the embedded and other BERT-family
encoders run on ONNX Runtime, and a folder that needs PyTorch is refused with one line saying how to add it.

torch is hidden, never uninstalled: ``sys.modules["torch"] = None`` in this process and in a subprocess
that runs the CLI as a user does.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import ModelError
from engine.models import embedded
from engine.models.encoders.encoder import (
    TORCH_INSTALL,
    TransformersEncoder,
    describe_encoder_folder,
    open_encoder,
    torch_missing,
)
from engine.models.encoders.onnx_encoder import OnnxEncoder

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo"

# Runs the CLI in a process where `import torch` fails and find_spec("torch") is None, as after a
# default install.
BLOCKED_CLI = """
import sys
sys.modules["torch"] = None
from engine.cli.main import main
code = main(sys.argv[1:])
print("NO_TORCH" if sys.modules.get("torch") is None else "TORCH_IMPORTED", file=sys.stderr)
sys.exit(code)
"""


def mpnet_folder(root: Path) -> Path:
    """A folder ONNX Runtime cannot run (an MPNet config): PyTorch's case."""
    folder = root / "all-mpnet-base-v2"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps({"model_type": "mpnet", "hidden_size": 768}))
    (folder / "tokenizer.json").write_text("{}")  # a whole folder: only its runtime is missing
    return folder


def test_a_folder_that_needs_torch_gets_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)
    folder = mpnet_folder(tmp_path)
    encoder = open_encoder(folder)
    assert isinstance(encoder, TransformersEncoder)  # nothing loads until the first sentence
    with pytest.raises(ModelError) as err:
        encoder.encode(["The model improves accuracy."])
    message = str(err.value)
    assert message.startswith("encoder all-mpnet-base-v2 needs PyTorch (model type 'mpnet'")
    assert TORCH_INSTALL in message and "\n" not in message
    assert describe_encoder_folder(folder) == message[0].upper() + message[1:] + "."
    # asking for PyTorch on a folder ONNX Runtime could run says so too
    with pytest.raises(ModelError, match=r"needs PyTorch \(runtime torch\)"):
        open_encoder(embedded.encoder_path(), runtime="torch").encode(["one"])


def test_the_bundle_message_names_the_installer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    message = torch_missing("e5-mistral", "model type 'mistral' is not a BERT-family encoder")
    assert "this installer does not include" in message and TORCH_INSTALL in message


def test_embedded_encoder_needs_no_torch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)
    encoder = open_encoder(embedded.encoder_path())
    assert isinstance(encoder, OnnxEncoder)
    vectors = encoder.encode(["The model improves accuracy on the benchmark.",
                              "Our method achieves higher accuracy on this benchmark.",
                              "The recipe needs two eggs and a cup of flour."])
    sims = vectors @ vectors.T
    assert sims[0, 1] > sims[0, 2] + 0.3
    assert describe_encoder_folder("").startswith("The embedded all-MiniLM-L6-v2 runs on ONNX Runtime")


@pytest.mark.slow
def test_cli_aligns_without_torch_and_refuses_a_torch_encoder_in_one_line(tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = {**os.environ, "REDRAFT_HOME": str(home), "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"}
    args = ["align", "--old", str(DEMO / "draft_v1.md"), "--new", str(DEMO / "draft_v2.md"),
            "--reviews", str(DEMO / "reviews.md"), "--method", "embed", "--json"]
    ok = subprocess.run([sys.executable, "-c", BLOCKED_CLI, *args], cwd=tmp_path, env=env, capture_output=True,
                        text=True, timeout=300)
    assert ok.returncode == 0, ok.stderr[-3000:]
    assert ok.stderr.strip().endswith("NO_TORCH")
    data = json.loads(ok.stdout)
    assert any(a["edit_ids"] for a in data["alignments"])

    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / "settings.json").write_text(json.dumps({"encoder_path": str(mpnet_folder(tmp_path))}))
    refused = subprocess.run([sys.executable, "-c", BLOCKED_CLI, *args], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=300)
    assert refused.returncode == 2
    first = refused.stderr.splitlines()[0]
    assert first.startswith("redraft: error: encoder all-mpnet-base-v2 needs PyTorch") and TORCH_INSTALL in first
    assert "Traceback" not in refused.stderr
