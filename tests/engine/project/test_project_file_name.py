"""A project's file is named as the author typed its name (session 24, trial21): "Révision EJC — app" was saved as
"Révision EJC _ app.redraft", every dash, typographic apostrophe, bracket or comma an underscore. Only what no file
name may hold on Windows, macOS or Linux is replaced now; the file is made, written and read back here."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from engine.project.pipeline import MAX_NAME, default_project_path


@pytest.mark.parametrize(("name", "stem"), [
    ("Révision EJC — app", "Révision EJC — app"),
    ("L’éditeur (round 2)", "L’éditeur (round 2)"),
    ("Revue & réponse, v2 [final]", "Revue & réponse, v2 [final]"),
    ("Ürün: a/b\\c*?", "Ürün_ a_b_c__"),
    ('say "hi" <now> | later', "say _hi_ _now_ _ later"),
    ("tab\there", "tab_here"),
    ("  spaced   out.  ", "spaced out"),
    ("...", "project"),
    ("CON", "CON_"),
    ("lpt1.draft", "lpt1.draft_"),
    ("Console", "Console"),
])
def test_a_project_file_keeps_the_name_as_typed(name: str, stem: str) -> None:
    path = default_project_path(name)
    assert path.name == f"{stem}.redraft"


def test_the_named_file_can_be_made_and_a_long_name_is_cut(tmp_path: Path) -> None:
    for name in ("Révision EJC — app", "L’éditeur (round 2)", "é" * 300):
        target = tmp_path / default_project_path(name).name
        assert len(target.stem) <= MAX_NAME
        with sqlite3.connect(target) as db:  # a project file is SQLite: made, written and read back under that name
            db.execute("create table t (x text)")
            db.execute("insert into t values (?)", (name,))
        with sqlite3.connect(target) as db:
            assert db.execute("select x from t").fetchone()[0] == name


def test_a_taken_name_is_numbered_after_its_own_brackets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from desktop import project_wizard

    monkeypatch.setattr(project_wizard, "default_project_path", lambda name: tmp_path / f"{name}.redraft")
    (tmp_path / "Paper (round 2).redraft").write_bytes(b"")
    assert project_wizard.free_project_path("Paper (round 2)").name == "Paper (round 2) (2).redraft"
    (tmp_path / "Paper (round 2) (2).redraft").write_bytes(b"")
    assert project_wizard.free_project_path("Paper (round 2)").name == "Paper (round 2) (3).redraft"
