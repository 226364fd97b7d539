"""The title's edit in the letter (issue 32): named "the title", listed first in the summary of changes as the
title (not as "Title (submitted version): 1 paragraph revised"), and counted apart from the paragraphs."""

from __future__ import annotations

from pathlib import Path

from engine.jobs import run_job
from engine.letter.content import TITLE_LINE, LetterBuilder
from engine.project import ProjectStore
from engine.project.coverage import edit_snippet
from engine.project.pipeline import build_project
from engine.revision import EditType
from engine.revision.compare import TITLE_SECTION, is_title_edit
from tests.engine.built_revisions import PROSE

OLD = ["The model is trained for ten epochs with the Adam optimiser on the training split."]
NEW = ["The model is trained for ten epochs with the Adam optimiser on the training split, and we add an ablation "
       "without the second loss term, which lowers accuracy by four points."]


def _project(tmp_path: Path, new_title: str):
    for name, paras, title in (("old.md", OLD, "Noise in speech models"), ("new.md", NEW, new_title)):
        (tmp_path / name).write_text(f"# {title}\n\n## Abstract\n\nWe study noise.\n\n## 1 Introduction\n\n"
                                     + "\n\n".join(PROSE[:2] + paras) + "\n")
    (tmp_path / "reviews.md").write_text("# Reviews\n\n## Reviewer 1\n\nPlease add an ablation of the loss.\n")
    store = ProjectStore.create(tmp_path / "p.redraft", "p")
    project = run_job(build_project(store, tmp_path / "old.md", tmp_path / "new.md", tmp_path / "reviews.md",
                                    aligner="bm25"))
    store.close()
    return project


def test_the_title_is_named_as_the_title_in_the_letter(tmp_path: Path) -> None:
    project = _project(tmp_path, "Coloured noise in speech models")
    title = project.diff.edits[-1]
    assert is_title_edit(title) and title.section == TITLE_SECTION and title.type is EditType.MAJOR
    builder = LetterBuilder(project)
    assert builder.where_edit(title) == "the title"
    assert builder.changed_sections() == [TITLE_LINE, "Section 1 Introduction: 1 paragraph revised"]
    assert edit_snippet(title) == "“Noise” → “Coloured noise”"  # the coverage table's words for it
    summary = " ".join(builder.build().summary)
    assert "changes 1 paragraph in 1 section, and its title." in summary, summary
    assert not any(is_title_edit(e) for e in project.diff.edits[:-1])


def test_a_title_changed_in_case_only_says_so(tmp_path: Path) -> None:
    project = _project(tmp_path, "Noise In Speech Models")
    assert project.diff.edits[-1].type is EditType.MINOR
    assert LetterBuilder(project).changed_sections()[0] == TITLE_LINE + " (case or style only)"
