"""Suggestions: edits per review comment, instruction edits, TLDRs, and their checks."""
