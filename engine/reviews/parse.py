"""Reading reviews: plain text and Markdown as pasted from OpenReview or a
conference system, OpenReview JSON (see ``openreview``), Word files and review PDFs.

Several reviews in one file are split at reviewer headings ("# Reviewer 1",
"Review #107A", "Reviewer xYz1", "Official Review ... by Reviewer ab12", Elsevier's
"Reviewer #2: This paper ..." on the review's first line, EDAS's "==== Review 2 ====")
or at ``---`` rules. Each review keeps its sections, rating and confidence.
"""

from __future__ import annotations

import re

from engine.document.textfile import clean_text
from engine.errors import InputError
from engine.reviews.forms import cut_score, form_questions, score_line
from engine.reviews.guard import author_response, check_text
from engine.reviews.headings import (EDITOR, FORM, banner, banner_review, clean_heading, form_line, inline_reviewer,
                                     is_banner_field, is_metadata, is_separator, is_text_banner, is_underline,
                                     point_reviewer, reviewer_name, same_reviewer, section_heading, short_answer)
from engine.reviews.inline_response import drop_author_response, without_stamps
from engine.reviews.language import english_notice
from engine.reviews.latex import latex_review_text, looks_like_latex
from engine.reviews.letters import (CLOSING, closes_letter, journal_report, mostly_process, opens_letter,
                                     signature_title)
from engine.reviews.mail import unquote_mail
from engine.reviews.model import Review
from engine.reviews.tables import comment_tables

#: Characters of review text processed; the rest is dropped with a notice.
MAX_CHARS = 150_000
#: Text before the first reviewer heading up to this many words is a preamble, not a review.
PREAMBLE_WORDS = 120
#: A rule under a reviewer's name with only this many words of title lines between (HotCRP's "Paper #<n>: <title>"
#: between two rules) starts no review.
HEADER_WORDS = 25
#: A line of a review form's scores: "Recommendation: Revision", "New Potential Energy Surface: No".
_SCORE_LINE = re.compile(r"^\s*[*_]*[A-Za-z][\w /()'-]{0,50}[*_]*\s*:\s*\S.{0,40}$")
#: A LaTeX quotation (``like this'', `like this'), up to a blank line: reviewers who write in LaTeX type them so.
_LATEX_QUOTE = re.compile(r"(?<![\w`])``(?=\S)((?:(?!``|''|\n\s*\n).){1,600}?)''|(?<![`\w])`(?!`)([^`'\n]{1,120}?)'(?!\w)", re.S)


def latex_quotes(text: str) -> str:
    """``text`` with LaTeX's quotation marks (````x''``, ```x'``) as the curly quotes they typeset as ("x", 'x'), so
    that comments, the letter and the readers of quoted words (``engine.align.cues``) see one kind of quote. An
    unpaired ```` or ``''`` (a Markdown code span, inches) is left as typed."""
    if "`" not in text:
        return text
    return _LATEX_QUOTE.sub(lambda m: f"\u201c{m.group(1)}\u201d" if m.group(1) is not None
                            else f"\u2018{m.group(2)}\u2019", text)


