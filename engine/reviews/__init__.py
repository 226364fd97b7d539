"""Reviews: reading them (text, Markdown, OpenReview JSON, PDF) and drawing
the actionable comments out of them."""

from engine.reviews.comments import extract_comments
from engine.reviews.model import ACTIONS, Review, ReviewComment
from engine.reviews.parse import load_reviews, parse_reviews

__all__ = ["ACTIONS", "Review", "ReviewComment", "extract_comments", "load_reviews", "parse_reviews"]
