"""The authors' response letter read as evidence for the statuses (issue 32, session 25).

An area chair reads one more document than the reviews and the two versions: the authors' response letter, which
says for each point what was done ("we added ...", "we respectfully disagree", "see Section 4"). ``read_letter``
takes a raw letter file (``.tex``, ``.md``, ``.txt``, ``.docx``, ``.pdf``) and ``answers`` gives each of the
project's comments its answer: the letter's text after the passage that quotes the comment, up to the next quoted
point (or none when the letter does not quote it); the pieces of one point the letter quotes whole share the answer
after the whole quote (``shared_runs``). ``letter_features`` turns each answer into the five features
the rule fixed before any figure (docs/figures-align.md, "Session 25: the response letter as evidence"): no answer
found, states a change, declines or defers, points to a place, quotes text an edit inserted.

Matching is by shared word 4-grams, so it does not depend on how the letter marks its points (quote environments,
"Response:" lines, bold, "> " lines); its constants (``GAP``, ``MIN_COVER``, ``MAX_ANSWER``) were written in the rule,
not tuned.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from engine.errors import InputError
from engine.reviews.model import ReviewComment

#: Uncovered words that may lie inside one quote (a reworded or elided bit of the point).
GAP = 8
#: A quote must cover this share of the comment's words (letters shorten and paraphrase points) ...
MIN_COVER = 0.3
#: ... and at least this many words.
MIN_QUOTE = 4
#: An answer is at most this many words.
MAX_ANSWER = 400
#: ``letter_quoted``: the answer's 4-grams found in one edit's inserted words, over this, capped at 1.
QUOTED_GRAMS = 8
#: ``letter_quoted`` reads the comment's best candidate edits, this many.
BEST_EDITS = 3

FEATURES = ("letter_none", "letter_change", "letter_decline", "letter_place", "letter_quoted")

#: A change stated: ``corpus.distant``'s change verbs and ``corpus.replies``' wider ones, written while reading
#: training letters only (corpus/replies.py names them), never a checked or blind revision.
CHANGE = re.compile(
    r"\b(?:we(?:'ve| have)?\s+(?:now\s+)?(?:added|add|included|include|inserted|rewrote|rewritten|rephrased|reworded|"
    r"revised|clarified|changed|corrected|fixed|removed|deleted|moved|expanded|extended|updated|modified|amended|replaced|"
    r"edited|introduced|mention(?:ed)?|cite[d]?|explain(?:ed)?|describe[d]?|discuss(?:ed)?|adopted|incorporated)|"
    r"(?:has|have) been (?:added|included|corrected|fixed|removed|changed|updated|clarified|rewritten|revised|"
    r"expanded|amended|replaced|rephrased|modified)|"
    r"(?:now|newly) (?:mention|discuss|describe|state|cite|explain|include|show|provide|read)s?|"
    r"new (?:paragraph|section|subsection|figure|table|sentence|reference|citation|footnote|appendix)|"
    r"\bdone\b|\bfixed\b|\bcorrected\b|\bchanged\b|\badded\b|\bremoved\b|\bclarified\b|\bupdated\b)", re.I)
MORE_CHANGE = re.compile(
    r"\bamended\b|\bas suggested\b|\bno longer\b|corresponding change|this change|"
    r"\bwe (?:have )?(?:now |also )?(?:cut|simplified|simplify|restructured|provided?|made|refer|used|attempted|tried|"
    r"shortened|rewritten|reorgani[sz]ed|renamed|conducted|performed|ran|re-?ran)\b|"
    r"(?:has|have) (?:also )?been (?:made|moved|cut|shortened|renamed|simplified|restructured)|"
    r"\b(?:was|were) (?:\w+ly )?(?:re)?(?:worded|written|phrased|moved|added|removed|changed|corrected|fixed|"
    r"clarified|updated|expanded|extended|modified|replaced|deleted|cut|shortened|revised|simplified)\b", re.I)
#: A point declined or deferred (the rule's pattern).
DECLINE = re.compile(
    r"respectfully disagree|beyond the scope|out of (?:the )?scope|outside (?:the )?scope|future work|future research|"
    r"future studies|we (?:do not|don't|did not|didn't|cannot|can't) (?:think|agree|believe|see|feel)|"
    r"not (?:possible|feasible)|(?:is|are|was|were) (?:not|impossible to) (?:possible|feasible)|"
    r"prefer (?:not|to keep)|left (?:it|this|them) (?:as is|unchanged)|leave (?:it|this|them) (?:as is|unchanged|for)|"
    r"we (?:would )?(?:like to )?keep (?:it|this|the)|unfortunately", re.I)
#: A place in the paper named (the LaTeX reader leaves "??" for a ``\\ref``).
PLACE = re.compile(r"(?:section|sec\.|§|figure|fig\.|table|tab\.|line|lines|l\.|page|pages|p\.|pp\.|equation|eq\.|"
                   r"eqs\.|appendix|algorithm|footnote)s?\s*~?\s*\(?(?:\d|[ivx]+\b|[a-h]\b|\?\?)|\?\?", re.I)
#: A reviewer's part begins: a Markdown heading, or a line "Reviewer 2", "Referee B", "Reviewer #1", "Referee: 1"
#: (ScholarOne's, which letters copy: trial38's answer to the editor ended "… as suggested. Referee: 1").
_HEADING = re.compile(r"^(?:#+[ \t]|[ \t]*(?:reviewer|referee)\s*[#:]?\s*(?:\d+|[A-H])\b)", re.I | re.M)
_WORD = re.compile(r"\w+")
#: ``\\input{name}``, ``\\include{name}``, ``\\input name``: a letter kept in several files.
_INCLUDE = re.compile(r"\\(?:input|include)(?![A-Za-z@])\s*(?:\{([^{}]+)\}|([^\s{}\\%]+))")
#: What a letter file may be, as the messages name it (the wizard's file filter reads ``LETTER_SUFFIXES``).
LETTER_SUFFIXES = (".tex", ".md", ".txt", ".docx", ".pdf")
LETTER_FORMATS = "LaTeX (.tex), Markdown (.md), text (.txt), Word (.docx) or PDF"
#: More words than this is not one letter (about 400 pages; the longest training letter is far shorter): refused
#: before matching, whose time grows with the letter's repeated 4-grams.
MAX_WORDS = 200_000


#: The label of the next quoted point, left at the end of an answer when the letter numbers its quotes ("2. In Eq.
#: (2) ..." after the answer to point 1): a number or "Comment 2." after the answer's last sentence (trial29), or a
#: reviewer's number and the point's, "R1.8", "R2-3", "E.1" (trial38: every answer of an MRM letter ended so).
_NEXT_LABEL = re.compile(r"(?<=[.!?)\"\u201d])\s+(?:\(?\d{1,2}[.)]|(?:Comment|Point|Remark|Question)\s+\d{1,2}[.:]?|"
                         r"(?:R\d{1,2}|E|AE)[.-]\d{1,2}[.:]?)$")

def states_change(answer: str) -> bool:
    return bool(CHANGE.search(answer) or MORE_CHANGE.search(answer))


def letter_text(path: str | Path, notices: list[str] | None = None) -> str:
    """The text of a letter file: a PDF (by its first bytes), Word (``.docx``), LaTeX (``.tex``, ``.ltx``, or text
    with LaTeX markup in it; the files it ``\\input``s beside it read in) or text and Markdown. Raises ``InputError``
    (one line) for a file that is not there or not a letter's text; what was skipped goes to ``notices``."""
    from engine.reviews.latex import latex_review_text, looks_like_latex
    from engine.reviews.load import pdf_text, read_text

    path = Path(path).expanduser()
    kind = _glance(path)
    if kind == "pdf":
        return pdf_text(path, noun="letter")[0]
    suffix = path.suffix.lower()
    if kind == "docx":
        from engine.document.docx import OfficeFile, docx_text

        try:
            return docx_text(path)
        except OfficeFile:
            raise  # the reader's own line names the file and says what to do (password-protected, an old .doc)
        except Exception as err:  # noqa: BLE001 - a damaged Word file raises several kinds
            raise InputError(f"cannot read {path.name} as a Word file: {err}") from None
    raw = read_text(path)[0]
    if suffix in (".tex", ".ltx"):
        return latex_review_text(_inputs_read(path, raw, notices if notices is not None else []))
    return latex_review_text(raw, tex_file=False) if looks_like_latex(raw) else raw


