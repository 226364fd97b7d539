"""bench.scaffold_brief on two invented bench outputs: placeholder words, CITATION counts by the reader's marks, and
the refusal of two files that hold different comments."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bench import scaffold_brief


def _write(path: Path, edits: dict[str, str], rouge: float) -> str:
    rows = [{"paper": "lagoon", "comment_id": cid, "comment": f"Comment {cid}, see Varro et al. 2019.", "edit": edit,
             "inventions": {"total": 0}} for cid, edit in edits.items()]
    path.write_text(json.dumps({"summary": {"content": {"comments": 2, "suggestion": {"rougeL": rouge}}},
                                "suggestions": rows}), encoding="utf-8")
    return str(path)


def test_summary_counts_placeholder_words_and_citations_by_the_readers_marks(tmp_path: Path, capsys,
                                                                              monkeypatch) -> None:
    before = _write(tmp_path / "b.json", {"R1.1": "The drift is small. [[DETAIL: say why the drift is small]]",
                                          "R1.2": "[[CITATION: the work the comment asks for]]"}, 12.5)
    after = _write(tmp_path / "a.json", {"R1.1": "The drift is small. [[DETAIL: why]] [[CITATION: Varro et al. 2019]]",
                                         "R1.2": "[[CITATION: the work the comment asks for]]"}, 12.25)
    named = tmp_path / "named.txt"
    named.write_text("# the reader's marks\nlagoon R1.1\n", encoding="utf-8")
    s = scaffold_brief.summary(after, {"lagoon R1.1"})
    assert s["placeholder_words_mean"] == 5.5 and s["citation_named"] == 1 and s["citation_others"] == 1
    assert scaffold_brief.summary(before, {"lagoon R1.1"})["citation_named"] == 0
    monkeypatch.setattr(sys, "argv", ["scaffold_brief", "compare", before, after, "--named", str(named)])
    assert scaffold_brief.main() == 0
    out = capsys.readouterr().out
    assert '"rougeL": 12.25' in out and '"named": 1' in out
    other = _write(tmp_path / "o.json", {"R9.9": "x"}, 1.0)
    monkeypatch.setattr(sys, "argv", ["scaffold_brief", "compare", before, other, "--named", str(named)])
    assert scaffold_brief.main() == 2
    monkeypatch.setattr(sys, "argv", ["scaffold_brief", "candidates", before])
    assert scaffold_brief.main() == 0 and "== lagoon R1.1" in capsys.readouterr().out
