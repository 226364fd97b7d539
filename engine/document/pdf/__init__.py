"""PDF loading: text spans to lines, blocks, paragraphs (``load.load_pdf``)."""


def quiet_mupdf() -> None:
    """MuPDF's notes on what it repairs in a PDF ("could not parse color space") go nowhere: the reader gets the
    result, or one clear error. Every reader of a PDF calls this first (a new-user trial's exports printed them)."""
    import pymupdf

    pymupdf.TOOLS.mupdf_display_errors(False)
    pymupdf.TOOLS.mupdf_display_warnings(False)
