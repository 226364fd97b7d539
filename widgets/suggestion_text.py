"""The suggestion card's words: its keys' and flags' tips, its chips' short texts, and the lines it writes for a
record (``widgets.suggestion_card``)."""

from __future__ import annotations

from engine.project.model import SuggestionRecord

#: What the card's keys do (they work while the card has the focus).
SHORTCUT_TIPS = {"accept": "accept it", "reject": "reject it", "edit": "edit its text", "save": "save the edited text",
                 "cancel": "stop editing", "copy": "copy the edit to the clipboard"}
FLAG_TIPS = {
    "mentions_reviewer": "The edit still talks about the reviewer",
    "paraphrases_comment": "The edit reuses the comment's wording",
    "promises": "The edit promises or defers work instead of doing it",
    "no_technical_detail": "The edit carries no technical detail",
    "copies_prompt": "The model repeated its instructions instead of writing about this paper",
    "ungrounded": "The text shares almost no words with the paper and the comment",
    "loops": "The model repeated itself",
    "cut_off": "The text was cut off before a complete sentence",
    "timed_out": "The model ran out of time",
    "missing_object": "The edit names a theorem, section, figure, table or equation the paper does not have",
    "unknown_name": "The edit names something found in neither the paper nor the comment",
    "unsupported_claim": "The edit claims a result the paper never claims",
    "unsupported_property": "The edit asserts a property or limitation the paper never mentions",
    "summary": "The text describes the paper instead of editing it",
    "altered_citation": "The edit changes a citation the paper already has",
}
#: Short chip texts (the full message is the chip's tooltip); other flags show their message, shortened.
CHIP_LABELS = {
    "missing_object": "no such part in the paper", "unknown_name": "unknown name", "unsupported_claim":
    "unsupported claim", "unsupported_property": "unsupported property", "summary": "summary, not an edit",
    "altered_citation": "changed citation", "rewrite_withheld": "rewrite withheld", "rewrite_too_slow":
    "too slow here: no rewrite", "invented_number":
    "numbers → placeholders", "invented_quantity": "quantities → placeholders", "unverified_citation":
    "citation to check", "paraphrases_comment": "reuses the comment",
    "source_unmapped": "check the copy's source", "no_source": "copied as it reads",
}
#: Chips for the flags whose message is longer than a chip, 28 characters (an author's trial, session 33, read "no
#: number, placeholder, cit…" on a rewrite that invented its claim); the message stays in the tooltip.
CHIP_LABELS.update({
    "no_technical_detail": "no technical detail", "mentions_reviewer": "mentions the reviewer",
    "reviewer_mention_removed": "reviewer mention removed", "unchanged": "changes nothing",
    "fragment_dropped": "unfinished sentence cut", "loop_stopped": "repeat cut", "explanation_trimmed":
    "explanation shortened", "extra_sentences_dropped": "first sentence kept", "short_explanation":
    "explanation too short", "shortened": "shortened", "trimmed": "shortened", "promises": "promises",
    "empty_edit": "no edit written", "copies_prompt": "repeats the prompt", "off_topic": "off the comment's topic",
    "too_slow": "too slow to finish", "cut_off": "cut off", "timed_out": "out of time", "unknown_link":
    "unknown web address", "ungrounded": "not from the paper", "too_short": "too short for a TLDR",
})
#: Chips shown before a "+N" chip that lists the rest in its tooltip.
MAX_CHIPS = 4
#: The edit box's heading, by the record's kind.
EDIT_HEADINGS = {"scaffold": "Draft to complete: fill each placeholder", "rewrite": "Edit to the paper"}
#: A scaffold with nothing to fill (a wording fix the comment spells out, applied to the sentence): an author's trial
#: (session 22) read "fill each placeholder" above a draft that had none.
FIXED_HEADING = "Draft: the sentence, corrected as the comment spells out"


def edit_heading(rec: SuggestionRecord | None) -> str:
    """The edit box's heading for ``rec``."""
    if rec is not None and rec.kind == "scaffold" and "[[" not in (rec.edit or ""):
        return FIXED_HEADING
    return EDIT_HEADINGS.get(rec.kind if rec else "", EDIT_HEADINGS["rewrite"])


def meta_line(rec: SuggestionRecord, where: str = "") -> str:
    parts = [f"Comment {rec.comment_id}"]
    if rec.location:
        parts.append(f"at {where or rec.location}")
    if rec.model:
        parts.append(f"by {rec.model}")
    return " · ".join(parts)


def plan_text(rec: SuggestionRecord) -> str:
    """A scaffold's (or a rewrite's) where and what: the change the comment asks for, the paragraph quoted."""
    lines = [rec.change] if rec.change else []
    if rec.quote:
        lines.append(f"Where: “{shorten_quote(rec.quote)}”")
    return "\n".join(lines)


#: Characters of the quoted paragraph the card shows (the rest is in the tooltip): room for the draft's box.
QUOTE_CHARS = 110


def shorten_quote(quote: str, chars: int = QUOTE_CHARS) -> str:
    """The paragraph's opening, cut at a word within ``chars``, marked "…" when cut."""
    quote = " ".join(quote.split())
    if len(quote) <= chars:
        return quote
    return quote[:chars].rsplit(" ", 1)[0].rstrip(" ,;:…") + " …"


def meta_tip(rec: SuggestionRecord, where: str = "") -> str:
    lines = [f"Comment {rec.comment_id}: the comment this suggestion answers"]
    if rec.location:
        place = f"{where} ({rec.location})" if where else rec.location
        lines.append(f"at {place}: the paragraph of the paper the edit is for")
    if rec.model:
        lines.append(f"by {rec.model}: the model that wrote it")
    return "\n".join(lines)
