"""A journal's decision letter given whole as the reviews file: the mail's own parts are not reviewers or comments.

A new-user trial (session 22, trial16) gave two journals' decision letters as they came, each as a Markdown page:
the date, the manuscript number and the title over "Dear Dr. ...", the submission checklist, the editors'
signatures, then the referees. The letter opened on its header lines, not on the greeting, so it was read as
"Reviewer 1" (its checklist the comments) and the first referee became R2 or R3; the signatures' titles
("Associate Editor", "Senior Editor" over the journal's name) were two empty "Editor" reviews. Here:

- ``opens_letter``: the greeting on the first line, or after at most ``HEADER_LINES`` short lines, opens a letter;
- ``signature_title``: an editor's title under a letter's closing, with only names under it, signs the letter;
- ``is_process``: a sentence of the letter about the submission process (uploading files, the journal's format,
  its charges, the deadline, whom to contact) is never a comment.

The cues were written after reading those two letters (in-sample for them); docs/comments.md, trial16.
"""

from __future__ import annotations

import re

from engine.reviews.cues import IMPERATIVE, REQUEST

#: An editor's letter opens with a greeting to a person by title; a review greets "the authors".
_GREETING = re.compile(r"^\W*dear\s+(?:dr|prof|professor|mr|mrs|ms|mx)\b", re.I)
#: eLife's letters greet the author by first name alone ("Dear Wren,"): one to three capitalised words and a comma
#: on the line; a review's "Dear Authors," or "Dear Editor," is no letter (a new-user trial, session 29: the
#: editor's summary of an eLife decision read as "Reviewer 1", each referee one number on).
_FIRST_NAME_GREETING = re.compile(
    r"^\W*(?i:dear)\s+(?!(?i:authors?|editors?|sirs?|madam|colleagues?|reviewers?|referees?|all|team|researchers?)\b)"
    r"[A-Z][\w'’.-]+(?:\s+[A-Z][\w'’.-]+){0,2}\s*,\s*$")
#: Non-blank lines a mailed letter may put over its greeting (a heading, the journal, the date, "MS: ...",
#: "Title: ...", "RE: ..."), each of at most ``HEADER_LINE_WORDS`` words.
HEADER_LINES = 8
HEADER_LINE_WORDS = 20
#: A letter's closing, the line before the sender's name or title.
CLOSING = re.compile(r"^\W*(?:(?:yours\s+)?(?:sincerely|faithfully|truly)(?:\s+yours)?|(?:best|kind|warm)(?:est)?\s+"
                     r"(?:regards|wishes)|regards|with\s+(?:best\s+)?regards|best|cordially|thanks?(?:\s+you)?)\s*,?\s*$",
                     re.I)
#: Non-blank lines above an editor's title within which a closing makes the title part of the signatures.
SIGNATURE_LINES = 8
#: Words at most under a signature's title before the next heading (the journal's name over a few lines).
SIGNATURE_WORDS = 15

