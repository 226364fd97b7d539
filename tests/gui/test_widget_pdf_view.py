"""PdfView: real pages, lazy rendering, highlights of a real paragraph's regions."""

from __future__ import annotations

import pymupdf
import pytest
from PySide6.QtGui import QColor

from engine.document import ParagraphKind, load_document
from engine.errors import InputError
from tests.gui.widget_helpers import save_shot, use_theme
from widgets.pdf_pages import CACHE_PAGES
from widgets.pdf_view import PdfView


@pytest.fixture
def view(qtbot):
    use_theme("light")
    view = PdfView()
    qtbot.addWidget(view)
    view.resize(760, 640)
    with qtbot.waitExposed(view):
        view.show()
    return view


def _long_pdf(path, pages: int) -> None:
    # The body text is laid out once and shown on every page (one shared form XObject): 2-3x faster
    # to write than laying it out 500 times, and the pages render the same.
    body = pymupdf.open()
    body.new_page(width=595, height=842).insert_textbox(
        pymupdf.Rect(72, 130, 523, 700), "Lorem ipsum dolor sit amet. " * 40, fontsize=11)
    doc = pymupdf.open()
    for i in range(pages):
        page = doc.new_page(width=595, height=842)
        page.insert_text((72, 100), f"Page {i + 1} of a long generated report.", fontsize=14)
        page.show_pdf_page(page.rect, body, 0)
    doc.save(str(path))


@pytest.mark.shared_data
def test_pdf_view_highlights_a_real_paragraph(view, qtbot, shared_data, tmp_path) -> None:
    pdf = shared_data / "revision" / "cgo18" / "camera_ready.pdf"
    document = load_document(str(pdf))
    para = next(p for p in document.paragraphs
                if p.kind is ParagraphKind.BODY and p.page == 3 and len(p.text) > 300)
    view.open(pdf)
    assert view.page_count == document.page_count
    assert view.current_page == 1
    with qtbot.waitSignal(view.sig_page_changed) as blocker:
        view.highlight(list(para.regions), "#81c995")
    assert blocker.args == [3]
    assert view.highlight_count == len(para.regions)
    # the first region is on screen
    box = view.canvas.region_rect(para.regions[0])
    top = view.scroll.verticalScrollBar().value()
    assert top <= box.top() <= top + view.scroll.viewport().height()
    # lazy rendering: the visible pages get rendered, at the device-pixel ratio
    qtbot.waitUntil(lambda: any(key[0] == 2 for key in view.canvas.cache))
    pixmap = next(p for key, p in view.canvas.cache.items() if key[0] == 2)
    dpr = view.canvas.devicePixelRatioF()
    assert pixmap.devicePixelRatio() == dpr
    assert pixmap.width() == round(612 * view.canvas.zoom * dpr)
    # the box is painted: the pixel at its centre changes once highlights are cleared
    view.canvas.repaint()
    point = box.center().toPoint()
    tinted = view.canvas.grab().toImage().pixelColor(point)
    save_shot(view, "pdf_view", tmp_path)
    view.clear_highlights()
    view.canvas.repaint()
    plain = view.canvas.grab().toImage().pixelColor(point)
    assert view.highlight_count == 0
    assert tinted != plain and tinted.green() > tinted.red()


def test_pdf_view_opens_a_long_pdf_lazily(view, qtbot, tmp_path) -> None:
    path = tmp_path / "long.pdf"
    _long_pdf(path, 500)
    view.open(path)
    assert view.page_count == 500
    assert view.canvas.renders == 0  # opening renders nothing
    qtbot.waitUntil(lambda: view.canvas.renders >= 1)
    assert view.canvas.renders <= 3  # only what is on screen
    with qtbot.waitSignal(view.sig_page_changed) as blocker:
        view.page_box.setValue(250)
    assert blocker.args == [250] and view.current_page == 250
    qtbot.waitUntil(lambda: any(key[0] == 249 for key in view.canvas.cache))
    for page in (10, 40, 80, 120, 160, 200, 300, 400, 499):
        view.go_to_page(page)
        view.canvas.repaint()
        qtbot.waitUntil(lambda p=page: any(key[0] == p - 1 for key in view.canvas.cache))
    assert len(view.canvas.cache) <= CACHE_PAGES
    before = view.canvas.zoom
    view._step_zoom(1)
    assert view.canvas.zoom > before and view.current_page == 499


