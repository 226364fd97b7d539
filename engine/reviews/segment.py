"""Where one reviewer's point ends and the next begins (issue 33).

A reviewer's point often spans sentences that the classifier scores one by one: a bare follow-up question ("Why ten?
This is not clear to me.") only makes sense with the sentence before it, and a short paragraph on one thing is one
point. ``engine.reviews.comments`` asks these helpers when it groups picked sentences into comments. Headings and
list titles, which label what is under them, are marked in ``engine.reviews.units`` (``is_label``).
"""

from __future__ import annotations

import re

from engine.reviews.cues import ARROW, EDIT_NOTE, EXPLICIT, read_cues
from engine.reviews.units import LABEL_WORDS, SentenceUnit

#: A reviewer's list item none of whose sentences is in a comment becomes one comment of its sentences (with its best
#: sentence's confidence: shown as low-confidence, never dropped) when that best sentence reaches this probability;
#: None: never (docs/comments.md, "Round eleven, the lead").
ITEM_FLOOR: float | None = None
#: A follow-up that only makes sense with the sentence before it: a bare question of at most this many words ("Why
#: this value?", "How is it tuned?", "Any justification?") ...
FOLLOW_UP_WORDS = 5
#: ... or a short remark that what came before is unclear ("This is not clear to me.", "I don't understand why.").
_UNCLEAR = re.compile(r"^(?:(?:but|and|also|again),? )?(?:(?:this|it|that|which)(?: part| point| step| choice| "
                      r"sentence| claim)? (?:is|was|remains|seems) (?:\w+ )?(?:not (?:\w+ )?clear|unclear|confusing)|"
                      r"I (?:do not|don't|did not|didn't|cannot|can't) (?:understand|follow|see)(?: (?:this|it|that|why|"
                      r"how))?|the (?:paper|text|manuscript|authors?) (?:does|do|did) not (?:say|explain|tell|"
                      r"specify|mention|justify)(?: (?:this|it|so|why|how))?)\b[^?]{0,30}[.!]?$", re.I)


def follow_up(text: str) -> bool:
    """A short question or remark that only makes sense with the sentence before it ("Why this value?", "This is
    not clear to me."): it joins that sentence's comment, or carries that sentence as its context."""
    words = len(text.split())
    return (text.rstrip(" )\"'").endswith("?") and words <= FOLLOW_UP_WORDS) or (words <= 9 and bool(_UNCLEAR.match(text)))


#: A paragraph of at most this many words is one point (a longer one, running text, holds several).
POINT_WORDS = 120
#: A paragraph of at most this many words is one point whatever words its sentences share ("Several grammatical
#: errors occur in the text. The authors should check the manuscript again.").
SHORT_POINT_WORDS = 80


def same_point(units: list[SentenceUnit], group: list[int], k: int) -> bool:
    """A paragraph's next picked sentence goes on the comment when it speaks of something the comment names (a
    content word in common), in a paragraph of any length: a long paragraph of running text is most often one point
    argued at length (round eleven; up to round ten only a paragraph of ``POINT_WORDS`` joined so). In a very short
    paragraph (``SHORT_POINT_WORDS``) it goes on always, also across sentences between them that are no comment
    (which stay out of its text), unless it is another question or follows a request. Chosen on DISAPERE train out
    of fold and the corpus's training part (docs/comments.md)."""
    block = units[k].block
    if units[group[-1]].block != block:
        return False
    if bool(_content(units[k].text) & _content(" ".join(units[j].text for j in group))):
        return True
    words = item_words(units, block)
    if words > SHORT_POINT_WORDS:
        return False
    if units[k].text.rstrip().endswith("?"):  # a question is a point of its own unless it speaks of the same thing:
        return (units[group[-1]].text.rstrip().endswith("?")  # a string of questions ("Why stop there? Could ...?")
                or bool(_THIS_THING.search(units[k].text)))  # or names it again ("Is the model affected by this choice?")
    asked = [(read_cues(units[j].text), _asks_in_words(units[j].text)) for j in group]
    return not any(c.request or words and not c.negative for c, words in asked)  # after a request: another point


def _asks_in_words(text: str) -> bool:
    """A request in so many words or a note on wording ("p. 7: recieve -> receive"); not a statement that only opens
    on a place ("Figure 4: the shades of blue in panel b are hard to tell apart."), which a request may follow."""
    return bool(EXPLICIT.match(text.strip())) or read_cues(text).explicit and bool(EDIT_NOTE.search(text))