def parse_reviews(
    text: str, source: str = "text", *, max_chars: int = MAX_CHARS, notices: list[str] | None = None,
    latex: bool | None = None,
) -> list[Review]:
    """Split ``text`` into reviews and each review into sections. ``latex``: the text is LaTeX (a ``.tex`` file),
    read as text (``engine.reviews.latex``); None: so when a text or Markdown review has LaTeX markup in it."""
    notices = list(notices or [])
    text = unquote_mail(clean_text(text).replace("\r\n", "\n").replace("\r", "\n"))  # a forwarded mail's "> "
    if latex is None:
        latex = source in ("text", "markdown") and looks_like_latex(text)
    if latex and not author_response(text):  # a LaTeX reply letter stays as typed, for the guard to refuse
        text = latex_review_text(text, tex_file=source == "latex")
    text = latex_quotes(text)
    text = comment_tables(text, notices)  # a response letter kept as a table: its comment column (tables.py)
    text = re.sub(r"<!--.*?-->", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)  # invisible in Markdown
    # HotCRP's "Response by <name>" between the reviews is no reviewer; its "* Updated: <date>" stamps no text
    text = drop_author_response(without_stamps(text), notices)
    if len(text) > max_chars:
        cut = text.rfind("\n", 0, max_chars)
        cut = cut if cut > max_chars // 2 else max_chars
        notices.append(f"review text truncated to the first {cut:,} of {len(text):,} characters")
        text = text[:cut]
    check_text(text)  # on what is kept: a 50 MB paste is judged on its first 150,000 characters, in milliseconds
    language = english_notice(text)
    if language:
        notices.append(language)
    reviews = [_parse_one(name, body, source) for name, body in split_reviews(text, notices)]
    reviews = [r for r in reviews if r.text.strip()]
    if not reviews:
        raise InputError("no review text found")
    if not language and len(reviews) > 1:  # one reviewer of several wrote in another language (trial28)
        notices.extend(f"{r.reviewer}: {note}" for r in reviews if (note := english_notice(r.text)))
    _distinct_names(reviews)
    for r in reviews:
        r.notices = notices + r.notices
    return reviews


