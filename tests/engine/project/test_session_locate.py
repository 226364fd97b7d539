"""Comments the author adds, rewrites, splits or merges are located in the draft as the build locates every
extracted comment (the same places a rebuild finds), stored with the correction in one transaction."""

from __future__ import annotations

from pathlib import Path

from engine.align.localize import localize
from engine.jobs import run_job
from engine.models.factory import open_model
from engine.project import ProjectStore
from engine.project.pipeline import build_project
from engine.project.session import ProjectSession

REPO = Path(__file__).resolve().parents[3]
DEMO = REPO / "resources" / "demo"


def build(path: Path, aligner: str = "bm25") -> None:
    store = ProjectStore.create(path, "demo") if not path.exists() else ProjectStore.open(path)
    try:
        run_job(build_project(store, DEMO / "draft_v1.md", DEMO / "draft_v2.md", DEMO / "reviews.md", aligner=aligner))
    finally:
        store.close()


def stored_locations(path: Path) -> dict[str, dict]:
    with ProjectSession.open(path) as again:
        return {k: v.to_dict() for k, v in again.project.locations.items()}


def test_hand_added_and_rewritten_comments_are_located_as_the_build_locates_them(tmp_path: Path) -> None:
    path = tmp_path / "demo.redraft"
    build(path)  # a bm25 project: comments located by BM25 and named sections, figures and tables
    session = ProjectSession.open(path)
    p = session.project
    untouched = p.locations["R1.1"].to_dict()
    changes = session.add_comment("Reviewer 2", "The abstract should report the wall-clock latency gain.")
    new_id = changes.comment_ids[0]
    assert changes.locations and new_id in p.locations
    expected = localize([p.comment(new_id)], p.old, lexical_only=True)[0]
    assert p.locations[new_id].to_dict() == expected.to_dict() and expected.paragraphs
    assert ("Abstract",) in [q.section for q in p.located_paragraphs(new_id)]  # it names the abstract

    before = p.locations["R1.2"].to_dict()
    session.edit_comment("R1.2", "How were the weights of the exit losses chosen?")
    assert p.locations["R1.2"].to_dict() != before  # moved with its new words
    assert p.locations["R1.2"].to_dict() == localize([p.comment("R1.2")], p.old, lexical_only=True)[0].to_dict()
    text = p.comment("R1.3").text
    split = session.split_comment("R1.3", text.index(" ", len(text) // 2))
    assert set(split.comment_ids) <= set(p.locations)
    session.reassign_comment("R1.1", action="Clarify")  # the same words: the same places
    assert p.locations["R1.1"].to_dict() == untouched
    located = {k: v.to_dict() for k, v in p.locations.items()}
    session.close()
    assert stored_locations(path) == located  # on disk, as in memory

    build(path)  # a new extraction replays the corrections and locates every comment again: the same places
    assert stored_locations(path) == located


def test_comments_are_located_with_the_encoder_the_build_used(tmp_path: Path) -> None:
    path = tmp_path / "demo.redraft"
    build(path, aligner="hybrid")  # the build locates with BM25 and the configured MiniLM
    with ProjectSession.open(path) as session:  # opens the same encoder on the first comment it locates
        new_id = session.add_comment("Reviewer 1", "Report latency on a phone CPU, not only the saved computation."
                                     ).comment_ids[0]
        located = session.project.locations[new_id].to_dict()
        assert session.models.holds["encoder"]  # the configured encoder, opened once for every comment
        fused = localize([session.project.comment(new_id)], session.project.old, open_model("encoder"))[0]
        assert located == fused.to_dict()
        assert located != localize([session.project.comment(new_id)], session.project.old, lexical_only=True)[0
                                   ].to_dict()
    build(path, aligner="hybrid")
    assert stored_locations(path)[new_id] == located


def test_an_app_lends_its_loaded_encoder_instead_of_a_second_copy(tmp_path: Path) -> None:
    path = tmp_path / "demo.redraft"
    build(path, aligner="hybrid")
    encoder, lent = open_model("encoder"), []
    with ProjectSession.open(path) as session:
        session.models = Lent(lambda: lent.append(1) or encoder)  # what the desktop passes: its jobs' models
        first = session.add_comment("Reviewer 1", "Report latency on a phone CPU.").comment_ids[0]
        session.add_comment("Reviewer 2", "Compare against early-exit baselines on ImageNet.")
        assert lent == [1, 1]  # asked each time: the app's follows its settings
        assert session.project.locations[first].to_dict() == localize(
            [session.project.comment(first)], session.project.old, encoder)[0].to_dict()


class Lent:
    """A ``ModelSource`` as an app's ``ModelOwner`` is one: it lends the encoder its jobs loaded."""

    def __init__(self, encoder) -> None:
        self.encoder = encoder

    def generator(self):
        raise AssertionError("locating a comment needs no generator")
