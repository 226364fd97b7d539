"""Fuzzing the binary parsers: GGUF metadata (byte mutations of a small real
GGUF written with ``gguf.GGUFWriter``, plus hand-built headers with hostile
counts and types) and PDF papers and review PDFs (byte flips and truncations of
small real PDFs written with PyMuPDF). Every input must load or be refused with
a one-line ``RedraftError``."""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import pymupdf
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.document.pdf.load import load_pdf
from engine.models.llama.gguf_info import read_gguf_info
from engine.reviews.load import load_reviews
from tests.hardening.fuzzkit import check, mutation_batch, profile
from tests.hardening.test_fuzz_text import BATCH, SEEDS, _file_parser, n
from tests.pdf_factory import make_paper_pdf, sample_paragraph


def small_gguf(path: Path) -> bytes:
    """A valid few-kB GGUF with every kind of metadata value and three small tensors."""
    import gguf

    writer = gguf.GGUFWriter(str(path), "llama")
    writer.add_name("fuzz-seed")
    writer.add_context_length(4096)
    writer.add_embedding_length(8)
    writer.add_block_count(1)
    writer.add_head_count(2)
    writer.add_head_count_kv([2])
    writer.add_file_type(gguf.LlamaFileType.MOSTLY_Q8_0)
    writer.add_tokenizer_model("llama")
    writer.add_token_list(["<unk>", "<s>", "</s>", "a", "b"])
    writer.add_token_scores([0.0, 0.5, -1.0, 2.0, 3.0])
    writer.add_chat_template("{% for m in messages %}{{ m['content'] }}{% endfor %}")
    writer.add_bool("fuzz.flag", True)
    writer.add_int8("fuzz.i8", -3)
    writer.add_uint64("fuzz.u64", 2**40)
    writer.add_float64("fuzz.f64", 1.5)
    writer.add_array("fuzz.ints", list(range(40)))
    writer.add_tensor("token_embd.weight", np.ones((5, 8), dtype=np.float32))
    writer.add_tensor("output_norm.weight", np.ones(8, dtype=np.float16))
    writer.add_tensor("output.weight", np.zeros((5, 8), dtype=np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path.read_bytes()


@pytest.fixture(scope="module")
def gguf_seed(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    data = small_gguf(tmp_path_factory.mktemp("gguf") / "seed.gguf")
    path = tmp_path_factory.mktemp("gguf") / "check.gguf"
    path.write_bytes(data)
    info = read_gguf_info(path)  # the seed itself is valid
    assert info.architecture == "llama" and info.has_chat_template and info.context_length == 4096
    return data


@given(SEEDS)
@profile(n(400))
def test_mutate_gguf(tmp_path: Path, gguf_seed: bytes, seed: int) -> None:
    mutation_batch("gguf (mutated)", [gguf_seed], seed, BATCH, _file_parser(tmp_path / "m.gguf", read_gguf_info))


_VALUE = st.one_of(
    st.tuples(st.integers(0, 12), st.binary(max_size=12)),  # any type tag, some payload
    st.tuples(st.just(9), st.builds(lambda t, c: struct.pack("<IQ", t, c), st.integers(0, 14),
                                    st.sampled_from([0, 1, 2**31, 2**63, 2**64 - 1]))),  # arrays, hostile counts
    st.tuples(st.just(8), st.sampled_from([struct.pack("<Q", 2**63), struct.pack("<Q", 3) + b"\xff\xfe\x00"])),
)


@given(st.sampled_from([1, 2, 3, 2**32 - 1]), st.sampled_from([0, 1, 3, 2**40, 2**64 - 1]),
       st.lists(st.tuples(st.sampled_from([b"general.architecture", b"general.alignment", b"llama.context_length",
                                           b"llama.attention.head_count", b"tokenizer.ggml.tokens", b"x"]),
                          _VALUE), max_size=6),
       st.binary(max_size=64))
@profile(n(3_000))
def test_fuzz_gguf_header(tmp_path: Path, version: int, n_tensors: int, kvs: list, tail: bytes) -> None:
    body = b"".join(struct.pack("<Q", len(k)) + k + struct.pack("<I", t) + v for k, (t, v) in kvs)
    data = b"GGUF" + struct.pack("<IQQ", version, n_tensors, len(kvs)) + body + tail
    path = tmp_path / "h.gguf"
    path.write_bytes(data)
    check("gguf header", lambda: read_gguf_info(path))


def _pdf_seeds(folder: Path) -> list[bytes]:
    paper = make_paper_pdf(folder / "paper.pdf", abstract=sample_paragraph(1, 40),
                           sections=[("Introduction", [sample_paragraph(2, 50)]), ("Method", [sample_paragraph(3, 50)])],
                           columns=2)
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), "Reviewer 1\nSummary: the paper is clear.\nWeaknesses: no baseline.")
    page.insert_link({"kind": pymupdf.LINK_URI, "from": pymupdf.Rect(72, 60, 200, 80), "uri": "https://example.org"})
    review = doc.tobytes(garbage=0, deflate=False)  # uncompressed: flips hit object syntax
    return [Path(getattr(paper, "path", folder / "paper.pdf")).read_bytes(), review]


@pytest.fixture(scope="module")
def pdf_seeds(tmp_path_factory: pytest.TempPathFactory) -> list[bytes]:
    return _pdf_seeds(tmp_path_factory.mktemp("pdf"))


@given(SEEDS)
@profile(n(40))
def test_mutate_pdf_paper(tmp_path: Path, pdf_seeds: list[bytes], seed: int) -> None:
    mutation_batch("pdf paper (mutated)", pdf_seeds, seed, 15, _file_parser(tmp_path / "p.pdf", load_pdf))


@given(SEEDS)
@profile(n(20))
def test_mutate_pdf_review(tmp_path: Path, pdf_seeds: list[bytes], seed: int) -> None:
    mutation_batch("pdf review (mutated)", pdf_seeds, seed, 15, _file_parser(tmp_path / "r.pdf", load_reviews))
