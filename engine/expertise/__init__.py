"""Reviewer expertise: profiles, scorers, area-chair matrices, evidence and evaluation."""
