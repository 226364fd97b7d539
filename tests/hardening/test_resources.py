"""Resource bounds: a 1,000-page PDF loads in bounded memory (peak RSS measured in a
subprocess); a 5 MB review file is cut to 150,000 characters with a notice; a
100k-token paper against a 4k-context model is trimmed to fit, with notices that
say what was cut, and generation still ends cleanly."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.document import load_document
from engine.errors import ModelError
from engine.generate.context import prompt_tokens
from engine.generate.suggest import EditSuggester
from engine.reviews.model import ReviewComment
from engine.reviews.load import load_reviews
from engine.reviews.parse import MAX_CHARS
from tests.engine.document.test_pdf_large import _CHILD
from tests.pdf_factory import make_paper_pdf, sample_paragraph

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "resources" / "demo"


@pytest.mark.slow
def test_thousand_page_pdf_in_bounded_memory(tmp_path: Path) -> None:
    sections = [(f"Part {i}", [sample_paragraph(i * 100 + j, 120) for j in range(16)]) for i in range(200)]
    layout = make_paper_pdf(tmp_path / "long.pdf", sections=sections, columns=1, page_size=(420.0, 595.0),
                            margin=50.0, running_header="A very long technical report")
    assert layout.page_count >= 1000
    proc = subprocess.run([sys.executable, "-c", _CHILD, str(tmp_path / "long.pdf")],
                          capture_output=True, text=True, cwd=REPO, timeout=500, check=True)
    result = json.loads(proc.stdout)
    assert result["pages"] == layout.page_count
    assert len(result["body"]) == 200 * 16
    grown_mb = (result["peak_kb"] - result["base_kb"]) / 1024
    print(f"\n{layout.page_count} pages in {result['seconds']:.1f} s; peak RSS {result['peak_kb'] / 1024:.0f} MB, "
          f"{grown_mb:.0f} MB above the imports")
    assert grown_mb < 300


def test_five_megabyte_review_is_cut_with_a_notice(tmp_path: Path) -> None:
    one = (DEMO / "reviews.md").read_text(encoding="utf-8")
    path = tmp_path / "huge_reviews.md"
    path.write_text((one + "\n\n") * (5_000_000 // len(one) + 1), encoding="utf-8")
    assert path.stat().st_size >= 5_000_000
    start = time.perf_counter()
    reviews = load_reviews(path)
    seconds = time.perf_counter() - start
    assert sum(len(r.text) for r in reviews) <= MAX_CHARS
    notice = reviews[0].notices[0]
    assert notice.startswith("review text truncated to the first") and f"{path.stat().st_size:,}" in notice
    print(f"\n5 MB review file: {len(reviews)} reviews kept in {seconds:.2f} s; notice: {notice}")
    assert seconds < 20


@pytest.mark.slow
def test_hundred_thousand_token_paper_against_a_4k_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import testkit.gguf_factory as factory
    from engine.models.llama.llm import LlamaGenerator

    monkeypatch.setattr(factory, "CONTEXT_LENGTH", 4096)
    generator = LlamaGenerator(factory.write_tiny_llama(tmp_path / "ctx4k.gguf"), n_ctx=4096, n_gpu_layers=0)
    words = 120  # each paragraph ~800 characters; the tiny model spends one token per byte
    body = "\n\n".join(f"## Part {i}\n\n" + "\n\n".join(sample_paragraph(i * 10 + j, words) for j in range(4))
                       for i in range(35))
    paper = tmp_path / "long.md"
    paper.write_text(f"# A long paper\n\n## Abstract\n\n{sample_paragraph(1, 400)}\n\n{body}\n", encoding="utf-8")
    doc = load_document(paper)
    assert generator.count_tokens(paper.read_text(encoding="utf-8")) >= 100_000
    comment = ReviewComment("c1", "R1", "The method section " + "is unclear and needs more detail; " * 300)
    suggester = EditSuggester(generator, top_k=8, max_tokens=64)
    rendered, notices, _ = suggester.prompt(comment, doc, doc.body()[:8])
    used = prompt_tokens(generator, rendered)
    assert used + 64 <= generator.n_ctx
    assert notices and all(("trimmed" in n or "left out" in n or "example" in n) for n in notices), notices
    print(f"\nprompt {used} tokens of {generator.n_ctx}; notices: {notices}")
    try:
        suggester.suggest(comment, doc)
    except ModelError as err:  # the tiny model writes noise; running out of JSON is a clean, one-line error
        assert "no usable answer" in str(err) and "\n" not in str(err)