#: A question that names what was said before it ("... by this choice?", "... these values?").
_THIS_THING = re.compile(r"\b(?:this|these|those|such|that) (?!is\b|was\b|are\b|were\b|paper\b|work\b)[a-z]{3,}\w*\W*$|"
                         r"\b(?:this|these|those|such) (?:choice|assumption|value|values|setting|parameter|step|result|"
                         r"claim|approach|effect|difference|problem|issue)s?\b", re.I)


_STOP = frozenset("""this that these those there their they them then than with from have been were which what
when where while would could should about also more most some such into only other does each just very much many
please paper authors author work section results result figure table method methods approach model models data""".split())


def _content(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]{4,}", text.lower()) if w not in _STOP}


#: A list item of more than this many words (a numbered point that runs on) may hold several requests.
ITEM_WORDS = 120


def item_words(units: list[SentenceUnit], block: int) -> int:
    """Words of the paragraph or list item ``block``."""
    return sum(len(u.text.split()) for u in units if u.block == block)


def asks(text: str) -> bool:
    """A request or a question in so many words."""
    c = read_cues(text)
    return c.request or c.question or c.explicit


def next_request(units: list[SentenceUnit], group: list[int], k: int, joins_back: bool) -> bool:
    """In a long list item (``ITEM_WORDS``), a picked sentence after a request opens a comment of its own unless
    it goes back to what came before (``joins_back``: "This ...", "Why?", a problem and its request): a numbered
    point that asks for several things is several comments, a long argument for one thing stays one."""
    u = units[k]
    c = read_cues(u.text)
    return (u.is_item and not joins_back and asks(units[group[-1]].text) and not _GOES_ON.match(u.text)
            and (asks(u.text) or c.negative) and item_words(units, u.block) > ITEM_WORDS
            and not _content(u.text) & _content(units[k - 1].text)  # the same thing, said on
            and not (len(u.text.split()) <= 8 and _POINTS_BACK.search(u.text)))  # "The authors should comment on this."


#: A pronoun that points back to what was said before.
_POINTS_BACK = re.compile(r"\b(?:this|that|these|those|it|them)\b", re.I)


#: A sentence that carries on the one before it ("Which does not prevent ...", "Whereas ...").
_GOES_ON = re.compile(r"^\W*(?:which|whereas|while|because|since|as|otherwise|instead|then|here|there)\b", re.I)


#: Not "this paper", "this work" ...: after a pointer word these name the reviewed work, not the sentence before.
_NOT_OWN_WORK = r"(?! (?:paper|work|manuscript|article|study|submission|review|revision|version)\b)"
#: A sentence that opens on a link to the one before it, and alone says little: a condition on it ("If so, ...",
#: "If not", "Otherwise", "In that case"), a remark about it ("Just a nit ...", "A minor point, but ..."), a
#: parallel ("Similarly", "Likewise") ...
_LINKED = re.compile(r"^\W*(?:if (?:so|not|yes|no|this is (?:so|the case|true)|that is (?:so|the case|true))\b|"
                     r"if (?:you|the authors) (?:mean|meant|refer|are referring|intend)\b|if by\b|"
                     r"otherwise\b|on the contrary\b|in (?:that|this|which|such a|either) case\b|"
                     r"(?:similarly|likewise|conversely)\b|"
                     r"(?:just|only|merely) a (?:nit|minor|small|side)\b|(?:a )?(?:minor |small )?nit\b|"
                     r"(?:a |one )?(?:minor|small|side) (?:point|remark|comment|note)\b)", re.I)
#: ... an answer the reviewer guesses to their own question ("Shorter than what? If you mean ..."), ...
#: ... or a pointer back ("This was later confirmed ...", "Such a choice ..."; not "This paper ...", and not
#: "It ...", which as often opens a request of its own: "It would help to ...").
_POINTER = re.compile(r"^\W*(?:this|that|these|those|such)\b" + _NOT_OWN_WORK, re.I)


def linked(text: str) -> bool:
    """A sentence that opens on a link to the one before it ("If so, I suggest making this clear.", "This ..."):
    after a picked sentence of its paragraph, it goes on that sentence's comment."""
    return bool(_LINKED.match(text) or _POINTER.match(text))


#: A sentence that carries on the one before it: a continuation ("In other words", "That is", "For example", "Thus",
#: "Here", "The latter" ...) or a pointer ("This", "Such", "It"; not "This paper") ...
_CONTINUES = re.compile(r"^\W*(?:in other words|that is|i\.\s?e\.|namely|in particular|specifically|for (?:example|"
                        r"instance)|e\.\s?g\.|thus|therefore|hence|because|since|here|again|related to (?:that|this)|"
                        r"along (?:these|the same) lines|in (?:this|that) (?:respect|regard)|"
                        r"with (?:this|that) respect|both|the (?:latter|former)|(?:it|they)\b" + _NOT_OWN_WORK + ")",
                        re.I)  # with ``_POINTER`` ("This", "Such" ...)
