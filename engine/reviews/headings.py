"""Recognising the lines that structure pasted reviews: reviewer headings,
section headings (Summary, Weaknesses, ...) and score lines (Rating, Confidence)."""

from __future__ import annotations

import re

#: Section names seen on OpenReview, conference systems and journals (lower case, no colon).
KNOWN_HEADINGS = (
    "summary", "summary of the paper", "paper summary", "summary of contributions", "summary of the review",
    "summary and contributions", "synopsis", "strengths", "strength", "paper strengths", "strengths and weaknesses",
    "strength and weaknesses", "weaknesses", "weakness", "paper weaknesses", "pros", "cons", "pros and cons",
    "questions", "questions for authors", "questions to authors", "questions for the authors", "limitations",
    "main review", "review", "comments", "detailed comments", "major comments", "minor comments", "minor issues",
    "major issues", "minor", "major", "typos", "suggestions", "suggestions for improvement", "requested changes",
    "comments to authors", "comments for authors", "comments to the authors", "comments to the author",
    "comments for the author", "comments for the authors", "comments to author", "additional comments",
    "additional feedback", "clarity", "clarity, quality, novelty and reproducibility", "quality", "originality",
    "significance", "reproducibility", "broader impact concerns", "claims and evidence", "relation to prior work",
    "experimental designs or analyses", "other comments or suggestions", "ethical concerns", "overall",
    "overall evaluation", "overall assessment", "recommendation", "rating", "confidence", "soundness",
    "presentation", "contribution", "correctness", "technical novelty and significance",
    "empirical novelty and significance", "flag for ethics review", "details of ethics concerns", "code of conduct",
    "reviewer expertise", "overall merit", "score", "overall score", "evaluation", "justification",
    "post-rebuttal", "post rebuttal", "after rebuttal", "update after rebuttal", "assessment",
    "needs ethics review", "time spent reviewing",
)

#: Sections holding scores and checkboxes: never comments.
METADATA_HEADINGS = (
    "rating", "confidence", "soundness", "presentation", "contribution", "correctness", "recommendation",
    "technical novelty and significance", "empirical novelty and significance", "flag for ethics review",
    "code of conduct", "reviewer expertise", "overall merit", "score", "overall score", "originality",
    "significance", "quality", "details of ethics concerns", "ethical concerns", "review form", "familiarity",
    "needs ethics review", "time spent reviewing",  # NeurIPS 2021's form: "Needs Ethics Review: No"
)

#: Aspects a review form scores that reviewers also write as headings over paragraphs of their own ("Correctness" over
#: what they doubt, in a NeurIPS review's free text): under them, prose that opens with no score is review text
#: (``aspect_prose``; a new-user trial lost a reviewer's whole "Correctness" paragraph, two points).
ASPECT_HEADINGS = ("correctness", "originality", "significance", "quality", "soundness", "presentation",
                   "contribution")

#: Name of the section a review form's question with a short answer becomes (metadata, never comments).
FORM = "Review form"
#: A journal review form's question and its answer on one line, as IEEE, ScholarOne and Elsevier export them ("2. How
#: relevant is this manuscript to the readers of this periodical? ...: Relevant", "Please rate the manuscript
#: overall. Explain your choice.: Fair"): the question asks about the manuscript, the answer follows its colon.
_NUMBER = r"^\s*[*_]*(?:\(?\d{1,2}[.)]\s*|[a-z][.)]\s+)?[*_]*"
_ASKS = (r"(?:how|is|are|does|do|did|has|have|can|could|should|would|will|was|were|which|what|to what extent|"
         r"in your opinion)\b[^:\n]*\?")
_ASKS_TO = (r"please\s+(?:rate|evaluate|assess|explain|comment|indicate|describe|summari[sz]e|state|provide|list|give|"
            r"select|specify|identify|discuss|rank|score)\b")
_FORM_LINE = re.compile(
    _NUMBER + rf"(?P<q>(?:{_ASKS}|{_ASKS_TO})[^:\n]*?)\s*[*_]*\s*:\s*[*_]*(?P<a>\S.*?)[*_]*\s*$", re.I)
