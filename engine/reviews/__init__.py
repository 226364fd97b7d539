"""Reviews: reading them (text, Markdown, OpenReview JSON, PDF), refusing what
is not a review, and drawing the actionable comments out of them."""

from engine.reviews.comments import extract_comments
from engine.reviews.guard import author_response, check_text, reviews_look_like_response
from engine.reviews.model import ACTIONS, FINE_TYPES, Review, ReviewComment
from engine.reviews.parse import load_reviews, parse_reviews

__all__ = ["ACTIONS", "FINE_TYPES", "Review", "ReviewComment", "author_response", "check_text", "extract_comments",
           "load_reviews", "parse_reviews", "reviews_look_like_response"]
