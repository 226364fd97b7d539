"""ExpertisePanel on real expertise reports: hand-made BibTeX and OpenReview profiles scored
against the demo paper with the fused scorer (embedded MiniLM encoder)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from engine.expertise.evidence import explain
from engine.expertise.profile import load_profile, load_submission
from engine.models.factory import open_model
from engine.settings import Settings
from engine.resources import resource
from tests.gui.widget_helpers import save_shot, use_theme
from widgets.expertise_panel import CONFLICTS, ESTIMATE, NAME, PROFILE_KINDS, SCORE, ExpertisePanel

SPEECH_BIB = """
@inproceedings{lee2023exits,
  title = {Early Exits for Streaming Speech Recognition with Conformer Encoders},
  author = {Lee, Mina and Park, Joon},
  year = {2023},
  abstract = {We attach exit classifiers to intermediate Conformer layers so that easy audio frames leave
              the encoder early, cutting computation for streaming speech recognition with little loss.}
}
@article{park2021latency,
  title = {Measuring Latency of On-Device Speech Recognisers},
  author = {Park, Joon},
  year = {2021},
  abstract = {Computation savings do not always become latency savings; we measure end-to-end latency
              of streaming recognisers on phones and discuss confidence measures for adaptive computation.}
}
"""
BIO_NOTES = [
    {"id": "b1", "content": {"title": {"value": "Protein folding with evolutionary couplings"},
                             "abstract": {"value": "We predict protein contact maps from multiple sequence alignments."},
                             "authors": {"value": ["Ada Quinn"]}}, "cdate": 1609459200000},
    {"id": "b2", "content": {"title": {"value": "Gene regulatory networks in yeast"},
                             "abstract": {"value": "Transcription factor binding explains expression in yeast cells."},
                             "authors": {"value": ["Ada Quinn"]}}, "cdate": 1640995200000},
]


@pytest.fixture(scope="module")
def scored(tmp_path_factory):
    folder = tmp_path_factory.mktemp("profiles")
    (folder / "speech.bib").write_text(SPEECH_BIB, encoding="utf-8")
    (folder / "bio.jsonl").write_text("\n".join(json.dumps(n) for n in BIO_NOTES), encoding="utf-8")
    profiles = [load_profile(folder / "speech.bib", reviewer="Speech reviewer"),
                load_profile(folder / "bio.jsonl", reviewer="Biology reviewer")]
    paper = load_submission(resource("demo", "draft_v2.md"))
    paper.authors = ["Joon Park"]  # a shared author: a conflict to show
    encoder = open_model("encoder", Settings(), cache=None)
    return profiles, [explain(p, paper, "fused", encoder=encoder) for p in profiles]


@pytest.fixture
def panel(qtbot) -> ExpertisePanel:
    use_theme("light")
    widget = ExpertisePanel()
    qtbot.addWidget(widget)
    widget.resize(1000, 480)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_results_show_scores_estimates_and_evidence(panel: ExpertisePanel, scored, qtbot, tmp_path: Path) -> None:
    profiles, reports = scored
    panel.set_profiles(profiles)
    panel.set_results(reports)
    speech, bio = reports
    assert speech.score > bio.score and speech.estimate > bio.estimate  # the engine's own verdict
    assert panel.reviewers_shown() == ["Speech reviewer", "Biology reviewer"]
    top = panel.table.topLevelItem(0)
    assert top.text(SCORE) == f"{speech.score:.3f}"
    assert top.text(ESTIMATE).startswith(f"{speech.estimate:.1f}") and "●" in top.text(ESTIMATE)
    assert top.text(CONFLICTS) == "shared-author" and "Joon Park" in top.toolTip(CONFLICTS)
    assert panel.table.topLevelItem(1).text(CONFLICTS) == "none"
    children = [top.child(i).text(NAME) for i in range(top.childCount())]
    assert children[0] == "Shared terms: " + ", ".join(speech.shared_terms) and speech.shared_terms
    assert [c.split(" (")[0] for c in children[1:]] == [e.title for e in speech.evidence]
    assert "TF-IDF" in children[1] and "embedding" in children[1]
    assert "calibrated" in panel.notices.text()
    qtbot.wait(50)
    save_shot(panel, "widget_expertise_panel", tmp_path)


def test_profile_buttons_ask_the_shell(panel: ExpertisePanel, scored, qtbot) -> None:
    profiles, _ = scored
    assert not panel.score_button.isEnabled()  # nothing to score against yet
    for kind in PROFILE_KINDS:
        with qtbot.waitSignal(panel.sig_profile_add_requested, timeout=2000) as asked:
            panel.add_actions[kind].trigger()
        assert asked.args == [kind]
    panel.set_profiles(profiles)
    assert panel.profile_list.count() == 2 and panel.profile_list.item(0).text() == "Speech reviewer — 2 papers (bibtex)"
    assert panel.score_button.isEnabled() and not panel.remove_button.isEnabled()
    with qtbot.waitSignal(panel.sig_score_requested, timeout=2000):
        qtbot.mouseClick(panel.score_button, Qt.MouseButton.LeftButton)
    panel.profile_list.setCurrentRow(1)
    with qtbot.waitSignal(panel.sig_profile_remove_requested, timeout=2000) as removed:
        panel.remove_button.click()
    assert removed.args == ["Biology reviewer"]


def test_a_reviewers_own_notes_sit_under_their_row(panel: ExpertisePanel, scored) -> None:
    # trial22: "1 profile paper(s) without an abstract" under the table did not say whose profile it was
    from dataclasses import replace

    from widgets.expertise_panel import own_notices

    _, (speech, bio) = scored
    speech = replace(speech, notices=["skipped scan.pdf: has no text layer", *speech.notices])
    panel.set_results([speech, bio])
    assert own_notices(speech, panel.results) == ["skipped scan.pdf: has no text layer"]
    assert own_notices(bio, panel.results) == []
    top = panel.table.topLevelItem(0)
    assert top.text(NAME) == "Speech reviewer" and top.child(0).text(NAME) == "Note: skipped scan.pdf: has no text layer"
    other = panel.table.topLevelItem(1)
    assert not any(other.child(i).text(NAME).startswith("Note:") for i in range(other.childCount()))
    assert "scan.pdf" not in panel.notices.text() and "calibrated" in panel.notices.text()
    panel.set_results([speech])  # alone, its notes are the notes under the table
    alone = panel.table.topLevelItem(0)
    assert "scan.pdf" in panel.notices.text() and not alone.child(0).text(NAME).startswith("Note")


def test_reviewer_names_are_not_elided(panel: ExpertisePanel, scored) -> None:
    # trial22: the stretched name column cut "networks" to "netw…" beside the score columns
    from dataclasses import replace

    from PySide6.QtGui import QFontMetrics

    _, (speech, bio) = scored
    long = replace(bio, reviewer="A reviewer with a rather long name")
    panel.resize(600, 480)
    panel.set_results([speech, long])
    font = panel.table.topLevelItem(0).font(NAME)
    need = QFontMetrics(font).horizontalAdvance("A reviewer with a rather long name") + panel.table.indentation()
    assert panel.table.columnWidth(NAME) >= need
