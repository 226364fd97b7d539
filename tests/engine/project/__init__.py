"""Tests of ``engine.project``."""
