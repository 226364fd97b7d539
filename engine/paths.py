"""Where Redraft keeps its data, configuration and model cache.

Resolution order: an explicit argument, then the ``REDRAFT_HOME`` environment
variable (everything under one folder, as tests and portable installs want),
then the platform's conventional folders via platformdirs.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "Redraft"


@dataclass(frozen=True)
class AppPaths:
    data: Path
    config: Path
    cache: Path

    @property
    def models(self) -> Path:
        return self.data / "models"

    @property
    def projects(self) -> Path:
        return self.data / "projects"

    @property
    def settings_file(self) -> Path:
        return self.config / "settings.json"

    def ensure(self) -> "AppPaths":
        for folder in (self.data, self.config, self.cache, self.models, self.projects):
            folder.mkdir(parents=True, exist_ok=True)
        return self


def app_paths(home: str | os.PathLike[str] | None = None) -> AppPaths:
    """Resolve Redraft's folders (not created; call ``ensure()`` to create them)."""
    root = home if home is not None else os.environ.get("REDRAFT_HOME")
    if root:
        base = Path(root).expanduser()
        return AppPaths(data=base / "data", config=base / "config", cache=base / "cache")
    return AppPaths(
        data=Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        config=Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
        cache=Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)),
    )
