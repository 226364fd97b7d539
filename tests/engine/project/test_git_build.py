"""A project from a paper's git history: a real repository built in the test (``tests/git_paper.py``, dulwich), its
commits listed, a commit's paper written with the files it needs and nothing else, a project built from two
revisions whose edit is the revision's sentence, and each bad input refused in one line (CLI exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.errors import InputError
from engine.project.git_build import GitVersions, git_origin, prepare, versions_folder, write_side
from engine.project.git_history import open_repository, paper_commits, resolve
from engine.project.session import ProjectSession
from tests.git_paper import ADDED, REVIEWS, SUBJECTS, make_paper_repo


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_paper_repo(tmp_path / "paper")


@pytest.fixture
def reviews(tmp_path: Path) -> Path:
    path = tmp_path / "reviews.txt"
    path.write_text(REVIEWS, encoding="utf-8")
    return path


def test_the_commits_that_touch_the_paper_newest_first_with_their_tags(repo: Path) -> None:
    with open_repository(repo / "sections") as repository:  # a folder inside the repository finds it
        commits = paper_commits(repository)
        assert repository.root == repo.resolve() and repository.has_working_copy
    assert [c.subject for c in commits] == [SUBJECTS[1], SUBJECTS[0]]  # the code-only commit is not listed
    assert commits[1].tags == ("submitted",) and commits[0].tags == ()
    assert commits[0].author == "Ada Author" and commits[1].date == "2023-11-14 22:13"


def test_a_revision_by_tag_by_hash_prefix_by_branch_or_the_working_copy(repo: Path) -> None:
    with open_repository(repo) as repository:
        tagged = resolve(repository, "submitted")
        assert tagged is not None and tagged.subject == SUBJECTS[0]
        assert resolve(repository, tagged.sha[:6]) == tagged
        branch = next(iter(repository.branches.values()))[0]
        head = resolve(repository, branch)
        assert head is not None and head.subject == SUBJECTS[2]
        assert resolve(repository, None) is None and resolve(repository, "") is None  # the working copy
        with pytest.raises(InputError, match="no revision 'v9'"):
            resolve(repository, "v9")


def test_a_commit_is_written_with_what_its_main_file_needs_and_nothing_else(repo: Path, tmp_path: Path) -> None:
    prepared = prepare(GitVersions(str(repo), "submitted"))
    assert prepared.old.main == prepared.new.main == "main.tex"
    assert prepared.old.files == ["figures/plot.png", "main.tex", "refs.bib", "sections/intro.tex"]
    assert prepared.new.commit is None  # the working copy: read where it is
    main = write_side(prepared.old, tmp_path / "out")
    prepared.repository.close()
    folder = main.parent
    assert main == tmp_path / "out" / prepared.old.commit.short / "main.tex"
    written = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    assert written == prepared.old.files  # code/run.py is not the paper's
    assert ADDED not in (folder / "sections" / "intro.tex").read_text(encoding="utf-8")  # as it was submitted
    assert write_side(prepared.new, tmp_path / "out") == repo / "main.tex"


def test_a_project_from_two_revisions_holds_the_revision_as_its_edit(repo: Path, reviews: Path, tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "projects" / "sorting.redraft"
    with open_repository(repo) as repository:
        answer = paper_commits(repository)[0]
    assert main(["project", "new", "sorting", "--git", str(repo), "--old-rev", "submitted", "--new-rev",
                 answer.sha[:8], "--reviews", str(reviews), "--aligner", "bm25", "--out", str(out)]) == 0
    with ProjectSession.open(out) as session:
        project = session.project
        changed = [e for e in project.diff.edits if e.text_changed]
        assert len(changed) == 1 and ADDED in changed[0].target_text and ADDED not in changed[0].source_text
        assert len(project.comments) == 1
    origin = git_origin(out)
    assert origin["repository"] == str(repo.resolve())
    assert origin["old"]["tags"] == ["submitted"] and origin["new"]["commit"] == answer.sha
    assert Path(origin["old"]["path"]).is_file() and Path(origin["old"]["path"]).parent.parent == versions_folder(out)
    capsys.readouterr()
    assert main(["project", "show", str(out)]) == 0
    shown = capsys.readouterr().out
    assert f"git repository: {repo.resolve()}" in shown
    assert f"draft: commit {origin['old']['commit'][:7]} (2023-11-14, tag submitted): {SUBJECTS[0]}" in shown
    assert f"revised: commit {answer.short}" in shown and SUBJECTS[1] in shown
    assert main(["project", "show", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["git"]["old"]["rev"] == "submitted"


def test_the_working_copy_is_the_default_revised_version(repo: Path, reviews: Path, tmp_path: Path) -> None:
    intro = repo / "sections" / "intro.tex"
    intro.write_text(intro.read_text(encoding="utf-8") + "A sentence not yet committed.\n", encoding="utf-8")
    out = tmp_path / "wc.redraft"
    assert main(["project", "new", "wc", "--git", str(repo), "--old-rev", "submitted", "--reviews", str(reviews),
                 "--aligner", "bm25", "--out", str(out)]) == 0
    with ProjectSession.open(out) as session:
        assert session.project.new_path == str(repo / "main.tex")
        assert "not yet committed" in " ".join(e.target_text for e in session.project.diff.edits if e.text_changed)
    assert git_origin(out)["new"]["working_copy"] is True


def test_commits_lists_them_for_the_user(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["project", "commits", str(repo)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "2 commit(s) touching the paper" in lines[0] and "working copy" in lines[0]
    assert SUBJECTS[1] in lines[1] and SUBJECTS[0] in lines[2] and "[tag submitted]" in lines[2]


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_each_bad_input_is_one_line_and_exit_2(repo: Path, reviews: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    new = ["project", "new", "p", "--reviews", str(reviews), "--aligner", "bm25", "--out", str(tmp_path / "p.redraft")]
    plain = tmp_path / "plain"
    plain.mkdir()
    assert "is not in a git repository" in _refused([*new, "--git", str(plain), "--old-rev", "x"], capsys)
    assert "is not in a git repository" in _refused(["project", "commits", str(plain)], capsys)
    assert "no revision 'v9'" in _refused([*new, "--git", str(repo), "--old-rev", "v9"], capsys)
    assert "no revision 'nope'" in _refused([*new, "--git", str(repo), "--old-rev", "submitted", "--new-rev", "nope"],
                                            capsys)
    assert "--git needs --old-rev" in _refused([*new, "--git", str(repo)], capsys)
    assert "same commit" in _refused([*new, "--git", str(repo), "--old-rev", "submitted", "--new-rev", "submitted"],
                                     capsys)
    (repo / "extra.tex").write_text("\\section{Only here}\n", encoding="utf-8")  # in the working copy only
    said = _refused([*new, "--git", str(repo), "--old-rev", "submitted", "--main", "extra.tex"], capsys)
    assert "extra.tex is not in commit" in said
    (repo / "letter.tex").write_text("\\documentclass{letter}\n\\begin{document}\nDear editor\n\\end{document}\n",
                                     encoding="utf-8")
    said = _refused([*new, "--git", str(repo), "--old-rev", "submitted"], capsys)
    assert "2 main files in the working copy: main.tex, letter.tex; name one (--main), likely --main main.tex" in said
    assert main([*new, "--git", str(repo), "--old-rev", "submitted", "--main", "main.tex"]) == 0  # named: built
    empty = make_paper_repo(tmp_path / "second")
    for rel in ("main.tex", "sections/intro.tex"):
        (empty / rel).unlink()
    said = _refused([*new[:-1], str(tmp_path / "q.redraft"), "--git", str(empty), "--old-rev", "submitted"], capsys)
    assert "no main file in the working copy" in said
    assert not versions_folder(tmp_path / "q.redraft").exists()  # refused before anything was written
    assert "goes with --git" in _refused([*new, "--old", str(reviews), "--old-rev", "x"], capsys)


class _Files:
    """A tree of files by path, for the main-file rules alone."""

    def __init__(self, files: dict[str, str]) -> None:
        self.files, self.paths = files, frozenset(files)

    def read(self, path: str) -> bytes:
        return self.files[path].encode()

    def name(self) -> str:
        return "the test's tree"


def test_the_likely_main_file_names_no_other_document_and_is_in_both_versions() -> None:
    doc = "\\documentclass{article}\n\\begin{document}\n"
    tree = _Files({"response_to_reviewers.tex": doc + "We thank the reviewers." * 40, "paper.tex": doc + "Text.",
                   "paper_diff.tex": doc + "Text." * 90, "old/paper.tex": doc + "Text.", "cover-letter.tex": doc,
                   "sections/intro.tex": "\\section{Introduction}"})
    from engine.project.paper_files import choose_main, likely_main, main_candidates

    candidates = main_candidates(tree)
    assert candidates == ["cover-letter.tex", "old/paper.tex", "paper.tex", "paper_diff.tex",
                          "response_to_reviewers.tex"]
    assert likely_main(tree, candidates) == "paper.tex"  # letters, diffs and old copies name another document
    assert likely_main(tree, ["paper.tex", "ms.tex"], frozenset({"ms.tex"})) == "ms.tex"  # the other version has it
    with pytest.raises(InputError, match=r"5 main files in the test's tree: paper.tex, cover-letter.tex, .*"
                                         r"likely --main paper.tex"):
        choose_main(tree)
    assert choose_main(tree, "old/paper.tex") == "old/paper.tex"


def test_a_markdown_paper_in_git_is_written_with_its_images_and_bibliography(tmp_path: Path) -> None:
    from dulwich import porcelain

    root = tmp_path / "md"
    root.mkdir()
    repo = porcelain.init(str(root))
    files = {"README.md": "# How to build\n", "paper.md": "---\ntitle: Sorting\nbibliography: refs.bib\n---\n\n"
             "# Introduction\n\nWe sort.\n\n![A plot](figures/plot.png)\n", "refs.bib": "@misc{a, title={A}}\n",
             "figures/plot.png": "png", "figures/unused.png": "png"}
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    porcelain.add(repo, [str(root / rel) for rel in files])
    porcelain.commit(repo, message=b"Submitted", author=b"A <a@b.c>", committer=b"A <a@b.c>")
    porcelain.tag_create(repo, b"v1")
    repo.close()
    (root / "paper.md").write_text(files["paper.md"] + "\nWe sort faster now.\n", encoding="utf-8")
    prepared = prepare(GitVersions(str(root), "v1"))
    prepared.repository.close()
    assert prepared.old.main == prepared.new.main == "paper.md"  # the README is not a paper
    assert prepared.old.files == ["figures/plot.png", "paper.md", "refs.bib"]


def test_a_commit_written_before_gets_what_another_main_file_needs(repo: Path, tmp_path: Path) -> None:
    (repo / "short.tex").write_text("\\documentclass{article}\n\\begin{document}\nShort.\n\\end{document}\n",
                                    encoding="utf-8")
    from dulwich import porcelain

    porcelain.add(str(repo), [str(repo / "short.tex")])
    porcelain.commit(str(repo), message=b"A short version", author=b"A <a@b.c>", committer=b"A <a@b.c>")
    first = prepare(GitVersions(str(repo), "HEAD", None, main="short.tex"))
    write_side(first.old, tmp_path / "v")
    first.repository.close()
    assert sorted(p.name for p in (tmp_path / "v" / first.old.commit.short).iterdir()) == ["refs.bib", "short.tex"]
    again = prepare(GitVersions(str(repo), "HEAD", None, main="main.tex"))  # the same commit, the paper's main file
    main = write_side(again.old, tmp_path / "v")
    again.repository.close()
    assert (main.parent / "sections" / "intro.tex").is_file() and (main.parent / "figures" / "plot.png").is_file()
    assert not [p for p in main.parent.rglob("*") if ".partial" in p.name]  # each file written whole, nothing left


def test_a_clean_merge_that_changes_the_paper_is_listed(repo: Path) -> None:
    """trial30: the version an author sent was a merge of two branches that changed different files (an Overleaf
    project pulled into a clone); such a merge differs from each parent only where the other branch changed, so
    dulwich's own changes() name nothing and it was not listed, so it could not be chosen."""
    from dulwich.objects import Blob, Commit, Tree
    from dulwich.repo import Repo

    r = Repo(str(repo))
    base = r[r.head()]
    main_sha = r[base.tree][b"main.tex"][1]
    sections = r[base.tree][b"sections"][1]

    def blob(text: str) -> bytes:
        b = Blob.from_string(text.encode())
        r.object_store.add_object(b)
        return b.id

    def tree_with(main: bytes, intro: bytes) -> Tree:
        sub = Tree()
        for name, mode, sha in r[sections].items():
            sub.add(name, mode, intro if name == b"intro.tex" else sha)
        r.object_store.add_object(sub)
        tree = Tree()
        for name, mode, sha in r[base.tree].items():
            tree.add(name, mode, {b"main.tex": main, b"sections": sub.id}.get(name, sha))
        r.object_store.add_object(tree)
        return tree

    def commit(tree: Tree, parents: list[bytes], subject: bytes, at: int) -> bytes:
        c = Commit()
        c.tree, c.parents, c.message = tree.id, parents, subject
        c.author = c.committer = b"Ada Author <ada@example.org>"
        c.author_time = c.commit_time = at
        c.author_timezone = c.commit_timezone = 0
        r.object_store.add_object(c)
        return c.id

    intro_sha = r[sections][b"intro.tex"][1]
    title = blob((repo / "main.tex").read_text(encoding="utf-8").replace("Quickly", "Very Quickly"))
    intro = blob((repo / "sections" / "intro.tex").read_text(encoding="utf-8") + "We also time a radix sort.\n")
    at = base.commit_time
    left = commit(tree_with(title, intro_sha), [base.id], b"Retitle", at + 10)
    right = commit(tree_with(main_sha, intro), [base.id], b"Time a radix sort", at + 20)
    merged = commit(tree_with(title, intro), [left, right], b"Merge branch 'main' of the shared copy", at + 30)
    r.refs[b"refs/heads/master"] = merged
    r.close()
    with open_repository(repo) as opened:
        listed = [c.sha for c in paper_commits(opened)]
    assert listed[0] == merged.decode() and {left.decode(), right.decode()} <= set(listed)