#: ... or that names what came before in its first words ("Several of these papers ...", "How does this hypothesis").
_NAMES_BEFORE = re.compile(r"\b(?:this|these|those|such(?: an?)?)\s+(?!(?:paper|work|manuscript|article|study|"
                           r"submission|review)\b)[a-z]{3,}", re.I)
#: Something added, a point of its own whatever it points to ("Also ...", "Beyond that, ...", "Another ...").
_ADDS = re.compile(r"^\W*(?:also|in addition|additionally|moreover|furthermore|further|besides|beyond (?:that|this)|"
                   r"apart from|another|finally|lastly|second(?:ly)?|third(?:ly)?|next|regarding|as for)\b", re.I)
#: A short request that points back at its end ("Please comment on this!").
_BACK_END = re.compile(r"\b(?:this|that|these|those|it|them)\W*$", re.I)


def leans(text: str) -> bool:
    """A sentence that leans on the one before it (session 29, ``points.merge_leaning``): it opens on a continuation
    or a pointer back, names what came before in its first six words or is a short request that points back at its
    end; never one that opens on something added ("Also", "Beyond that", "Another" ...)."""
    if _ADDS.match(text):
        return False
    return (bool(_CONTINUES.match(text) or _POINTER.match(text))
            or bool(_NAMES_BEFORE.search(" ".join(text.split()[:6])))
            or len(text.split()) <= 8 and bool(_BACK_END.search(text)))


#: Quote marks, straight and typographic, and LaTeX's.
_QUOTED = re.compile(r"\"[^\"]+\"|“[^”]+”|``.+?''|‘[^’]+’")


def quote_only(text: str) -> bool:
    """A bare quoted passage ('"There is currently no efficient, FAIR representation...".', 'p. 4: "we propose"'):
    the request about it is in the sentence after it."""
    rest = _QUOTED.sub(" ", text)
    return rest != text and len(re.findall(r"[A-Za-z]{3,}", rest)) <= 3 and len(_QUOTED.findall(text)) == 1


#: At most this many sentences before a linked one are carried as its context (each one that is itself linked
#: reaches one further back: "On the contrary, a study showed X. This was later confirmed ...").
LINK_REACH = 2


def link_context(units: list[SentenceUnit], first: int, taken: set[int]) -> str:
    """The sentences of its paragraph that a comment opening on a condition or remark ("If so, ...", "Otherwise",
    "Just a nit ...") or a short follow-up (``follow_up``) is about, when no comment holds them: the one before it,
    and one further back while that one is linked too; else empty. A pointer back ("This ...") alone carries no
    context: on DISAPERE train (words model out of fold) it took neutral sentences, F1 77.7 -> 77.0."""
    if not (_LINKED.match(units[first].text) or follow_up(units[first].text)):
        return ""
    got: list[str] = []
    k = first - 1
    while k >= 0 and units[k].block == units[first].block and k not in taken and not units[k].skip:
        got.insert(0, units[k].text)
        if len(got) >= LINK_REACH or not linked(units[k].text):
            break
        k -= 1
    return " ".join(got)


#: A sentence the model found half-way actionable (this probability or more, below the threshold): the problem or
#: the passage that the request after it follows on. Chosen on the corpus's training part and DISAPERE train out of
#: fold (docs/comments.md, round nine; 0.35 then, 0.3 from round eleven).
SETUP_FLOOR = 0.3


#: A sentence that refers back to what the one before it named ("… relates to these efforts.", "such methods", "the
#: above").
REFERS_BACK = re.compile(r"\b(?:these|those|such)\s+(?!that\b|as\b)[a-z]{3,}|\bthe above\b|\baforementioned\b", re.I)
#: A comment that refers back (``REFERS_BACK``: "Citations should be given for these statements.") carries the
#: sentence before it from this lower floor: that sentence is what it names. Chosen on the corpus's training part and
#: DISAPERE train out of fold (docs/comments.md, round eleven).
BACK_FLOOR = 0.2