def _glance(path: Path) -> str:
    """"pdf", "docx" or "text" for a file that may be a letter; ``InputError`` (one line) for a folder, a missing or
    empty file, an image, an archive, old Word, OpenDocument, RTF or other binary file (nothing read but its head)."""
    from engine.reviews.guard import check_file

    if path.is_dir():
        raise InputError(f"{path.name} is a folder, not a response letter: choose the letter's file ({LETTER_FORMATS})")
    if not path.is_file():
        raise InputError(f"no such letter file: {path}")
    try:
        size = path.stat().st_size
        with path.open("rb") as f:
            head = f.read(5)
    except OSError as err:
        raise InputError(f"cannot read {path.name}: {err.strerror or err}") from None
    if size == 0:
        raise InputError(f"{path.name} is empty (0 bytes): choose the file with your response letter in it")
    if head == b"%PDF-":
        return "pdf"
    if path.suffix.lower() == ".docx":
        return "docx"
    check_file(path, "a response letter", f"give the letter as {LETTER_FORMATS}")
    return "text"


def letter_problem(path: str | Path) -> str:
    """Why ``path`` is no letter file, at a glance ("" when it may be one): the app's fields ask this before a
    build (the build reads the file and may still refuse it)."""
    try:
        _glance(Path(path).expanduser())
    except InputError as err:
        return str(err)
    return ""