#: The same question alone on its line, its answer on the lines under it.
_FORM_QUESTION = re.compile(_NUMBER + rf"(?P<q>{_ASKS}|{_ASKS_TO}[^:\n?]*[.:]?)\s*[*_]*\s*$", re.I)
#: How a form's answer opens when it is a choice on the form's scale ("Yes.", "Partially. The proof ...").
_SCALE_ANSWER = re.compile(r"^\s*[*_]*(?:yes|no|partially|partly|mostly|somewhat|not really|good|fair|poor|excellent|"
                           r"acceptable|adequate|average|relevant|satisfactory|weak|strong|high|medium|low)\b", re.I)
_FORM_SUBJECT = re.compile(r"\b(?:manuscript|paper|submission|article|study|work|research|contribution|references|"
                           r"title|abstract|keywords|conclusions?|rate|rating|readers|periodical|journal|"
                           r"(?:public )?comments? (?:section|below)|experimental validation|organi[sz]ation|"
                           r"readability|length|language|novelty|originality|significance|technically sound)\b", re.I)
#: Words of the longest short answer ("Lacking in some respects; some cases of interest not tested").
FORM_ANSWER_WORDS = 12


def form_line(line: str) -> tuple[str, str] | None:
    """``(question, answer)`` when ``line`` is a review form's question about the manuscript with its answer after
    a colon, else None."""
    m = _FORM_LINE.match(line)
    if not m or len(m.group("q").split()) < 4 or not _FORM_SUBJECT.search(m.group("q")):
        return None
    return m.group("q").strip(), m.group("a").strip()


#: What a form asks about when its question stands alone and its answer is the reviewer's own text.
_FORM_WHOLE = re.compile(r"\b(?:manuscript|paper|submission|article|study|readers|periodical|journal|conference)\b",
                         re.I)


def form_question(line: str, answer: str) -> str | None:
    """The question when ``line`` is a review form's question standing alone on its line with ``answer`` on the
    line under it: a question about the manuscript ("Is the paper relevant to the conference?", "Please rate the
    clarity of the presentation.") answered on the form's scale ("Yes.", "Good", "Partially. The proof ..."), or
    naming the paper as a whole (a reviewer's own "How is the learning rate chosen?" is no form question)."""
    m = _FORM_QUESTION.match(line)
    if not m or len(m.group("q").split()) < 4 or not _FORM_SUBJECT.search(m.group("q")) or not answer.strip():
        return None
    return m.group("q").strip() if scale_answer(answer) or _FORM_WHOLE.search(m.group("q")) else None


def scale_answer(answer: str) -> bool:
    """A form's answer that is, or opens with, a choice on its scale ("Yes.", "Good", "Partially. The proof ...")."""
    return short_answer(answer) or bool(_SCALE_ANSWER.match(answer))


def short_answer(answer: str) -> bool:
    """A form's answer that is a choice on its scale ("Yes", "Could be improved", "Readable - but requires some
    effort to understand"), not the reviewer's own sentences."""
    return (len(answer.split()) <= FORM_ANSWER_WORDS and not re.search(r"[.!?]\s+\S", answer)
            and not answer.endswith("?"))

_RATING = re.compile(
    r"^\s*\**\s*(rating|recommendation|overall merit|overall score|overall rating|score|overall evaluation)"
    r"\s*\**\s*[:=]\s*\**\s*(\S.*)$",
    re.I,
)
_CONFIDENCE = re.compile(
    r"^\s*\**\s*(confidence|reviewer(?:['’]s)? confidence|reviewer expertise|expertise|familiarity)\s*\**\s*[:=]\s*\**"
    r"\s*(\S.*)$",
    re.I)
_MD_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_BOLD_LINE = re.compile(r"^\s*(?:\*\*|__)(.+?)(?:\*\*|__)\s*:?\s*$")
_SEPARATOR = re.compile(r"^\s*(?:-{3,}|\*{3,}|={3,}|_{3,})\s*$")
_REVIEWER = re.compile(
    r"^(?:official\s+)?(?:review(?:er)?|referee)\s*(?:#\s*)?([A-Za-z0-9][\w.-]{0,15})\b"
    r"(?:\s*\((?:[^()]|\([^()]{0,20}\)){0,60}\))?"  # eLife: "Reviewer #1 (General assessment ... (Required)):"
    r"(?:\s+(?:report|comments?|review|evaluations?|scores?))?\s*:?$",  # "Reviewer 2 Report"
    re.I,
)
#: Name of the review an editor's letter becomes (its comments: E.n); it takes no reviewer number.
EDITOR = "Editor"
#: A heading that introduces the editor's letter: "## Editor", "Associate Editor's comments", "Comments from the
#: Editor:" (a new-user trial's journal reviews: the editor's section read as Reviewer 1, shifting every number);
#: "Section Editor", "Subject Editor" too (session 23: an R Markdown paper's reviews, the same shift).
_EDITOR_HEADING = re.compile(
    r"^(?:(?:comments?|letter|report|decision)\s+(?:from|of|by)\s+)?(?:the\s+)?"
    r"(?:(?:associate|handling|guest|area|managing|senior|academic|section|subject)\s+)?"
    r"editor(?:['’]s|s['’])?(?:\s+(?:comments?|report|letter|decision|remarks))?\s*:?$", re.I)