#: The submission process as a decision letter words it: files to upload, the journal's format and charges, the
#: deadline, the link to the submission site, whom to contact. Read only in the editor's letter.
_PROCESS = re.compile(
    r"\bupload\w*\b[^.?!]{0,80}\bfiles?\b|\bupload\w* (?:a|the|your) (?:copy|version)\b|"
    r"\bsubmission (?:site|website|system|portal)\b|\bmanuscriptcentral\b|\bmsubmit\b|\bfollow this link\b|"
    r"\beditorial office\b|\barticle processing charges?\b|\bopen access\b|"
    r"\bauthor (?:guidelines|instructions)\b|\binstructions (?:for|to) authors\b|"
    r"\bformat(?:ted)?\b[^.?!]{0,60}\b(?:style|guidelines|requirements)\b|"
    r"\bhigh-resolution (?:files|figures|images)\b|\bredundant files\b|\brevision option\b|"
    r"\b(?:clean|tracked|highlighted|marked-up) (?:version|copy) of (?:your|the) (?:revised )?manuscript\b|"
    r"\brespond to each of the (?:comments|points)\b|\bresponse to each of the\b|"
    # the editor's request for a reply to every point (trial29: "Please respond to each point." became the editor's
    # comment, which no letter quotes, so a letter quoting every reviewer's point read as quoting 6 of 7)
    r"\b(?:respond|reply|answer) to (?:each|every|all)(?: of the)? (?:points?|comments?|concerns?|issues?)"
    r"(?: raised)?(?: by the reviewers)?(?: in your (?:response|reply)(?: to (?:the )?review(?:er)?s)?)?\s*[.!]?$|"
    r"\bpoint-by-point (?:response|reply)\b|"
    r"\bpromote your (?:manuscript|paper|article)\b|\bcontact\b[^.?!]{0,60}\b(?:e-?mail|office)\b|"
    r"\bwithin \d+ (?:days|weeks)\b|\bdouble-check the format\b|\brevised manuscript will be subject to\b|"
    # Elsevier's decision form letter (a new-user trial, session 22, trial15): the decision, the response's
    # completeness, the Guide for Authors, marking the changes, the due date, how to submit the revision
    r"\bdecided that (?:the|your) (?:paper|manuscript|submission) (?:should|must|needs to|will need to) be revised|"
    r"\bmake a prompt decision|\bguide for authors\b|\belectronic artwork\b|"
    r"\b(?:modified|revised|changed|new) text (?:is )?(?:printed|marked|highlighted|shown) in (?:red|blue|colou?r)|"
    r"\b(?:submit|return|send|upload)\w* (?:your|the) revised (?:paper|manuscript|version|submission)\b[^.?!]{0,30}"
    r"\bby\b|\byour revision is due\b|\bto submit (?:a|your) revision\b|\blog in as an author\b|"
    # the phrases below were read in the new-user trials' own mails (in-sample for those mails, review30):
    # Editorial Manager's revise letter (trial30): the offer to reconsider, the list of changes or rebuttal it asks for
    r"\bundertake the work required\b|\breconsider (?:my|our) decision\b|\ba list of changes or a rebuttal\b|"
    r"\brebuttal against each point\b|"
    # Elsevier's EES mail (session 29's trial): the editor's offer, the list of changes, the help-desk footer
    r"\bpleased to reconsider my decision\b|\bcustomer support\b|"
    r"\binteractive tutorials\b|"
    # eLife's "Please aim to submit the revised version within two months." (the trial's E.1, a scaffold's DETAIL)
    r"\b(?:aim|plan) to (?:submit|return) (?:the|your) revised (?:version|manuscript|article|paper)\b", re.I)

#: ScholarOne's decision mail (trial32, an MNRAS mail): the recommendation told back ("the reviewer(s) have
#: recommended minor revisions"), not a request of the paper; its "before it can be considered further" alone is no
#: pattern (review31). Process only when the rest of the sentence asks for nothing (``_asks_beyond``, reviews32).
_RECOMMENDED = re.compile(r"\breviewers?(?:\(s\))? ha(?:s|ve) recommended\b[^.?!]{0,60}\brevisions?\b", re.I)
#: Revisions in general, "(also suggest some) minor revisions (to your manuscript)": what the form says of any paper.
_GENERAL_REVISIONS = re.compile(
    r"\b(?:(?:also )?(?:suggest|recommend|request)(?:s|ed)? )?(?:(?:some|several|a few|further) )?"
    r"(?:(?:major|minor|moderate|substantial|significant|small) )?revisions?"
    r"(?: (?:to|of|in) (?:your|the|this) (?:manuscript|paper|article|submission|work))?\b", re.I)
#: What the recommendation is of when it names a part of the paper: "revisions to the error model".
_NAMED_PART = re.compile(r"^\W*(?:to|of|in|on) (?:the|your|its) (?!(?:manuscript|paper|article|submission|work)\b)\w",
                         re.I)

#: The Physical Review journals' mail (APS) names each report on its own line between rules: "Report of Referee A --
#: LX12345/Leung", "Report of the Referee -- LX12345/Leung" (one referee), "Second Report of Referee B -- ...",
#: "Report of the Second Referee -- ..." (trial30: a PRL mail's first referee read as the editor's letter, under the
#: editor's signature, and the second as "Reviewer 1").
_JOURNAL_REPORT = re.compile(
    r"^(?:(?:first|second|third|fourth|final|additional|further|new)\s+)?report\s+of\s+(?:the\s+)?"
    r"(?:(first|second|third|fourth|fifth)\s+)?referee(?:\s+(?-i:([A-Z])))?"
    r"\s*(?:(?:--|[-\u2013\u2014:])\s*\S.{0,80})?$",
    re.I)