def test_pdf_view_refuses_what_it_cannot_show(view, tmp_path) -> None:
    bad = tmp_path / "notes.pdf"
    bad.write_text("not a pdf")
    with pytest.raises(InputError):
        view.open(bad)
    locked = tmp_path / "locked.pdf"
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "secret")
    doc.save(str(locked), encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="pw", owner_pw="pw")
    with pytest.raises(InputError, match="password"):
        view.open(locked)
    view.open(locked, password="pw")
    assert view.page_count == 1
    # a PDF that opens with no pages (shadowing-jcp's, written part way by a typesetting stopped at its limit, showed
    # as an empty document): refused with its reason, the pages shown before kept
    empty = tmp_path / "main_els.pdf"
    empty.write_bytes(b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"
                      b"2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")
    with pytest.raises(InputError, match="main_els.pdf has no pages: it is empty or was not finished"):
        view.open(empty)
    assert view.page_count == 1 and view.path == str(locked)
    view.show_text("A LaTeX source has no pages.")
    assert view.stack.currentWidget() is view.text
    assert QColor("yellow").isValid()


@pytest.mark.shared_data
def test_pdf_view_fits_the_width_and_keeps_fitting(view, qtbot, shared_data, tmp_path) -> None:
    """A new user saw every page cut off on the left at 100%: pages now open fitted to the pane."""
    pdf = shared_data / "revision" / "cgo18" / "camera_ready.pdf"
    view.resize(420, 600)
    view.open(pdf)
    assert view.fits_width and view.zoom_box.currentText() == "Fit width"

    def fitted() -> bool:
        page = view.canvas.page_rect(0)
        return (view.canvas.width() <= view.scroll.viewport().width() and page.left() >= 0
                and view.scroll.horizontalScrollBar().maximum() == 0)

    qtbot.waitUntil(fitted)
    narrow = view.canvas.zoom
    assert narrow < 1.0  # a 612 pt page in a 420 px pane
    view.resize(900, 600)  # the pane grows: the pages grow with it
    qtbot.waitUntil(lambda: view.canvas.zoom > narrow and fitted())
    view.show_text("")  # close and reopen at the wider size, from the top
    view.open(pdf)
    qtbot.waitUntil(fitted)
    save_shot(view, "pdf_view_fit_width", tmp_path)
    view.zoom_in()
    assert not view.fits_width and view.canvas.zoom > narrow
    assert view.zoom_box.currentData() in (1.0, 1.25, 1.5, 2.0)
    view.fit_width()
    qtbot.waitUntil(fitted)


@pytest.mark.shared_data
def test_pdf_view_keeps_the_left_margin_in_view_when_scrolling_to_a_paragraph(view, qtbot, shared_data) -> None:
    pdf = shared_data / "revision" / "cgo18" / "camera_ready.pdf"
    document = load_document(str(pdf))
    para = next(p for p in document.paragraphs if p.kind is ParagraphKind.BODY and p.page == 3
                and p.regions and p.regions[0].bbox[0] < 300)  # the left column
    view.resize(700, 600)
    view.open(pdf)
    view.zoom_box.setCurrentIndex(view.zoom_box.findData(1.0))  # wider than the pane is no longer
    view.highlight(list(para.regions))
    box = view.canvas.region_rect(para.regions[0])
    left = view.scroll.horizontalScrollBar().value()
    assert left <= box.left() and box.right() - left <= view.scroll.viewport().width()
    assert left == 0  # the region fits: the page's left edge stays on screen


@pytest.mark.shared_data
def test_pdf_view_draws_maths_the_text_cannot_spell(view, qtbot, shared_data) -> None:
    """The ICASSP loss sets its big brackets in CMEX10, which has no Unicode map (its text reads
    "[math]"): the page image still shows them, ink where the PDF puts the glyph."""
    pdf = shared_data / "revision" / "icassp20" / "submission.pdf"
    page = pymupdf.open(str(pdf))[1]
    glyph = next(ch["bbox"] for block in page.get_text("rawdict", flags=0)["blocks"] for line in block.get("lines", ())
                 for span in line["spans"] if "CMEX" in span["font"] for ch in span["chars"])
    view.open(pdf)
    pixmap = view.canvas.render_page(1)
    image = pixmap.toImage()
    scale = image.width() / page.rect.width
    x0, y0, x1, y1 = (round(v * scale) for v in glyph)
    dark = sum(1 for x in range(x0, x1) for y in range(y0, y1) if image.pixelColor(x, y).lightness() < 128)
    assert dark >= 10