_BY_REVIEWER = re.compile(r"\bby\s+(reviewer\s+[A-Za-z0-9_]{2,16})\s*$", re.I)
_WORDS_NOT_IDS = {"of", "for", "the", "and", "summary", "comments", "form", "text", "score", "report"}


#: EasyChair's banner lines: "----------------------- REVIEW 1 ---------------------" (a reviewer),
#: "----------- Overall evaluation -----------" (a section), "----- TEXT:" (the reviewer's text follows).
_BANNER = re.compile(r"^\s*-{3,}\s*([^\s-][^\n]*?)\s*-{3,}\s*$")
#: EDAS mails draw a review's banner with "=": "======= Workshop Reviews 1 =======", "======= Review 2 =======". Only
#: a review's: a reviewer's own "=== Pros ===" stays text, as DISAPERE's training units were counted.
_EQ_BANNER = re.compile(r"^\s*={3,}\s*([^\s=][^\n]*?)\s*={3,}\s*$")
_BANNER_REVIEW = re.compile(r"^(?:(?:workshop|conference|symposium|tpc|pc)\s+)?review(?:er)?s?(?:\s+#?\s*(\d{1,3}))?$",
                            re.I)
#: An EDAS review form's question: "*** Weaknesses: <the form's question>? [Be brief.]",
#: the reviewer's answer on the lines under it. The label before the colon is the section; the prompt after it is the
#: form's, never review text (a new-user trial read 12 prompts of four EDAS reviews as comments).
#: A reviewer's own "*** Major issue: the baseline is never tuned." is no question: the prompt after the colon asks
#: something of the reviewer, or there is none.
_EDAS_QUESTION = re.compile(r"^\s*\*{3}\s*(?P<label>[A-Za-z][\w'’/&()-]*(?:[ \t]+[\w'’/&()-]+){0,3})[ \t]*:"
                            r"[ \t]*(?P<prompt>\S.*)?$")
_EDAS_PROMPT = re.compile(r"\?|\[be brief\.?\]|^(?:please|rate|your|provide|comment|summari[sz]e|describe|give|"
                          r"indicate|list|explain|state|what|how|why|which|is|are|do|does)\b", re.I)
#: Elsevier's and Editorial Manager's mails open each review on the line of its number: "Reviewer #2: This paper ..."
_INLINE_REVIEWER = re.compile(r"^\s*[*_]*(?P<who>reviewer|referee)\s*#?\s*(?P<n>\d{1,2})[*_]*\s*:[*_]*[ \t]+"
                              r"(?P<rest>\S.*)$", re.I)
#: HotCRP's older text mail names each review after the conference: "<conference> Review #<n>A".
#: A reviewer's heading in French, German, Spanish, Portuguese, Italian or Dutch, with the reviewer's number, read as
#: "Reviewer <n>": "Rapporteur 2", "Rapport du rapporteur 1 — premier tour", "Rapport 3 — <name>", "Gutachter 2",
#: "Gutachten 1", "Revisor 2", "Informe del evaluador 1", "Parecer 2", "Revisore 1" (trial28: a French referee's
#: report after another's was read as the first's, one reviewer for two).
_FOREIGN_REVIEWER = re.compile(
    r"^(?:(?:rapport|avis|informe|parecer|relat[oó]rio|gutachten|rapporto|beoordeling|revisi[oó]n|revis[aã]o)"
    r"\s+(?:du|de\s+la|de\s+l['’]|de|del|do|da|des|von|dell['’]|della|del|van\s+de)\s*)?"
    r"(?:rapporteur|rapporteuse|relecteur|relectrice|[ée]valuateur|[ée]valuatrice|examinateur|examinatrice|arbitre|"
    r"rapport|gutachter(?:in)?|gutachten|revisor(?:a)?|evaluador(?:a)?|[aá]rbitro|informe|parecerista|parecer|"
    r"avaliador(?:a)?|revisore|valutatore|referente|beoordelaar|recensent)\s*(?:n[°o]\.?\s*|#\s*)?(\d{1,2})"
    r"(?:\s*(?:[–—:,(-]|\s-\s).{0,70})?$", re.I)