def _inputs_read(path: Path, raw: str, notices: list[str]) -> str:
    """``raw`` with the files it ``\\input``s or ``\\include``s read in (``engine.document.latex.includes``: inside
    the letter's folder), when one of them is beside it; each one that is not, a notice. A letter with no include, or
    none found, is read as it is (the corpus's letters, kept without their inputs, read as before)."""
    from engine.document.latex.includes import load_project

    names = [(m.group(1) or m.group(2)).strip() for m in _INCLUDE.finditer(raw)]
    here = [n for n in names if (path.parent / n).is_file() or (path.parent / f"{n}.tex").is_file()]
    missing = [n for n in names if n not in here]
    notices += [f"\\input{{{n}}} in {path.name}: no such file beside the letter, not read" for n in missing]
    return load_project(path)[0].text if here else raw


@dataclass
class Answer:
    """A comment's answer in the letter: where its quote is (word positions) and the answer's text."""

    quote: tuple[int, int]  # [start, end) in the letter's words
    text: str
    cover: float  # share of the comment's words the quote covers


def review_grams(texts: Iterable[str]) -> set[tuple[str, ...]]:
    """The word 4-grams (lowercased ``\\w+`` tokens) of the reviews' texts: what counts as the reviewer's words."""
    out: set[tuple[str, ...]] = set()
    for text in texts:
        out |= word_grams(text)
    return out


def authors_start(tokens: Sequence[str], reviewer: set[tuple[str, ...]]) -> int:
    """Where the authors' words begin in an answer's ``tokens`` (lowercased): the first token that starts no
    ``reviewer`` 4-gram and lies in none that an earlier token starts; ``len(tokens)`` when every token is the
    reviewer's. A letter that quotes a reviewer's paragraph whole holds, after a comment made of its first sentences,
    the rest of the reviewer's words (trial24): they are not the answer (docs/figures-align.md, session 26)."""
    covered_to = -1  # the last token covered by a reviewer 4-gram starting at or before it
    for j in range(len(tokens)):
        if reviewer and j + 3 < len(tokens) and tuple(tokens[j:j + 4]) in reviewer:
            covered_to = j + 3
        if j > covered_to:
            return j
    return len(tokens)


