"""The ONNX graph an encoder builds is kept beside its embedding cache and read back by the next encoder: the
same vectors, bit for bit, without importing ``onnx`` or quantising the weights again; a damaged stored graph is
built again."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from engine.models import embedded
from engine.models.encoders import onnx_encoder
from engine.models.encoders.embed_cache import EmbeddingCache
from engine.models.encoders.graph_cache import FOLDER
from engine.models.encoders.onnx_encoder import OnnxEncoder

TEXTS = [
    "We clarify the threat model in Section 3 and add the missing runtime numbers to Table 4.",
    "Reviewer 2 asks for an ablation of the attention module.",
    "Short.",
]


def fresh(tmp_path: Path, name: str, precision: str = "int8") -> OnnxEncoder:
    """An encoder with its own (empty) embedding cache in ``tmp_path``, so every row is computed."""
    return OnnxEncoder(embedded.encoder_path(), cache=EmbeddingCache(tmp_path / f"{name}.sqlite3"), precision=precision)


@pytest.mark.embedded
@pytest.mark.parametrize("precision", ["int8", "fp32"])
def test_a_stored_graph_gives_the_same_vectors_without_building_it(tmp_path: Path, monkeypatch, precision) -> None:
    built = fresh(tmp_path, "first", precision).encode(TEXTS)
    graphs = list((tmp_path / FOLDER).glob("*.onnx"))
    assert len(graphs) == 1 and graphs[0].stat().st_size > 1_000_000

    def no_build(*args, **kwargs):
        raise AssertionError("the graph was built again")

    monkeypatch.setattr(onnx_encoder, "_build_graph", no_build)
    read = fresh(tmp_path, "second", precision).encode(TEXTS)
    assert read.tobytes() == built.tobytes()


@pytest.mark.embedded
def test_int8_and_fp32_graphs_are_kept_apart(tmp_path: Path) -> None:
    int8 = fresh(tmp_path, "a", "int8").encode(TEXTS)
    fp32 = fresh(tmp_path, "b", "fp32").encode(TEXTS)
    assert len(list((tmp_path / FOLDER).glob("*.onnx"))) == 2
    assert not np.array_equal(int8, fp32)
    assert np.array_equal(fresh(tmp_path, "c", "int8").encode(TEXTS), int8)


@pytest.mark.embedded
def test_a_damaged_stored_graph_is_built_again(tmp_path: Path) -> None:
    built = fresh(tmp_path, "first").encode(TEXTS)
    (graph,) = (tmp_path / FOLDER).glob("*.onnx")
    graph.write_bytes(b"not an onnx graph")
    assert fresh(tmp_path, "second").encode(TEXTS).tobytes() == built.tobytes()
    assert graph.stat().st_size > 1_000_000  # stored again, whole


@pytest.mark.embedded
def test_no_embedding_cache_stores_no_graph(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    OnnxEncoder(embedded.encoder_path(), cache=None).encode(TEXTS)
    assert not list(tmp_path.rglob("*.onnx"))


@pytest.mark.embedded
def test_a_process_with_a_stored_graph_does_not_import_onnx(tmp_path: Path) -> None:
    fresh(tmp_path, "first").encode(TEXTS)
    script = (
        "import sys; from pathlib import Path\n"
        "from engine.models import embedded\n"
        "from engine.models.encoders.embed_cache import EmbeddingCache\n"
        "from engine.models.encoders.onnx_encoder import OnnxEncoder\n"
        f"e = OnnxEncoder(embedded.encoder_path(), cache=EmbeddingCache(Path({str(tmp_path)!r}) / 'new.sqlite3'),\n"
        "                precision='int8')\n"
        "e.encode(['a sentence never embedded here'])\n"
        "print('onnx' in sys.modules)\n"
    )
    root = Path(__file__).resolve().parents[3]
    out = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    assert len(list((tmp_path / FOLDER).glob("*.onnx"))) == 1  # read, not built again


def test_only_the_newest_graphs_are_kept(tmp_path: Path) -> None:
    """An updated builder or model writes a new graph; the oldest beyond ``KEEP`` go, the one just written stays."""
    import os

    from engine.models.encoders.graph_cache import KEEP, store_graph

    folder = tmp_path / FOLDER
    folder.mkdir()
    old = [folder / f"old{i}.onnx" for i in range(KEEP + 2)]
    for i, file in enumerate(old):
        file.write_bytes(b"graph")
        os.utime(file, (1_000_000 + i, 1_000_000 + i))  # old0 the oldest
    new = folder / "new.onnx"
    assert store_graph(new, lambda: b"new graph") == b"new graph"
    left = sorted(f.name for f in folder.glob("*.onnx"))
    assert left == sorted(["new.onnx"] + [f.name for f in old[-(KEEP - 1):]])
    assert new.read_bytes() == b"new graph"