_ORDINALS = ("first", "second", "third", "fourth", "fifth")


def opens_letter(text: str) -> bool:
    """Text that opens like an editor's decision letter ("Dear Dr. Shen,"), on its first line or under a few short
    header lines ("# Editorial Decision Letter", the date, "MS: ...", "Title: ..."), not a review ("Dear authors,")."""
    seen = 0
    for line in text.split("\n"):
        if not line.strip():
            continue
        if _GREETING.match(line) or _FIRST_NAME_GREETING.match(line):
            return True
        seen += 1
        if seen >= HEADER_LINES or len(line.split()) > HEADER_LINE_WORDS or line.rstrip().endswith((".", "?", "!")):
            return False  # a header line ends no sentence: a review's first sentence is no header over a "Dear Dr."
    return False


def signature_title(before: list[str], body: str) -> bool:
    """An editor's title ("Associate Editor") that signs a letter: a closing ("Sincerely,") within the
    ``SIGNATURE_LINES`` non-blank lines above it, and under it only names (the journal's, over a few lines, at most
    ``SIGNATURE_WORDS`` words, no sentence), not the editor's comments."""
    above = [line for line in before if line.strip()][-SIGNATURE_LINES:]
    if not any(CLOSING.match(line) for line in above):
        return False
    under = [line.strip() for line in body.split("\n") if line.strip()]
    return len(" ".join(under).split()) <= SIGNATURE_WORDS and not any(line.endswith((".", "?", "!", ":"))
                                                                       for line in under)


def closes_letter(body: str) -> bool:
    """A block that holds a letter's closing ("Best wishes,") with at most ``SIGNATURE_LINES`` short lines under it
    and an editor's title among them: the end of a decision mail (its checklist, the editors' signatures), as an
    eLife decision sends it after the last reviewer's comments, not a reviewer's review."""
    lines = [line.strip() for line in body.split("\n") if line.strip() and not re.fullmatch(r"-{3,}", line.strip())]
    for i, line in enumerate(lines):
        if CLOSING.match(line):
            under = lines[i + 1:i + 1 + SIGNATURE_LINES]
            return any(re.search(r"\beditor\b", u, re.I) and len(u.split()) <= 8 for u in under)
    return False


def mostly_process(body: str) -> bool:
    """A block whose sentences are at least half about the submission process: a journal's footer after the reviews."""
    sentences = [x for x in re.split(r"(?<=[.!?])\s+", " ".join(body.split())) if x.strip()]
    return bool(sentences) and 2 * sum(is_process(x) for x in sentences) >= len(sentences)


def is_process(sentence: str) -> bool:
    """A sentence of an editor's letter about the submission process, not the paper ("Upload the figures as separate
    files.", "Contact the editorial office by e-mail.")."""
    if _PROCESS.search(sentence):
        return True
    told = _RECOMMENDED.search(sentence)
    return bool(told) and not _asks_beyond(sentence[: told.start()], sentence[told.end() :])


def _asks_beyond(before: str, after: str) -> bool:
    """Whether a sentence that tells back the reviewers' recommendation also asks the authors for something of its
    own: it names the part of the paper to revise ("... recommended revisions to the error model") or holds a
    request once the revisions in general are taken out ("...; please report the gauge errors", "..., and the
    analysis should be redone", a question). reviews32: the editor's own request phrased so is a comment."""
    if _NAMED_PART.search(after):
        return True
    rest = _GENERAL_REVISIONS.sub(" ", f"{before} {after}")
    clauses = [c.strip() for c in re.split(r"[;:,]|\band\b", rest)]
    return "?" in rest or bool(REQUEST.search(rest)) or any(IMPERATIVE.match(c) for c in clauses if c)


def journal_report(line: str) -> str | None:
    """The referee an APS mail's report line names ("Report of Referee B -- LX12345/Leung" -> "Referee B"; "Report
    of the Second Referee -- ..." -> "Referee 2"; "Report of the Referee -- ..." -> "Referee"), else None."""
    m = _JOURNAL_REPORT.match(line.strip())
    if not m:
        return None
    if m.group(2):
        return f"Referee {m.group(2)}"
    return f"Referee {_ORDINALS.index(m.group(1).lower()) + 1}" if m.group(1) else "Referee"