_HOTCRP_TITLE = re.compile(r"^(?:[A-Za-z][\w&'-]*\s+){1,3}(?:'?\d{2,4}\s+)?(review\s+#\s*\d{1,4}[A-Z]{1,2})$", re.I)
#: ScholarOne's reviewer line, its number after a colon: "Reviewer: 1".
_COLON_NUMBER = re.compile(r"^(reviewer|referee)\s*:\s*#?\s*(\d{1,2})$", re.I)
#: Words of review text at least after an inline reviewer's number ("Reviewer #1: Accept" is a score, not a review).
INLINE_REVIEW_WORDS = 6
_BANNER_TEXT = re.compile(r"^\s*-{3,}\s*text\s*:?\s*$", re.I)
#: EasyChair's header lines over a review ("SUBMISSION: 187", "TITLE: ...", "AUTHORS: ..."): form lines, written
#: in capitals there (a reviewer's "Title: too long" stays review text).
_BANNER_FIELD = re.compile(r"^\s*(?:SUBMISSION|PAPER|TITLE|AUTHORS|REVIEWER|PC MEMBER|SUBREVIEWER)\s*:\s*\S")


def banner(line: str) -> str | None:
    """The title of an EasyChair banner line ("----------- Overall evaluation -----------" -> "Overall
    evaluation"), else None."""
    m = _BANNER.match(line)
    return m.group(1).rstrip(":").strip() if m else None


def inline_reviewer(line: str) -> tuple[str, str] | None:
    """``("Reviewer 2", "This paper ...")`` when ``line`` opens a review after its reviewer's number ("Reviewer #2:
    This paper ...", as Elsevier and Editorial Manager send them), else None."""
    m = _INLINE_REVIEWER.match(line)
    if not m or len(m.group("rest").split()) < INLINE_REVIEW_WORDS:
        return None
    return f"{m.group('who').title()} {int(m.group('n'))}", m.group("rest")


def edas_question(line: str) -> str | None:
    """The section an EDAS form's question line opens ("*** Strengths: <the form's question> ..." ->
    "Strengths"), else None."""
    m = _EDAS_QUESTION.match(line)
    if not m or (m.group("prompt") and not _EDAS_PROMPT.search(m.group("prompt"))):
        return None
    return m.group("label").strip()


def banner_review(line: str) -> tuple[bool, str | None] | None:
    """``(True, "Reviewer 1")`` for "------ REVIEW 1 ------", ``(True, None)`` for an unnumbered "------ REVIEW
    ------" (a review's text, or a new review), None for any other line."""
    eq = _EQ_BANNER.match(line)
    title = banner(line) or (eq.group(1).rstrip(":").strip() if eq else None)
    m = _BANNER_REVIEW.match(title) if title else None
    if not m:
        return None
    return True, (f"Reviewer {int(m.group(1))}" if m.group(1) else None)


def is_text_banner(line: str) -> bool:
    """EasyChair's "----- TEXT:": the reviewer's own text follows (after a score, under a metadata banner)."""
    return bool(_BANNER_TEXT.match(line))


def is_banner_field(line: str) -> bool:
    """EasyChair's "SUBMISSION: 187", "TITLE: ...", "AUTHORS: ..." header lines."""
    return bool(_BANNER_FIELD.match(line))


def clean_heading(text: str) -> str:
    """A heading without markup, colons and surrounding space."""
    text = re.sub(r"[*_`#]+", "", text).strip()
    return text.rstrip(":").strip()


def _key(text: str) -> str:
    return re.sub(r"\s+", " ", clean_heading(text).lower())


def is_metadata(heading: str) -> bool:
    key = _key(heading)
    return key in METADATA_HEADINGS or bool(_RATING.match(key + ": x")) or bool(_CONFIDENCE.match(key + ": x"))


