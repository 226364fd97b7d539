"""Redraft's Qt-free core: documents, revisions, reviews, alignment, generation, expertise."""

__version__ = "0.1.0"
