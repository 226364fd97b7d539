"""PDF loading: text spans to lines, blocks, paragraphs (``load.load_pdf``)."""