class Letter:
    """A letter's text cut into words (with their character offsets), ready to match comments against; with the
    reviews it answers known (``know_reviews``), each answer opens on the authors' words."""

    def __init__(self, text: str, reviews: Iterable[str] = ()):
        self.text = text
        #: The reviews' word 4-grams (``review_grams``): an answer's leading reviewer's words are skipped.
        self.reviewer = review_grams(reviews)
        matches = list(_WORD.finditer(text))
        self.words = [m.group().lower() for m in matches]
        self.starts = [m.start() for m in matches]
        self.ends = [m.end() for m in matches]
        self.grams: dict[tuple[str, ...], list[int]] = {}
        for i in range(len(self.words) - 3):
            self.grams.setdefault(tuple(self.words[i:i + 4]), []).append(i)
        heads = [m.start() for m in _HEADING.finditer(text)]
        self.heading_words = sorted({self._word_at(c) for c in heads})
        self.notices: list[str] = []  # what of the file was not read (``read_letter``)

    def know_reviews(self, reviews: Iterable[str]) -> Letter:
        """The letter told the reviews' texts it answers (its answers then skip their leading reviewer's words)."""
        self.reviewer = review_grams(reviews)
        return self

    def _word_at(self, char: int) -> int:
        return int(np.searchsorted(np.array(self.starts, dtype=np.int64), char)) if self.starts else 0

    def quote(self, comment: str) -> tuple[tuple[int, int], float] | None:
        """The run of letter words that quotes ``comment`` best, and the share of its words covered; None when no
        run covers ``MIN_COVER`` of them and ``MIN_QUOTE`` words."""
        words = [w.lower() for w in _WORD.findall(comment)]
        if len(words) < 4:
            return None
        covered: set[int] = set()
        for g in {tuple(words[i:i + 4]) for i in range(len(words) - 3)}:
            for i in self.grams.get(g, ()):
                covered.update(range(i, i + 4))
        if not covered:
            return None
        runs: list[list[int]] = []
        for i in sorted(covered):
            if runs and i - runs[-1][-1] - 1 <= GAP:
                runs[-1].append(i)
            else:
                runs.append([i])
        best = max(runs, key=len)  # the first of the longest: max keeps the earliest on ties
        cover = min(len(best) / len(words), 1.0)
        if cover < MIN_COVER or len(best) < MIN_QUOTE:
            return None
        return (best[0], best[-1] + 1), cover


def answers(letter: Letter, comments: Sequence[ReviewComment]) -> list[Answer | None]:
    """Each comment's answer: the letter's text from the end of its quote to the next quote of another comment or a
    reviewer heading, at most ``MAX_ANSWER`` words, its leading reviewer's words skipped when the letter knows the
    reviews (``authors_start``); None when the letter does not quote it. A comment that is a piece of one point the
    letter quotes whole (its answer holds no word of the authors', and the next quote is another comment's) shares the
    answer that follows the whole quoted run (``shared_runs``); an empty text ("") is left only where a heading, the
    cap or the letter's end comes first."""
    quotes = [letter.quote(c.full_text) for c in comments]
    starts = sorted({q[0][0] for q in quotes if q is not None} | set(letter.heading_words))
    out: list[Answer | None] = []
    stops: list[int] = []
    for q in quotes:
        if q is None:
            out.append(None)
            stops.append(-1)
            continue
        (a, b), cover = q
        stop = next((s for s in starts if s >= b), len(letter.words))
        stop = min(stop, b + MAX_ANSWER)
        stops.append(stop)
        begin = letter.ends[b - 1]
        if letter.reviewer and (j := b + authors_start(letter.words[b:stop], letter.reviewer)) > b:
            if j == stop:
                out.append(Answer((a, b), "", cover))
                continue
            begin = letter.starts[j]  # from the white space before the word, as the letter writes it: "(see", "'We"
            while begin > letter.ends[j - 1] and not letter.text[begin - 1].isspace():
                begin -= 1
        text = letter.text[begin:letter.starts[stop] if stop < len(letter.words) else len(letter.text)]
        # the quote's closing punctuation and the next quote's marker ("> ", "- ") are neither's answer
        text = re.sub(r"\n[\s>*\u2022#-]*$", "", re.sub(r"^[\s.,;:!?)\]}\"'\u201d\u2019*_]+", "", text))
        if stop < len(letter.words) and stop not in letter.heading_words:
            text = _NEXT_LABEL.sub("", text.strip())  # the next quoted point's number ("… the equation. 3.")
        out.append(Answer((a, b), text.strip(), cover))
    return shared_runs(letter, out, stops)


