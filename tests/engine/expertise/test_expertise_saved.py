"""What a project keeps of the Expertise tab: the profiles' paths and their last scores (engine.expertise.saved;
trial22's leftovers, sessions 24 and 26), read back on a read-only connection."""

from __future__ import annotations


def test_profile_paths_are_kept_in_the_project(tmp_path):
    # trial22: closing the app lost every reviewer profile
    from engine.expertise.saved import save_profile_paths, saved_profile_paths
    from engine.project.store import ProjectStore
    from tests.engine.project.test_project_store import build_demo, digest

    path = tmp_path / "demo.redraft"
    with build_demo(path) as store:
        assert saved_profile_paths(store) == []
        save_profile_paths(store, [tmp_path / "a", tmp_path / "b.bib", tmp_path / "a"])
    before = digest(path)
    with ProjectStore.open(path) as store:
        assert saved_profile_paths(store) == [str(tmp_path / "a"), str(tmp_path / "b.bib")]
        store.load()
    assert digest(path) == before  # reading them back writes nothing


def test_scores_are_kept_while_what_they_read_is_the_same(tmp_path):
    # trial22: the scores were lost on closing; kept, they must not outlive the papers they were computed from
    from engine.expertise.evidence import Conflict, EvidencePaper, ExpertiseReport
    from engine.expertise.profile import Paper, Profile
    from engine.expertise.saved import save_scores, saved_scores
    from engine.project.store import ProjectStore
    from tests.engine.project.test_project_store import build_demo, digest

    paper = Paper(id="p", title="Speech in noise", abstract="We enhance speech.", authors=["Ann Lee"])
    ada = Profile("Ada", [Paper(id="a1", title="Denoising speech", abstract="Speech.", year=2020)])
    bob = Profile("Bob", [Paper(id="b1", title="Yeast folding", abstract="Proteins.", year=2018)])
    reports = [ExpertiseReport("Ada", paper.title, "fused", 0.61, 3.9,
                               evidence=[EvidencePaper("a1", "Denoising speech", 2020, 0.4, 0.7, ["speech"])],
                               shared_terms=["speech"], conflicts=[Conflict("shared-author", "Ann Lee")],
                               notices=["a short profile"]),
               ExpertiseReport("Bob", paper.title, "fused", 0.12, 1.4)]
    path = tmp_path / "demo.redraft"
    with build_demo(path) as store:
        assert saved_scores(store, [ada, bob], paper) == ([], "")
        save_scores(store, reports, [ada, bob], paper)
    before = digest(path)
    with ProjectStore.open(path) as store:
        kept, scored = saved_scores(store, [ada, bob], paper)
        assert kept == reports and scored  # every field back, conflicts and evidence as objects
        grown = Profile("Bob", bob.papers + [Paper(id="b2", title="Yeast again", abstract="More.")])
        assert [r.reviewer for r in saved_scores(store, [ada, grown], paper)[0]] == ["Ada"]
        revised = Paper(id="p", title="Speech in noise", abstract="We enhance speech, now in rooms.")
        assert saved_scores(store, [ada, bob], revised) == ([], "")
    assert digest(path) == before  # reading them back writes nothing