def setup_context(units: list[SentenceUnit], first: int, taken: set[int], prob) -> str:
    """The sentence before a comment that opens inside a short paragraph or list item (``POINT_WORDS``), when no
    comment holds it and the model found it half-way actionable (``SETUP_FLOOR``): what the request builds on ("The
    ablation in Table 4 removes the memory and the attention module at the same time." before "Which of the two
    explains the drop?"), or from ``BACK_FLOOR`` when the comment refers back to it (``REFERS_BACK``). Else empty.
    A neutral sentence before it (a summary, a description) stays out: as context it costs precision on DISAPERE,
    where a comment's context counts as extracted."""
    j = first - 1
    u = units[first]
    if j < 0 or u.index == 0 or j in taken or units[j].skip or units[j].block != u.block:
        return ""
    floor = BACK_FLOOR if REFERS_BACK.search(u.text) else SETUP_FLOOR
    if item_words(units, u.block) > POINT_WORDS or float(prob[j]) < floor:
        return ""
    if float(prob[j]) < SETUP_FLOOR and REVIEWER.match(units[j].text):  # "We thank the authors for ...": the
        return ""  # reviewer on themselves is not what "these efforts" names
    return units[j].text


#: A sentence that opens on the reviewer ("We thank ...", "I read ...", "In my view, ...").
REVIEWER = re.compile(r"^\W*(?:\w+,?\s+)?(?:I|I'm|I've|we|my|our)\b", re.I)


#: A sentence after a comment in its short paragraph or list item that the model found half-way actionable (this
#: probability or more, below the threshold): the reason, the example or the wording the request comes with.
#: Chosen on the corpus's training part and DISAPERE train out of fold (docs/comments.md, round ten).
TRAIL_FLOOR = 0.25


def trailing(units: list[SentenceUnit], group: list[int], taken: set[int], prob,
             starts: frozenset[int] = frozenset()) -> list[int]:
    """The sentences that go on a comment's text after its last one: those right after it in its paragraph or list
    item of up to ``POINT_WORDS`` words, in no comment, each scored ``TRAIL_FLOOR`` or more ("The spectra in Figure 5
    should be shown on a log scale." then "The tails carry most of the argument."), up to the first that is not. The
    sentence just before another comment's first (``starts``) stays out: it is what that comment builds on ("The
    baseline uses its default settings. Were they tuned?"), its context if it needs one; and after a request, a
    sentence that asks too is another point ("Please add the runtime. Beyond that, I would encourage ..."), as in
    ``same_point``."""
    last = units[group[-1]]
    if item_words(units, last.block) > POINT_WORDS:
        return []
    got = []
    j = group[-1] + 1
    while (j < len(units) and j not in taken and not units[j].skip and units[j].block == last.block
           and float(prob[j]) >= TRAIL_FLOOR and not _idle(units[j].text) and j + 1 not in starts
           and not (asks(units[j].text) and asks(units[group[-1]].text))):
        got.append(j)
        j += 1
    return got


def _idle(text: str) -> bool:
    """Praise alone or a verdict: nothing to carry."""
    c = read_cues(text)
    return c.praise_only or bool(c.verdict and not (c.request or c.question or c.negative))


#: A place in the paper: a page, line, section, figure, table, equation ... and its number ("p7", "pp. 3-4",
#: "line 203-205", "ll. 20 and 25", "Sec. 3.2", "§4", "Fig. 2b", "Eq. (3)", "Appendix A").
_PLACE = re.compile(r"(?:\b(?:pp?|pg|pages?|ll?|lines?|ln|sec(?:tions?)?|fig(?:ures?)?|tab(?:les?)?|eqs?|equations?|"
                    r"alg(?:orithms?)?|appendix|app|thm|theorems?|lemmas?|def(?:initions?)?|col(?:umns?)?|"
                    r"para(?:graphs?)?)\.?|§)\s*\(?[A-Z]?\d+(?:\.\d+)*[a-z]?\)?"
                    r"(?:\s*(?:-|–|—|to|and|&|,)\s*\(?[A-Z]?\d+(?:\.\d+)*[a-z]?\)?)*|\bappendix [A-Z]\b", re.I)
#: Words that may stand beside a place and leave it a place ("p5, middle", "top of p. 3", "cf. Fig. 2").
_PLACE_WORDS = frozenset("top bottom middle end beginning start first second third last left right column paragraph "
                         "of in on at the and see cf".split())


def location_only(text: str) -> bool:
    """A sentence that is only a place in the paper ("p7, line 203-205.", "Section 3.2:", "Fig. 2, bottom."): the
    point about it is in the sentence after it (or, when it ends a paragraph, before it); alone it is no comment."""
    if len(text.split()) > 10 or "?" in text or not _PLACE.search(text):
        return False
    rest = re.findall(r"[A-Za-z]{2,}", _PLACE.sub(" ", text))
    return all(w.lower() in _PLACE_WORDS for w in rest)


