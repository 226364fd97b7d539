"""The rule of tests/conftest.py, run on test files of its own (pytester): a test reading ../shared/data carries the
``shared_data`` marker or fails; without the data it skips with its reason, and under ``CI=true`` it fails."""

from __future__ import annotations

from pathlib import Path

import pytest

CONFTEST = Path(__file__).with_name("conftest.py")

TESTS = '''
import pytest


@pytest.fixture
def papers(shared_data):
    return shared_data / "pdfs"


@pytest.mark.shared_data
def test_marked(shared_data):
    assert shared_data.is_dir()


def test_unmarked(shared_data):
    assert shared_data.is_dir()


def test_unmarked_through_a_fixture(papers):
    assert papers.name == "pdfs"


def test_without_data():
    assert len("data") == 4
'''


@pytest.fixture
def suite(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    pytester.makeconftest(CONFTEST.read_text(encoding="utf-8").replace(
        'pytest_plugins = ["pytester"]', "pytest_plugins = []"))
    pytester.makeini("[pytest]\nmarkers =\n    shared_data: reads ../shared/data\n")
    pytester.makepyfile(test_rule=TESTS)
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")  # the rule needs no plugin (pytest-qt, xdist …)
    return pytester


def test_a_test_reading_the_data_without_the_marker_fails(suite: pytest.Pytester, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDRAFT_DATA", str(tmp_path))
    result = suite.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, errors=2)
    result.stdout.fnmatch_lines(["*test_unmarked*without the shared_data marker*",
                                 "*test_unmarked_through_a_fixture*without the shared_data marker*"])
    # -m shared_data selects the unmarked ones too, so a CI run of the figure tests cannot leave them out
    suite.runpytest("-p", "no:cacheprovider", "-m", "shared_data").assert_outcomes(
        passed=1, errors=2)


@pytest.mark.parametrize("ci", [None, "", "false", "0"])
def test_missing_data_skips_with_its_reason_outside_ci(suite: pytest.Pytester, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch, ci: str | None) -> None:
    monkeypatch.setenv("REDRAFT_DATA", str(tmp_path / "missing"))
    if ci is not None:
        monkeypatch.setenv("CI", ci)
    result = suite.runpytest("-p", "no:cacheprovider", "-rs", "-k", "marked and not unmarked")
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines([f"*{tmp_path / 'missing'} is not present*REDRAFT_DATA*"])


@pytest.mark.parametrize("ci", ["true", "1", "True"])
def test_missing_data_fails_under_ci(suite: pytest.Pytester, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     ci: str) -> None:
    monkeypatch.setenv("REDRAFT_DATA", str(tmp_path / "missing"))
    monkeypatch.setenv("CI", ci)
    result = suite.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, errors=3)  # none skips
    result.stdout.fnmatch_lines([f"*CI=true and {tmp_path / 'missing'} is not present*"])
