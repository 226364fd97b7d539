"""Shared fixtures: every test runs with its own Redraft home, never the user's.

``../shared/data`` (``bench/shared_data.py``: ``REDRAFT_DATA``, else beside the repository) is reached only through
the ``shared_data`` fixture. A test that requests it must carry the ``shared_data`` marker (it fails otherwise), and
when the folder is missing it skips, with the reason, except under ``CI=true``, where it fails: a CI run without the
data must not pass green while checking no figure.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NoReturn

import pytest

from bench.shared_data import shared_data_folder

pytest_plugins = ["pytester"]  # tests/test_shared_data_rule.py runs this file on test files of its own

UNMARKED = pytest.StashKey[bool]()


def in_ci() -> bool:
    """``CI`` set to anything but empty, 0, false or no (as CI services set it: ``CI=true``)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def missing_shared(what: Path) -> NoReturn:
    """Fail under CI, skip elsewhere, naming what is missing and how to point at it."""
    message = f"{what} is not present (shared data: REDRAFT_DATA, else ../shared/data beside the repository)"
    if in_ci():
        pytest.fail(f"CI=true and {message}: the tests that pin figures on it cannot run", pytrace=False)
    pytest.skip(message)


@pytest.fixture(autouse=True)
def redraft_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point REDRAFT_HOME at a fresh folder so tests never touch real settings."""
    home = tmp_path_factory.mktemp("redraft_home")
    monkeypatch.setenv("REDRAFT_HOME", str(home))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("TRANSFORMERS_OFFLINE", "1")
    return home


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The shared data folder; a test needing it skips when it is absent, and fails instead under ``CI=true``."""
    folder = shared_data_folder()
    if not folder.is_dir():
        missing_shared(folder)
    return folder


@pytest.fixture(scope="session")
def shared_tools(shared_data: Path) -> Path:
    """``../shared/tools`` beside the data (the reference scorers), missing as the data is."""
    tools = shared_data.parent / "tools"
    if not tools.is_dir():
        missing_shared(tools)
    return tools


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that requests ``shared_data`` (itself or through another fixture) without the marker is marked, so
    ``-m shared_data`` selects it, and remembered, so it fails at setup (``pytest_runtest_setup``)."""
    for item in items:
        if "shared_data" in getattr(item, "fixturenames", ()) and item.get_closest_marker("shared_data") is None:
            item.stash[UNMARKED] = True
            item.add_marker(pytest.mark.shared_data)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.stash.get(UNMARKED, False):
        pytest.fail(f"{item.nodeid} reads ../shared/data (the shared_data fixture) without the shared_data marker: "
                    "add @pytest.mark.shared_data (or pytestmark) so CI runs can select and count it", pytrace=False)
