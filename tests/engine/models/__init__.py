"""Tests of ``engine.models``."""