def split_reviews(text: str, notices: list[str] | None = None) -> list[tuple[str, str]]:
    """``(reviewer, text)`` for each review in ``text``, in order.

    Text before the first reviewer heading is a preamble ("The three reviews of
    our paper follow."), not a review, unless it is long enough to be one.
    """
    lines = text.split("\n")
    starts: list[tuple[int, str | None]] = []  # (line index where the body starts, reviewer)
    cuts: list[int] = []  # line indexes that end a review
    # EasyChair: "--- REVIEW 1 ---" starts reviewer 1; an unnumbered "--- REVIEW ---" starts a new review where no
    # banner is numbered, and is the heading over a review's text where they are
    banners = [banner_review(line) for line in lines]
    numbered = any(b and b[1] for b in banners)
    from_banner: set[int] = set()
    for i, line in enumerate(lines):
        if i and is_underline(line, lines[i - 1]):
            if starts and starts[-1][0] == i:  # the reviewer heading's own underline
                starts[-1] = (i + 1, starts[-1][1])
            continue
        if banners[i] and (banners[i][1] or not numbered):
            from_banner.add(len(starts))
            cuts.append(i)
            starts.append((i + 1, banners[i][1]))
            continue
        opens = i == 0 or not lines[i - 1].strip() or is_separator(lines[i - 1])
        inline = inline_reviewer(line) if opens else None
        if inline:  # Elsevier: "Reviewer #2: This paper ..." opens reviewer 2's text on its own line
            cuts.append(i)
            lines[i] = inline[1]
            starts.append((i, inline[0]))
            continue
        point = point_reviewer(line) if opens and line.strip() else None
        if point:  # "Reviewer 2 comment 1" over each point: a new review where the reviewer changes, the heading kept
            current = next((who for _, who in reversed(starts) if who), None)  # as the point's section
            if not current or not same_reviewer(current, point):
                cuts.append(i)
                starts.append((i, point))
            continue
        name = (reviewer_name(line) or journal_report(line)) if line.strip() else None
        if name == EDITOR and _signed(lines[:i]):
            name = None  # "Sincerely, / The Editor" signs the letter: no heading over an empty "Editor" review
        if name:
            cuts.append(i)
            starts.append((i + 1, name))
        elif is_separator(line):
            if starts and starts[-1][1] and _title_lines(lines[starts[-1][0]:i]):
                continue  # HotCRP's older mail rules off the paper's title under the review's name: one review
            cuts.append(i)
            starts.append((i + 1, None))
    if not starts:
        return [("Reviewer 1", text)]
    out: list[tuple[str, str]] = []
    head = "\n".join(lines[: cuts[0]])
    named = any(name for _, name in starts)
    if head.strip() and (not named or len(head.split()) > PREAMBLE_WORDS):
        out.append((EDITOR if named and is_editor_letter(head) else "", head))
    elif head.strip() and notices is not None:
        notices.append(f"skipped the text before the first review ({len(head.split())} words)")
    first_named = next((k for k, (_, name) in enumerate(starts) if name), len(starts))
    closed = False
    for k, (start, name) in enumerate(starts):
        end = cuts[k + 1] if k + 1 < len(cuts) else len(lines)
        body = "\n".join(lines[start:end])
        if not body.strip():
            continue
        if name == EDITOR and signature_title(lines[:start - 1], body):
            # "Sincerely, / Ann Lee / Associate Editor / <the journal's name>": the letter's signatures, not an
            # empty "Editor" review (a new-user trial's decision letter had two; letters.py)
            if notices is not None:
                notices.append(f"skipped an editor's signature: “{lines[start - 1].strip()}”")
            continue
        if name == EDITOR and out and out[-1][0] == EDITOR:
            # the journal's letter, then "Associate Editor / Editors' comments to the author:": one editor (E.n)
            out[-1] = (EDITOR, f"{out[-1][1]}\n\n{body}")
            continue
        if k < first_named and named and len(body.split()) <= PREAMBLE_WORDS:
            # a journal's mail between rules before "Reviewer #1:" ("REVIEWER REPORT:" over a one-line note on
            # how its referees are numbered): a preamble, as the same text with no rule above it
            if notices is not None:  # (a new-user trial: it was "Reviewer 1", and the first referee R2)
                notices.append(f"skipped the text before the first review ({len(body.split())} words)")
            continue
        if not name and k > first_named and (closed or closes_letter(body) or mostly_process(body)):
            # eLife's checklist and signatures after the last review, Elsevier's help-desk footer (session 29's
            if notices is not None:  # trial: "Reviewer 7", its 7 comments the checklist; "Reviewer 3", the footer)
                notices.append(f"skipped the decision letter's closing ({len(body.split())} words)")
            closed = True  # and the mail's footers under it (eLife's company line: a "Reviewer 4" of no comments)
            continue
        if out and name and out[-1][0] == name and "(" in lines[start - 1]:
            # eLife: "Reviewer #1 (General assessment ...):", then "Reviewer #1 (Minor Comments):": one review
            out[-1] = (name, f"{out[-1][1]}\n\n{body}")
            continue
        if not name and is_editor_letter(body):  # a decision letter between reviews: a preamble, or the editor's
            if len(body.split()) <= PREAMBLE_WORDS:
                if notices is not None:
                    notices.append(f"skipped an editor's letter ({len(body.split())} words)")
                continue
            name = EDITOR
        if not name and named and _heading_only(body):  # ScholarOne's "Reviewer Comments" between the editor's
            if notices is not None:  # letter and "## Reviewer 1" was a review: "Reviewer 1", the first referee R2
                notices.append(f"skipped a heading between reviews: “{body.strip()}”")
            continue
        if out and name and same_reviewer(out[-1][0], name) and _scores_only(out[-1][1]):
            # "Reviewer #1 Evaluations:" over the scores, then "## Reviewer 1": one review (two long ones stay two)
            out[-1] = (name, f"{out[-1][1]}\n\n{body}")
            continue
        if out and not name and k in from_banner and _scores_only(out[-1][1]):
            # EasyChair without numbers: "--- REVIEW ---" over the paper's fields and scores, then over the text
            out[-1] = (out[-1][0], f"{out[-1][1]}\n\n{body}")
            continue
        out.append((name or "", body))
    numbered, reviewers = [], 0
    for name, body in out:  # unnamed reviews are numbered in order; the editor's letter takes no number
        reviewers += name != EDITOR
        numbered.append((name or f"Reviewer {reviewers}", body))
    return numbered


