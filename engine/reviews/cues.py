"""Cue lexicons for actionable review text (English), and the action classes of ARIES B.1.

``read_cues`` scores one sentence: requests and questions are direct
actions; negative evaluations name a problem (direct when they say what is
missing or unclear, indirect when they only observe, "Only one dataset was
used"); praise, summaries and verdicts are not actionable.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache


def _rx(*parts: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in parts), re.I)


REQUEST = _rx(
    r"\bshould\b", r"\bplease\b", r"\bkindly\b", r"\bwould (?:be|like|help|benefit|make|strengthen|improve|add)\b",
    r"\bit would\b", r"\b(?:could|can|would|will) (?:you|the authors|they|we)\b", r"\bI (?:would )?(?:suggest|recommend|encourage|urge|ask|expect)",
    r"\b(?:needs?|ought|has|have) to\b", r"\bmust\b", r"\bmight want to\b", r"\bmay want to\b", r"\bconsider(?:ing)?\b",
    r"\bwhy not\b", r"\bis (?:recommended|needed|necessary|required|desirable|expected)\b", r"\b(?:is|are) worth\b",
    r"\bit is (?:important|necessary|essential|crucial|advisable) to\b", r"\bsuggest(?:ion)?s?\b", r"\bI wonder\b",
    r"\bneeds? (?:more|further|additional|a|an|some|to)\b", r"\bwould have (?:liked|been)\b", r"\bI'd\b",
)
IMPERATIVE = re.compile(
    r"^(?:also,?\s+|finally,?\s+|additionally,?\s+|moreover,?\s+)?(?:add|include|provide|report|compare|discuss|clarify|"
    r"explain|define|cite|remove|delete|drop|elaborate|justify|show|mention|state|describe|specify|give|fix|correct|"
    r"rephrase|reword|revise|rewrite|move|shorten|expand|detail|quantify|evaluate|test|run|use|try|apply|release|"
    r"proofread|check|make|avoid|highlight|emphasize|tone down|consider|analy[sz]e|measure|plot|list|explore|"
    r"investigate|address|motivate|illustrate|demonstrate|summari[sz]e|refer|acknowledge|introduce|reference)\b",
    re.I,
)
NEGATIVE = _rx(
    r"\bunclear\b", r"\bnot (?:entirely |very |completely |fully |sufficiently |well |really )?(?:clear|convincing|"
    r"obvious|evident|sufficient|enough|justified|motivated|discussed|explained|defined|evaluated|compared|"
    r"reported|specified|mentioned|provided|given|described|cited|addressed|supported|shown|stated|"
    r"analy[sz]ed|investigated|considered|included|presented|studied|tested|correct|accurate|fair|"
    r"appropriate|reproducible|valid|consistent|realistic|rigorous|self-contained|precise|novel enough)\b",
    r"\bnever (?:\w+ )?(?:reported|discussed|explained|defined|evaluated|compared|mentioned|given|justified|shown|tested)\b",
    r"\bbefore (?:it is|they are|being) (?:defined|introduced|explained)\b", r"\bmissing\b", r"\black(?:s|ing)?\b", r"\binsufficient(?:ly)?\b", r"\binadequate(?:ly)?\b", r"\bconfus(?:ing|ed)\b",
    r"\b(?:hard|difficult|impossible) to (?:follow|understand|read|see|tell|judge|assess|interpret|reproduce|believe|parse)\b",
    r"\b(?:does|do|did) not (?:\w+ly )?(?:report|give|provide|discuss|explain|compare|include|mention|show|address|"
    r"justify|describe|define|evaluate|consider|specify|cite|state|clarify|support|present|analy[sz]e|study|"
    r"seem|appear|convince|hold|match|follow|scale|generali[sz]e|account|make sense)\b",
    r"\b(?:there is|there are|with|has|have) (?:no|little|limited) (?:comparison|discussion|ablation|baseline|detail|"
    r"explanation|justification|analysis|evidence|error bar|statistic|experiment|evaluation|result|mention|"
    r"description|definition|reference|insight)",
    r"^no (?:comparison|discussion|ablation|baseline|detail|explanation|justification|analysis|evidence|error bar)",
    r"\bfails? to\b", r"\bover-?claim", r"\bmisleading\b", r"\bincorrect(?:ly)?\b", r"\bwrong\b", r"\btypos?\b",
    r"\binconsistent\b", r"\bquestionable\b", r"\bunconvincing\b", r"\bvague\b", r"\bambiguous\b",
    r"\bunfortunate(?:ly)?\b", r"\bI (?:am not sure|doubt|am not convinced|could not find|did not find|couldn't find|"
    r"don't see|do not see|do not understand|don't understand|am confused|am unsure|am skeptical|am concerned)\b",
    r"\bdoubtful\b", r"\bconcerns?\b", r"\bproblematic\b", r"\btoo (?:strong|short|small|few|long|dense|weak|simple)\b",
    r"\bunsupported\b", r"\bunjustified\b", r"\bnot (?:compared|discussed) (?:to|with|against)\b", r"\berrors?\b",
    r"\bshould not\b", r"\bnot (?:a )?fair\b", r"\bunfair\b", r"\bomit(?:s|ted)\b", r"\bignor(?:e|es|ed|ing)\b",
    r"\bnot (?:very |particularly |so |that )?(?:well[- ]\w+|easy to|novel|interesting|strong|solid|thorough|new)\b",
    r"\bunder-?(?:explored|specified|explained)\b", r"\bweak(?:ness|er)?\b(?! point)", r"\bnot clear\b",
)
#: Observations that imply a change without saying so (indirect).
WEAK = _rx(
    r"\bonly\b", r"\ball (?:the )?experiments\b", r"\bsingle (?:dataset|baseline|benchmark|run|seed|task|domain)\b",
    r"\blimited\b", r"\bsmall (?:number|scale|dataset)\b", r"\bmodest\b", r"\bmarginal(?:ly)?\b", r"\bsurprising\b",
    r"\bit seems\b", r"\bseems to\b", r"\bappears to\b",
)
#: Softer hints, enough only inside list items.
SOFT = _rx(
    r"\bhowever\b", r"\bbut\b", r"\bstill\b", r"\bnot\b",
    r"\bwhether\b", r"\bnot sure\b",
)
PRAISE = _rx(
    r"\bwell[- ](?:written|organi[sz]ed|motivated|presented|structured|executed|designed)\b", r"\bclearly (?:written|described|presented|explained|motivated)\b",
    r"\beasy to (?:follow|read|understand)\b", r"\b(?:is|are|was|were|looks?|seems?) (?:very |quite |highly |really )?(?:novel|interesting|impressive|strong|convincing|"
    r"solid|thorough|substantial|clear|good|nice|important|significant|elegant|simple|sound|promising|compelling|"
    r"comprehensive|extensive|relevant|timely|useful|valuable|original|insightful|reasonable|appreciated)\b",
    r"\bI (?:really )?(?:like|liked|enjoyed|appreciate|appreciated)\b", r"\b(?:excellent|compelling|insightful|commendable|"
    r"impressive|solid|thorough|elegant|neat)\b", r"\bstrengths?\b", r"\bcontributions? (?:is|are) (?:clear|significant)\b",
)
SUMMARY = _rx(
    r"^(?:the|this) (?:paper|work|submission|manuscript|article|study|method|approach) (?:\w+ly )?(?:proposes|presents|"
    r"introduces|studies|investigates|describes|addresses|tackles|considers|explores|reports|shows|claims|"
    r"develops|extends|focuses|aims|adds|uses|applies|provides|evaluates|demonstrates|builds|leverages|"
    r"is about|deals)\b",
    r"^(?:the )?authors (?:\w+ly )?(?:propose|present|introduce|study|show|develop|evaluate|use|apply|demonstrate|"
    r"report|describe|investigate|consider|extend|claim|build|focus)\b",
    r"^in this (?:paper|work|submission)\b", r"^(?:an?|the) (?:\w+[- ]){0,4}(?:scheme|method|approach|framework|system|model) for\b",
    r"^to summari[sz]e\b", r"^in summary\b",
)
#: What a verdict recommends ("acceptance", "a weak accept"): a verdict, not a request, after "I recommend".
_DECISION = r"(?:an? )?(?:acceptance|rejection|accept|reject|weak)"
#: What may open a polite request: nothing, a connective ("Also, ") or a place ("In Table 2, ") of a few words.
_POLITE_LEAD = r"^(?:[^,.;:?!]{1,40},\s*)?(?:also,?\s+|perhaps,?\s+|maybe,?\s+)?"
#: Verbs after "you / one / the authors might ..." that state a view or a problem rather than ask for a change.
_NOT_POLITE = (r"(?:argue|say|think|believe|claim|imagine|expect|assume|conclude|object|agree|disagree|see|notice|"
               r"find|know|recall|remember|have|be|not|already|well|get|end|lose|miss|face|run into|"
               r"submit|contact|access|download|visit|upload)\b")  # "You may submit a revised version at:"
VERDICT = _rx(
    rf"\b(?:recommend|vote|lean|leaning|tend) (?:for |towards? )?{_DECISION}",
    r"\b(?:above|below) the acceptance threshold\b", r"\bI have read the (?:rebuttal|response|author)",
    r"\bthank(?:s| you)\b", r"\b(?:accept|reject)(?:ed)?\b.*\bpaper\b", r"^overall,? (?:I|this|the paper) ",
    r"\braise my score\b", r"\bkeep my score\b", r"\bmy (?:score|rating)\b",
)
VAGUE = _rx(
    r"\b(?:several|some|a few|many|multiple|various|a number of) (?:\w+ )?(?:gaps|issues|problems|concerns|weaknesses|"
    r"limitations|questions|comments|points|shortcomings|flaws)\b",r"\bnovelty\b", r"\bincremental\b", r"\boriginality\b", r"\bsignificance\b", r"\bcontribution is\b")

#: A statement that sums up the review rather than making a point of its own: the paper's readiness for publication
#: ("not yet fit for publication until the points listed above are settled") or the review's points in general
#: ("many flaws", "a number of omissions (listed above)"). With no request or question in it, it is no comment
#: (``engine.reviews.comments``; round nine, written from the corpus's training part).
SUMS_UP = _rx(
    r"\b(?:before|for|prior to) (?:its |the |final |possible )?(?:publication|acceptance)\b",
    r"\b(?:ready|suitable|fit|acceptable|considered) for (?:publication|acceptance)\b",
    r"\bpublication of (?:the|this|your) (?:manuscript|paper|work|article)\b",
    r"\b(?:raised|listed|outlined|mentioned|described|detailed|noted|given|discussed) (?:above|below)\b",
    r"\b(?:issues|points|concerns|comments|problems|remarks|questions) (?:above|below)\b",
    r"\ba (?:number|list|lot) of (?:\w+ )?(?:issues|points|concerns|clarifications|problems|aspects|omissions|flaws|"
    r"errors|changes|revisions|modifications)\b",
    r"\bmany (?:\w+ )?(?:aspects|flaws|issues|problems|errors)\b",
)

#: A request in so many words: "Please ...", an imperative, "I suggest ..." (whatever the classifier makes of it).
EXPLICIT = re.compile(
    r"^(?:also,?\s+|finally,?\s+|additionally,?\s+|moreover,?\s+)?(?:please|kindly)\b|"
    r"^.*?\b(?:I|one) (?:would |might |may )?(?:wonders?|wondered|is left wondering)\b|"
    rf"^I (?:would |'d )?(?:strongly )?(?:suggest|recommend|encourage|urge|ask)\b(?! {_DECISION})|"
    # "I would like to see ...", "I would have liked ...", "I would replace these values with N/A", "I would tone
    # this down" (not "I would like to thank", "I would imagine")
    r"^I (?:would|'d) (?:also |really |strongly )?(?:appreciate|like to see|like the|have (?:also )?liked|"
    r"have been interested|replace|remove|tone|move|drop|rephrase|reword|rename|shorten|add|include|expand|clarify|"
    r"soften|use|report|cite|discuss|mention|consider)\b|"
    # a polite request with no request verb (a new-user trial): "You might try rewording this paragraph.", "It may be
    # worth repeating ...", "One could also report ...", "In Table 2, the authors could add ..." (not "One could
    # argue that ...", "The authors may have missed ...": a stance, or a problem)
    rf"{_POLITE_LEAD}(?:you|one|the authors|authors) (?:might|may|could) (?:also |perhaps |even |still |then )?"
    rf"(?!{_NOT_POLITE})[a-z]+\b|"
    rf"{_POLITE_LEAD}it (?:may|might|could) (?:also )?be (?:worth|worthwhile|useful|helpful|interesting|good|better|"
    r"beneficial|advisable|wise|instructive|informative|preferable|nice|valuable|clearer)\b",
    re.I,
)
#: A note about wording at a place in the paper: "typo in line 3: 'teh'", "p. 4: recieve -> receive",
#: "Eq. 2 should read ...": short notes that a reviewer rarely writes as a sentence.
#: An arrow: a replacement ("recieve -> receive", "In eq. (2) f^n(z) -> G(f^n(z))") in a note, notation ("the best
#: D → L model", "f: X → Y") in a longer question, request or criticism (a new-user trial's question was typed typo):
#: ``engine.reviews.comments.checked_type`` tells them apart.
ARROW = re.compile(r"\s(?:->|-->|=>|→)\s")
_NOTE_WORDS = (r"\btypos?\b(?!s? (?:and|&) )", r"\bmisspel", r"\bspelling\b", r"\bgrammatical (?:error|mistake)",
               r"\bshould read\b")
EDIT_NOTE = _rx(*_NOTE_WORDS, ARROW.pattern)
#: A comment about spelling or wording in so many words: what makes it a typo comment whatever a model says.
_QUOTE_MARK = "[\"\u201c\u201d'\u2018\u2019`]"
TYPO = _rx(*_NOTE_WORDS, r"\btypos?\b", r"\bgrammar\b", r"\bgrammatical\b",
           rf"{_QUOTE_MARK}\s*(?:->|-->|=>|\u2192)\s",  # '"… both of these approaches" --> missing comma'
           rf"{_QUOTE_MARK}\s*(?:->|-->|=>|\u2192)\s*{_QUOTE_MARK}",
           rf"{_QUOTE_MARK}[^\"\u201c\u201d]+{_QUOTE_MARK}\s*should be\s*{_QUOTE_MARK}")
#: A citation in a sentence: "et al.", "[12]", "(Han et al., 2018)", "(Smith 2019)", arXiv.
_CITATION = r"(?:\bet al\.?|\[\d{1,3}(?:[,\u2013-]\s*\d{1,3})*\]|\(\w[^()]{0,60}\b(?:19|20)\d\d[a-z]?\)|\barXiv\b)"
#: Criticism that implies a change without a request word (issue 33, written from its examples, not from data):
#: references that are outdated or duplicated, a better title, a named related method with its citation, a problem
#: with the statistical analysis. Such a sentence is a comment from ``comments.IMPLIED_FLOOR`` up and is always
#: read by the fine-tuned encoder.
IMPLIED = _rx(
    r"\b(?:references?|citations?|bibliography)\b[^.]{0,40}\b(?:outdated|out[- ]of[- ]date|dated|obsolete|incomplete|"
    r"duplicated?|repeated|listed twice|cited twice|the same)\b",
    r"\b(?:outdated|out[- ]of[- ]date|obsolete|duplicated?|repeated) (?:references?|citations?|entries|bibliography)\b",
    r"\b(?:cited|listed|appears?) twice\b",
    r"\b(?:better|more (?:accurate|appropriate|informative|descriptive|precise|fitting)|alternative|suitable|new) title\b",
    r"\btitle (?:is|seems|sounds) (?:\w+ )?(?:misleading|too|not|overly|a bit|somewhat|confusing|vague)",
    r"\b(?:a )?(?:better|additional|more recent|newer|relevant) (?:references?|citations?)\b",
    rf"\b(?:closely |highly |very |directly )?(?:related|similar|relevant) (?:methods?|approach(?:es)?|works?|papers?|"
    rf"techniques?|ideas?|models?|algorithms?|studies)\b(?=.*{_CITATION})",
    rf"\b(?:also|already) (?:been )?(?:proposed|introduced|studied|considered|addressed|explored)\b(?=.*{_CITATION})",
    r"\b(?:statistical (?:analysis|analyses|tests?|significance|power|methods?)|significance tests?|p-?values?|"
    r"multiple (?:comparisons|testing|hypothes[ie]s)|sample sizes?|confidence intervals?|error bars?|"
    r"standard (?:deviations?|errors?)|(?:bonferroni|fdr) correction)\b(?=.*\b(?:no|not|without|lacks?|lacking|"
    r"missing|absent|inappropriate|wrong|incorrect|invalid|questionable|unclear|too small|insufficient|never|only)\b)",
)
LOCATION_NOTE = re.compile(
    r"^\W*(?:(?:on|in|at) )?(?:p|pp|pg|page|l|ll|line|lines|eq|eqs|equation|fig|figure|tab|table|sec|sect|section|"
    r"alg|algorithm|appendix|app)\.?\s*\(?\d[\w.]*\)?\s*[,:;)]", re.I,
)


#: Action classes, in the order ties are broken; each a pattern of its cues.
ACTION_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    # "remove", "be removed", not "the authors removed ..." (a description, often praise)
    ("Remove", _rx(r"\bremov(?:e|ing|al)\b", r"\b(?:be|been) (?:removed|deleted|dropped)\b", r"\bdelet(?:e|ing|ion)\b", r"\bdrop\b", r"\bomit\b", r"\bover-?claim", r"\bmisleading\b", r"\btone down\b",
                   r"\bshould not (?:claim|say|state|call)", r"\bunnecessary\b", r"\bredundant\b", r"\bget rid of\b",
                   r"\bexaggerat", r"\bnot needed\b")),
    ("Define", _rx(r"\bdefin", r"\bnotation\b", r"\bsymbol", r"\bterm\b", r"\bterminology\b", r"\bwhat (?:is|are|does) (?:meant|the meaning)",
                   r"\bmeaning of\b", r"\bwhat does \S+ (?:mean|stand for|denote|refer)", r"\bdenot", r"\bintroduced\b.*\bbefore\b",
                   r"\bacronym\b", r"\bstand for\b")),
    ("Compare", _rx(r"\bcompar", r"\bbaselines?\b", r"\bversus\b", r"\bvs\.?\b", r"\bagainst\b", r"\boutperform",
                    r"\bstate[- ]of[- ]the[- ]art\b", r"\bsota\b", r"\bcompeting\b", r"\bcompetitor", r"\brelative to\b")),
    ("Discuss", _rx(r"\brelated work\b", r"\bdiscuss", r"\bcit(?:e|ed|ation)\b", r"\breferences?\b", r"\bprior work\b",
                    r"\bliterature\b", r"\bprevious work\b", r"\bet al\b", r"\bposition\b", r"\bexisting work\b",
                    r"\blimitations?\b", r"\bconnection to\b", r"\brelation to\b", r"\brelationship\b")),
    ("Report", _rx(r"\breport", r"\bmetrics?\b", r"\bstatistic", r"\bsignifican", r"\bvariance\b", r"\bstd\b",
                   r"\bstandard deviation\b", r"\berror bars?\b", r"\blatency\b", r"\bwall[- ]clock\b", r"\bruntime\b",
                   r"\bnumbers?\b", r"\bablation", r"\banalysis\b", r"\btables?\b", r"\bmeasure", r"\bconfidence interval",
                   r"\bseeds?\b", r"\bresults? (?:on|for)\b", r"\bquantif", r"\bhow (?:much|many|long|often)\b",
                   r"\bcost\b", r"\boverhead\b", r"\btime\b", r"\bspeed", r"\bmemory\b", r"\bvalues?\b", r"\bstate the\b")),
    ("Apply", _rx(r"\bapply", r"\bapplied\b", r"\bother (?:datasets?|tasks?|domains?|languages?|settings?|benchmarks?|models?)\b",
                  r"\b(?:another|second|additional|more|different|larger|harder|real[- ]world) (?:\w+ )?(?:datasets?|tasks?|domains?|benchmarks?|settings?|languages?)\b",
                  r"\bgenerali[sz]", r"\bevaluated? on\b", r"\bextend(?:ed)? to\b", r"\btransfer", r"\bscal(?:e|ing) (?:to|up)\b")),
    ("Use", _rx(r"\buse\b", r"\busing\b", r"\binstead of\b", r"\breplac", r"\badopt", r"\bincorporat", r"\bleverag",
                r"\btry\b", r"\bswitch", r"\bcombin", r"\bemploy")),
    ("Explain", _rx(r"\bwhy\b", r"\bhow\b", r"\bexplain", r"\bclarif", r"\bunclear\b", r"\bnot clear\b", r"\bdetails?\b",
                    r"\bjustif", r"\belaborat", r"\bmotivat", r"\bintuition\b", r"\bdescri", r"\bwhat\b", r"\bconfus",
                    r"\bunderstand", r"\bchosen\b", r"\bchoice\b", r"\bspecif")),
)


@dataclass(frozen=True)
class Cues:
    request: bool
    question: bool
    negative: bool
    weak: bool
    soft: bool
    praise: bool
    summary: bool
    verdict: bool
    vague: bool
    #: a request in so many words (``EXPLICIT``), or a short note of a typo or a wording at a place in the paper
    explicit: bool = False
    #: praise and nothing else: no request, question, problem, hedge or contrast ("It is nice that the authors ...")
    praise_only: bool = False
    #: criticism that implies a change without a request word (``IMPLIED``)
    implied: bool = False

    @property
    def actionable_signal(self) -> bool:
        return self.request or self.question or self.negative

    @property
    def direct(self) -> bool:
        return self.request or self.question or self.negative


@lru_cache(maxsize=8192)
def read_cues(sentence: str) -> Cues:
    s = sentence.strip()
    request, question = bool(REQUEST.search(s) or IMPERATIVE.match(s)), s.rstrip(" )\"'").endswith("?")
    negative, weak, soft, praise = bool(NEGATIVE.search(s)), bool(WEAK.search(s)), bool(SOFT.search(s)), bool(PRAISE.search(s))
    short = len(s.split()) <= 15
    note = short and bool(EDIT_NOTE.search(s) or LOCATION_NOTE.match(s)) and not s.rstrip().endswith(":")
    return Cues(
        request=request, question=question, negative=negative, weak=weak, soft=soft, praise=praise,
        summary=bool(SUMMARY.search(s)),
        verdict=bool(VERDICT.search(s)),
        vague=bool(VAGUE.search(s)) and len(s.split()) <= 12,
        explicit=bool(EXPLICIT.match(s)) or note,
        praise_only=praise and not (request or question or negative or weak or soft or note),
        implied=bool(IMPLIED.search(s)) and not praise,
    )


def action_of(text: str) -> str:
    """The ARIES action class with the most cue hits; ties go to the earlier class; Explain by default."""
    best, best_hits = "Explain", 0
    for name, pattern in ACTION_CUES:
        hits = len(pattern.findall(text))
        if hits > best_hits:
            best, best_hits = name, hits
    return best


#: A request for references or citations is typed ``edit`` whatever the model says, as DISAPERE types it
#: (``request_edit``); session 32's candidate C2, kept by its rule (DISAPERE train out of fold: fine types 0.352 ->
#: 0.353, edit 0.308 -> 0.321; docs/comments.md). False: the model's type.
CITATION_EDIT = True
#: A sentence that names references or citations ("cite", "citations", "references", "a reference for", related or
#: prior work, the literature); "the reference solution" names none.
_REFERENCES = re.compile(r"\bcit(?:e|es|ing|ation|ations)\b|\breferences\b|\ba reference\b|"
                         r"\b(?:related|prior|previous|earlier) (?:work|studies)\b|\bliterature\b", re.I)


def asks_for_references(text: str) -> bool:
    """Whether a sentence of ``text`` asks (a request word, or a request in so many words) and names references or
    citations ("Please provide references for ...", "The authors should cite ..."); not one that only mentions them
    ("The references are well chosen.")."""
    from engine.text import sentences

    return any(_REFERENCES.search(s) and (read_cues(s).request or read_cues(s).explicit)
               for s, _, _ in sentences(text, review=True))
