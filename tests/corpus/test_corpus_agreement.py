"""Agreement of two readers (``corpus.agreement``) on two small label records written here, figures worked out by
hand; and the second reader's files in ``corpus/labels/second`` (kept out of ``corpus.labels``' glob)."""

from __future__ import annotations

import json

import pytest

from corpus.agreement import SECOND, compare, main, match_comments
from corpus.labels import LABELS, read_labels
from corpus.manifest import load_manifest


def _c(cid: str, a: int, b: int, answered: str) -> dict:
    return {"id": cid, "reviewer": 1, "lines": [a, b], "hash": "0123456789", "answered": answered}


def _l(cid: str, edit: str, strength: str) -> dict:
    return {"comment": cid, "edit": edit, "strength": strength, "evidence": "x"}


FIRST = {"id": "rev", "kind": "checked",
         "comments": [_c("R1.1", 1, 2, "edit"), _c("R1.2", 4, 4, "response only"), _c("R1.3", 6, 9, "edit"),
                      _c("R1.4", 11, 11, "outside the units")],
         "links": [_l("R1.1", "e1:aa", "high"), _l("R1.1", "e2:bb", "medium"), _l("R1.3", "e3:cc", "high")]}
SECOND_REC = {"id": "rev", "kind": "second-reader",
              "comments": [_c("A", 1, 3, "edit"), _c("B", 4, 4, "edit"), _c("C", 6, 6, "edit"),
                           _c("D", 11, 11, "outside the units"), _c("E", 13, 13, "response only")],
              "links": [_l("A", "e1:aa", "high"), _l("A", "e2:bb", "high"), _l("B", "e4:dd", "medium"),
                        _l("C", "e3:cc", "high")]}


def test_comments_match_one_to_one_on_half_the_longer_span() -> None:
    pairs = match_comments(FIRST["comments"], SECOND_REC["comments"])
    assert [(a["id"], b["id"]) for a, b in pairs] == [("R1.1", "A"), ("R1.2", "B"), ("R1.4", "D")]  # 6-9 vs 6: 1/4
    halves = match_comments([_c("X", 1, 4, "edit")], [_c("Y", 1, 2, "edit"), _c("Z", 3, 4, "edit")])
    assert len(halves) == 1  # each half shares 2 of 4 lines, but a comment is matched once


def test_answered_agreement_and_kappa() -> None:
    a = compare(FIRST, SECOND_REC)
    assert (a.first, a.second, a.matched) == (4, 5, 3)
    assert a.raw() == pytest.approx(2 / 3)
    # four values: p_o = 2/3, p_e = 1/3 * 2/3 (edit) + 1/3 * 1/3 (outside) = 1/3, kappa = (2/3 - 1/3) / (2/3)
    assert a.kappa() == pytest.approx(0.5)
    # edit or not: p_o = 2/3, p_e = 2/9 + 2/9, kappa = (6/9 - 4/9) / (5/9)
    assert a.kappa(binary=True) == pytest.approx(0.4)


def test_link_f1_on_matched_comments_only() -> None:
    a = compare(FIRST, SECOND_REC)
    assert a.links["all"] == [2, 2, 3]  # R1.3/C's link is left out: those comments are not matched
    assert a.prf("all") == pytest.approx((2 / 3, 1.0, 0.8))
    assert a.links["high"] == [1, 1, 2]
    assert a.prf("high")[2] == pytest.approx(2 / 3)


def test_links_compare_through_the_rebuilt_diff_when_asked() -> None:
    # agree17: the first reader's files are re-anchored after a reader fix, the second's are not, so one link can
    # differ by its text hash alone; read through the rebuilt diff (--edits-now) the two keys are one edit
    stale = {**SECOND_REC, "links": [_l("A", "e1:old", "high"), _l("A", "e2:bb", "high"), _l("B", "e4:dd", "medium")]}
    assert compare(FIRST, stale).links["all"] == [1, 2, 3]
    now = {"e1:aa": "e1", "e2:bb": "e2", "e4:dd": "e4"}
    resolve = lambda key: now.get(key) or key.partition(":")[0]  # noqa: E731 - as edit_resolver falls back to the id
    assert compare(FIRST, stale, resolve=resolve).links["all"] == [2, 2, 3]


def test_kappa_is_undefined_when_both_readers_use_one_value() -> None:
    same = {"id": "rev", "comments": [_c("R1.1", 1, 1, "edit"), _c("R1.2", 3, 3, "edit")], "links": []}
    a = compare(same, same)
    assert a.raw() == 1.0 and a.kappa() != a.kappa()  # nan
    assert a.prf("all")[2] != a.prf("all")[2]  # no link on either side: F1 undefined, not 0 or 1


