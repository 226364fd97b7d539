from __future__ import annotations

import json

from engine.paths import app_paths
from engine.settings import SCHEMA_VERSION, Settings, load_settings, save_settings


def test_paths_follow_redraft_home(redraft_home) -> None:
    paths = app_paths()
    assert paths.data == redraft_home / "data"
    assert paths.settings_file.parent == redraft_home / "config"
    explicit = app_paths(redraft_home / "elsewhere")
    assert explicit.cache == redraft_home / "elsewhere" / "cache"


def test_settings_round_trip_and_keep_unknown_keys() -> None:
    paths = app_paths().ensure()
    paths.settings_file.write_text(json.dumps({"n_ctx": 8192, "future_option": [1, 2]}))
    settings = load_settings(paths)
    assert settings.n_ctx == 8192
    assert settings.schema_version == SCHEMA_VERSION
    settings.n_gpu_layers = 12
    save_settings(settings, paths)
    saved = json.loads(paths.settings_file.read_text())
    assert saved["future_option"] == [1, 2]
    assert load_settings(paths).n_gpu_layers == 12


def test_corrupt_settings_are_set_aside_not_fatal() -> None:
    paths = app_paths().ensure()
    paths.settings_file.write_text("{not json")
    assert load_settings(paths) == Settings()
    assert paths.settings_file.with_suffix(".corrupt.json").exists()
    assert not paths.settings_file.exists()
