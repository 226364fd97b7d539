"""The printed line numbers of a review-mode PDF: the reader lives with the PDF reader
(``engine.document.pdf.line_numbers``, session 26: the PDF reader drops them from its text, and a document module
may not import a project one); the letter and the marked-up PDF import it from here as before."""

from engine.document.pdf.line_numbers import INNER_SIZE, MIN_COLUMN, STEPS, column_step, number_words

__all__ = ["INNER_SIZE", "MIN_COLUMN", "STEPS", "column_step", "number_words"]
