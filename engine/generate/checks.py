"""Post-checks on a generated edit, after ARIES's failure modes (section 6.2).

Rewrites (the edit changes, a flag says so):
- numbers that appear in neither the paper context nor the comment become
  ``[[RESULT: ...]]`` placeholders: a suggestion never carries an invented figure;
- citations not found in the context become ``[[CITATION: ...?]]``;
- lead-in clauses about the reviewer ("As the reviewer suggested, ...") go;
- quantities in words ("three times faster", "doubled") the context never states become placeholders
  (``facts``).
Failed checks (``invention_failures`` and ``facts``; the edit is never offered as it stands):
- ``unsupported_claim``: a result claim about the authors' work ("outperforms") the paper never makes;
- ``unknown_name``: a dataset, model, metric or tool name in neither the paper nor the comment;
- ``unknown_link``: a web address or DOI in neither the paper nor the comment;
- ``missing_object``: a theorem, section, figure, table or equation number the paper does not have;
- ``unsupported_property``: a property or limitation asserted in words the paper and the comment never use;
- ``summary``: it describes the paper ("The paper presents …") instead of editing it;
- ``altered_citation``: it cuts a citation the paper already has with a placeholder ("Greenwald and [[CITATION: ...]]").
Flags only (shown with the suggestion):
- ``mentions_reviewer``: the edit still talks about the reviewer;
- ``paraphrases_comment``: it reuses the comment's wording (word-trigram overlap);
- ``promises``: it promises or defers ("we will", "in future work", "in the final version");
- ``no_technical_detail``: no number, placeholder, citation, formula or acronym.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.generate import facts, placeholders, references
from engine.generate.flags import Flag, failure
from engine.text import PROMISE

PARAPHRASE_THRESHOLD = 0.3

_NUMBER = re.compile(r"(?<![\w.\-])(\d+(?:,\d{3})*(?:\.\d+)?)(\s?%|x(?![A-Za-z])|×)?(?![A-Za-z\d])")
_PART_REF = re.compile(r"\b(Table|Figure|Fig\.|Section|Sec\.|Appendix|Eq\.|Equation|Algorithm|Theorem|Lemma|"
                       r"Corollary|Proposition|Definition)\s*$", re.IGNORECASE)
_ANY_NUMBER = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")
_CITATION = re.compile(
    r"\(?\b[A-Z][A-Za-z\-]+(?: et al\.?| and [A-Z][A-Za-z\-]+)?,? \(?(?:19|20)\d{2}[a-z]?\)?"
    r"|\[\d+(?:\s*[,\u2013\-]\s*\d+)*\]"
)
_AUTHOR_LIST = re.compile(r"(?:[A-Z][A-Za-z\-]+,\s*)*[A-Z][A-Za-z\-]+,?\s+(?:and|&)\s+$|[A-Z][A-Za-z\-]+\s+&\s+$")
_REVIEWER = re.compile(r"\b(?:reviewers?(?:'s?)?|R\d)\b|\bas (?:kindly )?(?:suggested|requested|pointed out)\b", re.I)
_REVIEWER_CLAUSES = [
    re.compile(r"\bwe (?:would like to )?thank (?:the|an?|our) (?:anonymous )?reviewers?\b[^.]*\.\s*", re.I),
    re.compile(r"\b(?:as|like) (?:the|an?|one) (?:anonymous )?reviewers? (?:has |have )?(?:kindly )?"
               r"(?:suggested|requested|pointed out|noted|recommended|asked)(?: \w+)?,\s*", re.I),
    re.compile(r"\b(?:as|like) (?:kindly )?(?:suggested|requested|pointed out|noted|recommended)"
               r"(?: by (?:the|an?|one) (?:anonymous )?reviewers?)?,\s*", re.I),
    re.compile(r",?\s*(?:as|like) (?:suggested|requested|pointed out|noted|recommended) by (?:the|an?|one) reviewers?", re.I),
    re.compile(r"\b(?:following|per) (?:the|an?) reviewers?'?s? (?:suggestion|comment|request)s?,\s*", re.I),
]
_MATH = re.compile(r"[$=≤≥≈∑∏∫√±×^_\\]|\b[a-z]_\w")
_ACRONYM = re.compile(r"\b[A-Z][A-Za-z]*[A-Z]\w*\b")
_WORD = re.compile(r"[a-z0-9]+")
#: A web address or DOI as written in running text (its closing punctuation is not part of it).
_LINK = re.compile(r"(?:\bhttps?://|\bwww\.|\bdoi\.org/|\b10\.\d{4,9}/)[^\s<>\"“”‘’'\[\](){}]+", re.I)


@dataclass
class CheckedEdit:
    text: str
    flags: list[Flag] = field(default_factory=list)
    #: Invented values the checks removed (shown to the author, never in the edit).
    removed: list[str] = field(default_factory=list)

    @property
    def codes(self) -> list[str]:
        return [f.code for f in self.flags]


def _values(text: str) -> set[float]:
    return {float(m.group(0).replace(",", "")) for m in _ANY_NUMBER.finditer(text)}


def _outside_placeholders(text: str, pattern: re.Pattern[str]) -> list[re.Match[str]]:
    spans = [(p.start, p.end) for p in placeholders.find(text)]
    return [m for m in pattern.finditer(text) if not any(a <= m.start() < b for a, b in spans)]


def replace_invented_citations(text: str, context: str) -> tuple[str, list[str]]:
    """Citations not in ``context`` become ``[[CITATION: <as written>?]]``."""
    known = " ".join(context.split())
    found = []
    for m in reversed(_outside_placeholders(text, _CITATION)):
        lead = _AUTHOR_LIST.search(text[: m.start()])  # "Lee, Park and" before "Kim (2020)": one citation
        start = lead.start() if lead and not m.group(0).startswith(("(", "[")) else m.start()
        written = text[start : m.end()]
        cited = written.strip("()[] ")
        if cited and cited not in known and written not in known and m.group(0) not in known:
            found.append(written)
            text = text[:start] + placeholders.placeholder("CITATION", f"{cited}?") + text[m.end() :]
    return text, found[::-1]


def replace_unsupported_numbers(text: str, context: str) -> tuple[str, list[str]]:
    """Numbers whose value is not in ``context`` become ``[[RESULT: ...]]`` placeholders."""
    known = _values(context)
    removed = []
    for m in reversed(_outside_placeholders(text, _NUMBER)):
        if float(m.group(1).replace(",", "")) in known:
            continue
        removed.append(m.group(0))
        ref = _PART_REF.search(text[: m.start()])
        if ref:  # "Table 3" in an edit: a figure or section the author must point to
            new = placeholders.placeholder("FIGURE", f"{ref.group(1).lower().rstrip('.')} number")
        else:
            what = "percentage" if m.group(2) and "%" in m.group(2) else "factor" if m.group(2) else "value"
            new = placeholders.placeholder("RESULT", what)
        text = text[: m.start()] + new + text[m.end() :]
    return text, removed[::-1]


def remove_reviewer_mentions(text: str) -> tuple[str, bool, bool]:
    """Drop clauses about the reviewer; returns (text, whether any went, whether a mention is left)."""
    removed = 0
    for pattern in _REVIEWER_CLAUSES:
        text, n = pattern.subn("", text)
        removed += n
    if removed:
        text = re.sub(r"(^|[.!?]\s+)([a-z])", lambda m: m.group(1) + m.group(2).upper(), text.strip())
    return text, removed > 0, bool(_REVIEWER.search(placeholders.strip(text)))


def trigrams(text: str) -> set[tuple[str, ...]]:
    words = _WORD.findall(text.lower())
    return {tuple(words[i : i + 3]) for i in range(len(words) - 2)}


def paraphrase_overlap(edit: str, comment: str) -> float:
    """Share of word trigrams the edit and the comment have in common (over the smaller set)."""
    a, b = trigrams(placeholders.strip(edit)), trigrams(comment)
    if not a or not b:
        return 0.0
    return len(a & b) / min(len(a), len(b))


def promises(text: str) -> list[str]:
    return [m.group(0) for m in PROMISE.finditer(placeholders.strip(text))]


def has_technical_detail(text: str) -> bool:
    if placeholders.find(text):
        return True
    own = placeholders.strip(text)
    return bool(_ANY_NUMBER.search(own) or _CITATION.search(own) or _MATH.search(own) or _ACRONYM.search(own))


def unknown_links(text: str, whole: str) -> list[str]:
    """Web addresses and DOIs of ``text`` found in neither the paper nor the comment (``whole``), compared without
    their scheme, case or closing punctuation (an author's trial, session 32: the embedded model's fix of a typo
    gave the package an address it never had, "https://cran-rrbindh1234567890", and the rewrite was offered)."""
    def bare(link: str) -> str:
        return re.sub(r"^(?:https?://)?(?:www\.|dx\.)?(?:doi\.org/)?", "", link.rstrip(".,;:!?").lower()).rstrip("/")

    known = {bare(m.group(0)) for m in _LINK.finditer(whole)}
    out = []
    for m in _outside_placeholders(text, _LINK):
        link = m.group(0).rstrip(".,;:!?")
        if bare(link) and bare(link) not in known and link not in out:
            out.append(link)
    return out


def invention_failures(text: str, whole: str, sections: list[str]) -> list[Flag]:
    """Fluent inventions, each a failed check: a numbered part of the paper that does not exist, a property or
    limitation in words the paper and the comment never use, a summary of the paper instead of an edit, an
    existing citation changed, a web address the paper and the comment do not have. Run on the model's text before any rewrite."""
    out = []
    missing = references.missing_objects(text, whole, sections)
    if missing:
        out.append(failure("missing_object", f"refers to parts the paper does not have: {', '.join(missing)}"))
    props = facts.unsupported_properties(text, whole)
    if props:
        out.append(failure("unsupported_property", "asserts a property or limitation in words found in neither the "
                           f"paper nor the comment: {'; '.join(props)}"))
    summary = facts.summary_opening(text)
    if summary:
        out.append(failure("summary", f"summarises the paper instead of editing it: “{summary}”"))
    altered = references.altered_citations(text, whole)
    if altered:
        out.append(failure("altered_citation", f"changes a citation the paper already has: {'; '.join(altered)}"))
    links = unknown_links(text, whole)
    if links:
        out.append(failure("unknown_link", f"web addresses found in neither the paper nor the comment: "
                           f"{', '.join(links)}; the model may have made them up"))
    return out