def test_pdf_view_closed_shows_no_page_of_the_last_document(view, qtbot, tmp_path) -> None:
    """A project without a revised PDF, opened after one with, must not keep "3 / 5" in the empty pane."""
    path = tmp_path / "five.pdf"
    _long_pdf(path, 5)
    view.open(path)
    view.go_to_page(3)
    qtbot.waitUntil(lambda: view.page_box.value() == 3)
    assert view.page_count_label.text() == "/ 5"
    view.close_document()
    assert view.stack.currentWidget() is view.empty and not view.toolbar.isEnabled()
    assert (view.page_box.value(), view.page_count_label.text(), view.current_page) == (0, "/ 0", 0)
    view.open(path)  # and a document opened again starts on its first page
    assert view.page_box.minimum() == 1 and view.page_box.value() == 1 and view.page_count_label.text() == "/ 5"


def _column_in_view(view: PdfView, index: int, column: int) -> bool:
    left, right = view.columns.of(index)[column]
    page = view.canvas.page_rect(index)
    x = view.scroll.horizontalScrollBar().value()
    return (x <= page.left() + left * view.canvas.zoom
            and page.left() + right * view.canvas.zoom <= x + view.scroll.viewport().width())


@pytest.mark.shared_data
def test_fit_column_reads_a_two_column_paper_in_order(view, qtbot, shared_data, tmp_path) -> None:
    """From a new-user trial: Fit Width on two-column pages was unreadably small (each of the PDF tab's two panes
    in a 1600-pixel window is about 380 pixels wide: 9 pt text drawn 5 pixels high). Fit Column zooms to one text column, found from the page's text lines; Page Down
    goes down the column, then to the top of the next, then to the next page; a paragraph brings its column into
    view; the fit follows the pane's width."""
    pdf = shared_data / "revision" / "cgo18" / "camera_ready.pdf"
    document = load_document(str(pdf))
    view.resize(380, 700)
    view.open(pdf)
    qtbot.waitUntil(lambda: view.canvas.zoom < 0.7)
    width_zoom = view.canvas.zoom
    view.fit_column()
    assert view.fits_column and view.zoom_box.currentText() == "Fit column" and not view.fits_width
    qtbot.waitUntil(lambda: view.canvas.zoom > 2.2 * width_zoom)
    # 9 pt body text: at least 12 px high (a UI font's size), where Fit Width drew it about 5 px high
    assert view.canvas.zoom * 9 >= 12 and width_zoom * 9 < 6
    assert view.current_column == 0 and _column_in_view(view, 0, 0)
    qtbot.waitUntil(lambda: bool(view.canvas.cache))
    save_shot(view, "pdf_view_fit_column", tmp_path)

    seen = [(view.current_page, view.current_column)]
    for _ in range(12):
        view.page_down()
        seen.append((view.current_page, view.current_column))
        assert _column_in_view(view, view.current_page - 1, view.current_column), seen
    order = list(dict.fromkeys(seen))  # each (page, column) once, in the order read
    assert order[:4] == [(1, 0), (1, 1), (2, 0), (2, 1)], seen
    for _ in range(4):
        view.page_up()
    assert view.current_column in (0, 1) and _column_in_view(view, view.current_page - 1, view.current_column)

    para = next(p for p in document.paragraphs if p.kind is ParagraphKind.BODY and p.page == 3 and p.regions
                and p.regions[0].bbox[0] > 300)  # the right column
    view.highlight(list(para.regions))
    assert view.current_page == 3 and view.current_column == 1 and _column_in_view(view, 2, 1)
    box = view.canvas.region_rect(para.regions[0])
    top = view.scroll.verticalScrollBar().value()
    assert top <= box.top() <= top + view.scroll.viewport().height()

    zoom = view.canvas.zoom
    view.resize(300, 700)  # a narrower pane: the column still fits it
    qtbot.waitUntil(lambda: view.canvas.zoom < zoom and _column_in_view(view, 2, 1))
    view.fit_width()
    qtbot.waitUntil(lambda: view.canvas.zoom < 1.0 and view.scroll.horizontalScrollBar().maximum() == 0)


@pytest.mark.shared_data
def test_fit_column_on_a_one_column_paper_fits_its_text(view, qtbot, shared_data) -> None:
    view.resize(760, 700)
    view.open(shared_data / "pdfs" / "2206.10883v3.pdf")
    qtbot.waitUntil(lambda: view.canvas.zoom < 1.5)
    width_zoom = view.canvas.zoom
    view.fit_column()
    qtbot.waitUntil(lambda: view.canvas.zoom > 1.05 * width_zoom)  # the margins go, the text fills the pane
    assert len(view.columns.of(0)) == 1 and _column_in_view(view, 0, 0)
    view.page_down()
    assert _column_in_view(view, view.current_page - 1, 0)