def shared_runs(letter: Letter, found: list[Answer | None], stops: Sequence[int]) -> list[Answer | None]:
    """``found`` with each answer that holds no word (the letter quotes the comment and, before the next quote, only
    the reviewer's words or nothing) given the answer of the comment whose quote starts where its answer stops,
    followed as far as the run goes: every piece of a point the letter quotes whole, cut by the extractor into several
    comments, gets the one answer that follows the whole quote (shared, not split; session 27, letter28). An answer
    that stops at a reviewer heading (a new reviewer's part) or at the ``MAX_ANSWER`` cap, or at the letter's end,
    stays empty. Of several comments whose quotes start at that word, the first in the comments' order is followed.
    Each comment keeps its own quote and cover."""
    heads = set(letter.heading_words)
    first: dict[int, int] = {}
    for i, a in enumerate(found):
        if a is not None:
            first.setdefault(a.quote[0], i)

    def resolved(i: int) -> str:
        a = found[i]
        assert a is not None
        while not _WORD.search(a.text) and stops[i] in first and stops[i] not in heads:
            i = first[stops[i]]  # a quote starts at or after the last one's end: the walk moves forward and ends
            a = found[i]
            assert a is not None
        return a.text

    return [a if a is None or _WORD.search(a.text) else Answer(a.quote, resolved(i), a.cover)
            for i, a in enumerate(found)]


def word_grams(text: str) -> set[tuple[str, ...]]:
    """The distinct word 4-grams of ``text`` (lowercased ``\\w+`` tokens)."""
    words = [w.lower() for w in _WORD.findall(text)]
    return {tuple(words[i:i + 4]) for i in range(len(words) - 3)}


def quoted_count(answer: str, inserted: Sequence[str]) -> int:
    """The largest number of ``answer``'s distinct word 4-grams found in one of the ``inserted`` texts."""
    mine = word_grams(answer)
    return max((len(mine & word_grams(t)) for t in inserted), default=0) if mine else 0


def letter_features(found: Sequence[Answer | None], inserted: Sequence[Sequence[str]]) -> np.ndarray:
    """Comments × ``FEATURES`` from each comment's answer (``answers``) and the inserted words of its best candidate
    edits (``best_inserted``)."""
    out = np.zeros((len(found), len(FEATURES)), dtype=np.float32)
    for i, a in enumerate(found):
        if a is None:
            out[i, 0] = 1.0
            continue
        out[i, 1] = float(states_change(a.text))
        out[i, 2] = float(bool(DECLINE.search(a.text)))
        out[i, 3] = float(bool(PLACE.search(a.text)))
        out[i, 4] = min(quoted_count(a.text, inserted[i]) / QUOTED_GRAMS, 1.0)
    return out


def best_inserted(probs: np.ndarray, edit_texts: Sequence[str]) -> list[list[str]]:
    """Per comment, the inserted words of its ``BEST_EDITS`` candidate edits with the highest link probability
    (above 0; ties in the edits' order). ``edit_texts``: each edit's inserted words (``Edit.changed_words()[1]``)."""
    out = []
    for row in probs:
        order = [j for j in np.argsort(-row, kind="stable")[:BEST_EDITS] if row[j] > 0]
        out.append([edit_texts[j] for j in order])
    return out


def describe(answer: Answer | None, row: np.ndarray) -> str:
    """What the letter says of a comment, in a few words, from its answer and its ``letter_features`` row: shown
    beside the status it informed."""
    if answer is None:
        return "not found in the response letter"
    said = [what for k, what in ((1, "states a change"), (2, "declines or defers"), (3, "names a place"),
                                 (4, "quotes new text")) if row[k] > 0]
    return "the response letter answers it" + (f": {', '.join(said)}" if said else " without stating a change")


def read_letter(path: str | Path) -> Letter:
    """A letter file read and cut into words; ``InputError`` (one line) when it holds no words or far too many.
    ``Letter.notices``: what of it was not read (an ``\\input`` file not beside it)."""
    notices: list[str] = []
    text = letter_text(path, notices)
    name = Path(path).name
    if (count := sum(1 for _ in _WORD.finditer(text))) > MAX_WORDS:  # counted before the 4-grams are indexed
        raise InputError(f"{name} holds {count:,} words, more than a response letter ({MAX_WORDS:,} at most): give "
                         "the letter alone")
    letter = Letter(text)
    letter.notices = notices
    if len(letter.words) < 4:
        missing = [n.split(" in ", 1)[0] for n in notices]
        raise InputError(f"{name} holds no letter text" + (
            f": it reads {', '.join(missing)}, not beside it (give the letter with its files, or as a PDF)"
            if missing else ""))
    return letter
