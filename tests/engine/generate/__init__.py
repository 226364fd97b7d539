"""Tests of ``engine.generate``."""