def test_cli_prints_per_revision_and_pooled_rows(tmp_path, capsys) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir(), second.mkdir()
    for folder, rec in ((first, FIRST), (second, SECOND_REC)):
        (folder / "rev.json").write_text(json.dumps(rec), encoding="utf-8")
        (folder / "two.json").write_text(json.dumps(rec | {"id": "two"}), encoding="utf-8")
    assert main(["--first", str(first), "--second", str(second)]) == 0
    rows = {line.split("|")[1].strip(): line for line in capsys.readouterr().out.splitlines()[2:]}
    assert set(rows) == {"rev", "two", "pooled"}
    assert "| 8 / 10 | 6 | 66.7 | 0.50 |" in rows["pooled"] and "| 80.0 |" in rows["pooled"]


def test_cli_bad_input_is_one_line(tmp_path, capsys) -> None:
    assert main(["--second", str(tmp_path / "missing")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    (tmp_path / "a" / "rev.json").write_text("{}", encoding="utf-8")
    (tmp_path / "b" / "rev.json").write_text("{}", encoding="utf-8")
    assert main(["--first", str(tmp_path / "a"), "--second", str(tmp_path / "b")]) == 2
    assert "not a label record" in capsys.readouterr().err


def test_second_reader_files_are_checked_blind_or_train_part_labels_outside_the_labels_glob() -> None:
    part = {e["id"]: e["part"] for e in load_manifest()["revisions"]}
    files = sorted(SECOND.glob("*.json"))
    assert len(files) >= 3
    assert SECOND.parent == LABELS and not set(LABELS.glob("*.json")) & set(files)
    assert not any(json.loads(f.read_text(encoding="utf-8"))["kind"] == "second-reader" for f in LABELS.glob("*.json"))
    for f in files:
        lab = json.loads(f.read_text(encoding="utf-8"))
        assert lab["kind"] == "second-reader" and part[lab["id"]] in ("checked", "blind", "train") and lab["id"] == f.stem
        first = "hand" if part[lab["id"]] == "train" else "checked"  # session 18: second readers on training revisions
        assert read_labels(f.stem)["kind"] == first  # corpus.labels still reads the first reader's file
        edits = {e["id"] for e in lab["edits"]}
        linked = {x["comment"] for x in lab["links"]}
        for c in lab["comments"]:
            assert (c["answered"] == "edit") == (c["id"] in linked)
        for x in lab["links"]:
            assert x["edit"] in edits and x["strength"] in ("high", "medium") and 0 < len(x["evidence"]) <= 200


def test_text_only_matching_ignores_notes_and_blank_lines(tmp_path, capsys) -> None:
    md = "## Reviewer 1\n\n- point one\n\n% change 3\n\n- point two\n- point three\n"
    from corpus.agreement import text_lines

    assert text_lines(md) == {3, 7, 8}
    first = {"id": "rev", "comments": [_c("R1.1", 3, 3, "edit"), _c("R1.2", 7, 7, "edit")],
             "links": [_l("R1.2", "e1:aa", "high")]}
    second = {"id": "rev", "comments": [_c("A", 3, 3, "edit"), _c("B", 4, 7, "edit")],
              "links": [_l("B", "e1:aa", "high")]}
    assert compare(first, second).matched == 1  # 7 against 4-7: one line of four
    a = compare(first, second, text=text_lines(md))
    assert a.matched == 2 and a.links["all"] == [1, 1, 1]  # 4-7 holds one text line, 7
    assert compare(first, {"id": "rev", "comments": [_c("C", 7, 8, "edit")], "links": []},
                   text=text_lines(md)).matched == 1  # 7 against 7-8: half the longer span
    first_dir, second_dir, cache = tmp_path / "first", tmp_path / "second", tmp_path / "cache"
    for folder, rec in ((first_dir, first), (second_dir, second)):
        folder.mkdir()
        (folder / "rev.json").write_text(json.dumps(rec), encoding="utf-8")
    assert main(["--first", str(first_dir), "--second", str(second_dir), "--text-only", "--cache", str(cache)]) == 2
    assert capsys.readouterr().err.count("\n") == 1  # no built reviews.md: one line
    (cache / "rev").mkdir(parents=True)
    (cache / "rev" / "reviews.md").write_text(md, encoding="utf-8")
    assert main(["--first", str(first_dir), "--second", str(second_dir), "--text-only", "--cache", str(cache)]) == 0
    assert "| rev | 2 / 2 | 2 |" in capsys.readouterr().out


def test_text_only_matching_ignores_lines_holding_only_a_group_brace() -> None:
    from corpus.agreement import text_lines

    # a letter's quoted points, each wrapped in \textit{ ... } on lines of their own
    md = "## Reviewer 1\n\n\\textit{\n  First point, with \\emph{stress}.\n}\n\n\\textit{\n  Second point.\n  More.\n}\n"
    assert text_lines(md) == {4, 8, 9}
    inner = {"id": "rev", "comments": [_c("R1.1", 4, 4, "edit"), _c("R1.2", 8, 9, "edit")], "links": []}
    block = {"id": "rev", "comments": [_c("A", 3, 5, "edit"), _c("B", 7, 10, "edit")], "links": []}
    assert compare(inner, block).matched == 1  # 4 against 3-5: one line of three; 8-9 against 7-10: two of four
    assert compare(inner, block, text=text_lines(md)).matched == 2
