"""Tests of ``engine.metrics``."""
