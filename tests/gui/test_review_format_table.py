"""A new reviews format costs two files: its loader and its row in ``engine.inputs.REVIEW_FORMATS``. A test-only
format, "review blocks" (``.rvw``: each review under a ``=== Reviewer N ===`` line), is registered here with its
loader, and every reader of the table takes it up: the reviews loader, a project build, the CLI's help, the New
Project and New Round dialogs, drag and drop, and the help page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from desktop.app import Shell
from desktop.help import page_html
from desktop.project_wizard import ProjectWizard, guess_roles, review_filter
from engine.cli.main import main
from engine.inputs import REVIEW_FORMATS, ReviewFormat, input_suffixes, review_format_names
from engine.project.session import ProjectSession
from engine.reviews import load_reviews
from engine.reviews.parse import parse_reviews
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (the shell fixture)

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
NAME = "review blocks"


def load_blocks(path: Path, max_chars: int) -> list:
    """The loader: ``=== Reviewer 1 ===`` lines become the headings the reviews parser splits on."""
    text = re.sub(r"^=== (.+?) ===$", r"# \1", path.read_text(encoding="utf-8"), flags=re.M)
    return parse_reviews(text, source="markdown", max_chars=max_chars)


@pytest.fixture
def blocks(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The row (the table's second file) and a reviews file in the format."""
    monkeypatch.setitem(REVIEW_FORMATS, ".rvw", ReviewFormat(NAME, load_blocks))
    demo = (DEMO / "reviews.md").read_text(encoding="utf-8")
    path = tmp_path / "reviews.rvw"
    path.write_text(re.sub(r"^# (Reviewer \d+)$", r"=== \1 ===", demo, flags=re.M), encoding="utf-8")
    return path


def test_the_loader_and_a_build_read_a_registered_format(blocks: Path, tmp_path: Path) -> None:
    reviews = load_reviews(blocks)
    expected = load_reviews(DEMO / "reviews.md")
    assert [r.reviewer for r in reviews] == [r.reviewer for r in expected] and len(reviews) >= 2
    assert [r.text.split() for r in reviews] == [r.text.split() for r in expected]
    out = tmp_path / "blocks.redraft"
    assert main(["project", "new", "blocks", "--old", str(DEMO / "draft_v1.md"), "--reviews", str(blocks),
                 "--aligner", "bm25", "--out", str(out)]) == 0
    with ProjectSession.open(out) as session:
        assert {c.reviewer for c in session.project.comments} == {r.reviewer for r in expected}


def test_the_cli_help_names_a_registered_format(blocks: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert NAME in review_format_names()
    for command in (["comments"], ["align"], ["project", "new"], ["project", "round"]):
        with pytest.raises(SystemExit):
            main([*command, "--help"])
        assert NAME in " ".join(capsys.readouterr().out.split()), command


def test_the_dialogs_drops_and_help_take_a_registered_format(qtbot, shell: Shell, blocks: Path) -> None:
    assert ".rvw" in input_suffixes()  # drag and drop and the Open dialog
    assert "*.rvw" in review_filter()
    assert guess_roles(["/p/draft.md", str(blocks)]) == {"old": "/p/draft.md", "reviews": str(blocks)}
    wizard = ProjectWizard(shell.window)
    qtbot.addWidget(wizard)
    assert "*.rvw" in wizard.review_file.file_filter and NAME in wizard.review_file.edit.placeholderText()
    reviews = " ".join(page_html(shell.window).split()).split("and the reviews (", 1)[1].split(", or paste")[0]
    assert NAME in reviews
