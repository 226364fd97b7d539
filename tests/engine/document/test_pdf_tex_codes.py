"""A PDF whose text fonts are TeX bitmap (Type3) fonts with no Unicode map (session 29, pdfgap30): the ligatures,
quotes and dashes came as control characters ("e\\x1ecient"), so the words were cut or lost and every sentence
with a ligature read as an edit against the same sentence typeset with Type1 fonts. Typeset here with pdfTeX's font
map emptied (``\\pdfmapfile{}``), which makes every font a bitmap, in T1 and in OT1 encoding; and a maths font's
codes in the control range (cmex's delimiters) left as they are."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.document import load_document
from engine.document.pdf.tex_codes import TexCodes
from tests.optional import has_tex, typeset

TEXT = ("The efficient office staff found ``fluffy'' waffles --- a difficult affair -- for the first time.\n\n"
        "Their effort was sufficient, and the final figures were filed.\n")
READ = ["The efficient office staff found “fluffy” waffles — a difficult affair – for the first time.",
        "Their effort was sufficient, and the final figures were filed."]


#: Bitmap fonts are made by METAFONT (mktexpk) on first use.
BITMAPS = has_tex("t1enc.def", "article.cls") and shutil.which("mktexpk") is not None and shutil.which("mf") is not None


def _bitmap_pdf(tmp_path: Path, encoding: str) -> Path:
    fontenc = "\\usepackage[T1]{fontenc}\n" if encoding == "T1" else ""
    pdf = typeset(tmp_path, "\\pdfmapfile{}\n\\documentclass{article}\n" + fontenc
                  + "\\begin{document}\n" + TEXT + "\\end{document}\n")
    import pymupdf

    with pymupdf.open(pdf) as doc:
        kinds = {f[2] for f in doc[0].get_fonts()}
    if kinds != {"Type3"}:
        pytest.skip(f"pdfTeX made {sorted(kinds)} fonts, not bitmaps (no METAFONT here)")
    return pdf


@pytest.mark.skipif(not BITMAPS, reason="pdflatex with T1 fonts and METAFONT is not installed")
@pytest.mark.parametrize("encoding", ["T1", "OT1"])
def test_bitmap_fonts_read_their_ligatures_quotes_and_dashes(tmp_path: Path, encoding: str) -> None:
    doc = load_document(_bitmap_pdf(tmp_path, encoding))
    assert [p.text for p in doc.paragraphs if p.text != "1"] == READ


def _page(*spans: tuple[str, str]) -> dict:
    return {"blocks": [{"type": 0, "lines": [{"spans": [{"text": t, "font": f} for f, t in spans]}]}]}


def test_a_font_is_decoded_only_where_its_ligatures_show_its_encoding() -> None:
    codes = TexCodes()
    page = codes.decode(_page(("F33", "e\x1becti\x1ce \x10words\x11 \x15 more"), ("CMEX10", "\x10\x11\x1c"),
                              ("F40", "\x10 \x11")))
    texts = [s["text"] for s in page["blocks"][0]["lines"][0]["spans"]]
    assert texts == ["effectifie “words” – more", "\x10\x11\x1c", "\x10 \x11"]
    # a later page: the font's encoding, once shown, holds where the page has no ligature of it
    page = codes.decode(_page(("F33", "\x10quoted\x11")))
    assert page["blocks"][0]["lines"][0]["spans"][0]["text"] == "“quoted”"


def test_ot1_quotes_at_ascii_codes_only_in_a_font_shown_to_be_ot1() -> None:
    codes = TexCodes()
    page = codes.decode(_page(("F24", "e\x0bect \\quoted\" {"), ("F25", "a\\b \"c\" {x}")))
    texts = [s["text"] for s in page["blocks"][0]["lines"][0]["spans"]]
    assert texts == ["effect “quoted” –", "a\\b \"c\" {x}"]


def test_a_page_without_codes_is_untouched() -> None:
    page = _page(("Times", "plain text, “quoted” – and {braces}"))
    assert TexCodes().decode(page) is page
    assert page["blocks"][0]["lines"][0]["spans"][0]["text"] == "plain text, “quoted” – and {braces}"


ENTRIES = "".join(f"\\noindent Surname{n}, A. ({1990 + n}). A study of the rates of reactions in batch {n} under the "
                  f"usual conditions. Journal of Examples {n}, 100--120.\\par\n" for n in range(1, 9))


@pytest.mark.skipif(not BITMAPS, reason="pdflatex with T1 fonts and METAFONT is not installed")
def test_a_known_heading_alone_on_its_line_in_bitmap_fonts_is_a_heading(tmp_path: Path) -> None:
    """Bitmap fonts say no weight, so "References." set bold on its own line (imsart) read as a line of text and the
    entries under it as body; in a PDF where no font says bold, a heading papers use alone on its line is one."""
    pdf = typeset(tmp_path, "\\pdfmapfile{}\n\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\begin{document}\n"
                  + TEXT + "\n\\noindent\\textbf{References.}\\par\n" + ENTRIES + "\\end{document}\n")
    import pymupdf

    with pymupdf.open(pdf) as doc:
        if {f[2] for f in doc[0].get_fonts()} != {"Type3"}:
            pytest.skip("pdfTeX made no bitmap fonts here (no METAFONT)")
    paragraphs = load_document(pdf).paragraphs
    heading = next(p for p in paragraphs if p.text.startswith("References"))
    assert heading.kind.value == "heading"
    assert [p.kind.value for p in paragraphs if p.text.startswith("Surname")] == ["reference"] * 8


@pytest.mark.skipif(not has_tex("article.cls"), reason="pdflatex is not installed")
def test_a_known_heading_word_in_plain_type_beside_bold_text_stays_text(tmp_path: Path) -> None:
    """Where fonts do say bold (Type1), a line reading "Discussion" in the text's own weight is no heading."""
    pdf = typeset(tmp_path, "\\documentclass{article}\n\\begin{document}\n\\textbf{Bold lead.} " + TEXT
                  + "\n\\bigskip\\noindent Discussion\\par\\bigskip\n" + TEXT + "\\end{document}\n")
    paragraphs = load_document(pdf).paragraphs
    assert [p.kind.value for p in paragraphs if p.text == "Discussion"] == ["other"]
