"""The revisions manifest and the committed labels: shape, split, no reserved source, no copied text."""

from __future__ import annotations

import copy
import json
from collections import defaultdict

import pytest

from corpus.labels import LABELS
from corpus.manifest import RESERVED_REPOS, ManifestError, check_manifest, load_manifest


ANSWERED = ("edit", "response only", "outside the units", "claimed, no edit found", "not answered")


@pytest.fixture(scope="module")
def manifest() -> dict:
    return load_manifest()


def test_manifest_lists_twenty_revisions_and_a_checked_part(manifest):
    entries = manifest["revisions"]
    assert len(entries) >= 20
    checked = [e for e in entries if e["part"] == "checked"]
    assert 8 <= len(checked) <= 10
    assert len({e["venue"] for e in checked}) >= 6  # spread over venues
    assert manifest["split"]  # how the split was chosen is written down


def test_no_reserved_source_and_every_round_of_a_paper_in_one_part(manifest):
    parts = defaultdict(set)
    for e in manifest["revisions"]:
        assert e["repository"].lower() not in RESERVED_REPOS
        assert "openreview" not in e["repository"].lower()
        parts[e["repository"]].add(e["part"])
    assert all(len(p) == 1 for p in parts.values())


def test_check_rejects_a_reserved_repository_and_a_bad_commit(manifest):
    bad = copy.deepcopy(manifest)
    bad["revisions"][0]["repository"] = "Axelrod-Python/axelrod-moran"
    with pytest.raises(ManifestError, match="reserved"):
        check_manifest(bad)
    bad = copy.deepcopy(manifest)
    bad["revisions"][0]["revised"]["commit"] = "HEAD"
    with pytest.raises(ManifestError, match="commit"):
        check_manifest(bad)
    bad = copy.deepcopy(manifest)
    bad["revisions"][1]["response"]["point"] = "(unclosed"
    with pytest.raises(ManifestError, match="bad point pattern"):
        check_manifest(bad)


def test_a_main_file_is_latex_or_a_literate_source(manifest):
    ok = copy.deepcopy(manifest)
    ok["revisions"][0]["submitted"]["main"] = "paper/Pearl.lhs"
    check_manifest(ok)
    bad = copy.deepcopy(manifest)
    bad["revisions"][0]["revised"]["main"] = "paper/main.md"
    with pytest.raises(ManifestError, match="main .tex"):
        check_manifest(bad)


def test_checked_part_is_labelled_by_hand(manifest):
    checked = [e["id"] for e in manifest["revisions"] if e["part"] == "checked"]
    labelled = [json.loads((LABELS / f"{rid}.json").read_text(encoding="utf-8")) for rid in checked
                if (LABELS / f"{rid}.json").exists()]
    assert all(lab["kind"] == "checked" for lab in labelled)
    assert len(labelled) >= 8 and sum(len(lab["comments"]) for lab in labelled) >= 200


def test_labels_reference_spans_and_edits_without_copying_text(manifest):
    ids = {e["id"]: e for e in manifest["revisions"]}
    files = sorted(LABELS.glob("*.json"))
    assert files
    for f in files:
        lab = json.loads(f.read_text(encoding="utf-8"))
        assert lab["id"] == f.stem and lab["id"] in ids
        assert lab["kind"] in ("checked", "distant", "hand")
        if lab["kind"] in ("distant", "hand"):  # distant labels and the training part's hand labels: never checked
            assert ids[lab["id"]]["part"] == "train"
        comments = {c["id"] for c in lab["comments"]}
        edits = {e["id"] for e in lab["edits"]}
        for c in lab["comments"]:
            assert c["lines"][0] <= c["lines"][1] and len(c["hash"]) == 10
        linked = {link["comment"] for link in lab["links"]}
        for c in lab["comments"]:  # a comment is answered by an edit exactly when it has a link
            assert (c["answered"] == "edit") == (c["id"] in linked), (f.name, c["id"])
            assert c["answered"] in ANSWERED
        for link in lab["links"]:
            assert link["comment"] in comments and link["edit"] in edits
            assert link["strength"] in ("high", "medium")
            assert 0 < len(link["evidence"]) <= 200
        longest = max(len(v) for v in _strings(lab))
        assert longest <= 200, f"{f.name} holds a long string: copied text?"


def _strings(obj):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from _strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _strings(v)
