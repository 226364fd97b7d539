"""Tests of ``engine.align``."""