def response_failures(text: str) -> list[Flag]:
    """A response to the reviewer that summarises the paper ("The paper provides a new perspective on ...") answers
    nothing: a failed check (a new-user trial, session 21: such a response was offered with Accept enabled)."""
    summary = facts.summary_opening(text)
    return [failure("summary", f"summarises the paper instead of answering: “{summary}”")] if summary else []


def check_edit(edit: str, comment: str, context: str, paper: str = "", sections: Sequence[str] = ()) -> CheckedEdit:
    """Rewrite and flag an edit; ``context`` is the paper text the model was shown, ``paper`` the whole paper
    (names, claims, citations and numbered parts may come from anywhere in it; ``context`` when not given),
    ``sections`` the paper's section numbers."""
    allowed = f"{context}\n{comment}"
    whole = f"{paper or context}\n{comment}"
    text = placeholders.normalize(edit).strip()
    out = CheckedEdit(text)
    if not text:
        out.flags.append(Flag("empty_edit", "the model wrote no edit"))
        return out
    out.flags += invention_failures(text, whole, list(sections))
    text, cites = replace_invented_citations(text, whole)
    if cites:
        out.flags.append(Flag("unverified_citation", f"citations not in the paper marked to check: {', '.join(cites)}", "info"))
    text, numbers = replace_unsupported_numbers(text, allowed)
    if numbers:
        out.removed += numbers
        out.flags.append(Flag("invented_number", "numbers found in neither the paper nor the comment replaced by "
                              f"[[RESULT]] placeholders: {', '.join(numbers)}", "info"))
    text, worded = facts.replace_worded_quantities(text, allowed)
    if worded:
        out.removed += worded
        out.flags.append(Flag("invented_quantity", "quantities in words found in neither the paper nor the comment "
                              f"replaced by [[RESULT]] placeholders: {', '.join(worded)}", "info"))
    claims = facts.unsupported_claims(text, whole)
    if claims:
        out.flags.append(failure("unsupported_claim", "claims a result the paper never claims: "
                                 f"{', '.join(claims)}; keep it only if a result shows it"))
    names = facts.unknown_names(text, whole)
    if names:
        out.flags.append(failure("unknown_name", f"names found in neither the paper nor the comment: "
                                 f"{', '.join(names)}; check that they are real and meant"))
    text, removed, left = remove_reviewer_mentions(text)
    if removed:
        out.flags.append(Flag("reviewer_mention_removed", "a clause addressing the reviewer was removed", "info"))
    if left:
        out.flags.append(Flag("mentions_reviewer", "the edit mentions the reviewer; papers should not"))
    overlap = paraphrase_overlap(text, comment)
    if overlap >= PARAPHRASE_THRESHOLD:
        out.flags.append(Flag("paraphrases_comment", f"the edit reuses the comment's wording ({overlap:.0%} of word trigrams)"))
    promised = promises(text)
    if promised:
        out.flags.append(Flag("promises", f"the edit promises instead of doing: {', '.join(dict.fromkeys(promised))}"))
    if not has_technical_detail(text):
        out.flags.append(Flag("no_technical_detail", "no number, placeholder, citation, formula or acronym"))
    out.text = text
    return out
