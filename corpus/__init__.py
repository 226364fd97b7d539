"""Corpora of real papers, rebuilt from fetched repository snapshots (never shipped)."""
