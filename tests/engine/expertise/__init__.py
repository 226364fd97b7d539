"""Tests of ``engine.expertise``."""
