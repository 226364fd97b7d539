"""Tests of ``engine.revision``."""
