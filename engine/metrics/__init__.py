"""Evaluation metrics for Redraft's features."""
