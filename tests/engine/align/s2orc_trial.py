"""The new-user trial's S2ORC revision (``tests/data/s2orc_trial``), rebuilt from the shared PDF: the draft as
Markdown from Redraft's own extraction, the revision by the trial's replacements, and the gold."""

from __future__ import annotations

import json
import re
from pathlib import Path

from engine.document import load_document

FOLDER = Path(__file__).resolve().parents[2] / "data" / "s2orc_trial"
PDF = Path("pdfs") / "2020.acl-main.447.pdf"
#: A table the extraction runs into a paragraph (as the trial's Markdown dropped it).
_TABLE_RUN = re.compile(r"The 28\.9M \(35\.6%\) Papers w/.*?Papers w/ DOIs vast")


def spec() -> dict:
    return json.loads((FOLDER / "revision.json").read_text(encoding="utf-8"))


def draft_markdown(shared_data: Path, fixes: list[list[str]]) -> str:
    """The paper as the trial wrote it: headings, body, captions in italics, references as a list."""
    data = load_document(shared_data / PDF).to_dict()  # as `redraft extract --json` prints it
    out = [f"# {data['title']}", "", ", ".join(data["authors"]), ""]
    for p in data["paragraphs"]:
        text = p["text"]
        for a, b in fixes:
            text = text.replace(a, b)
        kind = p["kind"]
        if kind == "heading":
            out += ["#" * (2 if text == "Abstract" else p["section"].count(">") + 2) + " " + text, ""]
        elif kind == "body":
            out += [_TABLE_RUN.sub("The vast", text), ""]
        elif kind == "caption":
            out += [f"*{text}*", ""]
        elif kind == "reference":
            out += [f"- {text}"]
    return "\n".join(out) + "\n"


def build(shared_data: Path, folder: Path) -> tuple[Path, Path, dict]:
    """``(old.md, new.md, spec)`` written to ``folder``."""
    s = spec()
    old = draft_markdown(shared_data, s["fixes"])
    new = old
    for e in s["edits"]:
        assert new.count(e["old"]) == 1, (e["edit"], new.count(e["old"]))
        new = new.replace(e["old"], e["new"])
    (folder / "old.md").write_text(old, encoding="utf-8")
    (folder / "new.md").write_text(new, encoding="utf-8")
    return folder / "old.md", folder / "new.md", s
