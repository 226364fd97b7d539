"""Tests of ``engine.reviews``."""
