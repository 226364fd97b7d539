"""The revisions manifest (``corpus/revisions.json``): reading it and checking its shape.

One entry per real revision: the repository, the submitted and the revised commit with the main
``.tex`` file at each (or a literate ``.lhs`` source, which the LaTeX reader reads as LaTeX), where the reviews come from (a file at a commit, or the blocks the response
quotes), the response file, venue, field, year, document class, licence, the split part and notes.
How the response (and a reviews file) is cut into points is data here, not code per paper
(``corpus.letters``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

MANIFEST = Path(__file__).with_name("revisions.json")
FORMAT = "redraft-revisions-corpus"
#: ``blind``: labelled by hand like ``checked``, added in session 16 and scored only once, after every choice.
PARTS = ("checked", "train", "blind")
#: Sources reserved for blind evaluation (issue 31): never in the corpus, as a repository or a paper.
RESERVED_REPOS = (
    "deepsphere/paper-deepsphere-iclr2020", "stefanoteso/setmargin", "axelrod-python/axelrod-moran",
    "carlosp420/nymphalidae_diversification", "nnkennard/disapere", "allenai/scitldr", "keisks/jfleg",
    "feralvam/easse", "niharshah/goldstandard-reviewer-paper-match",
)
RESERVED_TITLES = (
    "deepsphere: a graph-based spherical cnn", "setwise max-margin", "emergence of self-recognition",
    "nymphalidae", "openreview iclr 2019", "openreview iclr 2020",
)
_SHA = re.compile(r"^[0-9a-f]{7,40}$")
#: A main file is LaTeX: ``.tex``, or a literate Haskell/Agda source (lhs2TeX) that the reader takes for LaTeX.
MAIN_SUFFIXES = (".tex", ".lhs")
_REQUIRED = ("id", "repository", "submitted", "revised", "reviews", "response", "venue", "field", "year",
             "class", "licence", "part", "notes")


class ManifestError(ValueError):
    pass


def load_manifest(path: str | Path = MANIFEST) -> dict:
    path = Path(path)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ManifestError(f"no such manifest: {path}") from None
    except json.JSONDecodeError as err:
        raise ManifestError(f"{path.name} is not valid JSON ({err.msg}, line {err.lineno})") from None
    check_manifest(raw)
    return raw


def _check_regexes(where: str, spec: dict) -> None:
    for key in ("reviewer", "editor", "point", "reply", "reply_end", "reply_also", "drop", "end", "start"):
        if spec.get(key):
            try:
                re.compile(spec[key])
            except re.error as err:
                raise ManifestError(f"{where}: bad {key} pattern ({err})") from None


def check_manifest(raw: dict) -> None:
    """Raise ``ManifestError`` with one line when the manifest is malformed or names a reserved source."""
    if raw.get("format") != FORMAT:
        raise ManifestError(f"not a {FORMAT} manifest")
    entries = raw.get("revisions")
    if not isinstance(entries, list) or not entries:
        raise ManifestError("the manifest lists no revisions")
    seen = set()
    for e in entries:
        rid = e.get("id", "?")
        missing = [k for k in _REQUIRED if k not in e]
        if missing:
            raise ManifestError(f"{rid}: missing {', '.join(missing)}")
        if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", rid) or rid in seen:
            raise ManifestError(f"{rid}: ids are unique lower-case words joined by '-'")
        seen.add(rid)
        if e["repository"].lower() in RESERVED_REPOS:
            raise ManifestError(f"{rid}: {e['repository']} is reserved for blind evaluation")
        text = json.dumps(e).lower()
        for title in RESERVED_TITLES:
            if title in text:
                raise ManifestError(f"{rid}: names a reserved paper ({title})")
        if e["part"] not in PARTS:
            raise ManifestError(f"{rid}: part must be one of {PARTS}")
        for side in ("submitted", "revised"):
            s = e[side]
            if not _SHA.match(str(s.get("commit", ""))) or not str(s.get("main", "")).endswith(MAIN_SUFFIXES):
                raise ManifestError(f"{rid}: {side} needs a commit and a main .tex (or literate .lhs) file")
        rv, rs = e["reviews"], e["response"]
        if rv.get("source") not in ("file", "quoted in the response"):
            raise ManifestError(f"{rid}: reviews.source is 'file' or 'quoted in the response'")
        files = rv.get("file") if isinstance(rv.get("file"), list) else [rv.get("file")]
        if rv["source"] == "file" and not (all(isinstance(f, str) and f for f in files)
                                           and _SHA.match(str(rv.get("commit", "")))):
            raise ManifestError(f"{rid}: a reviews file (or a list of them, one per reviewer) needs its path and commit")
        if not (rs.get("file") and _SHA.match(str(rs.get("commit", "")))):
            raise ManifestError(f"{rid}: the response needs its path and commit")
        more = rs.get("more_files", [])
        if not (isinstance(more, list) and all(isinstance(f, str) and f for f in more)):
            raise ManifestError(f"{rid}: response.more_files is a list of paths")
        for key in ("leave_out", "keep"):
            paths = e.get(key, [])
            if not (isinstance(paths, list) and all(isinstance(f, str) and f for f in paths)):
                raise ManifestError(f"{rid}: {key} is a list of paths")
        _check_regexes(f"{rid} reviews", rv)
        _check_regexes(f"{rid} response", rs)
        if not isinstance(e["year"], int):
            raise ManifestError(f"{rid}: year is a number")


def entries(raw: dict, part: str | None = None, only: list[str] | None = None) -> list[dict]:
    """The manifest's entries of ``part`` (all parts: None), in manifest order; with ``only``, just those ids
    (``--only``), each of which must be a revision of ``part``, else one-line ``ManifestError``."""
    chosen = [e for e in raw["revisions"] if part is None or e["part"] == part]
    if not only:
        return chosen
    parts = {e["id"]: e["part"] for e in raw["revisions"]}
    for rid in only:
        if rid not in parts:
            raise ManifestError(f"--only {rid}: no such revision in the manifest")
        if part is not None and parts[rid] != part:
            raise ManifestError(f"--only {rid}: a revision of the {parts[rid]} part, not of the {part} part")
    return [e for e in chosen if e["id"] in set(only)]