def _signed(before: list[str]) -> bool:
    """The line right under a letter's closing ("Sincerely,"), or under a name right under it: a signature, not a
    heading (a blank line between them, and the heading stands on its own; a blank line between the closing and the
    name is ``letters.signature_title``'s, which skips the title with a notice)."""
    near = before[-2:]
    if not near or not near[-1].strip():
        return False
    return bool(CLOSING.match(near[-1])) or (len(near) == 2 and bool(CLOSING.match(near[0])))


def _title_lines(lines: list[str]) -> bool:
    """Nothing, or a few lines that end no sentence ("Paper #<n>: <title>"), between a
    reviewer's name and a rule: HotCRP's header, not a review's text ("Why is the rate fixed?" is one)."""
    kept = [line.strip() for line in lines if line.strip()]
    return len(" ".join(kept).split()) <= HEADER_WORDS and not any(line.endswith((".", "?", "!")) for line in kept)


def _heading_only(body: str) -> bool:
    """One short line that ends no sentence ("Reviewer Comments"): a heading over the reviews, not a review."""
    lines = [line.strip() for line in body.split("\n") if line.strip()]
    return len(lines) == 1 and len(lines[0].split()) <= 4 and not lines[0].endswith((".", "?", "!", ":"))


def _scores_only(body: str) -> bool:
    """A reviewer's block of score lines only ("Reviewer #1 Evaluations:" over "Recommendation: Revision"): with the
    block under the same reviewer's name after it, one review (two reviews under one name stay two)."""
    lines = [line for line in body.split("\n") if line.strip()]
    return bool(lines) and all(_SCORE_LINE.match(line) or is_banner_field(line) for line in lines)


def is_editor_letter(text: str) -> bool:
    """Text that opens like an editor's decision letter ("Dear Dr. Shen,"), not a review ("Dear authors,"); a
    mailed letter's header lines over the greeting allowed (``letters.opens_letter``)."""
    return opens_letter(text)


def _distinct_names(reviews: list[Review]) -> None:
    """Two reviews never share a name: a second "Reviewer 1" becomes "Reviewer 1 (2)"."""
    seen: dict[str, int] = {}
    for r in reviews:
        n = seen.get(r.reviewer, 0) + 1
        seen[r.reviewer] = n
        if n > 1:
            r.reviewer = f"{r.reviewer} ({n})"


#: A blank line between two paragraphs.
_PARAGRAPH_GAP = re.compile(r"\n[ \t]*\n\s*")


