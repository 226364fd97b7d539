"""Building one revision from a real git repository made here, cutting its letter, labelling and reading it back."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from corpus.build_revisions import build_entry, main, typeset
from corpus.distant import distant_labels
from corpus.labels import _distant, checked_record, read_labels, to_gold
from corpus.letters import cut_response, reviews_from_file, reviews_from_points, locate_points, span, span_hash
from corpus.manifest import FORMAT, ManifestError, check_manifest
from corpus.units import load_built
from engine.align.gold import load_gold

PAPER = r"""\documentclass{article}
\begin{document}
\section{Introduction}
Graph sampling estimates properties of large networks from small samples of their nodes and edges.

%s

\section{Method}
We draw random walks of fixed length from uniformly chosen seed nodes and record the visited edges.

We weight each visited node by the inverse of its degree to correct the bias of the walk.
\end{document}
"""
NEW_PARAGRAPH = ("Random walks converge slowly on graphs with small conductance, so we restart each walk "
                 "after two hundred steps from a fresh seed node.")
REVIEWS = """Dear authors, the reviews follow.

Reviewer: 1
The method section does not say how the walks handle graphs with poor mixing or small conductance.
Please explain the restart policy.

Reviewer: 2
The sentence ``fixed length from uniformly chosen seed nodes'' is unclear.
"""
RESPONSE = r"""\documentclass{article}
\newcommand{\point}{}
\begin{document}
\section*{Reviewer 1}
\point The method section does not say how the walks handle graphs with poor mixing or small conductance.
Please explain the restart policy.
\reply We have added a paragraph to Section 2:
\begin{quote}%s\end{quote}
\section*{Reviewer 2}
\point The sentence ``fixed length from uniformly chosen seed nodes'' is unclear.
\reply We respectfully disagree; the sentence is clear as it stands.
\end{document}
""" % NEW_PARAGRAPH
SPEC = {"reviewer": r"\\section\*\{Reviewer (\d+)\}", "point": r"^\\point\b", "reply": r"^\\reply\b"}


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout.strip()


@pytest.fixture()
def mirror(tmp_path: Path) -> tuple[Path, dict]:
    if not shutil.which("git"):
        pytest.skip("git is not installed")
    repo = tmp_path / "mirrors" / "someone+paper" / "repo"
    repo.mkdir(parents=True)
    _git(repo, "init", "-q")
    _git(repo, "config", "user.email", "a@b.c")
    _git(repo, "config", "user.name", "A")
    (repo / "paper.tex").write_text(PAPER % "", encoding="utf-8")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "submitted")
    submitted = _git(repo, "rev-parse", "HEAD")
    (repo / "reviews.txt").write_text(REVIEWS, encoding="utf-8")
    (repo / "paper.tex").write_text((PAPER % "").replace(
        r"record the visited edges.", "record the visited edges.\n\n" + NEW_PARAGRAPH), encoding="utf-8")
    (repo / "response.tex").write_text(RESPONSE, encoding="utf-8")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "revised")
    revised = _git(repo, "rev-parse", "HEAD")
    entry = {"id": "toy", "repository": "someone/paper", "submitted": {"commit": submitted, "main": "paper.tex"},
             "revised": {"commit": revised, "main": "paper.tex"},
             "reviews": {"source": "file", "file": "reviews.txt", "commit": revised, "reviewer": r"^Reviewer: (\d+)"},
             "response": {"file": "response.tex", "commit": revised, **SPEC}, "venue": "v", "field": "f", "year": 2020,
             "class": "article", "licence": "none", "part": "train", "notes": ""}
    return tmp_path / "mirrors", entry


def test_letter_points_and_reviews_md():
    points = cut_response(RESPONSE, SPEC)
    assert [p.reviewer for p in points] == [1, 2]
    assert points[0].comment.startswith("The method section") and "restart policy" in points[0].comment
    assert points[0].reply.startswith("We have added")
    reviews = reviews_from_file(REVIEWS, {"reviewer": r"^Reviewer: (\d+)"})
    assert reviews.markdown.startswith("## Editor\n\nDear authors")
    assert "## Reviewer 1\n\nThe method section" in reviews.markdown
    locate_points(reviews, points)
    assert "restart policy" in span(reviews.markdown, points[0].lines)
    assert "fixed length" in span(reviews.markdown, points[1].lines)


def test_reviews_kept_one_file_per_reviewer(mirror, tmp_path):
    """A reviews ``file`` list (one file per reviewer) gives Reviewer 1, 2, ... in order, both files left out."""
    mirrors, entry = mirror
    repo = mirrors / "someone+paper" / "repo"
    first, second = REVIEWS.split("Reviewer: 2\n")
    (repo / "review1.txt").write_text(first.split("Reviewer: 1\n")[1] + "Score: 4\n", encoding="utf-8")
    (repo / "review2.txt").write_text(second, encoding="utf-8")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "reviews per reviewer")
    commit = _git(repo, "rev-parse", "HEAD")
    entry = {**entry, "revised": {"commit": commit, "main": "paper.tex"},
             "reviews": {"source": "file", "file": ["review1.txt", "review2.txt"], "commit": commit,
                         "drop": r"^Score:"}}
    check_manifest({"format": FORMAT, "version": 1, "split": {}, "revisions": [entry]})
    status = build_entry(entry, mirrors, tmp_path / "cache", pdf=False)
    md = (tmp_path / "cache" / "toy" / "reviews.md").read_text(encoding="utf-8")
    assert md.startswith("## Reviewer 1\n\nThe method section") and "\n## Reviewer 2\n\nThe sentence" in md
    assert "Score" not in md and "Dear authors" not in md
    assert {"review1.txt", "review2.txt"} <= set(status["revised"]["left_out"])
    points = json.loads((tmp_path / "cache" / "toy" / "points.json").read_text(encoding="utf-8"))
    assert [p["reviewer"] for p in points] == [1, 2] and all(p["located"] == "matched" for p in points)
    assert "restart policy" in span(md, tuple(points[0]["lines"]))
    with pytest.raises(ManifestError):
        check_manifest({"format": FORMAT, "version": 1, "split": {}, "revisions": [
            {**entry, "reviews": {**entry["reviews"], "file": ["review1.txt", ""]}}]})


def test_build_label_and_read_back_as_gold(mirror, tmp_path):
    mirrors, entry = mirror
    cache = tmp_path / "cache"
    status = build_entry(entry, mirrors, cache, pdf=False)
    built = cache / "toy"
    assert (built / "revised" / "paper.tex").exists()
    assert not (built / "revised" / "response.tex").exists() and not (built / "revised" / "reviews.txt").exists()
    assert status["revised"]["left_out"] == ["response.tex", "reviews.txt"]
    points = json.loads((built / "points.json").read_text(encoding="utf-8"))
    md = (built / "reviews.md").read_text(encoding="utf-8")
    assert [p["reviewer"] for p in points] == [1, 2] and all(p["located"] == "matched" for p in points)
    assert points[0]["hash"] == span_hash(span(md, tuple(points[0]["lines"])))

    labels = distant_labels(entry, load_built(cache, entry), points, md)
    assert [c["answered"] for c in labels["comments"]] == ["edit", "response only"]
    (high,) = [x for x in labels["links"] if x["strength"] == "high"]
    assert high["comment"] == "R1.1" and "quotes the edit's new text" in high["evidence"]
    folder = tmp_path / "labels"
    folder.mkdir()
    (folder / "toy.json").write_text(json.dumps(labels), encoding="utf-8")
    gold, notices = to_gold([entry], cache, folder)
    assert not notices
    path = tmp_path / "gold.json"
    path.write_text(json.dumps(gold), encoding="utf-8")
    (paper,) = load_gold(path, cache)  # what `redraft eval align GOLD --data CACHE` reads
    assert not paper.notices
    (edit_id,) = paper.gold["toy/R1.1"]
    assert NEW_PARAGRAPH[:40] in next(e.target_text for e in paper.diff.edits if e.id == edit_id)
    assert paper.gold["toy/R2.1"] == set()


def test_bad_manifest_is_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "m.json"
    bad.write_text('{"format": "something else"}', encoding="utf-8")
    assert main(["--manifest", str(bad), "--out", str(tmp_path / "out")]) == 2
    assert capsys.readouterr().err.strip().count("\n") == 0


@pytest.mark.skipif(not shutil.which("latexmk"), reason="latexmk is not installed")
def test_typeset_makes_a_pdf_with_stand_ins(tmp_path):
    folder = tmp_path / "submitted"
    folder.mkdir()
    (folder / "paper.tex").write_text(PAPER.replace(r"\begin{document}", "\\usepackage{standinstyle}\n\\begin{document}")
                                      % r"\input{generated.tex}", encoding="utf-8")
    result = typeset(folder, "paper.tex", ["standinstyle.sty", "generated.tex"], timeout=120)
    assert result["status"] == "ok", result
    assert (folder / "paper.pdf").read_bytes().startswith(b"%PDF")


def test_distant_labels_never_overwrite_hand_labels(mirror, tmp_path, capsys):
    mirrors, entry = mirror
    cache, folder = tmp_path / "cache", tmp_path / "labels"
    build_entry(entry, mirrors, cache, pdf=False)
    folder.mkdir()
    _distant([entry], cache, folder)  # no file yet: distant labels written
    assert read_labels("toy", folder)["kind"] == "distant"
    assert capsys.readouterr().out.startswith("toy: 2 comments, 1 linked")
    rev = load_built(cache, entry)
    (added,) = [e.id for e in rev.edits]
    # read by hand (the training part's hand labels): R2's point was answered by the new paragraph too
    hand = checked_record(entry, cache, [("R1.1", 1, 7, 8, "edit"), ("R2.1", 2, 12, 12, "edit")],
                          [("R1.1", added, "high", "the letter quotes the paragraph"),
                           ("R2.1", added, "medium", "the restart policy follows the sentence")], "test")
    hand |= {"kind": "hand", "method": "read by hand (test)"}
    text = json.dumps(hand)
    (folder / "toy.json").write_text(text, encoding="utf-8")
    _distant([entry], cache, folder)
    assert (folder / "toy.json").read_text(encoding="utf-8") == text  # kept, byte for byte
    assert "labelled by hand (hand), kept" in capsys.readouterr().out
    gold, notices = to_gold([entry], cache, folder)  # read like the checked part: links are the gold
    assert not notices and gold["papers"][0]["kind"] == "hand"
    assert [len(c["edits"]) for c in gold["papers"][0]["comments"]] == [1, 1]


def test_a_letter_split_over_files_is_read_as_one_in_order(mirror, tmp_path):
    mirrors, entry = mirror
    repo = mirrors / "someone+paper" / "repo"
    first, second = RESPONSE.split(r"\section*{Reviewer 2}")
    (repo / "response-referee1.tex").write_text(first + "\\end{document}\n", encoding="utf-8")
    (repo / "response-referee2.tex").write_text("\\begin{document}\n\\section*{Reviewer 2}" + second, encoding="utf-8")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "one letter per referee")
    commit = _git(repo, "rev-parse", "HEAD")
    entry["response"] = {"file": "response-referee1.tex", "more_files": ["response-referee2.tex"], "commit": commit,
                         **SPEC}
    built = tmp_path / "cache" / "toy"
    status = build_entry(entry, mirrors, tmp_path / "cache", pdf=False)
    points = json.loads((built / "points.json").read_text(encoding="utf-8"))
    assert [p["reviewer"] for p in points] == [1, 2] and status["reviews"]["located"] == 2
    assert points[1]["reply"].startswith("We respectfully disagree")
    letter = (built / "response.tex").read_text(encoding="utf-8")
    assert letter.index("restart policy") < letter.index("We respectfully disagree")
    bad = dict(entry, response=dict(entry["response"], more_files="response-referee2.tex"))
    with pytest.raises(ManifestError, match="more_files"):
        check_manifest({"format": "redraft-revisions-corpus", "revisions": [bad]})


def test_reviewers_named_by_letter_under_topic_headings():
    # An invented letter: grouped by topic, each quote opened by the lettered reviewer who wrote it.
    letter = (
        "{\\bf Data}\n\n$R_B$: \\emph{``Why only five documents in the pilot?''}\n\nWe now use twelve.\n\n"
        "$R_A$: \\emph{``Say which test split was used.''}\n\nDone in Section 2.\n\n"
        "{\\bf Other}\n\n$R_C$: \\emph {Diagrams would help in Section 3.}\n\nAdded one.\n")
    spec = {"reviewer": r"(?=\$R_([A-Z])\$:)", "reviewer_letters": True,
            "point": r"\$R_[A-Z]\$:\s*\\emph\s*\{", "point_braced": True}
    points = cut_response(letter, spec)
    assert [p.reviewer for p in points] == [2, 1, 3]
    assert "five documents" in points[0].comment and points[0].reply.startswith("We now use twelve")
    assert points[2].comment.startswith("Diagrams would help")
    # without the flag a letter names no number, and the markers count up in order instead
    assert [p.reviewer for p in cut_response(letter, {**spec, "reviewer_letters": False})] == [1, 2, 3]


def test_an_editor_part_after_the_reviewers_is_reviewer_zero():
    # An invented letter that answers the editor last: its points are the editor's (0), not a fourth reviewer's.
    letter = ("\\subsection{Reviewer 1}\n\\begin{quote}Define the symbols in Table 1.\\end{quote}\nDone.\n"
              "\\subsection{Reviewer 2}\n\\begin{quote}Cite the earlier queueing model.\\end{quote}\nAdded.\n"
              "\\subsection{Editor requests}\n\\begin{quote}Use author-year citations.\\end{quote}\nChanged.\n"
              "\\begin{quote}Make the captions self-contained.\\end{quote}\nRewritten.\n")
    spec = {"reviewer": r"\\subsection\{Reviewer (\d+)\}", "point": r"\\begin\{quote\}", "reply": r"\\end\{quote\}"}
    with_editor = cut_response(letter, {**spec, "editor": r"\\subsection\{Editor requests\}"})
    assert [p.reviewer for p in with_editor] == [1, 2, 0, 0]
    assert with_editor[2].comment.startswith("Use author-year") and with_editor[3].reply.startswith("Rewritten")
    # without the key the editor's points go to the last reviewer named
    assert [p.reviewer for p in cut_response(letter, spec)] == [1, 2, 2, 2]
    md = reviews_from_points(with_editor).markdown
    assert md.index("## Reviewer 2") < md.index("## Editor")


def test_a_paper_file_named_like_a_round_file_is_kept_when_listed(mirror, tmp_path):
    """A section file whose name looks like a review-round file (decision-tree.tex) is left out by name,
    unless the entry lists it in ``keep``; the response is left out either way."""
    mirrors, entry = mirror
    repo = mirrors / "someone+paper" / "repo"
    (repo / "decision-tree.tex").write_text("We grow decision trees with the C5.0 algorithm.\n", encoding="utf-8")
    (repo / "paper.tex").write_text((PAPER % r"\input{decision-tree}"), encoding="utf-8")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "a section file")
    commit = _git(repo, "rev-parse", "HEAD")
    entry = {**entry, "revised": {"commit": commit, "main": "paper.tex"}}
    status = build_entry(entry, mirrors, tmp_path / "dropped", pdf=False)
    assert "decision-tree.tex" in status["revised"]["left_out"]
    # its content is left out; the paper inputs it, so an empty stand-in takes its place, and the log says so
    stood = (tmp_path / "dropped" / "toy" / "revised" / "decision-tree.tex").read_text(encoding="utf-8")
    assert "C5.0" not in stood and stood.startswith("% stand-in")
    assert status["revised"]["left_out_stood_in"] == ["decision-tree.tex"]
    assert any("decision-tree.tex" in n and "stand-in" in n for n in status["notices"])
    kept = {**entry, "keep": ["decision-tree.tex"]}
    check_manifest({"format": FORMAT, "version": 1, "split": {}, "revisions": [kept]})
    status = build_entry(kept, mirrors, tmp_path / "kept", pdf=False)
    assert "decision-tree.tex" not in status["revised"]["left_out"] and "response.tex" in status["revised"]["left_out"]
    assert "C5.0 algorithm" in (tmp_path / "kept" / "toy" / "revised" / "decision-tree.tex").read_text(encoding="utf-8")
    with pytest.raises(ManifestError):
        check_manifest({"format": FORMAT, "version": 1, "split": {}, "revisions": [{**entry, "keep": "decision-tree.tex"}]})