def aspect_prose(heading: str, body: str) -> bool:
    """Whether ``body`` under a score's ``heading`` is the reviewer's own prose: the heading is an aspect of
    ``ASPECT_HEADINGS`` and the body opens with no score ("3 good", "4: excellent"), opens with no choice on a scale
    ("Good", "Partially. ...") and is more than a few words ("Probably correct")."""
    body = re.sub(r"^[\s*_]+", "", body)
    return (_key(heading) in ASPECT_HEADINGS and not re.match(r"\d", body) and not _SCALE_ANSWER.match(body)
            and len(body.split()) > ASPECT_SCORE_WORDS)


#: Words of a score's wording at most under an aspect's heading ("Probably correct", "Sound but incremental").
ASPECT_SCORE_WORDS = 4


def reviewer_name(line: str) -> str | None:
    """The reviewer a line introduces ("# Reviewer 1", "Review #107A", "Reviewer xYz1"), else None."""
    md = _MD_HEADING.match(line)
    text = re.sub(r"[*_`]+", "", md.group(2) if md else line).strip().rstrip(":").strip()
    if not text or len(text) > 90:
        return None
    if _EDITOR_HEADING.match(text):
        return EDITOR
    hotcrp = _HOTCRP_TITLE.match(text)
    if hotcrp:  # HotCRP's older mail: "<conference> Review #<n>A", centred between rules
        return re.sub(r"\s+", " ", hotcrp.group(1))
    foreign = _FOREIGN_REVIEWER.match(text)
    if foreign:
        return f"Reviewer {int(foreign.group(1))}"
    numbered = _COLON_NUMBER.match(text)
    if numbered:  # ScholarOne: "Reviewer: 1" over "Comments to the Author"
        return f"{numbered.group(1).title()} {int(numbered.group(2))}"
    by = _BY_REVIEWER.search(text)
    if by and text.lower().startswith(("official review", "review")):
        return re.sub(r"\s+", " ", by.group(1)).strip()
    m = _REVIEWER.match(text)
    if not m:
        return None
    ident = m.group(1)
    starts_reviewer = text.lower().startswith(("reviewer", "referee", "official reviewer"))
    if ident.lower() in _WORDS_NOT_IDS:
        return None
    looks_like_id = bool(re.search(r"\d", ident)) or len(ident) <= 4 or not (ident.islower() or ident.istitle())
    if not looks_like_id:  # "Reviewer expertise", "Reviewer guidelines"
        return None
    if not starts_reviewer and not (re.search(r"\d", ident) or "#" in text):
        return None
    name = re.sub(r"\s*:$", "", re.sub(r"\s+", " ", text.split("(")[0])).strip()
    return re.sub(r"\s+(?:report|comments?|review|evaluations?|scores?)$", "", name, flags=re.I)  # "Reviewer 2 Report" -> "Reviewer 2"


#: A point's own heading that names its reviewer: "Reviewer 2 comment 1", "Reviewer 2 minor comment 3", "Referee #1,
#: point 2:", "Reviewer 1 - Remark 4" (authors keep the reviews so, a heading over each point; a session-25 trial's
#: response file was one reviewer, the second referee's points sections of the first's review).
_POINT_OF_REVIEWER = re.compile(
    r"^(reviewer|referee)\s*#?\s*(\d{1,2})\s*[,:.\u2013\u2014-]?\s*"
    r"(?:(?:major|minor|general|specific|additional|other|technical)\s+)?"
    r"(?:comment|point|remark|issue|question|concern|query)\s*#?\s*\d{1,3}[a-z]?\s*[:.]?$", re.I)


#: A heading that is one point's own, with or without its reviewer: "Comment 3", "Minor point 2:", "Reviewer 2 comment 1".
_POINT_HEADING = re.compile(
    r"^(?:(?:reviewer|referee)\s*#?\s*\d{1,2}\s*[,:.\u2013\u2014-]?\s*)?"
    r"(?:(?:major|minor|general|specific|additional|other|technical)\s+)?"
    r"(?:comment|point|remark|issue|question|concern|query)\s*#?\s*\d{1,3}[a-z]?\s*[:.]?$", re.I)


def is_point_heading(heading: str) -> bool:
    """Whether a section's heading is one point's own ("Comment 3", "Reviewer 2 minor comment 1")."""
    return bool(_POINT_HEADING.match(re.sub(r"[*_`#]+", "", heading).strip()))