def _parse_one(reviewer: str, text: str, source: str) -> Review:
    """Sections of one review; text before the first heading is an untitled section."""
    text = text.strip("\n")
    review = Review(reviewer=reviewer, text=text, source=source)
    heading, start = "", 0
    pos = 0
    pieces: list[tuple[str, int, int]] = []
    lines = text.split("\n")
    # a journal's form (two questions or more with their answers): a short answer is metadata, a long one review text
    form = sum(form_line(line) is not None for line in lines) >= 2
    asks = form_questions(lines)  # a form's questions on lines of their own, the answers under them
    answered: set[int] = set()  # the lines of a short answer, held with its question
    under_banner = False
    wrapped = False  # the score line before was cut by a mail's wrapping: its next lines are the score's too
    for i, line in enumerate(lines):
        if wrapped and line.strip() and not section_heading(line) and not reviewer_name(line):
            pieces[-1] = (pieces[-1][0], pieces[-1][1], pos + len(line))
            pos += len(line) + 1
            start = pos
            continue
        wrapped = False
        if i in answered:
            pos += len(line) + 1
            continue
        if i in asks:
            pieces.append((heading, start, pos))
            answer = lines[i + 1]
            if short_answer(answer.strip()) and (i + 2 == len(lines) or not lines[i + 2].strip() or i + 2 in asks):
                answered.add(i + 1)  # "Is the paper relevant to the conference?" / "Yes.": metadata
                pieces.append((FORM, pos + len(line) - len(line.lstrip()), pos + len(line) + 1 + len(answer.rstrip())))
                heading, start = "", pos + len(line) + len(answer) + 2
            else:  # the reviewer's answer is review text under the question
                heading, start = clean_heading(asks[i]), pos + len(line) + 1
            pos += len(line) + 1
            continue
        asked = form_line(line) if form else None
        if asked:
            question, answer = asked
            pieces.append((heading, start, pos))
            offset = pos + line.rindex(answer)
            ends = i + 1 == len(lines) or not lines[i + 1].strip() or form_line(lines[i + 1]) is not None
            if short_answer(answer) and ends:  # "Is the manuscript technically sound? ...: Partially" (not wrapped)
                pieces.append((FORM, pos + len(line) - len(line.lstrip()), offset + len(answer)))
                heading, start = "", pos + len(line) + 1
            else:  # "Please explain how this manuscript advances this field ...: <the reviewer's paragraph>"
                heading, start = clean_heading(question), offset
            pos += len(line) + 1
            continue
        if is_text_banner(line) or is_banner_field(line):  # EasyChair: "----- TEXT:"; "TITLE: ...", a form line
            pieces.append((heading, start, pos))
            if is_banner_field(line):
                pieces.append((FORM, pos, pos + len(line)))
            else:
                heading = ""
            pos += len(line) + 1
            start = pos
            continue
        titled = banner(line)
        if titled:  # EasyChair: "----------- Overall evaluation -----------"
            found: tuple[str, str | None] | None = ("Review" if banner_review(line) else clean_heading(titled), None)
        elif i + 1 < len(lines) and is_underline(lines[i + 1], line) and not section_heading(line):
            found = (clean_heading(line), None)
        elif i and is_underline(line, lines[i - 1]):
            pos += len(line) + 1
            start = pos
            continue
        else:
            found = section_heading(line)
            if found and found[1] is not None and found[0] == "Score" and under_banner and is_metadata(heading):
                found = (heading, found[1])  # "SCORE: 4" under "--- Reviewer's confidence ---": the confidence
        under_banner = bool(titled)
        if found:
            pieces.append((heading, start, pos))
            heading, inline = found
            start = pos + len(line) + 1
            if inline is not None:
                offset = pos + line.index(inline) if inline in line else pos + len(line)
                if is_metadata(heading):  # "Rating: 6": the value alone; what follows is untitled
                    pieces.append((heading, offset, offset + len(inline)))
                    wrapped = cut_score(inline, heading)
                    heading = ""
                else:  # "Summary Of The Paper: This paper ..." runs on
                    start = offset
        pos += len(line) + 1
    pieces.append((heading, start, len(text)))
    for head, a, b in pieces:
        a = min(a, len(text))
        body = text[a:b]
        lead = len(body) - len(body.lstrip())
        body = body.strip()
        if not body:
            continue
        if is_metadata(head) and (gap := _PARAGRAPH_GAP.search(body)):
            # "Presentation:" over a score line, then the reviewer's numbered points: only the first paragraph is
            # the score; what follows is review text (a trial's journal review lost all 15 points under it)
            review.sections.append((head, body[: gap.start()]))
            review.offsets.append(a + lead)
            head, lead, body = "", lead + gap.end(), body[gap.end():]
        review.sections.append((head, body))
        review.offsets.append(a + lead)
        low = head.lower()
        if review.rating is None and low in ("rating", "recommendation", "overall merit", "overall score",
                                               "overall rating", "score", "overall evaluation"):
            review.rating = score_line(body)
        if review.confidence is None and ("confidence" in low or "expertise" in low or "familiarity" in low):
            review.confidence = score_line(body)
    return review
