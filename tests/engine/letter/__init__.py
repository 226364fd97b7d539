"""Tests of ``engine.letter``."""
