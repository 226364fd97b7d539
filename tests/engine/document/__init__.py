"""Tests of ``engine.document``."""