def point_reviewer(line: str) -> str | None:
    """The reviewer a point's heading names ("Reviewer 2" for "Reviewer 2 minor comment 3"), else None."""
    md = _MD_HEADING.match(line)
    text = re.sub(r"[*_`]+", "", md.group(2) if md else line).strip()
    m = _POINT_OF_REVIEWER.match(text)
    return f"{m.group(1).title()} {int(m.group(2))}" if m else None


def same_reviewer(a: str, b: str) -> bool:
    """Whether two reviewer headings name the same reviewer ("Reviewer #1" and "Reviewer 1")."""
    def key(name: str) -> str:
        return re.sub(r"[\s#]+", "", name.lower())
    return bool(a) and key(a) == key(b)


def is_separator(line: str) -> bool:
    return bool(_SEPARATOR.match(line))


def is_underline(line: str, previous: str) -> bool:
    """A setext underline (``===`` or ``---`` right under a short text line), which makes that line a heading."""
    return (
        bool(re.match(r"^\s*(?:=+|-+)\s*$", line))
        and bool(previous.strip())
        and len(previous.strip()) <= 90
        and not _SEPARATOR.match(previous)
        and not re.match(r"^\s*(?:[-*+]|\d+[.)])\s", previous)
        and not re.search(r"[.?!;,]\s*$", previous)
        and not re.search(r":\s*\S", previous)
    )


def section_heading(line: str) -> tuple[str, str | None] | None:
    """``(heading, inline_text)`` when ``line`` opens a section, else None.

    Inline text is what follows ``Heading:`` on the same line (score lines,
    OpenReview pastes); ``None`` when the heading stands alone.
    """
    edas = edas_question(line)
    if edas:
        return edas, None
    for pattern in (_RATING, _CONFIDENCE):
        m = pattern.match(line.lstrip())  # leading blanks stripped first: "^\s*\**\s*" backtracks on long indents
        if m:
            title = " ".join(w[:1].upper() + w[1:].lower() for w in clean_heading(m.group(1)).split())
            return title, m.group(2).strip().strip("*").strip()  # "Reviewer's Confidence" (str.title: "Reviewer'S")
    md = _MD_HEADING.match(line)
    if md:
        return clean_heading(md.group(2)), None
    bold = _BOLD_LINE.match(line)
    if bold and len(bold.group(1)) <= 80:
        return clean_heading(bold.group(1)), None
    stripped = line.strip()
    if not stripped or len(stripped) > 80:
        return None
    if _key(stripped) in KNOWN_HEADINGS:
        return clean_heading(stripped), None
    if ":" in stripped:
        head, rest = stripped.split(":", 1)
        if _key(head) in KNOWN_HEADINGS:
            return clean_heading(head), rest.strip() or None
    return None


def section_kind(heading: str) -> str:
    """``metadata``, ``rich`` (weaknesses, questions), ``poor`` (summary, strengths) or ``neutral``."""
    key = _key(heading)
    if is_metadata(heading):
        return "metadata"
    if not key or (re.search(r"strength|pros\b", key) and re.search(r"weak|cons\b", key)):
        return "neutral"
    if re.search(r"weak|question|concern|limitation|cons\b|minor|major|typo|suggest|issue|requested|clarity|"
                 r"improve|comments|feedback|doubt|problem", key):
        return "rich"
    if re.search(r"summary|synopsis|strength|pros\b|contribution|overall|assessment|justification", key):
        return "poor"
    return "neutral"


#: Headings that only wrap a review's text ("Review", "Main review", "Comments to the Author"): they say nothing
#: about a comment, so the letter does not name them.
_WRAPPER = re.compile(r"^(?:(?:main|detailed|additional|general|other|specific)\s+)?(?:review|comments?|remarks|"
                      r"feedback)(?:\s+(?:to|for|from)\s+(?:the\s+)?(?:authors?|reviewers?))?$", re.I)


def shown_heading(section: str) -> str:
    """A comment's section as the letter names it ("Weaknesses > Typos"; a form's question), without headings that
    only wrap the review ("Main review", "Comments to the Author"): "" when nothing is left."""
    return " > ".join(p for p in section.split(" > ") if p.strip() and not _WRAPPER.match(_key(p)))
