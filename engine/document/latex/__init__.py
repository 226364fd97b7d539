"""LaTeX loading: the project's sources to paragraphs (``load.load_latex``)."""
