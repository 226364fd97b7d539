"""Tests of ``engine.cli``."""