#: A sentence that opens on a place in the paper and names a problem or asks ("Lines 12-15: this sentence is
#: unclear.", "p. 3, l. 8: why is the inflow taken as uniform?"): a note the reviewer made reading that
#: place, a comment from this probability up (below the threshold). Chosen on the corpus's training part and
#: DISAPERE train out of fold (docs/comments.md, round ten).
PLACE_FLOOR = 0.2
_OPENS_ON_PLACE = re.compile(r"^\W{0,3}(?:" + _PLACE.pattern + r")\s*(?:[:.,;)\]\-\u2013\u2014]|\()", re.I)


def place_note(text: str) -> bool:
    """A sentence that opens on a place ("Line 40: ...", "p. 7, l. 12 - ...", "Fig. 3: ...") and has more after it
    (a place alone is ``location_only``) that names a problem or asks: a negative or weak word, a request, a
    question, a request in so many words or an implied change (``Cues``), or that gives a replacement ("Line 45: the
    two curves → both curves", however long: round eleven). A remark at a place with none of these ("Line 30 - a
    remarkable result.") is not one."""
    if not _OPENS_ON_PLACE.match(text) or location_only(text):
        return False
    c = read_cues(text)
    return c.negative or c.weak or c.request or c.question or c.explicit or c.implied or bool(ARROW.search(text))


def location_ends_point(units: list[SentenceUnit], group: list[int], k: int) -> bool:
    """A place (``location_only``) that ends its paragraph right after a comment's sentence: that comment's."""
    u = units[k]
    return (group[-1] == k - 1 and units[k - 1].block == u.block
            and (k + 1 == len(units) or units[k + 1].block != u.block))


def location_before(units: list[SentenceUnit], k: int, taken: int) -> bool:
    """A place (``location_only``) just before ``units[k]`` in its paragraph, in no comment: it opens ``k``'s."""
    j = k - 1
    return j > taken and units[j].block == units[k].block and not units[j].skip and location_only(units[j].text)


#: A lead-in that announces a list of typos or small errors ("There are a few misprints in the PDF:", "Some
#: grammatical errors, not an exhaustive list:").
_TYPO_LEAD = re.compile(r"\b(?:typos?|typographical|misprints?|spelling|grammar|grammatical|(?:minor|small|language|"
                        r"writing) (?:errors|mistakes)|errors in the (?:text|manuscript|"
                        r"paper))\b", re.I)


def typo_lead(lead: str) -> bool:
    """A list's lead-in, a sentence ending on ":", that announces typos or small errors; not a heading ("Typos and
    minor comments:", at most ``units.LABEL_WORDS`` words), whose items are a point each."""
    return lead.rstrip().endswith(":") and len(lead.split()) > LABEL_WORDS and bool(_TYPO_LEAD.search(lead))


def typo_list(units: list[SentenceUnit], group: list[int], k: int) -> bool:
    """The items of a list of typos under a lead-in that announces them are one point with that lead-in, as the
    training part's labels have it (a reviewer's "a few typos:" and the list under it); items of a list under a
    heading ("Typos", "Minor comments") stay a comment each, as labelled there too (docs/comments.md, round eight)."""
    u, last = units[k], units[group[-1]]
    if not (u.is_item and typo_lead(u.lead_in)):
        return False
    if not (last.is_item and last.lead_in == u.lead_in or last.text in u.lead_in):
        return False
    return all(units[j].skip or units[j].block == last.block or units[j].is_item and units[j].lead_in == u.lead_in
               for j in range(group[-1] + 1, k))  # past the lead-in's own last sentence and items not picked


def unpicked_items(units: list[SentenceUnit], taken: set[int], prob, floor: float | None = None) -> list[list[int]]:
    """The list items of which no sentence is in ``taken`` and whose best sentence (headings, references, quotations
    and greetings aside) reaches ``floor`` (default ``ITEM_FLOOR``; None: none), each as the indexes of its
    sentences."""
    floor = ITEM_FLOOR if floor is None else floor
    if floor is None:
        return []
    blocks: dict[int, list[int]] = {}
    for k, u in enumerate(units):
        if u.is_item:
            blocks.setdefault(u.block, []).append(k)
    out = []
    for ks in blocks.values():
        keep = [k for k in ks if not units[k].skip]
        if keep and not taken.intersection(ks) and max(float(prob[k]) for k in keep) >= floor:
            out.append(keep)
    return out
